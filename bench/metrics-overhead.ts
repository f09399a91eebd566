/**
 * What the metrics cost the payment path (issue 41, docs/benchmarks.md "Metrics on the payment path"): the open API's
 * create + pay (as `bench:api`) against two servers on one database, in one run, rounds alternated A B A B ...:
 *   A (--before-url): the server without metrics (the commit before them, or METRICS_TOKEN unset);
 *   B (--after-url):  the server with METRICS_TOKEN set, scraped every --scrape-ms by this script as Prometheus would.
 * Prints each round's ops/s, p50 and p95, the servers' CPU per op, and the ratio B / A of the means.
 *
 *   npm run bench:metrics -w @mg/bench -- --before-url=http://127.0.0.1:18081 --after-url=http://127.0.0.1:18082 \
 *     --metrics-token=... [--clients=16] [--seconds=15] [--rounds=3] [--scrape-ms=1000]
 *
 * Both servers: the demo key seeded (any non-production start), JOBS=off, the rate limits high, the same DATABASE_URL.
 */
import http from 'node:http';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID } from '../apps/server/src/db/seed';
import { closedLoop, CpuMeter, int, machineLine, ms, opt, optInt, pidListeningOn, printTable, summarize, createAndPay, type OpenApiKey } from './common';

const BEFORE = opt('before-url', 'http://127.0.0.1:18081').replace(/\/+$/, '');
const AFTER = opt('after-url', 'http://127.0.0.1:18082').replace(/\/+$/, '');
const TOKEN = opt('metrics-token', '');
const CLIENTS = optInt('clients', 16);
const SECONDS = optInt('seconds', 15);
const ROUNDS = optInt('rounds', 3);
const SCRAPE_MS = optInt('scrape-ms', 1000);
const RUN_TAG = Math.floor(Date.now() / 1000).toString(36).toUpperCase();

/** One create + pay with a callback URL (each payment queues its callback, as in production). */
const op = (base: string, tag: string, c: number, n: number) => createAndPay(keyOf(base), tag, c, n, { notifyUrl: 'https://merchant.example.com/payments/callback' });

/** One key object per server (the generated client is kept per key object). */
const keys = new Map<string, OpenApiKey>();
function keyOf(base: string): OpenApiKey {
  let key = keys.get(base);
  if (!key) keys.set(base, (key = { base, keyId: DEMO_KEY_ID, keySecret: DEMO_KEY_SECRET, merchantId: DEMO_OPEN_API_MERCHANT_ID }));
  return key;
}

function scrapeOnce(base: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => (n += c.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`/metrics -> ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

interface Round {
  name: string;
  ops: number;
  errors: number;
  seconds: number;
  lat: number[];
  cpuMsPerOp: number;
  scrapes: number;
  firstError?: string;
}

async function round(name: string, base: string, scrape: boolean, n: number): Promise<Round> {
  const pid = pidListeningOn(Number(new URL(base).port || 80));
  const cpu = new CpuMeter(() => (pid ? [pid] : []));
  // Warm-up, untimed: connections, the statements' plans.
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => op(base, `M${RUN_TAG}-${name}${n}-${c}-w`, c, -1).catch(() => undefined)));
  const r: Round = { name, ops: 0, errors: 0, seconds: 0, lat: [], cpuMsPerOp: NaN, scrapes: 0 };
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  cpu.start();
  const scraper = (async () => {
    while (scrape && performance.now() < deadline) {
      await scrapeOnce(base);
      r.scrapes++;
      await new Promise((res) => setTimeout(res, SCRAPE_MS));
    }
  })();
  const load = await closedLoop(CLIENTS, deadline, (c, i) => op(base, `M${RUN_TAG}-${name}${n}-${c}-${i}`, c, i));
  Object.assign(r, { ops: load.ops, errors: load.errors, lat: load.lat, firstError: load.firstError });
  r.seconds = (performance.now() - t0) / 1000;
  const cpuSeconds = cpu.stop();
  r.cpuMsPerOp = r.ops > 0 && pid ? (1000 * cpuSeconds) / r.ops : NaN;
  await scraper;
  return r;
}

async function main(): Promise<void> {
  if (!TOKEN) throw new Error('--metrics-token is required (the METRICS_TOKEN of the --after-url server)');
  await scrapeOnce(AFTER);
  console.log(`metrics-overhead: ${CLIENTS} clients x ${SECONDS} s x ${ROUNDS} rounds each, A=${BEFORE} (no metrics), B=${AFTER} (metrics, scraped every ${SCRAPE_MS} ms)`);
  console.log(`machine: ${machineLine()}`);
  const rounds: Round[] = [];
  for (let n = 0; n < ROUNDS; n++) {
    // Alternated, and the order swapped every round, so a drift of the machine's load falls on both.
    const pair = n % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const);
    for (const which of pair) rounds.push(await round(which, which === 'A' ? BEFORE : AFTER, which === 'B', n));
  }
  const rows: string[][] = [['round', 'server', 'ops', 'errors', 'ops/s', 'p50 ms', 'p95 ms', 'server CPU ms/op', 'scrapes']];
  rounds.forEach((r, i) => {
    const s = summarize(r.lat);
    rows.push([String(Math.floor(i / 2) + 1), r.name, int(r.ops), int(r.errors), (r.ops / r.seconds).toFixed(1), ms(s.p50), ms(s.p95), ms(r.cpuMsPerOp), String(r.scrapes)]);
  });
  printTable(rows);
  const mean = (name: string, f: (r: Round) => number) => {
    const xs = rounds.filter((r) => r.name === name).map(f);
    return xs.reduce((a, b) => a + b, 0) / xs.length;
  };
  const a = mean('A', (r) => r.ops / r.seconds);
  const b = mean('B', (r) => r.ops / r.seconds);
  console.log(`\nmean ops/s: A ${a.toFixed(1)}, B ${b.toFixed(1)}; B / A = ${((b / a) * 100).toFixed(1)} %`);
  console.log(`mean server CPU ms/op: A ${mean('A', (r) => r.cpuMsPerOp).toFixed(2)}, B ${mean('B', (r) => r.cpuMsPerOp).toFixed(2)}`);
  console.log(`machine after the run: ${machineLine()}`);
  for (const r of rounds) if (r.firstError) console.log(`first error (${r.name}): ${r.firstError}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
