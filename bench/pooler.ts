/**
 * The server behind PgBouncer against the database itself (issue 41, docs/benchmarks.md "Behind PgBouncer"): the open
 * API's create + pay at C clients for S seconds, one bundled server started per phase on one fresh database of the
 * machine's PostgreSQL, Debian's PgBouncer 1.18 on the repository's deploy/pgbouncer.ini.example, in turns, same run:
 *
 *   direct, named         DATABASE_URL on PostgreSQL: the baseline (named statements, as without a pooler)
 *   direct, unnamed       DATABASE_POOLER=transaction with both URLs on PostgreSQL: what unnamed statements cost alone
 *   session pooler        through PgBouncer in session pooling (DATABASE_POOLER=session, named statements)
 *   transaction pooler    through PgBouncer in transaction pooling (DATABASE_POOLER=transaction, unnamed)
 *
 * Prints ops/s (one op = create + pay), p50 / p95 of an op, each phase's ratio to the baseline of its round, and the
 * CPU per op of the server, PgBouncer and the database's backends.
 *
 *   npm run bench:pooler -w @mg/bench -- [--clients=16] [--seconds=15] [--rounds=2]
 *
 * Needs /usr/sbin/pgbouncer (Debian: pgbouncer). ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is
 * where the benchmark's database is created and dropped.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID } from '../apps/server/src/db/seed';
import { PgBouncer, PGBOUNCER_BIN } from '../apps/server/test/helpers/pgbouncer';
import { closedLoop, freshDatabase, buildServer, cpuSecondsOf, createAndPay, machineLine, ms, opt, optInt, printTable, startServer, stopServer, summarize, pgCpu, pgCpuSince } from './common';

const CLIENTS = optInt('clients', 16);
const SECONDS = optInt('seconds', 15);
const ROUNDS = optInt('rounds', 2);
const ADMIN_URL = opt('admin-url', 'postgres://postgres@127.0.0.1:5432/postgres');
const PORT = optInt('port', 18_160);
const TAG = Date.now().toString(36).toUpperCase();

interface Result {
  phase: string;
  round: number;
  ops: number;
  errors: number;
  seconds: number;
  pair: number[];
  cpu: { node: number; bouncer: number; pg: number };
  firstError?: string;
}

async function runPhase(phase: string, round: number, server: ChildProcess, bouncers: PgBouncer[], monitor: pg.Client, dbName: string): Promise<Result> {
  const r: Result = { phase, round, ops: 0, errors: 0, seconds: 0, pair: [], cpu: { node: 0, bouncer: 0, pg: 0 } };
  const key = { base: `http://127.0.0.1:${PORT}`, keyId: DEMO_KEY_ID, keySecret: DEMO_KEY_SECRET, merchantId: DEMO_OPEN_API_MERCHANT_ID };
  const id = (c: number, n: number) => `P${TAG}-${phase.replace(/\W+/g, '')}-${round}-${c}-${n}`;
  // Warm-up, untimed: connections, caches, statements.
  await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = 0; i < 2; i++) await createAndPay(key, id(c, -1 - i), c, -1 - i);
  }));
  const bouncerCpu = () => bouncers.reduce((a, b) => a + cpuSecondsOf(b.process!.pid!), 0);
  const node0 = cpuSecondsOf(server.pid!);
  const bouncer0 = bouncerCpu();
  const pg0 = await pgCpu(monitor, dbName);
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  const load = await closedLoop(CLIENTS, deadline, (c, n) => createAndPay(key, id(c, n), c, n));
  Object.assign(r, { ops: load.ops, errors: load.errors, pair: load.lat, firstError: load.firstError });
  r.seconds = (performance.now() - t0) / 1000;
  r.cpu = { node: cpuSecondsOf(server.pid!) - node0, bouncer: bouncerCpu() - bouncer0, pg: await pgCpuSince(monitor, dbName, pg0) };
  return r;
}

async function main(): Promise<void> {
  if (!fs.existsSync(PGBOUNCER_BIN)) throw new Error(`${PGBOUNCER_BIN} is missing (Debian: apt-get install pgbouncer)`);
  buildServer();
  const bench = await freshDatabase(ADMIN_URL, 'pooler');
  const { name: dbName, url: databaseUrl, monitor, secretKey, work } = bench;
  fs.chmodSync(work, 0o755);
  const session = new PgBouncer(path.join(work, 'session'), PORT + 1, databaseUrl, { pool_mode: 'session' });
  const transaction = new PgBouncer(path.join(work, 'transaction'), PORT + 2, databaseUrl, { pool_mode: 'transaction' });
  const results: Result[] = [];
  const base = { SECRET_KEY: secretKey, DATA_DIR: path.join(work, 'data') };
  const phases: { name: string; env: Record<string, string> }[] = [
    { name: 'direct, named', env: { DATABASE_URL: databaseUrl } },
    { name: 'direct, unnamed', env: { DATABASE_URL: databaseUrl, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: databaseUrl } },
    { name: 'session pooler', env: { DATABASE_URL: session.url, DATABASE_POOLER: 'session' } },
    { name: 'transaction pooler', env: { DATABASE_URL: transaction.url, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: databaseUrl } },
  ];
  try {
    await session.start();
    await transaction.start();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const p of phases) {
        const server = await startServer({ ...base, ...p.env }, PORT);
        try {
          const r = await runPhase(p.name, round, server, [session, transaction], monitor, dbName);
          results.push(r);
          console.log(`round ${round} ${p.name}: ${(r.ops / r.seconds).toFixed(1)} ops/s${r.errors ? `, ${r.errors} errors (${r.firstError})` : ''}`);
        } finally {
          await stopServer(server);
        }
      }
    }
  } finally {
    await session.stop();
    await transaction.stop();
    await bench.drop();
  }
  console.log(`\nopen API create + pay, ${CLIENTS} clients, ${SECONDS} s per phase, ${ROUNDS} round(s); ${machineLine()}`);
  const rows: string[][] = [['round', 'phase', 'ops/s', 'vs direct, named', 'p50 ms', 'p95 ms', 'node ms/op', 'pgbouncer ms/op', 'pg ms/op', 'errors']];
  for (const r of results) {
    const b = results.find((x) => x.round === r.round && x.phase === 'direct, named');
    const rate = r.ops / r.seconds;
    const s = summarize(r.pair);
    const per = (v: number) => ms((v * 1000) / Math.max(1, r.ops));
    rows.push([String(r.round), r.phase, rate.toFixed(1), b ? `${(rate / (b.ops / b.seconds)).toFixed(3)}x` : '-', ms(s.p50), ms(s.p95), per(r.cpu.node), per(r.cpu.bouncer), per(r.cpu.pg), String(r.errors)]);
  }
  printTable(rows);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
