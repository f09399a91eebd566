/**
 * Behind PgBouncer as Debian 12 ships it (1.18), in transaction pooling (issue 41 "A proxy, a standby, a pooler";
 * docs/operations.md "Behind PgBouncer"), on the repository's deploy/pgbouncer.ini.example with two server
 * connections for twelve clients, so that consecutive transactions of one client run on different connections:
 *
 *   1. with DATABASE_POOLER=transaction (unnamed statements), concurrent signed create + pay all succeed, the ledger
 *      holds, and PostgreSQL saw no more than the pooler's two connections for them;
 *   2. the same load with named statements (what the server sends without the setting) fails: a name prepared on
 *      one server connection is missing on the next. This is why the setting exists.
 *
 * The change listener's LISTEN goes to PostgreSQL itself (directUrl): a dictionary change made by staff still reaches
 * the instance. Skipped when /usr/sbin/pgbouncer is absent (Debian: apt-get install pgbouncer; .ci/run installs it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, useNamedStatements, type Database } from '../src/db/pool';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { checkLedgerInvariants } from './helpers/ledger-invariants';
import { count, paymentFixtures } from './helpers/money-fixtures';
import { exchangeOf, idempotent, testOpenApiClient } from './helpers/open-api-client';
import { PgBouncer, PGBOUNCER_BIN } from './helpers/pgbouncer';
import { freePort } from './helpers/ports';

const HAVE_PGBOUNCER = fs.existsSync(PGBOUNCER_BIN);
const CLIENTS = 12;
const OPS_PER_CLIENT = 5;
const SERVER_CONNECTIONS = 2;

let tdb: TestDatabase;
let bouncer: PgBouncer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-pooler-'));
// PgBouncer drops root for the postgres user (test/helpers/pgbouncer.ts), who must reach its directory in here.
fs.chmodSync(work, 0o755);
const opened: { app: FastifyInstance; database: Database }[] = [];

/** An app whose requests' pool goes through PgBouncer; LISTEN and long reads go to the database itself. */
async function appBehindPooler(): Promise<FastifyInstance> {
  const database = createDatabase(bouncer.url, { max: CLIENTS, applicationName: 'mg-pooled' });
  const app = await buildTestApp(tdb, { pool: database.pool, db: database.db, directUrl: tdb.url });
  await app.ready();
  opened.push({ app, database });
  return app;
}

beforeAll(async () => {
  if (!HAVE_PGBOUNCER) return;
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  bouncer = new PgBouncer(path.join(work, 'bouncer'), await freePort(), tdb.url, {
    pool_mode: 'transaction',
    default_pool_size: String(SERVER_CONNECTIONS),
    reserve_pool_size: '0',
  });
  await bouncer.start();
});

afterAll(async () => {
  // The switch is the process's, and this worker runs other files after this one.
  useNamedStatements(true);
  for (const { app, database } of opened) {
    await app.close().catch(() => undefined);
    await database.pool.end().catch(() => undefined);
  }
  await bouncer?.stop();
  await tdb?.drop();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Outcome {
  ok: number;
  failures: string[];
}

/** CLIENTS clients, each creating and paying OPS_PER_CLIENT collections one after the other. */
async function load(app: FastifyInstance, tag: string): Promise<Outcome> {
  const out: Outcome = { ok: 0, failures: [] };
  const fail = ({ response }: { response: Response }) => out.failures.push(`${response.status} ${exchangeOf(response).body.slice(0, 200)}`);
  const api = testOpenApiClient(app);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; i < OPS_PER_CLIENT; i++) {
        const created = await api.POST('/collections', { body: body(`${tag}-${c}-${i}`), params: idempotent() });
        if (created.response.status !== 201 || !created.data) {
          fail(created);
          continue;
        }
        const paid = await api.POST('/sandbox/collections/{id}/pay', { params: { path: { id: created.data.result.id }, ...idempotent() } });
        if (paid.response.status !== 200 || paid.data?.result.status !== 'success') fail(paid);
        else out.ok++;
      }
    }),
  );
  return out;
}

describe.skipIf(!HAVE_PGBOUNCER)('behind PgBouncer 1.18 in transaction pooling', () => {
  it('with unnamed statements (DATABASE_POOLER=transaction) every create + pay succeeds on two server connections', async () => {
    useNamedStatements(false);
    const app = await appBehindPooler();
    const outcome = await load(app, 'UNNAMED');
    expect(outcome.failures).toEqual([]);
    expect(outcome.ok).toBe(CLIENTS * OPS_PER_CLIENT);
    expect(await count(tdb.pool, `select 1 from collection where merchant_order_id like $1 and status = 'success'`, [`POOL-UNNAMED-%`])).toBe(CLIENTS * OPS_PER_CLIENT);
    await checkLedgerInvariants(tdb);
    // PostgreSQL's own view: the pooler's connections, never one per client of the app's pool (the change listener
    // and the request log's writer connect directly, one each, on DATABASE_DIRECT_URL).
    const server = await count(
      tdb.pool,
      `select 1 from pg_stat_activity
       where datname = current_database() and backend_type = 'client backend' and application_name not in ('mg-test', 'mg-changes', 'mg-api-log')`,
    );
    expect(server).toBeGreaterThan(0);
    expect(server).toBeLessThanOrEqual(SERVER_CONNECTIONS);
  });

  it('with named statements, as without the setting, the same load fails: the name is on another server connection', async () => {
    useNamedStatements(true);
    const app = await appBehindPooler();
    const outcome = await load(app, 'NAMED');
    console.info(`named statements behind the transaction pooler: ${outcome.ok} of ${CLIENTS * OPS_PER_CLIENT} create + pay succeeded; first failure: ${outcome.failures[0]}`);
    expect(outcome.failures.length).toBeGreaterThan(0);
    expect(outcome.failures.join('\n')).toMatch(/5\d\d/);
    useNamedStatements(false);
  });

  it('the change listener listens on PostgreSQL itself: a change staff make reaches the instance behind the pooler', async () => {
    useNamedStatements(false);
    const app = await appBehindPooler();
    let heard = 0;
    app.changes.on('dict', () => heard++);
    const end = Date.now() + 10_000;
    while (heard === 0 && Date.now() < end) {
      await tdb.pool.query(`select pg_notify('mg_config_changed', 'dict')`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(heard).toBeGreaterThan(0);
  });
});

function body(tag: string) {
  return { merchantOrderId: `POOL-${tag}-${process.pid}`, amount: '150000', currency: 'IDR', paymentType: 1, channel: 1, payerName: 'Budi', payerEmail: 'budi@example.test' };
}
