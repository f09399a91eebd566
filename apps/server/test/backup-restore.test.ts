/**
 * Backups that restore (issue 41, docs/operations.md "Backup and restore"): the embedded default with demo data, a
 * few payments and an uploaded file, backed up by `db:backup` while it runs, then restored by `db:restore` into a
 * fresh DATA_DIR (embedded) and into the machine's PostgreSQL 15 (DATABASE_URL, a fresh database): balances, a list,
 * a signed API call and the file answer the same; a restore without the backup's secret key is refused before it
 * writes anything.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { BackupError, keyFingerprint, restore } from '../src/db/backup';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded';
import { runMigrations, seedDictionaries } from '../src/db/migrate';
import { createDatabase, type Database } from '../src/db/pool';
import { seedDemoSecrets, seedIdentity } from '../src/db/seed';
import { SecretBox } from '../src/lib/secret-box';
import { SERVER_DIR } from '../src/lib/server-dir';
import { authHeaders, signIn } from './helpers/auth';
import { PDF, upload } from './helpers/files';
import { expectData, idempotent, testOpenApiClient } from './helpers/open-api-client';
import { TEST_SECRET_KEY } from './helpers/secret-key';

const MACHINE_PG = process.env.MACHINE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TIMEOUT_MS = 240_000;

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-backup-'));
const source = path.join(base, 'source');
const backupDir = path.join(base, 'backup');
const cleanups: (() => Promise<unknown>)[] = [];

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  fs.rmSync(base, { recursive: true, force: true });
}, 60_000);

/** Whether the machine's PostgreSQL answers (CI and the developers' machines have it on 127.0.0.1:5432). */
function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port || 5432), u.hostname);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.setTimeout(2_000, () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** One of the two commands, as `npm run db:backup` / `db:restore` runs it, with its environment. */
function command(script: 'backup-cli' | 'restore-cli', args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const e: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
    delete e.DATABASE_URL;
    delete e.SECRET_KEY;
    for (const [k, v] of Object.entries(env)) if (v !== undefined) e[k] = v;
    const child = spawn(process.execPath, ['--import', 'tsx', `src/db/${script}.ts`, ...args], { cwd: SERVER_DIR, env: e, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

interface Instance {
  app: FastifyInstance;
  database: Database;
}

async function instance(url: string, dataDir: string, key: Buffer): Promise<Instance> {
  const database = createDatabase(url, { max: 4 });
  const app = await buildApp({ pool: database.pool, db: database.db, dataDir, secretKey: key, logLevel: 'silent', webDistDir: null, captcha: false, nodeEnv: 'test', rateLimitPerMinute: 100_000 });
  await app.ready();
  return { app, database };
}
async function close(i: Instance): Promise<void> {
  await i.app.close();
  await i.database.pool.end();
}

/** What a merchant and an integrator see: the answers compared before and after. */
interface Seen {
  balance: unknown;
  list: unknown;
  signed: unknown;
  fileBytes: string;
  oldFileUrl: number;
}

async function look(app: FastifyInstance, paidId: string, fileId: string, fileUrl: string): Promise<Seen> {
  const result = async (res: { statusCode: number; body: string; json(): { result: unknown } }) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
    return res.json().result;
  };
  const token = await signIn(app, 'demo_admin');
  const api = testOpenApiClient(app);
  const list = await result(await app.inject({ url: '/api/collections?pageNo=1&pageSize=50', headers: authHeaders(token, { 'x-time-zone': 'Asia/Jakarta' }) }));
  const view = (await result(await app.inject({ url: `/api/sys/common/files/${fileId}`, headers: authHeaders(token) }))) as { url: string };
  const bytes = await app.inject({ url: view.url });
  return {
    balance: expectData(await api.GET('/balance', {}), 200).result,
    list,
    signed: expectData(await api.GET('/collections/{id}', { params: { path: { id: paidId } } }), 200).result,
    fileBytes: bytes.rawPayload.toString('base64'),
    // The file URL handed out before the backup, signed with the key that came along.
    oldFileUrl: (await app.inject({ url: fileUrl })).statusCode,
  };
}

let before: Seen;
let paidId = '';
let fileId = '';
let fileUrl = '';

beforeAll(async () => {
  // The embedded default: DATA_DIR with its key, demo data, a few payments through the open API, an upload.
  fs.mkdirSync(source, { recursive: true });
  fs.writeFileSync(path.join(source, 'secret.key'), `${TEST_SECRET_KEY.toString('hex')}\n`, { mode: 0o600 });
  const embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: source, fast: true });
  cleanups.push(() => embedded.stop());
  const seedPool = new pg.Pool({ connectionString: embedded.url, max: 2 });
  // Its clients may still be closing when the cluster stops (test/shutdown.test.ts says why).
  seedPool.on('connect', (c) => c.on('error', () => {}));
  // The pool re-emits an idle client's error on itself (pg-pool): it needs its own listener too.
  seedPool.on('error', () => {});
  try {
    await runMigrations(seedPool);
    await seedDictionaries(seedPool);
    // The demo merchants, users, products and keys; the demo payment history (12 s of seeding) is left out, the
    // payments below are made through the open API instead.
    await seedIdentity(seedPool, { demo: true, demoPayments: false });
    await seedDemoSecrets(seedPool, new SecretBox(TEST_SECRET_KEY));
  } finally {
    await seedPool.end();
  }
  const src = await instance(embedded.url, source, TEST_SECRET_KEY);
  try {
    for (let i = 0; i < 3; i++) {
      const api = testOpenApiClient(src.app);
      const created = await api.POST('/collections', {
        body: { merchantOrderId: `BACKUP-${i}-${randomBytes(3).toString('hex')}`, amount: String(150_000 + i * 1000), currency: 'IDR', paymentType: 1, channel: 1 },
        params: idempotent(),
      });
      paidId = expectData(created, 201).result.id;
      expectData(await api.POST('/sandbox/collections/{id}/pay', { params: { path: { id: paidId }, ...idempotent() } }), 200);
    }
    const token = await signIn(src.app, 'demo_admin');
    const up = await upload(src.app, token, { data: PDF, filename: 'contract.pdf', contentType: 'application/pdf' });
    expect(up.statusCode, up.body).toBe(200);
    fileId = up.json().result.id;
    fileUrl = up.json().result.url;
    before = await look(src.app, paidId, fileId, fileUrl);
  } finally {
    await close(src);
  }
  // Backed up while its PostgreSQL runs (a live server's case: the command finds the owner and connects to it).
  const b = await command('backup-cli', ['--out', backupDir], { DATA_DIR: source });
  expect(b.code, b.out).toBe(0);
  expect(b.out).toContain(`KEEP THE SECRET KEY`);
  expect(b.out).toContain(keyFingerprint(TEST_SECRET_KEY));
  await embedded.stop();
}, TIMEOUT_MS);

describe('db:backup and db:restore', () => {
  it('writes a backup without the secret key, with its fingerprint, the dump and the files', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'mg-backup', source: 'embedded', secretKey: { fingerprint: keyFingerprint(TEST_SECRET_KEY), included: false } });
    expect(manifest.database.postgresMajor).toBe(15);
    expect(manifest.data.files).toBeGreaterThanOrEqual(fs.existsSync(path.join(source, 'files')) ? 1 : 0);
    const everything = fs.readdirSync(backupDir, { recursive: true }).map(String);
    expect(everything.some((f) => f.endsWith('secret.key'))).toBe(false);
    const dump = fs.readFileSync(path.join(backupDir, 'database.dump'));
    expect(dump.includes(TEST_SECRET_KEY.toString('hex'))).toBe(false);
    expect(fs.statSync(path.join(backupDir, 'database.dump')).mode & 0o077).toBe(0);
  });

  it('refuses to restore without the backup’s key, or with another one, before writing anything', async () => {
    const target = path.join(base, 'refused');
    const none = await command('restore-cli', [backupDir], { DATA_DIR: target });
    expect(none.code).toBe(1);
    expect(none.out).toContain(`fingerprint ${keyFingerprint(TEST_SECRET_KEY)}`);
    const other = randomBytes(32);
    const wrong = restore({ from: backupDir, dataDir: target, databaseUrl: undefined, secretKeyHex: other.toString('hex') });
    await expect(wrong).rejects.toBeInstanceOf(BackupError);
    await expect(wrong).rejects.toThrow(`has fingerprint ${keyFingerprint(other)}`);
    expect(fs.existsSync(path.join(target, 'pg'))).toBe(false);
  }, TIMEOUT_MS);

  it('restores into a fresh DATA_DIR: balances, the list, a signed call and the file answer the same', async () => {
    const target = path.join(base, 'restored');
    const r = await command('restore-cli', [backupDir, '--secret-key-file', path.join(source, 'secret.key')], { DATA_DIR: target });
    expect(r.code, r.out).toBe(0);
    expect(fs.readFileSync(path.join(target, 'secret.key'), 'utf8').trim()).toBe(TEST_SECRET_KEY.toString('hex'));
    const embedded = await startEmbeddedPostgres({ dataDir: target, fast: true });
    cleanups.push(() => embedded.stop());
    const restored = await instance(embedded.url, target, TEST_SECRET_KEY);
    try {
      const after = await look(restored.app, paidId, fileId, fileUrl);
      expect(after).toEqual(before);
      expect(after.oldFileUrl).toBe(200);
    } finally {
      await close(restored);
      await embedded.stop();
    }
  }, TIMEOUT_MS);

  it('restores into the machine’s PostgreSQL 15 (DATABASE_URL, a fresh database): the same answers', async (ctx) => {
    if (!(await reachable(MACHINE_PG))) ctx.skip();
    const name = `mg_restore_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: MACHINE_PG });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`);
      await admin.end();
    });
    const version = Number((await admin.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0]!.v);
    expect(Math.floor(version / 10_000)).toBe(15);
    const u = new URL(MACHINE_PG);
    u.pathname = `/${name}`;
    const target = path.join(base, 'restored-15');
    const r = await command('restore-cli', [backupDir], { DATABASE_URL: u.toString(), DATA_DIR: target, SECRET_KEY: TEST_SECRET_KEY.toString('hex') });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('into DATABASE_URL');
    // A second restore into the same, now full, database is refused.
    await expect(restore({ from: backupDir, dataDir: path.join(base, 'again'), databaseUrl: u.toString(), secretKeyHex: TEST_SECRET_KEY.toString('hex') })).rejects.toThrow(
      'restore into an empty database',
    );
    const restored = await instance(u.toString(), target, TEST_SECRET_KEY);
    try {
      expect(await look(restored.app, paidId, fileId, fileUrl)).toEqual(before);
    } finally {
      await close(restored);
    }
  }, TIMEOUT_MS);
});
