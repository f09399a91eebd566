/**
 * bench:batch: a 10 000-row payout batch (issue 11 bars: parse + validate < 10 s, submit < 5 s, memory < 300 MB).
 *
 * Builds the file in memory (XLSX by default, --format=csv), then times what the dashboard's calls do: reading the
 * file (readBatchFile), checking every row (checkBatchRows: the domain rules plus the order ids already used), and
 * submitting it (submitBatch: 10 000 payouts inserted and the total held in one transfer). The bench merchant is
 * topped up first. Prints the times and the process's peak RSS. Then the batch is approved and paid out by the payout
 * jobs' own functions run back to back, and a second batch of the same size rejected (times, payouts per second).
 * Needs the database of a server started once on --data-dir (DATABASE_URL works too), with JOBS=off if it runs.
 *
 * With --server, the same file then goes through the running server's calls (`POST /api/payouts/batches/check`,
 * then `POST /api/payouts/batches` with the checked rows, signed in as demo_admin; order ids of their own) while the
 * server process's RSS is sampled: the memory bar is the server's, and this is where it is measured.
 *
 *   npm run bench:batch -w @mg/bench -- --rows=10000 --format=xlsx [--server --base-url=http://127.0.0.1:18080]
 */
import ExcelJS from 'exceljs';
import { PAYOUT_JOB_BATCH, PAYOUT_SANDBOX_DELAY_MS, batchColumnLabelKey, batchColumnsOf, translate, type CurrencyCode } from '@mg/domain';
import { createDatabase } from '../apps/server/src/db/pool';
import { postTransfer, topUp } from '../apps/server/src/modules/ledger/service';
import { advanceBatches, approveBatch, checkBatchRows, rejectBatch, submitBatch } from '../apps/server/src/modules/payouts/batch';
import { completeDue, sendApproved } from '../apps/server/src/modules/payouts/service';
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
  await postTransfer(database.db, topUp({ merchantId: BENCH_MERCHANT_ID, currency: CURRENCY, reference: `bench-batch-${RUN}`, idempotencyKey: `bench-batch-${RUN}`, amount: BigInt(ROWS) * 700_000n }));
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
  await afterSubmit(batch);
  if (process.argv.includes('--server')) await throughServer();
} finally {
  clearInterval(sampler);
  await database.pool.end();
}

/**
 * What follows a submit, timed: the batch approved and paid out by the jobs' own functions run back to back (the
 * sandbox channel's answer delay skipped by passing a later "now"), and a second batch of the same file rejected.
 */
async function afterSubmit(batch: { id: string; rowCount: number }): Promise<void> {
  const db = database.db;
  const [, approveMs] = await timed(() => approveBatch(db, { merchantId: BENCH_MERCHANT_ID, id: batch.id, approver: 'bench-checker' }));
  const sendAll = async () => {
    while ((await sendApproved(db, PAYOUT_JOB_BATCH)) > 0);
  };
  const [, sendMs] = await timed(sendAll);
  const later = () => new Date(Date.now() + PAYOUT_SANDBOX_DELAY_MS);
  const [, completeMs] = await timed(async () => {
    while ((await completeDue(db, PAYOUT_JOB_BATCH, later())) > 0);
    await advanceBatches(db, later());
  });
  const second = await submitBatch(db, {
    merchantId: BENCH_MERCHANT_ID,
    mode: 'sandbox',
    currency: CURRENCY,
    fileName: `bench-reject.${FORMAT}`,
    uploadedCount: batch.rowCount,
    uploadedTotal: 0n,
    rows: (await readBatchFile(await fileOf(ROWS, `${RUN}R`), CURRENCY)),
    createdBy: 'bench',
  });
  const [, rejectMs] = await timed(() => rejectBatch(db, { merchantId: BENCH_MERCHANT_ID, id: second.id, approver: 'bench-checker', reason: 'bench' }));
  printTable([
    ['after the submit', 'time', `payouts per second (${PAYOUT_JOB_BATCH} per job run)`],
    ['approve the batch', `${approveMs.toFixed(0)} ms`, ''],
    ['send every payout (sendApproved)', `${sendMs.toFixed(0)} ms`, (batch.rowCount / (sendMs / 1000)).toFixed(0)],
    ['settle every payout (completeDue)', `${completeMs.toFixed(0)} ms`, (batch.rowCount / (completeMs / 1000)).toFixed(0)],
    ['reject a second batch (rejectBatch)', `${rejectMs.toFixed(0)} ms`, (second.rowCount / (rejectMs / 1000)).toFixed(0)],
  ]);
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
  const checkPeak = rss.peak;
  rss.peak = 0;
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
    ['server peak RSS during the check', `${(checkPeak / MB).toFixed(0)} MB`, ''],
    ['server peak RSS during the submit', `${(peak / MB).toFixed(0)} MB`, ''],
    ['server peak RSS', `${(Math.max(checkPeak, peak) / MB).toFixed(0)} MB`, '< 300 MB'],
  ]);
}
