/**
 * The read replica and its rule (issue 41 "A proxy, a standby, a pooler"; db/read-replica.ts; docs/operations.md
 * "A read replica"): a primary and its streaming replica (pg_basebackup -R) on this machine, an app with
 * DATABASE_READ_URL on the replica. The replica's replay is paused to make it fall behind on demand:
 *
 *   1. a user who did not write reads the replica: a user another person added is not in the list yet, and the read
 *      is counted on the replica;
 *   2. a user who wrote reads the primary: the user they just added is in their list at once, though the replica
 *      has not replayed it;
 *   3. past DATABASE_READ_MAX_LAG_MS every read goes to the primary and health says `behind`; replay resumed, the
 *      replica answers again with everything;
 *   4. the replica stopped: health says `down`, lists answer from the primary; started again, it answers again.
 *
 * Skipped when pg_basebackup is absent (Debian: postgresql-client; .ci/run installs it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/pool';
import { client, login, type Client } from './helpers/admin-session';
import { buildTestApp } from './helpers/app';
import { pgBasebackupBin, startReplicaPair, type ReplicaPair } from './helpers/replica';
import { seedAsTemplate } from './helpers/template';

const HAVE_BASEBACKUP = pgBasebackupBin() !== null;
/** Long enough that a loaded machine reads within it after a write; short enough to wait out in step 3. */
const MAX_LAG_MS = 8_000;
const PASSWORD = 'Str0ng#Pass';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-replica-'));
let pair: ReplicaPair;
let primary: Database;
let app: FastifyInstance;
let writer: Client;
let reader: Client;
let operatorRole: number;

async function until(what: string, ms: number, probe: () => Promise<boolean> | boolean): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function onReplica<T>(sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: pair.replicaUrl });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

const replicaState = async () => (await app.inject({ method: 'GET', url: '/api/health' })).json().result.replica as { state: string; lagMs: number | null };
const usernames = async (who: Client) => {
  const res = await who.get('/sys/user/list', { pageSize: 100 });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().result.records as { username: string }[]).map((r) => r.username);
};
const addUser = async (who: Client, username: string) => {
  const res = await who.post('/sys/user/add', { username, realname: username, email: `${username}@demo-store.test`, password: PASSWORD, roleIds: [operatorRole], departIds: [] });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  if (!HAVE_BASEBACKUP) return;
  pair = await startReplicaPair(path.join(work, 'pair'));
  primary = createDatabase(pair.primaryUrl, { max: 5, applicationName: 'mg-test' });
  await seedAsTemplate(primary.pool);
  const tdb = { pool: primary.pool, db: primary.db, url: pair.primaryUrl, drop: async () => {} };
  app = await buildTestApp(tdb, { readUrl: pair.replicaUrl, readMaxLagMs: MAX_LAG_MS });
  await app.ready();
  // demo_admin writes; the platform's admin, who sees every merchant's users, only reads.
  writer = client(app, await login(app, 'demo_admin'));
  reader = client(app, await login(app, 'admin'));
  const { rows } = await primary.pool.query(`select id from role where role_code = 'third_role_operator' and merchant_id is null`);
  operatorRole = Number(rows[0].id);
  await until('the replica to answer', 30_000, async () => (await replicaState()).state === 'ok');
}, 180_000);

afterAll(async () => {
  await app?.close();
  await primary?.pool.end();
  await pair?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!HAVE_BASEBACKUP)('a read replica (DATABASE_READ_URL)', () => {
  it('1-2. replay paused: a reader who did not write sees the replica; the writer sees their own write at once', async () => {
    // Both have read once: the list is known to both before the write.
    expect(await usernames(reader)).not.toContain('replica_one');
    await onReplica(`select pg_wal_replay_pause()`);
    // A pause is a request: replay stops at its next check.
    await until('replay to pause', 10_000, async () => (await onReplica<{ s: string }>(`select pg_get_wal_replay_pause_state() as s`))[0]?.s === 'paused');
    const before = { ...app.readReplica!.reads };
    await addUser(writer, 'replica_one');
    // The writer: their own write, though the replica has not replayed it (the rule sent the read to the primary).
    expect(await usernames(writer)).toContain('replica_one');
    expect(app.readReplica!.reads.primary).toBe(before.primary + 1);
    // The reader did not write: the replica answers, without the new user, well within the allowed lag.
    expect(await usernames(reader)).not.toContain('replica_one');
    expect(app.readReplica!.reads.replica).toBe(before.replica + 1);
  });

  it('3. past the allowed lag every read goes to the primary and health says behind; resumed, the replica has it all', async () => {
    await until('health to say behind', MAX_LAG_MS * 3, async () => (await replicaState()).state === 'behind');
    const before = { ...app.readReplica!.reads };
    expect(await usernames(reader)).toContain('replica_one');
    expect(app.readReplica!.reads.primary).toBe(before.primary + 1);
    await onReplica(`select pg_wal_replay_resume()`);
    await until('health to say ok', 30_000, async () => (await replicaState()).state === 'ok');
    const after = { ...app.readReplica!.reads };
    expect(await usernames(reader)).toContain('replica_one');
    expect(app.readReplica!.reads.replica).toBe(after.replica + 1);
  });

  it('4. the replica stopped: health says down and lists answer from the primary; started, it answers again', async () => {
    await pair.stopReplica();
    await until('health to say down', 10_000, async () => (await replicaState()).state === 'down');
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().result.replica.state).toBe('down');
    await addUser(writer, 'replica_two');
    expect(await usernames(reader)).toContain('replica_two');
    await pair.startReplica();
    await until('health to say ok', 30_000, async () => (await replicaState()).state === 'ok');
    // Back within the bound, the reader may read the replica before it has caught up (they did not write): it
    // answers, and within the bound it holds the new user.
    const before = { ...app.readReplica!.reads };
    await until('the replica to hold the new user', MAX_LAG_MS * 2, async () => (await usernames(reader)).includes('replica_two'));
    expect(app.readReplica!.reads.replica).toBeGreaterThan(before.replica);
  });
});
