/**
 * bench:bad-files: bad batch files never stall the server (issue 39 bars: four 100 000-row uploads at once each
 * refused in < 3 s, server RSS < 300 MB, `/api/health` < 200 ms meanwhile; memory back after each upload).
 *
 * Against a running server (docs/benchmarks.md "Setting up": CAPTCHA=off, JOBS=off), found by its port, signed in
 * as demo_operator (a payout operator of merchant 10001). In one run:
 *   1. the baseline: the server's RSS at rest (highest over --rest seconds) and `/api/health` called one after
 *      another for --rest seconds with no upload, the same way as in 3;
 *   2. --batches (3) ordinary 10 000-row batches checked and submitted one after another (the merchant topped up
 *      through the ledger first, so the database of the server is needed: DATA_DIR or DATABASE_URL), then the RSS
 *      after --settle seconds of rest, against the RSS at rest of step 1;
 *   3. four uploads at once (`POST /api/payouts/batches/check`) of a --rows (100 000) row XLSX, then of the same rows
 *      as CSV, while a thread of its own samples the server's RSS every 50 ms and calls `/api/health` in a loop:
 *      each upload's status, time and message, the server's CPU time, its peak RSS, health p50 / p95 / max; then the
 *      RSS after --settle seconds.
 *
 *   npm run bench:bad-files -w @mg/bench -- [--rows=100000] [--uploads=4] [--batches=3] [--rest=10] [--settle=30]
 */
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { PAYOUT_BATCH_MAX_ROWS, batchColumnsOf, type CurrencyCode } from '@mg/domain';
import { createDatabase } from '../apps/server/src/db/pool';
import { postTransfer, topUp } from '../apps/server/src/modules/ledger/service';
import { BENCH_MERCHANT_ID, RssSampler, baseUrl, cpuSecondsOf, databaseUrl, machineLine, mb, ms, optInt, pidListeningOn, printTable, procMemory, signIn, sleep, summarize, type Envelope } from './common';

const ROWS = optInt('rows', 100_000);
const UPLOADS = optInt('uploads', 4);
const BATCHES = optInt('batches', 3);
const REST_S = optInt('rest', 10);
const SETTLE_S = optInt('settle', 30);
const CURRENCY: CurrencyCode = 'IDR';
const RUN = Date.now().toString(36).toUpperCase();
const REFUSE_BAR_MS = 3_000;
const RSS_BAR = 300 * 1024 * 1024;
const HEALTH_BAR_MS = 200;

const base = baseUrl();
const found = optInt('server-pid', 0) || pidListeningOn(Number(new URL(base).port || 80));
if (!found) throw new Error(`no process listens on ${base}: pass --server-pid`);
const pid: number = found;
const rssOf = () => procMemory(pid)?.rss ?? NaN;

function rowsOf(n: number, run: string): { header: string[]; lines: string[][] } {
  // The columns' stable keys, which the server reads as well as their labels (no translation bundle loaded here).
  const header: string[] = batchColumnsOf(CURRENCY);
  const lines = Array.from({ length: n }, (_, i) => [`BAD-${run}-${i}`, 'BCA', `123456780${i % 10}`, `Payee ${i}`, '100000', `Invoice ${i}`]);
  return { header, lines };
}

