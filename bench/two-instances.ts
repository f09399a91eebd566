/**
 * Two instances behind nginx against one (issue 41, docs/benchmarks.md "Two instances behind nginx"): the open API's
 * create + pay at C clients for S seconds, on one fresh database of the machine's PostgreSQL, the bundled server
 * started twice and nginx on the repository's site file (apps/server/test/helpers/nginx.ts), in turns, in the same run:
 *
 *   one, direct      the clients on instance a's own port: the baseline
 *   one, via nginx   through nginx with b marked down: what the proxy alone costs
 *   two, via nginx   through nginx, both instances
 *
 * Prints ops/s (one op = create + pay), p50 / p95 of an op, each phase's ratio to the baseline of its round, the CPU
 * per op of the node processes, nginx, the database's backends and the load generator, how busy the machine was (CPU
 * seconds of all of them over the phase's seconds times the cores), and pg_stat_activity sampled every 200 ms (client
 * backends running a statement / waiting for a lock): together they say where the limit is.
 *
 *   npm run bench:two -w @mg/bench -- [--clients=16] [--seconds=15] [--rounds=2]
 *
 * Needs /usr/sbin/nginx (Debian: nginx-light). ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is
 * where the benchmark's database is created and dropped. Both instances run with JOBS=off and the request limits
 * high (every request comes from nginx's address). The load generator shares the machine with all of them.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID } from '../apps/server/src/db/seed';
import { Nginx, NGINX_BIN } from '../apps/server/test/helpers/nginx';
import { closedLoop, freshDatabase, buildServer, cpuSecondsOf, createAndPay, machineLine, ms, opt, optInt, printTable, sleep, startServer, stopServer, summarize, pgCpu, pgCpuSince } from './common';

const CLIENTS = optInt('clients', 16);
const SECONDS = optInt('seconds', 15);
const ROUNDS = optInt('rounds', 2);
const ADMIN_URL = opt('admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const PROXY_PORT = optInt('port', 18_150);
const PORTS = [PROXY_PORT + 1, PROXY_PORT + 2] as const;
const TAG = Date.now().toString(36).toUpperCase();

async function op(base: string, c: number, n: number, phase: string, round: number): Promise<void> {
  const key = { base, keyId: DEMO_KEY_ID, keySecret: DEMO_KEY_SECRET, merchantId: DEMO_OPEN_API_MERCHANT_ID };
  await createAndPay(key, `T${TAG}-${phase.replace(/\W+/g, '')}-${round}-${c}-${n}`, c, n);
}

interface Result {
  phase: string;
  round: number;
  ops: number;
  errors: number;
  seconds: number;
  pair: number[];
  cpu: { node: number; nginx: number; pg: number; bench: number };
  waits: { active: number; lock: number };
  /** Busy share of the machine's CPU over the phase, every process counted (/proc/stat): the others' load too. */
  machine: number;
  /** Each instance's share of the node CPU: how nginx spread the work. */
  nodeSplit: [number, number];
  firstError?: string;
}

