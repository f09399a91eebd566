/**
 * The fault test of issue 8: a stream of open API payments (create + pay, retried with the same Idempotency-Key as
 * an integrator would on a 503) while the server's connections are terminated and then its embedded PostgreSQL is
 * killed with SIGKILL. Afterwards the server is still up, the database is back without a manual step, every payment
 * exists exactly once and is paid, and the ledger neither lost nor invented money.
 *
 * It runs on a PostgreSQL of its own (durable settings: what a crash can lose is what production would lose), so it
 * does the same on either test database.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { runMigrations, seedDictionaries } from '../src/db/migrate';
import { createDatabase } from '../src/db/pool';
import { seedDemoSecrets, seedIdentity } from '../src/db/seed';
import { SecretBox } from '../src/lib/secret-box';
import { buildTestApp, TEST_SECRET_KEY } from './helpers/app';
import type { TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { checkMoneyInvariants } from './helpers/money-invariants';
import { expectData, idempotent, testOpenApiClient } from './helpers/open-api-client';

const PAYMENTS = 48;
const CLIENTS = 4;
const AMOUNT = 150_000n;
const TERMINATE_AFTER = 12;
const KILL_AFTER = 24;
/** How long a client keeps retrying one call through the outage. */
const RETRY_FOR_MS = 60_000;

const dir = path.join(REPO_ROOT, '.tmp', `test-fault-${process.pid}`);
let embedded: EmbeddedPostgres;
let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  embedded = await startEmbeddedPostgres({ dataDir: dir });
  const { pool, db } = createDatabase(embedded.url, { max: 8, applicationName: 'mg-fault-test' });
  await runMigrations(pool);
  await seedDictionaries(pool);
  await seedIdentity(pool, { demo: true, demoPayments: false });
  await seedDemoSecrets(pool, new SecretBox(TEST_SECRET_KEY));
  await paymentFixtures(pool);
  tdb = { pool, db, url: embedded.url, drop: () => pool.end() };
  app = await buildTestApp(tdb, { rateLimitPerMinute: 1_000_000 });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
  await embedded?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

type Idempotent = ReturnType<typeof idempotent>;

/**
 * One call of the generated client retried with the same key and body while the database is away (503), as
 * docs/open-api.md says.
 */
async function retried<R extends { response: Response }>(send: (params: Idempotent) => Promise<R>, outages: { count: number }): Promise<R> {
  const params = idempotent();
  const end = Date.now() + RETRY_FOR_MS;
  for (;;) {
    const res = await send(params);
    if (res.response.status !== 503 || Date.now() > end) return res;
    outages.count++;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function untilHealthy(): Promise<void> {
  const end = Date.now() + RETRY_FOR_MS;
  while (Date.now() < end) {
    const h = await app.inject({ method: 'GET', url: '/api/health' });
    if (h.statusCode === 200 && h.json().result.database === 'up') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the database did not come back');
}

describe('payments through a database that fails under them', () => {
  it('connections terminated and PostgreSQL killed mid-stream: the server stays up, every payment happens once, no money lost or invented', async () => {
    const outages = { count: 0 };
    const answers: { id: string; status: string; fee: bigint }[] = [];
    let done = 0;
    let faults: Promise<void> = Promise.resolve();
    const injectFaultsAt = (n: number) => {
      if (n === TERMINATE_AFTER) {
        faults = faults.then(async () => {
          const admin = new pg.Client({ connectionString: embedded.url });
          await admin.connect();
          await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`);
          await admin.end();
        });
      }
      if (n === KILL_AFTER) faults = faults.then(() => void process.kill(embedded.pid, 'SIGKILL'));
    };

    let next = 0;
    const api = testOpenApiClient(app);
    const client = async () => {
      while (next < PAYMENTS) {
        const i = next++;
        const body = { merchantOrderId: `FAULT-${i}-${randomUUID().slice(0, 8)}`, amount: AMOUNT.toString(), currency: 'IDR', paymentType: 1, channel: 1 };
        const created = await retried((params) => api.POST('/collections', { body, params }), outages);
        const id = expectData(created, 201).result.id;
        const paid = await retried((params) => api.POST('/sandbox/collections/{id}/pay', { params: { path: { id }, ...params } }), outages);
        const r = expectData(paid, 200).result;
        answers.push({ id, status: r.status, fee: BigInt(r.fee.total) });
        injectFaultsAt(++done);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    await faults;
    await untilHealthy();

    // The faults happened and were seen: PostgreSQL was started again, and some calls met the outage.
    expect(embedded.restarts).toBe(1);
    expect(outages.count).toBeGreaterThan(0);

    // Every payment once, all paid, as answered.
    expect(answers).toHaveLength(PAYMENTS);
    expect(answers.every((a) => a.status === 'success')).toBe(true);
    const { rows } = await tdb.pool.query<{ n: number; paid: number; net: string }>(
      `select count(*)::int as n, count(*) filter (where status = 'success')::int as paid,
              coalesce(sum(paid_amount - admin_fee - service_fee), 0)::text as net
       from collection where merchant_order_id like 'FAULT-%'`,
    );
    expect(rows[0]).toMatchObject({ n: PAYMENTS, paid: PAYMENTS });
    const expectedNet = answers.reduce((sum, a) => sum + AMOUNT - a.fee, 0n);
    expect(BigInt(rows[0]!.net)).toBe(expectedNet);

    // The merchant's balance is exactly that, and the ledger balances everywhere.
    const bal = expectData(await testOpenApiClient(app).GET('/balance', { params: { query: { currency: 'IDR' } } }), 200);
    const line = bal.result.balances[0]!;
    expect(BigInt(line.pending) + BigInt(line.available)).toBe(expectedNet);
    await checkMoneyInvariants(tdb.pool, tdb.db);
  }, 180_000);
});