/** A spreadsheet as Excel writes one: text cells in the shared-strings table. */
async function xlsxOf(n: number, run: string): Promise<Buffer> {
  const { header, lines } = rowsOf(n, run);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(CURRENCY);
  ws.addRow(header);
  for (const l of lines) ws.addRow(l);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function csvOf(n: number, run: string): Buffer {
  const { header, lines } = rowsOf(n, run);
  return Buffer.from([header, ...lines].map((l) => l.join(',')).join('\r\n'), 'utf8');
}

interface Watch {
  samples: number[];
  failed: number;
  /** The server's highest RSS meanwhile, bytes. */
  peak: number;
}

/**
 * From a thread of its own, until `stop()`: `/api/health` one call after another (each call's client time, and how
 * many did not answer 200: a server too busy to run its `select 1` within 2 s answers 503), and the server's RSS
 * every 50 ms. This thread sends 26 MB of uploads meanwhile: its own turns would be counted as the server's.
 * Resolves once the thread has had its first answer.
 */
async function watchServer(): Promise<{ stop: () => Promise<Watch> }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const fs = require('node:fs');
     let running = true;
     const samples = [];
     let failed = 0;
     let peak = 0;
     const rss = () => {
       const m = /^VmRSS:\\s+(\\d+) kB/m.exec(fs.readFileSync('/proc/' + workerData.pid + '/status', 'utf8'));
       if (m) peak = Math.max(peak, Number(m[1]) * 1024);
     };
     rss();
     const timer = setInterval(rss, 50);
     parentPort.on('message', () => (running = false));
     (async () => {
       // A first call, not counted: the thread's start and its first connection are not the server's time.
       await (await fetch(workerData.url)).arrayBuffer();
       parentPort.postMessage('ready');
       while (running) {
         const t0 = performance.now();
         const res = await fetch(workerData.url);
         await res.arrayBuffer();
         samples.push(performance.now() - t0);
         if (res.status !== 200) failed++;
         await new Promise((r) => setTimeout(r, 20));
       }
       clearInterval(timer);
       rss();
       parentPort.postMessage({ samples, failed, peak });
     })();`,
    { eval: true, workerData: { url: `${base}/api/health`, pid } },
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        worker.once('message', (m: Watch) => {
          void worker.terminate();
          resolve(m);
        });
        worker.once('error', reject);
        worker.postMessage('stop');
      }),
  };
}

const healthLine = (h: Watch) => {
  const s = summarize(h.samples);
  return `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.max)} ms${h.failed ? `, ${h.failed} not 200` : ''}`;
};

interface UploadResult {
  status: number;
  ms: number;
  message: string;
}

async function check(token: string, file: Buffer, name: string): Promise<UploadResult & { body: Envelope<CheckResult> }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/payouts/batches/check?currency=${CURRENCY}&fileName=${name}`, {
    method: 'POST',
    headers: { 'x-access-token': token, 'x-lang': 'en-US', 'content-type': 'application/octet-stream' },
    body: file,
  });
  const text = await res.text();
  const elapsed = performance.now() - t0;
  let body: Envelope<CheckResult>;
  try {
    body = JSON.parse(text) as Envelope<CheckResult>;
  } catch {
    body = { success: false, message: text.slice(0, 120), code: res.status, result: undefined as unknown as CheckResult };
  }
  return { status: res.status, ms: elapsed, message: body.message, body };
}

interface CheckResult {
  uploadedCount: number;
  uploadedTotal: string;
  rows: { row: number; values: Record<string, string>; issues: unknown[] }[];
}

/** Four (--uploads) of the same file at once, the server sampled meanwhile. */
async function atOnce(token: string, label: string, file: Buffer, name: string): Promise<string[][]> {
  const watch = await watchServer();
  const t0 = performance.now();
  const cpu0 = cpuSecondsOf(pid);
  const results = await Promise.all(Array.from({ length: UPLOADS }, () => check(token, file, name)));
  const allMs = performance.now() - t0;
  const cpuMs = (cpuSecondsOf(pid) - cpu0) * 1000;
  const healthRun = await watch.stop();
  const healthMs = summarize(healthRun.samples);
  const peak = healthRun.peak;
  const slowest = Math.max(...results.map((r) => r.ms));
  console.log(`\n${label}: ${UPLOADS} uploads at once of ${(file.length / 1024 / 1024).toFixed(1)} MB, all answered in ${allMs.toFixed(0)} ms, server CPU ${cpuMs.toFixed(0)} ms`);
  results.forEach((r, i) => console.log(`  upload ${i + 1}: ${r.status} in ${r.ms.toFixed(0)} ms: ${r.message}`));
  return [
    [`${label}: slowest refusal`, `${slowest.toFixed(0)} ms`, `< ${REFUSE_BAR_MS} ms`, slowest < REFUSE_BAR_MS && results.every((r) => r.status >= 400) ? 'yes' : 'NO'],
    [`${label}: server CPU time, the ${UPLOADS} together`, `${cpuMs.toFixed(0)} ms`, '', ''],
    [`${label}: server peak RSS`, mb(peak), `< ${mb(RSS_BAR)}`, peak < RSS_BAR ? 'yes' : 'NO'],
    [`${label}: health p50 / p95 / max (${healthMs.n} calls)`, healthLine(healthRun), `< ${HEALTH_BAR_MS} ms`, healthMs.max < HEALTH_BAR_MS && healthRun.failed === 0 ? 'yes' : 'NO'],
  ];
}