/** The machine's CPU ticks since boot, all cores: idle (idle + iowait) and total (/proc/stat's first line). */
function cpuTicks(): { idle: number; total: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return { idle: f[3]! + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
}

async function runPhase(phase: string, base: string, round: number, monitor: pg.Client, dbName: string, servers: ChildProcess[], proxy: Nginx): Promise<Result> {
  const r: Result = { phase, round, ops: 0, errors: 0, seconds: 0, pair: [], cpu: { node: 0, nginx: 0, pg: 0, bench: 0 }, waits: { active: 0, lock: 0 }, machine: 0, nodeSplit: [0, 0] };
  // Warm-up: two ops per client, untimed (connections, caches, the first leases of the limits).
  await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = 0; i < 2; i++) await op(base, c, -1 - i, phase, round);
  }));
  const nginxPids = [proxy.process!.pid!, ...proxy.workers()];
  const nginxCpu = () => nginxPids.reduce((a, p) => a + cpuSecondsOf(p), 0);
  const node0 = servers.map((s) => cpuSecondsOf(s.pid!));
  const nginx0 = nginxCpu();
  const pg0 = await pgCpu(monitor, dbName);
  const bench0 = process.cpuUsage();
  const stat0 = cpuTicks();
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  const samples: { active: number; lock: number }[] = [];
  const sampler = (async () => {
    while (performance.now() < deadline) {
      const q = await monitor.query<{ active: number; lock: number }>(
        `select count(*) filter (where state = 'active')::int as active, count(*) filter (where wait_event_type = 'Lock')::int as lock
         from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
        [dbName],
      );
      samples.push(q.rows[0]!);
      await sleep(200);
    }
  })();
  const load = await closedLoop(CLIENTS, deadline, (c, n) => op(base, c, n, phase, round));
  Object.assign(r, { ops: load.ops, errors: load.errors, pair: load.lat, firstError: load.firstError });
  r.seconds = (performance.now() - t0) / 1000;
  const stat1 = cpuTicks();
  r.machine = 1 - (stat1.idle - stat0.idle) / Math.max(1, stat1.total - stat0.total);
  const node = servers.map((s, i) => cpuSecondsOf(s.pid!) - node0[i]!);
  r.cpu.node = node[0]! + node[1]!;
  r.nodeSplit = [node[0]! / Math.max(1e-9, r.cpu.node), node[1]! / Math.max(1e-9, r.cpu.node)];
  r.cpu.nginx = nginxCpu() - nginx0;
  r.cpu.pg = await pgCpuSince(monitor, dbName, pg0);
  const u = process.cpuUsage(bench0);
  r.cpu.bench = (u.user + u.system) / 1e6;
  await sampler;
  const mean = (k: 'active' | 'lock') => samples.reduce((a, x) => a + x[k], 0) / Math.max(1, samples.length);
  r.waits = { active: mean('active'), lock: mean('lock') };
  return r;
}

async function main(): Promise<void> {
  if (!fs.existsSync(NGINX_BIN)) throw new Error(`${NGINX_BIN} is missing (Debian: apt-get install nginx-light)`);
  buildServer();
  const bench = await freshDatabase(ADMIN_URL, 'two');
  const { name: dbName, url: databaseUrl, monitor, secretKey, work } = bench;
  const servers: ChildProcess[] = [];
  const proxy = new Nginx(path.join(work, 'nginx'), PROXY_PORT, PORTS);
  const results: Result[] = [];
  try {
    // One after the other: the first start migrates and seeds the fresh database.
    servers.push(await startServer({ DATABASE_URL: databaseUrl, SECRET_KEY: secretKey, DATA_DIR: path.join(work, 'a') }, PORTS[0]));
    servers.push(await startServer({ DATABASE_URL: databaseUrl, SECRET_KEY: secretKey, DATA_DIR: path.join(work, 'b') }, PORTS[1]));
    await proxy.start();
    for (let round = 1; round <= ROUNDS; round++) {
      const phases: { name: string; base: string; down?: number }[] = [
        { name: 'one, direct', base: `http://127.0.0.1:${PORTS[0]}` },
        { name: 'one, via nginx', base: proxy.base, down: PORTS[1] },
        { name: 'two, via nginx', base: proxy.base },
      ];
      for (const p of phases) {
        await proxy.reload(p.down);
        const r = await runPhase(p.name, p.base, round, monitor, dbName, servers, proxy);
        results.push(r);
        console.log(`round ${round} ${p.name}: ${(r.ops / r.seconds).toFixed(1)} ops/s${r.errors ? `, ${r.errors} errors (${r.firstError})` : ''}`);
      }
    }
  } finally {
    await proxy.stop().catch(() => undefined);
    await Promise.all(servers.map(stopServer));
    await bench.drop();
  }
  const cores = os.cpus().length;
  console.log(`\nopen API create + pay, ${CLIENTS} clients, ${SECONDS} s per phase, ${ROUNDS} round(s); ${machineLine()}`);
  const rows: string[][] = [
    ['round', 'phase', 'ops/s', 'vs one direct', 'p50 ms', 'p95 ms', 'node ms/op', 'a / b', 'nginx ms/op', 'pg ms/op', 'bench ms/op', 'ours busy', 'machine busy', 'DB active / lock-wait', 'errors'],
  ];
  for (const r of results) {
    const base = results.find((x) => x.round === r.round && x.phase === 'one, direct');
    const rate = r.ops / r.seconds;
    const s = summarize(r.pair);
    const per = (v: number) => ms((v * 1000) / Math.max(1, r.ops));
    const busy = (r.cpu.node + r.cpu.nginx + r.cpu.pg + r.cpu.bench) / (r.seconds * cores);
    rows.push([
      String(r.round),
      r.phase,
      rate.toFixed(1),
      base ? `${(rate / (base.ops / base.seconds)).toFixed(3)}x` : '-',
      ms(s.p50),
      ms(s.p95),
      per(r.cpu.node),
      `${(r.nodeSplit[0] * 100).toFixed(0)} / ${(r.nodeSplit[1] * 100).toFixed(0)} %`,
      per(r.cpu.nginx),
      per(r.cpu.pg),
      per(r.cpu.bench),
      `${(busy * 100).toFixed(0)} %`,
      `${(r.machine * 100).toFixed(0)} %`,
      `${r.waits.active.toFixed(1)} / ${r.waits.lock.toFixed(1)}`,
      String(r.errors),
    ]);
  }
  printTable(rows);
  console.log(
    'node ms/op: both instances; a / b: their shares of it. ours busy: CPU of the processes above over the phase, of the cores; machine busy: every process of the machine (/proc/stat).',
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
