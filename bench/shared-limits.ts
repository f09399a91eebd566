/**
 * What sharing the request limits costs the payment path (issue 41, docs/benchmarks.md "Shared limits"): the open
 * API's create + pay at C clients for S seconds against the bundled server started once per way of counting, in
 * turns, on one fresh database of the machine's PostgreSQL, in the same run:
 *
 *   memory          each process counts for itself (what main did before issue 41: N instances allow N x the limit)
 *   database        the rate_limit_counter table, leases of a hundredth of the limit (the default)
 *   database-1      the same table, one counter write per request (RATE_LIMIT_LEASE=off)
 *   redis           Redis on REDIS_URL (default redis://127.0.0.1:6379), leases
 *
 * Every request of the loop is counted by the per-address limit and the per-key limit, as in production; the limits
 * are set high enough (OPEN_API_RATE_LIMIT_PER_MINUTE 1 000 000) that none refuses. Prints ops/s (one op = create +
 * pay), p50 / p95 of an op, server and PostgreSQL CPU per op, the counter's writes per op, and each mode's ratio to
 * `memory` in the same round.
 *
 *   npm run bench:limits -w @mg/bench -- [--clients=16] [--seconds=15] [--rounds=2] [--modes=memory,database,database-1,redis]
 *
 * ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where the benchmark's database is created and
 * dropped. The load generator shares the machine with the server and PostgreSQL.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID } from '../apps/server/src/db/seed';
import { closedLoop, cpuSecondsOf, createAndPay, machineLine, ms, opt, optInt, printTable, sleep, summarize, pgCpu, pgCpuSince } from './common';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = path.join(ROOT, 'apps', 'server');
const CLIENTS = optInt('clients', 16);
const SECONDS = optInt('seconds', 15);
const ROUNDS = optInt('rounds', 2);
const MODES = opt('modes', 'memory,database,database-1,redis').split(',');
const ADMIN_URL = opt('admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const REDIS_URL = opt('redis-url', 'redis://127.0.0.1:6379');
const PORT = optInt('port', 18_141);
const BASE = `http://127.0.0.1:${PORT}`;
const TAG = Date.now().toString(36).toUpperCase();

const MODE_ENV: Record<string, Record<string, string>> = {
  memory: { RATE_LIMIT_STORE: 'memory' },
  database: { RATE_LIMIT_STORE: 'database' },
  'database-1': { RATE_LIMIT_STORE: 'database', RATE_LIMIT_LEASE: 'off' },
  redis: { RATE_LIMIT_STORE: 'redis', REDIS_URL },
};

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function startServer(databaseUrl: string, mode: string, secretKey: string, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--max-semi-space-size=8', '--no-allocation-site-pretenuring', path.join(SERVER_DIR, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SECRET_KEY: secretKey,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      JOBS: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      OPEN_API_RATE_LIMIT_PER_MINUTE: '1000000',
      ...MODE_ENV[mode],
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The first start migrates and seeds a fresh database: minutes on a loaded machine.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server (${mode}) exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return child;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`server (${mode}) did not answer`);
    await sleep(250);
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  // Its figures are taken: a server slow to drain is not waited for.
  const hard = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(hard);
}

const key = { base: BASE, keyId: DEMO_KEY_ID, keySecret: DEMO_KEY_SECRET, merchantId: DEMO_OPEN_API_MERCHANT_ID };

async function op(c: number, n: number, mode: string, round: number): Promise<void> {
  await createAndPay(key, `L${TAG}-${mode}-${round}-${c}-${n}`, c, n);
}

interface Result {
  mode: string;
  round: number;
  ops: number;
  errors: number;
  seconds: number;
  pair: number[];
  serverCpu: number;
  pgCpu: number;
  counterWrites: number;
  firstError?: string;
}

async function counterWrites(db: pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>("select coalesce(n_tup_ins + n_tup_upd, 0) as n from pg_stat_user_tables where relname = 'rate_limit_counter'");
  return Number(rows[0]?.n ?? 0);
}

async function runPhase(mode: string, round: number, monitor: pg.Client, dbName: string, server: ChildProcess): Promise<Result> {
  const r: Result = { mode, round, ops: 0, errors: 0, seconds: 0, pair: [], serverCpu: 0, pgCpu: 0, counterWrites: 0 };
  // Warm-up: two ops per client, untimed (connections, caches, the first leases).
  await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = 0; i < 2; i++) await op(c, -1 - i, mode, round);
  }));
  await sleep(600);
  const writes0 = await counterWrites(monitor);
  const cpu0 = cpuSecondsOf(server.pid!);
  const pg0 = await pgCpu(monitor, dbName);
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  const load = await closedLoop(CLIENTS, deadline, (c, n) => op(c, n, mode, round));
  Object.assign(r, { ops: load.ops, errors: load.errors, pair: load.lat, firstError: load.firstError });
  r.seconds = (performance.now() - t0) / 1000;
  r.serverCpu = cpuSecondsOf(server.pid!) - cpu0;
  r.pgCpu = await pgCpuSince(monitor, dbName, pg0);
  // The statistics collector reports a backend's counts when it goes idle, within a second.
  await sleep(1_200);
  r.counterWrites = (await counterWrites(monitor)) - writes0;
  return r;
}

async function main(): Promise<void> {
  const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
  const dbName = `mg_bench_limits_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = withDatabase(ADMIN_URL, dbName);
  const monitor = new pg.Client({ connectionString: databaseUrl });
  const secretKey = randomBytes(32).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-bench-limits-'));
  const results: Result[] = [];
  try {
    await monitor.connect();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const mode of MODES) {
        const server = await startServer(databaseUrl, mode, secretKey, dataDir);
        try {
          const r = await runPhase(mode, round, monitor, dbName, server);
          results.push(r);
          console.log(`round ${round} ${mode}: ${(r.ops / r.seconds).toFixed(1)} ops/s${r.errors ? `, ${r.errors} errors (${r.firstError})` : ''}`);
        } finally {
          await stopServer(server);
        }
      }
    }
  } finally {
    await monitor.end().catch(() => undefined);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nopen API create + pay, ${CLIENTS} clients, ${SECONDS} s per phase, ${ROUNDS} round(s); ${machineLine()}`);
  const rows: string[][] = [['round', 'mode', 'ops/s', 'vs memory', 'p50 ms', 'p95 ms', 'server ms/op', 'pg ms/op', 'counter writes/op', 'errors']];
  for (const r of results) {
    const base = results.find((x) => x.round === r.round && x.mode === 'memory');
    const rate = r.ops / r.seconds;
    const s = summarize(r.pair);
    rows.push([
      String(r.round),
      r.mode,
      rate.toFixed(1),
      base ? `${(rate / (base.ops / base.seconds)).toFixed(3)}x` : '-',
      ms(s.p50),
      ms(s.p95),
      ms((r.serverCpu * 1000) / Math.max(1, r.ops)),
      ms((r.pgCpu * 1000) / Math.max(1, r.ops)),
      (r.counterWrites / Math.max(1, r.ops)).toFixed(3),
      String(r.errors),
    ]);
  }
  printTable(rows);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
