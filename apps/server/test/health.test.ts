/**
 * Liveness and readiness apart (issue 41, docs/operations.md "Health checks"): /api/health/live answers while the
 * process does, whatever the database; /api/health/ready only on a migrated database that answers, and not once a
 * shutdown began; /api/health keeps its old answer (database up or down) for the monitors that read it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsShipped } from '../src/db/migrate';
import { createDatabase } from '../src/db/pool';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const get = (a: FastifyInstance, url: string) => a.inject({ url });

describe('health', () => {
  it('is live and ready on a migrated database; /api/health answers as before', async () => {
    const live = await get(app, '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json().result).toEqual({ status: 'up', version: expect.any(String) });
    const ready = await get(app, '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().result).toEqual({
      status: 'up',
      database: 'up',
      migrations: { applied: migrationsShipped(), expected: migrationsShipped() },
      draining: false,
      version: expect.any(String),
    });
    const old = await get(app, '/api/health');
    expect(old.statusCode).toBe(200);
    expect(old.json().result).toEqual({ status: 'up', database: 'up', version: expect.any(String) });
  });

  it('stops being ready, not live, once a shutdown begins', async () => {
    const other = await buildTestApp(tdb);
    await other.ready();
    try {
      other.lifecycle.draining = true;
      const ready = await get(other, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ success: false, errorCode: 'NETWORK_ERROR', result: { status: 'down', database: 'up', draining: true } });
      expect((await get(other, '/api/health/live')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('is live but not ready on a database that answers and was never migrated (503, migrations applied null)', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `mg_health_empty_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const empty = createDatabase(u.toString(), { max: 2 });
    const bare = await buildTestApp({ ...tdb, pool: empty.pool, db: empty.db });
    await bare.ready();
    try {
      const ready = await get(bare, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().result).toMatchObject({ status: 'down', database: 'up', migrations: { applied: null, expected: migrationsShipped() } });
      expect((await get(bare, '/api/health/live')).statusCode).toBe(200);
      // The old check only asks `select 1`.
      expect((await get(bare, '/api/health')).statusCode).toBe(200);
    } finally {
      await bare.close();
      await empty.pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('is live but not ready when the database does not answer; /api/health says 503 as before', async () => {
    // A port nobody listens on: connections are refused at once.
    const gone = createDatabase('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const down = await buildTestApp({ ...tdb, pool: gone.pool, db: gone.db });
    try {
      const live = await get(down, '/api/health/live');
      expect(live.statusCode).toBe(200);
      const ready = await get(down, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().result).toMatchObject({ status: 'down', database: 'down', migrations: { applied: null } });
      const old = await get(down, '/api/health');
      expect(old.statusCode).toBe(503);
      expect(old.json().result).toMatchObject({ status: 'down', database: 'down' });
    } finally {
      await down.close().catch(() => undefined);
      await gone.pool.end().catch(() => undefined);
    }
  });
});
