/**
 * bench:batch: a 10 000-row payout batch (issue 11 bars: parse + validate < 10 s, submit < 5 s, memory < 300 MB).
 *
 * Builds the file in memory (XLSX by default, --format=csv), then times what the dashboard's calls do: reading the
 * file (readBatchFile), checking every row (checkBatchRows: the domain rules plus the order ids already used), and
 * submitting it (submitBatch: 10 000 payouts inserted and the total held in one transfer). The bench merchant is
 * topped up first. Prints the times and the process's peak RSS. Needs the database of a server started once on
 * --data-dir (DATABASE_URL works too).
 *
 * With --server, the same file then goes through the running server's calls (`POST /api/payouts/batches/check`,
 * then `POST /api/payouts/batches` with the checked rows, signed in as demo_admin; order ids of their own) while the
 * server process's RSS is sampled: the memory bar is the server's, and this is where it is measured.
 *
 *   npm run bench:batch -w @mg/bench -- --rows=10000 --format=xlsx [--server --base-url=http://127.0.0.1:18080]
 */
import ExcelJS from 'exceljs';
import { batchColumnLabelKey, batchColumnsOf, translate, type CurrencyCode } from '@mg/domain';
import { createDatabase } from '../apps/server/src/db/pool';
import { postTransfer, topUp } from '../apps/server/src/modules/ledger/service';
import { checkBatchRows, submitBatch } from '../apps/server/src/modules/payouts/batch';
import { readBatchFile } from '../apps/server/src/modules/payouts/batch-file';
import { BENCH_MERCHANT_ID, RssSampler, baseUrl, databaseUrl, describeUrl, machineLine, opt, optInt, pidListeningOn, printTable, signIn, type Envelope } from './common';

const ROWS = optInt('rows', 10_000);
const FORMAT = opt('format', 'xlsx');
const CURRENCY: CurrencyCode = 'IDR';
const RUN = Date.now().toString(36).toUpperCase();
const MB = 1024 * 1024;

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

async function fileOf(rows: number, run = RUN): Promise<Buffer> {
  const columns = batchColumnsOf(CURRENCY);
  const header = columns.map((c) => translate('en-US', batchColumnLabelKey(c)));
  const line = (i: number) => [`BENCH-${run}-${i}`, 'BCA', `123456780${i % 10}`, `Payee ${i}`, '100000', `Invoice ${i}`];
  if (FORMAT === 'csv') return Buffer.from([header.join(','), ...Array.from({ length: rows }, (_, i) => line(i).join(','))].join('\r\n'));
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(CURRENCY);
  ws.addRow(header);
  for (let i = 0; i < rows; i++) ws.addRow(line(i));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await fn();
  return [out, performance.now() - t0];
}

const url = databaseUrl();
const database = createDatabase(url, { max: 4, applicationName: 'bench-batch' });
try {
  const file = await fileOf(ROWS);
  await postTransfer(database.db, topUp({ merchantId: BENCH_MERCHANT_ID, currency: CURRENCY, reference: `bench-batch-${RUN}`, idempotencyKey: `bench-batch-${RUN}`, amount: BigInt(ROWS) * 300_000n }));
  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  const [rows, readMs] = await timed(() => readBatchFile(file, CURRENCY));
  const [checked, checkMs] = await timed(() => checkBatchRows(database.db, BENCH_MERCHANT_ID, CURRENCY, rows));
  const bad = checked.filter((c) => c.issues.length > 0).length;
  const [batch, submitMs] = await timed(() =>
    submitBatch(database.db, { merchantId: BENCH_MERCHANT_ID, mode: 'sandbox', currency: CURRENCY, fileName: `bench.${FORMAT}`, uploadedCount: rows.length, uploadedTotal: BigInt(rows.length) * 100_000n, rows, createdBy: 'bench' }),
  );
  clearInterval(sampler);
  console.log(`payout batch, ${ROWS} rows, ${FORMAT} ${(file.length / MB).toFixed(1)} MB; ${machineLine()}; database ${describeUrl(url)}`);
  printTable([
    ['step', 'time', 'bar'],
    ['read file', `${readMs.toFixed(0)} ms`, ''],
    ['check rows', `${checkMs.toFixed(0)} ms`, ''],
    ['read + check', `${(readMs + checkMs).toFixed(0)} ms`, '< 10 000 ms'],
    ['submit (payouts + hold)', `${submitMs.toFixed(0)} ms`, '< 5 000 ms'],
    ['peak RSS', `${(peakRss / MB).toFixed(0)} MB`, '< 300 MB'],
    ['RSS before reading', `${(rssBefore / MB).toFixed(0)} MB`, ''],
  ]);
  console.log(`rows with problems: ${bad}; batch ${batch.id}: ${batch.rowCount} payouts, total ${batch.totalAmount} + fees ${batch.totalFee} (minor units)`);
  if (process.argv.includes('--server')) await throughServer();
} finally {
  clearInterval(sampler);
  await database.pool.end();
}

/** The same batch through the server's own calls, its RSS sampled every 20 ms. */
async function throughServer(): Promise<void> {
  const base = baseUrl();
  const pid = pidListeningOn(Number(new URL(base).port));
  if (!pid) throw new Error(`no process listens on ${base}`);
  const file = await fileOf(ROWS, `${RUN}S`);
  const token = await signIn(base, 'demo_admin');
  const headers = { 'x-access-token': token, 'x-lang': 'en-US' };
  const rss = new RssSampler(pid, 20);
  const t0 = performance.now();
  const checkRes = await fetch(`${base}/api/payouts/batches/check?currency=${CURRENCY}&fileName=bench.${FORMAT}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream' }, body: file });
  const checked = ((await checkRes.json()) as Envelope<{ uploadedCount: number; uploadedTotal: string; rows: { row: number; values: Record<string, string> }[] }>).result;
  const checkMs = performance.now() - t0;
  const t1 = performance.now();
  const submitRes = await fetch(`${base}/api/payouts/batches`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ currency: CURRENCY, fileName: `bench.${FORMAT}`, uploadedCount: checked.uploadedCount, uploadedTotal: checked.uploadedTotal, rows: checked.rows.map((r) => ({ row: r.row, values: r.values })) }),
  });
  const submitMs = performance.now() - t1;
  const peak = rss.stop();
  console.log(`through the server (pid ${pid}): check ${checkRes.status}, submit ${submitRes.status}`);
  printTable([
    ['call', 'time', 'bar'],
    ['POST /payouts/batches/check (read + check)', `${checkMs.toFixed(0)} ms`, '< 10 000 ms'],
    ['POST /payouts/batches (submit)', `${submitMs.toFixed(0)} ms`, '< 5 000 ms'],
    ['server RSS before', `${(rss.first / MB).toFixed(0)} MB`, ''],
    ['server peak RSS', `${(peak / MB).toFixed(0)} MB`, '< 300 MB'],
  ]);
}
