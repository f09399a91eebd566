/**
 * bench:transport: what one statement costs over the embedded cluster's Unix socket and over loopback TCP
 * (docs/benchmarks.md, docs/decisions.md). --clients concurrent loops each send --queries / --clients one-row
 * statements; per transport, rounds alternated: wall time and CPU per statement of this process (the server's side)
 * and of PostgreSQL. Needs a server started once on --data-dir (its cluster and socket).
 *
 *   npm run bench:transport -w @mg/bench -- --queries=20000 --clients=8 --rounds=3
 */
import path from 'node:path';
import pg from 'pg';
import { CpuMeter, databaseUrl, machineLine, opt, optInt, postgresPids, printTable, tcpUrlOf, DEFAULT_DATA_DIR } from './common';

const QUERIES = optInt('queries', 20_000);
const CLIENTS = optInt('clients', 8);
const ROUNDS = optInt('rounds', 3);
const pgDir = path.join(path.resolve(opt('data-dir', DEFAULT_DATA_DIR)), 'pg');

const socketUrl = databaseUrl();
if (!new URL(socketUrl).searchParams.get('host')) throw new Error('the cluster has no Unix socket (DATABASE_URL set, or its path is too long)');
const transports = [
  { name: 'loopback TCP', url: tcpUrlOf(socketUrl) },
  { name: 'Unix socket', url: socketUrl },
];

async function measure(url: string): Promise<{ wallUs: number; nodeUs: number; pgUs: number }> {
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS });
  await Promise.all(Array.from({ length: CLIENTS }, () => pool.query('select 1')));
  const pgCpu = new CpuMeter(() => postgresPids(pgDir));
  pgCpu.start();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; i < QUERIES; i += CLIENTS) await pool.query('select $1::int as n', [i]);
    }),
  );
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const pgSeconds = pgCpu.stop();
  await pool.end();
  return { wallUs: (wall * 1000) / QUERIES, nodeUs: (cpu.user + cpu.system) / QUERIES, pgUs: (pgSeconds * 1e6) / QUERIES };
}

console.log(`db-transport: ${QUERIES} statements from ${CLIENTS} clients per round, ${ROUNDS} rounds; machine: ${machineLine()}`);
const rows: string[][] = [['round', 'transport', 'wall us/statement', 'this process CPU us/statement', 'PostgreSQL CPU us/statement']];
for (let r = 1; r <= ROUNDS; r++) {
  for (const t of transports) {
    const m = await measure(t.url);
    rows.push([String(r), t.name, m.wallUs.toFixed(1), m.nodeUs.toFixed(1), m.pgUs.toFixed(1)]);
  }
}
printTable(rows);
