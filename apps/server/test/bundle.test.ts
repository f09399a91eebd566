/**
 * What `npm start` runs: the server bundled by scripts/build.mjs. From its folder it must find the migrations, its
 * version, the translations and the export job's own bundle; the other tests run the TypeScript, so only this one would see a path
 * that is right in src/ and wrong in dist/.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPORT_SYNC_MAX_ROWS, ExportStatus, translate } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed';
import { LOCK_AFTER_FAILURES, LOCK_MS } from '../src/modules/auth/login';
import '../src/lib/i18n';
import { SERVER_DIR } from '../src/lib/server-dir';
import { SERVER_VERSION } from '../src/lib/version';
import { insertIdrCollections } from './helpers/collections';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { TEST_SECRET_KEY } from './helpers/secret-key';
import { DEMO_BRAND } from './helpers/admin-session';

/** Start, a job over the direct limit and its download: ~15 s when quiet, far more on a loaded CI machine. */
const TEST_TIMEOUT_MS = 180_000;
const POLL_MS = 250;

let tdb: TestDatabase;
let server: ChildProcess | undefined;
let base = '';
fs.mkdirSync(path.join(SERVER_DIR, '.tmp'), { recursive: true });
const outdir = fs.mkdtempSync(path.join(SERVER_DIR, '.tmp', 'bundle-'));
const dataDir = fs.mkdtempSync(path.join(tmpdir(), 'mg-bundle-'));

async function until<T>(what: string, deadline: number, probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', `--outdir=${path.relative(SERVER_DIR, outdir)}`], {
    cwd: SERVER_DIR,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  tdb = await createTestDatabase();
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await tdb?.drop();
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server', () => {
  it('migrates, answers with its version, and runs an export job in its bundled child process', async () => {
    const deadline = Date.now() + TEST_TIMEOUT_MS - 10_000;
    // One row over the direct limit makes the export a job.
    await insertIdrCollections(tdb.pool, 10001, EXPORT_SYNC_MAX_ROWS + 1, new Date(Date.now() - 60_000), 'success', 'B', 'seconds');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: tmpdir(),
      // The test databases' key (global-setup.ts records it): the server refuses any other (db/secret-key.ts).
      env: { ...process.env, DATABASE_URL: tdb.url, SECRET_KEY: TEST_SECRET_KEY.toString('hex'), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CAPTCHA: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'development' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });

    const health = await until('/api/health', deadline, async () => {
      if (server?.exitCode !== null) throw new Error(`the bundled server exited with ${server?.exitCode}`);
      const r = await fetch(`${base}/api/health`).catch(() => undefined); // not listening yet
      return r?.ok ? ((await r.json()) as { result: { version: string } }) : undefined;
    });
    expect(health.result.version).toBe(SERVER_VERSION);

    // The translations are read from packages/domain at start (a bundle that missed them answers with the keys).
    const refused = await fetch(`${base}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': DEMO_BRAND.demo_admin!, 'x-lang': 'zh-CN' },
      body: JSON.stringify({ username: 'nobody_at_all', password: 'wrong-password', countryCurrency: 'IDR' }),
    });
    const refusal = (await refused.json()) as { errorCode: string; message: string };
    expect(refusal.errorCode).toBe('WRONG_CREDENTIALS');
    expect(refusal.message).toBe(translate('zh-CN', 'auth.wrongCredentials', { attempts: LOCK_AFTER_FAILURES, minutes: LOCK_MS / 60_000 }));
    expect(refusal.message).not.toBe('auth.wrongCredentials');

    const login = await fetch(`${base}/api/sys/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-brand': DEMO_BRAND.demo_admin! },
      body: JSON.stringify({ username: 'demo_admin', password: DEMO_PASSWORD, countryCurrency: 'IDR' }),
    });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const headers = { 'content-type': 'application/json', 'x-access-token': token, 'x-lang': 'en-US' };

    const started = await fetch(`${base}/api/exports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ kind: 'collections', filters: { status: 'success', currency: 'IDR' } }),
    });
    const ask = ((await started.json()) as { result: { mode: string; jobId: string; rows: number } }).result;
    expect(ask.mode).toBe('job');
    expect(ask.rows).toBeGreaterThan(EXPORT_SYNC_MAX_ROWS);

    const done = await until('the export job', deadline, async () => {
      const job = ((await (await fetch(`${base}/api/exports/${ask.jobId}`, { headers })).json()) as {
        result: { status: string; doneRows: number; url: string | null; error?: string };
      }).result;
      if (job.status === ExportStatus.FAILED) throw new Error(`export job failed: ${job.error}`);
      return job.status === ExportStatus.DONE ? job : undefined;
    });
    expect(done.doneRows).toBe(ask.rows);

    const file = await fetch(`${base}${new URL(done.url!).pathname}`, { headers: { 'x-access-token': token } });
    expect(file.status).toBe(200);
    const body = Buffer.from(await file.arrayBuffer());
    // An XLSX is a zip: its first bytes are "PK".
    expect(body.subarray(0, 2).toString()).toBe('PK');
    expect(body.length).toBeGreaterThan(EXPORT_SYNC_MAX_ROWS);
  }, TEST_TIMEOUT_MS);
});