/** Ordinary batches of PAYOUT_BATCH_MAX_ROWS rows, checked and submitted one after another. */
async function ordinaryBatches(token: string): Promise<{ rows: string[][]; peak: number }> {
  const database = createDatabase(databaseUrl(), { max: 1, applicationName: 'bench-bad-files' });
  try {
    await postTransfer(database.db, topUp({ merchantId: BENCH_MERCHANT_ID, currency: CURRENCY, reference: `bench-bad-files-${RUN}`, idempotencyKey: `bench-bad-files-${RUN}`, amount: BigInt(BATCHES * PAYOUT_BATCH_MAX_ROWS) * 700_000n }));
  } finally {
    await database.pool.end();
  }
  const out: string[][] = [];
  const rss = new RssSampler(pid, 50);
  for (let b = 0; b < BATCHES; b++) {
    const file = await xlsxOf(PAYOUT_BATCH_MAX_ROWS, `${RUN}B${b}`);
    const checked = await check(token, file, `ordinary-${b}.xlsx`);
    if (checked.status !== 200) throw new Error(`check of batch ${b + 1}: ${checked.status} ${checked.message}`);
    const c = checked.body.result;
    const t0 = performance.now();
    const res = await fetch(`${base}/api/payouts/batches`, {
      method: 'POST',
      headers: { 'x-access-token': token, 'x-lang': 'en-US', 'content-type': 'application/json' },
      body: JSON.stringify({ currency: CURRENCY, fileName: `ordinary-${b}.xlsx`, uploadedCount: c.uploadedCount, uploadedTotal: c.uploadedTotal, rows: c.rows.map((r) => ({ row: r.row, values: r.values })) }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`submit of batch ${b + 1}: ${res.status}`);
    out.push([`batch ${b + 1}: check / submit`, `${checked.ms.toFixed(0)} / ${(performance.now() - t0).toFixed(0)} ms`, '', '']);
    out.push([`batch ${b + 1}: server RSS after it`, mb(rssOf()), '', '']);
  }
  return { rows: out, peak: rss.stop() };
}

async function main(): Promise<void> {
  console.log(`bench:bad-files  server pid ${pid}  ${machineLine()}`);
  const token = await signIn(base, 'demo_operator', undefined, CURRENCY);
  const [xlsx, csv] = [await xlsxOf(ROWS, RUN), csvOf(ROWS, RUN)];

  const restWatch = await watchServer();
  await sleep(REST_S * 1000);
  const baseline = await restWatch.stop();
  const rest = baseline.peak;

  const table: string[][] = [['figure', 'value', 'bar', 'met'], ['baseline: server RSS at rest (highest)', mb(rest), '', ''], [`baseline: health p50 / p95 / max (${baseline.samples.length} calls, no upload)`, healthLine(baseline), '', '']];
  if (BATCHES > 0) {
    const ordinary = await ordinaryBatches(token);
    table.push(...ordinary.rows, [`${BATCHES} ordinary batches: server peak RSS`, mb(ordinary.peak), `< ${mb(RSS_BAR)}`, ordinary.peak < RSS_BAR ? 'yes' : 'NO']);
    await sleep(SETTLE_S * 1000);
    table.push([`server RSS ${SETTLE_S} s after the last batch`, mb(rssOf()), `at rest ${mb(rest)}`, '']);
  }
  table.push(...(await atOnce(token, `${ROWS}-row XLSX`, xlsx, 'big.xlsx')));
  table.push(...(await atOnce(token, `${ROWS}-row CSV`, csv, 'big.csv')));
  await sleep(SETTLE_S * 1000);
  table.push([`server RSS ${SETTLE_S} s after the refusals`, mb(rssOf()), `at rest ${mb(rest)}`, '']);
  console.log('');
  printTable(table);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
