/**
 * The server outlives its database connections (issue 8): a connection terminated under a running query, or under
 * idle pooled clients, must not take the process down (node-postgres emits 'error' on a checked-out client, which
 * used to be unhandled and exit the process). The request in flight answers a retryable 503 in the caller's
 * language; the next requests are served again without any manual step.
 */
import { translate } from '@mg/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/pool';
import { ok } from '../src/lib/envelope';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: pg.Client;

let markHeld: () => void = () => undefined;
let release: () => void = () => undefined;
let held = new Promise<void>((r) => (markHeld = r));
let released = new Promise<void>((r) => (release = r));
function resetHold(): void {
  held = new Promise<void>((r) => (markHeld = r));
  released = new Promise<void>((r) => (release = r));
}

/** A query long enough to be caught in flight. */
const SLOW_QUERY_S = 30;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  // A route whose query is still running when the connection is cut (test only).
  app.get('/api/test/slow-query', { config: { public: true } }, async () => {
    await app.db.execute(sql`select pg_sleep(${SLOW_QUERY_S})`);
    return ok(null);
  });
  // A transaction that holds its connection between two statements while the test cuts it (test only): the
  // checked-out, idle client is the one whose 'error' event nobody listened to.
  app.get('/api/test/held-transaction', { config: { public: true } }, async () => {
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      markHeld();
      await released;
      await tx.execute(sql`select 1`);
    });
    return ok(null);
  });
  await app.ready();
  admin = new pg.Client({ connectionString: tdb.url });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await app?.close();
  await tdb?.drop();
});

/** Terminates every other connection to the test database, as a restart or failover would. */
async function terminateConnections(): Promise<number> {
  const res = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
  return res.rowCount ?? 0;
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== null) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a terminated database connection', () => {
  it('answers the request in flight with a retryable 503 in the caller language, and the process keeps serving', async () => {
    const inFlight = app.inject({ method: 'GET', url: '/api/test/slow-query', headers: { 'x-lang': 'pt-BR' } });
    await waitFor(async () => {
      const r = await admin.query(`select 1 from pg_stat_activity where datname = current_database() and query like '%pg_sleep%' and pid <> pg_backend_pid()`);
      return (r.rowCount ?? 0) > 0 ? true : undefined;
    }, 'the slow query to start');
    expect(await terminateConnections()).toBeGreaterThan(0);

    const res = await inFlight;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 503, errorCode: 'DATABASE_UNAVAILABLE', retryable: true });
    expect(body.message).toBe(translate('pt-BR', 'error.databaseUnavailable'));

    // Still alive, and the database is back for the next request without a restart.
    const health = await waitFor(async () => {
      const h = await app.inject({ method: 'GET', url: '/api/health' });
      return h.statusCode === 200 ? (h.json() as { result: unknown }) : undefined;
    }, 'the health check to see the database again');
    expect(health.result).toMatchObject({ status: 'up', database: 'up' });
  });

  it('a connection held by a transaction between statements: the process survives and the request answers 503', async () => {
    resetHold();
    const inFlight = app.inject({ method: 'GET', url: '/api/test/held-transaction' });
    await held;
    expect(await terminateConnections()).toBeGreaterThan(0);
    // Let the socket's close reach the client before the transaction goes on.
    await waitFor(async () => {
      const r = await admin.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
      return r.rows[0].n === 0 ? true : undefined;
    }, 'the connections to be gone');
    release();
    const res = await inFlight;
    expect(res.statusCode).toBe(503);
    expect(res.json().errorCode).toBe('DATABASE_UNAVAILABLE');
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('idle pooled connections cut under the server are replaced on the next requests', async () => {
    // Fill the pool with idle connections, then cut them all.
    await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/api/health' })));
    await terminateConnections();
    const answers = await waitFor(async () => {
      const rs = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/api/sys/dict/getDictItems/currency' })));
      return rs.every((r) => r.statusCode === 200) ? rs : undefined;
    }, 'dictionary reads to succeed again');
    expect(answers).toHaveLength(4);
    // Nothing answered a 500 meanwhile: a broken connection is a 503 at worst.
    const after = await app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(200);
  });

  it('a transaction whose BEGIN meets a dead connection gives its client back: the pool never runs dry', async () => {
    // One connection only: a single leaked client would hang every transaction after it.
    const { pool, db } = createDatabase(tdb.url, { max: 1, applicationName: 'mg-leak-probe' });
    try {
      for (let i = 0; i < 3; i++) {
        await db.execute(sql`select 1`); // an idle client in the pool
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'mg-leak-probe'`);
        // The next transaction may get the cut client before the pool noticed: its BEGIN fails.
        await db.transaction(async (tx) => tx.execute(sql`select 1`)).catch(() => undefined);
      }
      const result = await Promise.race([
        db.transaction(async (tx) => (await tx.execute(sql`select 42 as v`)).rows[0]),
        new Promise((_, reject) => setTimeout(() => reject(new Error('the pool ran dry: a client was never released')), 10_000)),
      ]);
      expect(result).toEqual({ v: 42 });
      expect(pool.waitingCount).toBe(0);
    } finally {
      await pool.end();
    }
  });
});

