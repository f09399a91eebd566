/**
 * What the open API's request log costs the payment path (issue 42, docs/benchmarks.md "The request log"): create +
 * pay through the generated client (packages/open-api-client), against two instances of the bundled server on one
 * fresh database, in one run, rounds alternated A B / B A:
 *   A: API_LOG=off (no log: the baseline)
 *   B: API_LOG=on  (every request logged: one batched INSERT per 250 ms per instance)
 * Prints each round's ops/s, p50 / p95 of an op, the server's and PostgreSQL's CPU per op (and of it the log
 * writer's connection's), the cluster's WAL and full-page images per op, the rows B logged, and the ratio B / A of
 * the means and of each round pair.
 *
 * Before the first round each server runs the full load for --warmup seconds, untimed (its code compiled, its
 * statements planned, the log table's first pages written), then the database is analyzed, so no round measures a
 * server still warming up or plans made for empty tables.
 *
 *   npm run bench:api-log -w @mg/bench -- [--clients=16] [--seconds=15] [--rounds=3] [--warmup=8]
 *
 * ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where the database is created and dropped.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { openApiClient, type OpenApiClient } from '@mg/open-api-client';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID } from '../apps/server/src/db/seed';
import { benchAmount, closedLoop, freshDatabase, buildServer, CpuMeter, int, machineLine, ms, opt, optInt, pgCpu, pgCpuSince, pidListeningOn, printTable, startServer, stopServer, summarize } from './common';

const CLIENTS = optInt('clients', 16);
const SECONDS = optInt('seconds', 15);
const ROUNDS = optInt('rounds', 3);
const WARMUP_SECONDS = optInt('warmup', 8);
const ADMIN_URL = opt('admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const PORTS = { A: optInt('port', 18_170), B: optInt('port', 18_170) + 1 } as const;
const TAG = Date.now().toString(36).toUpperCase();

async function op(api: OpenApiClient, merchantOrderId: string): Promise<void> {
  const idem = () => ({ header: { 'idempotency-key': randomUUID() } });
  const created = await api.POST('/collections', {
    body: { merchantOrderId, amount: benchAmount(), currency: 'IDR', paymentType: 1, payerName: 'Bench Payer', orderDescription: 'Benchmark order' },
    params: idem(),
  });
  if (!created.data) throw new Error(`create -> ${created.response.status}: ${JSON.stringify(created.error).slice(0, 200)}`);
  const paid = await api.POST('/sandbox/collections/{id}/pay', { params: { path: { id: created.data.result.id }, ...idem() } });
  if (paid.data?.result.status !== 'success') throw new Error(`pay -> ${paid.response.status}: ${JSON.stringify(paid.error).slice(0, 200)}`);
}

interface Round {
  name: 'A' | 'B';
  ops: number;
  errors: number;
  seconds: number;
  lat: number[];
  nodeMsPerOp: number;
  pgMsPerOp: number;
  /** Of PostgreSQL's CPU, the log writer's connection's (application_name mg-api-log). */
  writerPgMsPerOp: number;
  /** The cluster's WAL per op (pg_stat_wal: the machine runs nothing else) and its full-page images per op. */
  walKbPerOp: number;
  fpiPerOp: number;
  firstError?: string;
}

async function walNow(monitor: pg.Client): Promise<{ bytes: number; fpi: number }> {
  const { rows } = await monitor.query<{ b: string; f: string }>('select wal_bytes::text as b, wal_fpi::text as f from pg_stat_wal');
  return { bytes: Number(rows[0]!.b), fpi: Number(rows[0]!.f) };
}

async function round(name: 'A' | 'B', n: number, monitor: pg.Client, dbName: string): Promise<Round> {
  const base = `http://127.0.0.1:${PORTS[name]}`;
  const api = openApiClient({ baseUrl: base, key: { merchantId: String(DEMO_OPEN_API_MERCHANT_ID), keyId: DEMO_KEY_ID, secret: DEMO_KEY_SECRET } });
  const pid = pidListeningOn(PORTS[name]);
  const cpu = new CpuMeter(() => (pid ? [pid] : []));
  // Warm-up, untimed: connections, the statements' plans.
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => op(api, `L${TAG}-${name}${n}-${c}-w`).catch(() => undefined)));
  const r: Round = { name, ops: 0, errors: 0, seconds: 0, lat: [], nodeMsPerOp: NaN, pgMsPerOp: NaN, writerPgMsPerOp: NaN, walKbPerOp: NaN, fpiPerOp: NaN };
  const pg0 = await pgCpu(monitor, dbName);
  const writer0 = await pgCpu(monitor, dbName, 'mg-api-log');
  const wal0 = await walNow(monitor);
  cpu.start();
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  const load = await closedLoop(CLIENTS, deadline, (c, i) => op(api, `L${TAG}-${name}${n}-${c}-${i}`));
  Object.assign(r, { ops: load.ops, errors: load.errors, lat: load.lat, firstError: load.firstError });
  r.seconds = (performance.now() - t0) / 1000;
  const node = cpu.stop();
  const pgSeconds = await pgCpuSince(monitor, dbName, pg0);
  const writerSeconds = await pgCpuSince(monitor, dbName, writer0, 'mg-api-log');
  const wal = await walNow(monitor);
  if (r.ops > 0) Object.assign(r, { writerPgMsPerOp: (1000 * writerSeconds) / r.ops, walKbPerOp: (wal.bytes - wal0.bytes) / 1024 / r.ops, fpiPerOp: (wal.fpi - wal0.fpi) / r.ops });
  r.nodeMsPerOp = r.ops > 0 && pid ? (1000 * node) / r.ops : NaN;
  r.pgMsPerOp = r.ops > 0 ? (1000 * pgSeconds) / r.ops : NaN;
  return r;
}

