/**
 * Two instances of the server on one database (issue 41, "Nothing kept by one instance alone"): two apps built by the
 * app factory, each with its own data directory, as two processes behind a proxy would be. What one instance stores
 * the other serves, a file that is truly gone is a 404, the request limits count once over both (in PostgreSQL and in
 * Redis), an instance with another secret key refuses to start, and a staff change of what an instance keeps a copy
 * of reaches the other within its bound.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY_ID } from '../src/db/seed';
import { claimSecretKey } from '../src/db/secret-key';
import { SecretBox } from '../src/lib/secret-box';
import { SERVER_DIR } from '../src/lib/server-dir';
import { runNextExportJob, startExport } from '../src/modules/exports/service';
import { buildAdminTestApp, client, login, signIn, type Client } from './helpers/admin-session';
import { buildTestApp, TEST_SECRET_KEY } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { PDF, upload } from './helpers/files';
import { expectError, testOpenApiClient } from './helpers/open-api-client';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let tdb: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  [a, b] = await Promise.all([buildAdminTestApp(tdb), buildAdminTestApp(tdb)]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await tdb?.drop();
});

const fetchFrom = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
/** GET /balance through the generated client, signed with the demo sandbox key. */
const balance = (app: FastifyInstance) => testOpenApiClient(app).GET('/balance', {});

