/**
 * The bundled server as a benchmark runs it (bench:two, bench:pooler): built once, started as its own process with
 * the environment a phase needs, ready when /api/health/ready answers, stopped with SIGTERM as a deploy would.
 * Re-exported by common.ts.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = path.join(ROOT, 'apps', 'server');

/** `url` with its database name replaced. */
export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** apps/server/dist/main.js from the sources of this checkout. */
export function buildServer(): void {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
}

/**
 * The bundled server on 127.0.0.1:`port` with `env` (DATABASE_URL, DATA_DIR, SECRET_KEY at least) over a benchmark's
 * defaults: no jobs, warnings only, limits out of the way (every request comes from one address).
 * BENCH_SERVER_NODE_ARGS adds Node options to every server a benchmark starts, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
 * to see where a server's time goes (each writes its profile when it stops).
 */
export async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  if (env.DATA_DIR) fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--no-allocation-site-pretenuring', ...extra, path.join(SERVER_DIR, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      OPEN_API_RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The first start migrates and seeds a fresh database: minutes on a loaded machine.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => undefined);
    if (res?.ok) return child;
    if (Date.now() > deadline) throw new Error(`server on ${port} did not become ready`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const hard = setTimeout(() => child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(hard);
}

/** A benchmark's own database on the machine's PostgreSQL, a monitoring connection to it, a secret key and a scratch folder. */
export interface BenchDatabase {
  name: string;
  url: string;
  monitor: pg.Client;
  secretKey: string;
  work: string;
  /** Ends the monitor, drops the database (its servers' connections with it), removes the folder. */
  drop(): Promise<void>;
}

export async function freshDatabase(adminUrl: string, prefix: string): Promise<BenchDatabase> {
  const name = `mg_bench_${prefix}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = withDatabase(adminUrl, name);
  const monitor = new pg.Client({ connectionString: url, application_name: 'bench-monitor' });
  await monitor.connect();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `mg-bench-${prefix}-`));
  return {
    name,
    url,
    monitor,
    secretKey: randomBytes(32).toString('hex'),
    work,
    async drop() {
      await monitor.end().catch(() => undefined);
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await admin.end();
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