async function main(): Promise<void> {
  buildServer();
  const bench = await freshDatabase(ADMIN_URL, 'apilog');
  const { name: dbName, url: databaseUrl, monitor, secretKey, work } = bench;
  const servers: ChildProcess[] = [];
  const rounds: Round[] = [];
  let logged = 0;
  try {
    // One after the other: the first start migrates and seeds the fresh database.
    servers.push(await startServer({ DATABASE_URL: databaseUrl, SECRET_KEY: secretKey, DATA_DIR: path.join(work, 'a'), API_LOG: 'off' }, PORTS.A));
    servers.push(await startServer({ DATABASE_URL: databaseUrl, SECRET_KEY: secretKey, DATA_DIR: path.join(work, 'b'), API_LOG: 'on' }, PORTS.B));
    console.log(`api-log-overhead: ${CLIENTS} clients x ${SECONDS} s x ${ROUNDS} rounds each; A = API_LOG=off, B = API_LOG=on; ${machineLine()}`);
    for (const which of ['A', 'B'] as const) {
      const api = openApiClient({ baseUrl: `http://127.0.0.1:${PORTS[which]}`, key: { merchantId: String(DEMO_OPEN_API_MERCHANT_ID), keyId: DEMO_KEY_ID, secret: DEMO_KEY_SECRET } });
      const w = await closedLoop(CLIENTS, performance.now() + WARMUP_SECONDS * 1000, (c, i) => op(api, `L${TAG}-${which}w-${c}-${i}`));
      console.log(`warm-up ${which}: ${w.ops} ops in ${WARMUP_SECONDS} s, untimed`);
    }
    // The fresh database's tables were empty when their statements were first planned; autovacuum analyzes them
    // minutes into the run, and PostgreSQL's CPU per op then drops by a third for both servers (measured: 4.8-6.7 ->
    // 3.5-3.8 ms). Analyzed here, every round measures the same plans rather than the first ones paying for the
    // empty tables' (and B, with its rounds 1 and 2 back to back, paying more of it).
    await monitor.query('analyze');
    for (let n = 0; n < ROUNDS; n++) {
      // Alternated, and the order swapped every round, so a drift of the machine's load falls on both.
      for (const which of n % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
        const r = await round(which, n, monitor, dbName);
        rounds.push(r);
        console.log(`round ${n + 1} ${which}: ${(r.ops / r.seconds).toFixed(1)} ops/s${r.errors ? `, ${r.errors} errors (${r.firstError})` : ''}`);
      }
    }
    logged = Number((await monitor.query<{ n: string }>('select count(*) as n from api_request_log')).rows[0]!.n);
  } finally {
    await Promise.all(servers.map(stopServer));
    await bench.drop();
  }
  const rows: string[][] = [['round', 'server', 'ops', 'errors', 'ops/s', 'p50 ms', 'p95 ms', 'node CPU ms/op', 'PG CPU ms/op', 'of it the writer', 'WAL KB/op', 'full pages/op']];
  rounds.forEach((r, i) => {
    const s = summarize(r.lat);
    rows.push([String(Math.floor(i / 2) + 1), r.name, int(r.ops), int(r.errors), (r.ops / r.seconds).toFixed(1), ms(s.p50), ms(s.p95), ms(r.nodeMsPerOp), ms(r.pgMsPerOp), ms(r.writerPgMsPerOp), r.walKbPerOp.toFixed(1), r.fpiPerOp.toFixed(2)]);
  });
  printTable(rows);
  const mean = (name: 'A' | 'B', f: (r: Round) => number) => {
    const xs = rounds.filter((r) => r.name === name).map(f);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  const a = mean('A', (r) => r.ops / r.seconds);
  const b = mean('B', (r) => r.ops / r.seconds);
  console.log(`\nrows logged by B: ${int(logged)} (2 requests per op, warm-ups included)`);
  const pairs = Array.from({ length: ROUNDS }, (_, n) => {
    const [x, y] = [rounds[2 * n]!, rounds[2 * n + 1]!];
    const [ra, rb] = x.name === 'A' ? [x, y] : [y, x];
    return rb.ops / rb.seconds / (ra.ops / ra.seconds);
  });
  const sorted = [...pairs].sort((p, q) => p - q);
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  console.log(`mean ops/s: A ${a.toFixed(1)}, B ${b.toFixed(1)}; B / A = ${((b / a) * 100).toFixed(1)} %`);
  console.log(`round pairs B / A: ${pairs.map((p) => p.toFixed(2)).join(', ')}; median ${(median * 100).toFixed(1)} %`);
  console.log(`mean CPU ms/op: node A ${mean('A', (r) => r.nodeMsPerOp).toFixed(2)}, B ${mean('B', (r) => r.nodeMsPerOp).toFixed(2)}; PostgreSQL A ${mean('A', (r) => r.pgMsPerOp).toFixed(2)}, B ${mean('B', (r) => r.pgMsPerOp).toFixed(2)}`);
  console.log(`machine after the run: ${machineLine()}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