describe('files', () => {
  it('a file uploaded through one instance is downloaded through the other, byte for byte', async () => {
    expect(a.dataDir).not.toBe(b.dataDir);
    const token = await login(a, 'demo_admin');
    const up = await upload(a, token, { data: PDF, filename: 'deed.pdf' }, 'document');
    expect(up.statusCode).toBe(200);
    const { id, url } = up.json().result as { id: string; url: string };
    const got = await fetchFrom(b, url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(PDF)).toBe(true);
    // The other instance hands out its own URL for it, and serves it too.
    const view = await client(b, token).get(`/sys/common/files/${id}`);
    expect((await fetchFrom(b, view.json().result.url)).rawPayload.equals(PDF)).toBe(true);
  });

  it('a file whose bytes are truly gone is a 404 on every instance, not a 500', async () => {
    const token = await login(a, 'demo_admin');
    const { id, url } = (await upload(a, token, { data: PDF, filename: 'lost.pdf' }, 'document')).json().result as { id: string; url: string };
    await tdb.pool.query('delete from file_blob where key = $1', [id]);
    for (const app of [a, b]) {
      const res = await fetchFrom(app, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 404 });
    }
  });

  it("an export job's file written by one instance is downloaded through the other", async () => {
    const token = await login(a, 'demo_admin');
    const { rows: users } = await tdb.pool.query("select id from app_user where username = 'demo_admin'");
    const started = await startExport(a.db, a.lists, a.publicUrl, {
      merchantId: 10001,
      userId: Number(users[0].id),
      kind: 'audit',
      filters: {},
      ctx: { scope: { all: false, ids: [10001] }, timeZone: 'Asia/Jakarta', currency: 'IDR' },
      columns: ['createdAt'],
      lang: 'en-US',
      syncMaxRows: 0,
    });
    if (started.mode !== 'job') throw new Error('expected a job');
    const deps = { db: a.db, databaseUrl: tdb.url, dataDir: a.dataDir, fileStorage: a.fileStorage, publicUrl: a.publicUrl, mailer: a.mailer, log: a.log };
    expect(await runNextExportJob(deps)).toBe(started.jobId);
    const done = (await client(b, token).get(`/exports/${started.jobId}`)).json().result;
    expect(done.status).toBe('done');
    const file = await b.inject({ method: 'GET', url: new URL(done.url).pathname, headers: { 'x-access-token': token } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  }, 120_000);
});

describe('request limits count once over both instances', () => {
  const dict = (app: FastifyInstance) => app.inject({ url: '/api/sys/dict/getDictItems/payment_type', remoteAddress: '192.0.2.41' });

  async function limitsOverTwo(opts: Parameters<typeof buildTestApp>[1]) {
    const [c, d] = await Promise.all([buildTestApp(tdb, opts), buildTestApp(tdb, opts)]);
    await Promise.all([c.ready(), d.ready()]);
    try {
      // Per address before sign-in: six requests over both instances are admitted, the seventh is refused on either.
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await dict(i % 2 ? d : c)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 200]);
      expect((await dict(c)).statusCode).toBe(429);
      expect((await dict(d)).statusCode).toBe(429);
      // Per open API key, after the signature: four over both, then 429.
      const keyCodes: number[] = [];
      for (let i = 0; i < 4; i++) keyCodes.push((await balance(i % 2 ? c : d)).response.status);
      expect(keyCodes).toEqual([200, 200, 200, 200]);
      const over = await balance(c);
      expect(expectError(over, 429)).toMatchObject({ errorCode: 'RATE_LIMITED' });
      expect(Number(over.response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await balance(d)).response.status).toBe(429);
    } finally {
      await c.close();
      await d.close();
    }
  }

  it('in PostgreSQL (the default)', async () => {
    await tdb.pool.query('delete from rate_limit_counter');
    await limitsOverTwo({ rateLimitPerMinute: 6, openApiRateLimitPerMinute: 4 });
  });

  it('in Redis (REDIS_URL)', async () => {
    const prefix = `mg:test:${randomBytes(6).toString('hex')}:`;
    await limitsOverTwo({ rateLimitPerMinute: 6, openApiRateLimitPerMinute: 4, rateLimitStore: 'redis', redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    const redis = new Redis(REDIS_URL);
    try {
      expect(Number(await redis.get(`${prefix}addr:192.0.2.41`))).toBeGreaterThanOrEqual(7);
      await redis.del(...(await redis.keys(`${prefix}*`)));
    } finally {
      redis.disconnect();
    }
  });

  it('a limit of thousands is taken in leases: a counter write per hundredth of it, never past it over both', async () => {
    await tdb.pool.query('delete from rate_limit_counter');
    const [c, d] = await Promise.all([buildTestApp(tdb, { rateLimitPerMinute: 300 }), buildTestApp(tdb, { rateLimitPerMinute: 300 })]);
    await Promise.all([c.ready(), d.ready()]);
    try {
      const updates = async () => Number((await tdb.pool.query("select n_tup_upd + n_tup_ins as n from pg_stat_user_tables where relname = 'rate_limit_counter'")).rows[0].n);
      const before = await updates();
      let admitted = 0;
      let refused = 0;
      for (let i = 0; i < 320; i++) {
        const s = (await dict(i % 2 ? c : d)).statusCode;
        if (s === 200) admitted++;
        else if (s === 429) refused++;
      }
      // Never more than the limit over both; at most one unspent lease per instance (3 each) refused early.
      expect(admitted).toBeLessThanOrEqual(300);
      expect(admitted).toBeGreaterThanOrEqual(300 - 2 * 3);
      expect(admitted + refused).toBe(320);
      // Statistics reach pg_stat_user_tables within a second or so; the writes were leases of 3, not one per request.
      await new Promise((r) => setTimeout(r, 1_500));
      const writes = (await updates()) - before;
      expect(writes).toBeLessThanOrEqual(Math.ceil(320 / 3) + 4);
    } finally {
      await c.close();
      await d.close();
    }
  });
});

describe('one secret key per database', () => {
  it('an instance with another key is refused with what to do; the same key passes; nothing is sealed again', async () => {
    const sealedBefore = (await tdb.pool.query('select secret_sealed from api_key where id = $1', [DEMO_KEY_ID])).rows[0].secret_sealed;
    expect(await claimSecretKey(tdb.pool, new SecretBox(TEST_SECRET_KEY), 'the tests')).toBe('matched');
    await expect(claimSecretKey(tdb.pool, new SecretBox(randomBytes(32)), 'SECRET_KEY')).rejects.toThrow(
      /Secret key refused: this instance's key \(fingerprint [0-9a-f]{16}, from SECRET_KEY\) is not the key of this database.*same key: set SECRET_KEY .* or SECRET_KEY_FILE/,
    );
    // A database from before the fingerprint: the key must open the secrets already sealed in it.
    await tdb.pool.query('delete from secret_key_fingerprint');
    await expect(claimSecretKey(tdb.pool, new SecretBox(randomBytes(32)), 'x')).rejects.toThrow(/opens none of the secrets sealed in this database/);
    expect(await claimSecretKey(tdb.pool, new SecretBox(TEST_SECRET_KEY), 'the tests')).toBe('recorded');
    expect((await tdb.pool.query('select secret_sealed from api_key where id = $1', [DEMO_KEY_ID])).rows[0].secret_sealed).toBe(sealedBefore);
  });

  it('the server process started with another SECRET_KEY exits 1 with the message, and the demo key still signs on the others', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-other-key-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: { ...process.env, DATABASE_URL: tdb.url, SECRET_KEY: randomBytes(32).toString('hex'), DATA_DIR: dataDir, PORT: String(20_000 + Math.floor(Math.random() * 20_000)), JOBS: 'off', LOG_LEVEL: 'error', NODE_ENV: 'development' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.stdout.resume();
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toMatch(/Secret key refused: .* Start every instance on this database with the same key/);
      // The demo key was not sealed again with the refused key: the first instance still verifies its calls.
      expect((await balance(a)).response.status).toBe(200);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("a staff change of what an instance keeps a copy of reaches the other", () => {
  let staff: Client;
  beforeAll(async () => {
    staff = await signIn(a, 'admin');
  });

  it("a merchant's IP whitelist: the other instance's cached key refuses the next call (bound: none, the version)", async () => {
    // Warm instance b's configuration cache with the demo key.
    expect((await balance(b)).response.status).toBe(200);
    expect((await balance(b)).response.status).toBe(200);
    const saved = await staff.put('/developer/ip-whitelist', { ipWhitelist: ['198.51.100.7'], merchantId: 10001 });
    expect(saved.statusCode).toBe(200);
    try {
      const refused = await balance(b);
      expect(expectError(refused, 403)).toMatchObject({ errorCode: 'OPEN_API_IP_NOT_ALLOWED' });
    } finally {
      expect((await staff.put('/developer/ip-whitelist', { ipWhitelist: [], merchantId: 10001 })).statusCode).toBe(200);
    }
    expect((await balance(b)).response.status).toBe(200);
  });

  it("a dictionary item's text: the other instance's copy is cleared within 2 s (notified; its TTL bounds a missed notice)", async () => {
    const { rows } = await tdb.pool.query(
      "select i.id, i.dict_id, i.item_value, i.item_text_key, i.sort_order from dict_item i join dict d on d.id = i.dict_id where d.dict_code = 'payment_type' order by i.sort_order, i.id limit 1",
    );
    const item = rows[0];
    const textOn = async (app: FastifyInstance) =>
      ((await app.inject({ url: '/api/sys/dict/getDictItems/payment_type', headers: { 'x-lang': 'en-US' } })).json().result as { value: string; text: string }[]).find((i) => i.value === item.item_value)?.text;
    const old = await textOn(b);
    expect(old).toBeTruthy();
    const edited = await staff.put('/sys/dictItem/edit', { id: item.id, dictId: item.dict_id, itemValue: item.item_value, itemTextKey: item.item_text_key, itemText: 'Changed on instance a', sortOrder: item.sort_order });
    expect(edited.statusCode).toBe(200);
    const t0 = Date.now();
    let seen = await textOn(b);
    while (seen !== 'Changed on instance a' && Date.now() - t0 < 2_000) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await textOn(b);
    }
    expect(seen).toBe('Changed on instance a');
  });
});
