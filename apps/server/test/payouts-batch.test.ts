/**
 * Batch payouts through the dashboard API on real PostgreSQL: the template (read back as an upload), the check of
 * a file with bad rows (per cell, nothing written), headers in another language, files that are not batches (not a
 * spreadsheet, a zip bomb, too big, formulas), the submit held whole or refused whole, the batch review by someone
 * else, the sandbox paying it out, the batch moving to processed, and the result file agreeing with the payouts and
 * listing the rows left out.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { advanceBatches } from '../src/modules/payouts/batch';
import { completeDue, sendApproved } from '../src/modules/payouts/service';
import { buildAdminTestApp, login } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance, count } from './helpers/money-fixtures';
import { checkPayoutInvariants } from './helpers/payout-invariants';
import { workbookOf, workbookParts, zipOf } from './helpers/xlsx';

let tdb: TestDatabase;
let app: FastifyInstance;
let adminToken: string;
let operatorToken: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await postTransfer(tdb.db, topUp({ merchantId: 10001, currency: 'IDR', reference: 'batch-fund', idempotencyKey: 'batch-fund', amount: 20_000_000n }));
  app = await buildAdminTestApp(tdb);
  [adminToken, operatorToken] = await Promise.all([login(app, 'demo_admin'), login(app, 'demo_operator')]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const headers = (token: string, extra: Record<string, string> = {}) => ({ 'x-access-token': token, 'x-lang': 'en-US', ...extra });
const upload = (token: string, file: Buffer, currency = 'IDR') =>
  app.inject({ method: 'POST', url: `/api/payouts/batches/check?currency=${currency}&fileName=batch.csv`, headers: headers(token, { 'content-type': 'application/octet-stream' }), payload: file });
const post = (token: string, url: string, payload: object) => app.inject({ method: 'POST', url: `/api${url}`, headers: headers(token), payload });
const result = (res: LightMyRequestResponse) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).result;
};

const HEADER = 'Merchant order ID,Bank code,Account number,Account name,Amount,Description';
let seq = 0;
function csv(rows: string[][], header = HEADER): Buffer {
  return Buffer.from([header, ...rows.map((r) => r.join(','))].join('\r\n'), 'utf8');
}
const goodRow = (n: number): string[] => [`B-${process.pid}-${++seq}`, 'BCA', `123456780${n % 10}`, `Payee ${n}`, '100000', `Invoice ${n}`];

describe('the template and the check of a file', () => {
  it('serves a template whose example row passes the check, with the currency\'s own columns', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/payouts/batches/template?currency=IDR&format=xlsx', headers: headers(operatorToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('payouts-IDR.xlsx');
    const checked = result(await upload(operatorToken, res.rawPayload));
    expect(checked.columns).toEqual(['merchantOrderId', 'bankCode', 'accountNumber', 'accountName', 'amount', 'description']);
    expect(checked.rows).toEqual([expect.objectContaining({ row: 1, issues: [] })]);
    const brl = await app.inject({ method: 'GET', url: '/api/payouts/batches/template?currency=BRL&format=csv', headers: headers(operatorToken) });
    expect(brl.body.split('\r\n')[0]).toBe('\uFEFFMerchant order ID,Bank code,Account number,Account name,Account type,Document ID,Bank branch,PIX key type,Amount,Description');
  });

  it('reports every bad cell of a 50-row file, nothing written; headers in Portuguese are read too', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => goodRow(i));
    rows[4]![2] = '123'; // BCA takes 10 digits
    rows[9]![0] = rows[8]![0]!; // the order id of row 9 again
    rows[19]![4] = '100000.5'; // IDR has no decimals
    const before = await count(tdb.pool, 'select 1 from payout');
    const checked = result(await upload(operatorToken, csv(rows)));
    expect(checked.uploadedCount).toBe(50);
    const bad = checked.rows.filter((r: { issues: unknown[] }) => r.issues.length > 0);
    expect(bad.map((r: { row: number; issues: { column: string; key: string }[] }) => [r.row, r.issues.map((i) => `${i.column}:${i.key}`)])).toEqual([
      [5, ['accountNumber:payouts.validation.exactLength']],
      [10, ['merchantOrderId:payouts.batch.duplicateInFile']],
      [20, ['amount:validation.amount.mustBeInteger']],
    ]);
    expect(await count(tdb.pool, 'select 1 from payout')).toBe(before);
    const pt = result(await upload(operatorToken, csv([goodRow(1)], 'ID do pedido;Código do banco;Número da conta;Nome do titular;Valor;Descrição').subarray(0).toString().replace(/,/g, ';') as unknown as Buffer));
    expect(pt.rows[0].issues).toEqual([]);
  });

  it('refuses what is not a batch: not a spreadsheet, a zip bomb, a file over 10 MB, formulas', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const notSheet = await upload(operatorToken, png);
    expect(notSheet.statusCode).toBe(400);
    expect(JSON.parse(notSheet.body).message).toBe('The file is not an XLSX or CSV file: please use the template');

    // 30 MB of spaces pack into a few kB: the ratio of a zip bomb.
    const bomb = await upload(operatorToken, zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(30 * 1024 * 1024, 0x20) }]));
    expect(bomb.statusCode).toBe(400);
    expect(JSON.parse(bomb.body).message).toContain('unpacks');

    const big = await upload(operatorToken, Buffer.alloc(11 * 1024 * 1024, 0x61));
    expect([400, 413]).toContain(big.statusCode);

    const fwb = new ExcelJS.Workbook();
    const fws = fwb.addWorksheet('IDR');
    fws.addRow(HEADER.split(','));
    fws.addRow([`F-${process.pid}`, 'BCA', '1234567890', 'Budi', { formula: '1+1', result: 2 }]);
    const f = result(await upload(operatorToken, Buffer.from(await fwb.xlsx.writeBuffer())));
    expect(f.rows[0].issues).toEqual(expect.arrayContaining([{ column: 'amount', key: 'payouts.batch.formula' }]));
    const csvFormula = result(await upload(operatorToken, csv([[`G-${process.pid}`, 'BCA', '1234567890', '=HYPERLINK("http://x")', '100000']])));
    expect(csvFormula.rows[0].issues).toEqual(expect.arrayContaining([{ column: 'accountName', key: 'payouts.batch.formula' }]));
  });
});

describe('files that would stall the server (issue 39)', () => {
  const MB = 1024 * 1024;
  const ROW_LIMIT = 'The file has more than 10000 rows; a batch holds at most 10000: split it into several files';
  const UNPACKS = 'The file unpacks to far more than a batch can hold and was refused';
  const timedUpload = async (file: Buffer) => {
    const t0 = performance.now();
    const res = await upload(operatorToken, file);
    return { status: res.statusCode, body: JSON.parse(res.body) as { message: string; errorCode?: string }, ms: performance.now() - t0 };
  };
  const manyRows = (n: number) => Array.from({ length: n }, (_, i) => [`S-${process.pid}-${i}`, 'BCA', `123456780${i % 10}`, `Payee ${i}`, '100000', `Invoice ${i}`]);

  it('refuses a 100 000-row XLSX or CSV at the row after the limit, naming it, within seconds', async () => {
    const rows = manyRows(100_000);
    // Text cells in a shared-strings table, as Excel writes them.
    for (const file of [workbookOf([HEADER.split(','), ...rows]), csv(rows)]) {
      const r = await timedUpload(file);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(ROW_LIMIT);
      expect(r.ms).toBeLessThan(3_000);
    }
    // 10 MB of one-character rows (3.4 million): split whole, they took 11 s and 1 GB.
    const dense = Buffer.from(`${HEADER}\r\n${'1\r\n'.repeat(Math.floor((10 * MB - HEADER.length - 2) / 3))}`);
    const r = await timedUpload(dense);
    expect(r.body.message).toBe(ROW_LIMIT);
    expect(r.ms).toBeLessThan(2_000);
  });

  it('refuses an upload over 10 MB as it arrives, naming the limit, with its length declared or not', async () => {
    const declared = await timedUpload(Buffer.alloc(10 * MB + 1, 0x61));
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ errorCode: 'FILE_TOO_LARGE', message: 'The file must be at most 10 MB' });
    // No Content-Length: counted chunk by chunk, refused at the first one over the limit.
    const chunks = function* () {
      for (let i = 0; i < 12; i++) yield Buffer.alloc(MB, 0x61);
    };
    const streamed = await app.inject({ method: 'POST', url: '/api/payouts/batches/check?currency=IDR', headers: headers(operatorToken, { 'content-type': 'application/octet-stream' }), payload: Readable.from(chunks()) });
    expect(streamed.statusCode).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ errorCode: 'FILE_TOO_LARGE', message: 'The file must be at most 10 MB' });
  });

  it('refuses a zip bomb and a huge shared-strings table from the sizes they declare, before unpacking them', async () => {
    const p = workbookParts([HEADER.split(','), goodRow(1)]);
    // Bytes no inflater takes: had the server tried to unpack them, it would have answered "not an XLSX".
    const garbage = Buffer.alloc(64 * 1024, 0xff);
    const sheetBomb = zipOf([...p.others, { name: 'xl/worksheets/sheet1.xml', data: p.sheet, declaredSize: 300 * MB, packed: garbage }, { name: 'xl/sharedStrings.xml', data: p.sharedStrings }]);
    // 40 MB of strings declared; a stored 1 MB picture keeps the whole file under 200 MB and 100 times its size.
    const picture = { name: 'xl/media/image1.png', data: randomBytes(MB), store: true };
    const stringsBomb = zipOf([...p.others, { name: 'xl/worksheets/sheet1.xml', data: p.sheet }, { name: 'xl/sharedStrings.xml', data: p.sharedStrings, declaredSize: 40 * MB, packed: garbage }, picture]);
    for (const file of [sheetBomb, stringsBomb]) {
      const r = await timedUpload(file);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(UNPACKS);
    }
    // A sheet that says 4 kB and unpacks to 5 MB: refused once it passes what it declared.
    const padded = p.sheet.replace('</sheetData>', `${'<row><c r="A9"/></row>'.repeat(250_000)}</sheetData>`);
    const liar = zipOf([...p.others, { name: 'xl/worksheets/sheet1.xml', data: padded, declaredSize: 4096 }, { name: 'xl/sharedStrings.xml', data: p.sharedStrings }]);
    expect((await timedUpload(liar)).body.message).toBe(UNPACKS);
    // The same workbook without the lies is a batch of one row.
    expect(result(await upload(operatorToken, workbookOf([HEADER.split(','), goodRow(2)]))).rows).toEqual([expect.objectContaining({ row: 1, issues: [] })]);
  });
});

describe('submitting and reviewing a batch', () => {
  let batchId = '';
  let rows: { row: number; values: Record<string, string> }[] = [];

  it('refuses a batch with a bad row whole, naming the row and the column', async () => {
    const bad = [{ row: 1, values: { merchantOrderId: `X-${process.pid}`, bankCode: 'OVO', accountNumber: '0712345678', accountName: 'Budi', amount: '100000' } }];
    const res = await post(operatorToken, '/payouts/batches', { currency: 'IDR', fileName: 'bad.csv', uploadedCount: 1, uploadedTotal: '100000', rows: bad });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).errors).toEqual([expect.objectContaining({ field: 'rows.1.accountNumber' })]);
    expect(await count(tdb.pool, 'select 1 from payout_batch')).toBe(0);
  });

  it('submits 47 of 50 rows: one hold for the total, uploaded and submitted counts side by side', async () => {
    const before = await balance(tdb.pool, 10001, 'IDR', 'available');
    const checked = result(await upload(operatorToken, csv(Array.from({ length: 50 }, (_, i) => goodRow(i)))));
    rows = checked.rows.slice(0, 47).map((r: { row: number; values: Record<string, string> }) => ({ row: r.row, values: r.values }));
    // A right-to-left override shows "batch<U+202E>slx.exe" as "batchexe.xls": it is dropped from the stored name.
    // The three rows left out are sent as excluded: the result file lists every row of the upload (issue 40).
    const excluded = checked.rows.slice(47).map((r: { row: number; values: Record<string, string> }) => ({ row: r.row, values: r.values }));
    const b = result(await post(operatorToken, '/payouts/batches', { currency: 'IDR', fileName: 'batch\u202Eslx.exe', uploadedCount: 50, uploadedTotal: checked.uploadedTotal, rows, excluded }));
    batchId = b.id;
    expect(b).toMatchObject({ status: 'pending_review', fileName: 'batchslx.exe', uploadedCount: 50, uploadedTotal: '5000000', rowCount: 47, totalAmount: '4700000', totalFee: String(47 * 3000), createdBy: 'demo_operator' });
    expect(before - (await balance(tdb.pool, 10001, 'IDR', 'available'))).toBe(4_700_000n + 47n * 3_000n);
    const { rows: t } = await tdb.pool.query(`select count(*)::int as n from ledger_transfer where reference = $1`, [b.id]);
    expect(t[0].n).toBe(1);
    // the same order ids again: every row is refused
    const again = await post(operatorToken, '/payouts/batches', { currency: 'IDR', fileName: 'again.csv', uploadedCount: 47, uploadedTotal: '4700000', rows });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a batch the balance cannot cover, whole', async () => {
    const big = Array.from({ length: 3 }, (_, i) => ({ row: i + 1, values: { merchantOrderId: `BIG-${process.pid}-${i}`, bankCode: 'BCA', accountNumber: '1234567890', accountName: 'Budi', amount: '400000000' } }));
    const res = await post(operatorToken, '/payouts/batches', { currency: 'IDR', fileName: 'big.csv', uploadedCount: 3, uploadedTotal: '1200000000', rows: big });
    expect(res.statusCode).toBe(422);
    expect(await count(tdb.pool, `select 1 from payout where merchant_order_id like 'BIG-%'`)).toBe(0);
  });

  it('the maker cannot approve it; the admin does; the sandbox pays it out; the result file agrees', async () => {
    expect((await post(operatorToken, `/payouts/batches/${batchId}/review`, { action: 'approve' })).statusCode).toBe(403);
    const approved = result(await post(adminToken, `/payouts/batches/${batchId}/review`, { action: 'approve' }));
    expect(approved).toMatchObject({ status: 'reviewed', reviewedBy: 'demo_admin' });
    const now = new Date();
    await sendApproved(tdb.db, 500, now);
    await advanceBatches(tdb.db, now);
    await advanceBatches(tdb.db, now);
    // sent, not answered yet: processing, not processed
    expect(result(await app.inject({ method: 'GET', url: '/api/payouts/batches', headers: headers(adminToken) }))[0]).toMatchObject({ id: batchId, status: 'processing' });
    await completeDue(tdb.db, 500, new Date(now.getTime() + 60_000));
    await advanceBatches(tdb.db, now);
    const list = result(await app.inject({ method: 'GET', url: '/api/payouts/batches', headers: headers(adminToken) }));
    expect(list[0]).toMatchObject({ id: batchId, status: 'processed', rowCount: 47 });

    const file = await app.inject({ method: 'GET', url: `/api/payouts/batches/${batchId}/result`, headers: headers(adminToken) });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    // Every row of the upload: the 47 paid, then the 3 left out in the preview.
    expect(sheet.rowCount).toBe(51);
    const fates = new Map<string, number>();
    sheet.eachRow((r, n) => {
      if (n > 1) fates.set(`${r.getCell(2).value} ${r.getCell(4).value ?? ''}`.trim(), (fates.get(`${r.getCell(2).value} ${r.getCell(4).value ?? ''}`.trim()) ?? 0) + 1);
    });
    expect(Object.fromEntries(fates)).toEqual({ 'Submitted Succeeded': 47, Excluded: 3 });
    await checkPayoutInvariants(tdb.pool, tdb.db, [10001]);
  });

  it('a rejected batch gives its whole hold back', async () => {
    const before = await balance(tdb.pool, 10001, 'IDR', 'available');
    const checked = result(await upload(operatorToken, csv(Array.from({ length: 5 }, (_, i) => goodRow(i)))));
    const b = result(await post(operatorToken, '/payouts/batches', { currency: 'IDR', fileName: 'r.csv', uploadedCount: 5, uploadedTotal: checked.uploadedTotal, rows: checked.rows.map((r: { row: number; values: object }) => ({ row: r.row, values: r.values })) }));
    expect((await post(adminToken, `/payouts/batches/${b.id}/review`, { action: 'reject' })).statusCode).toBe(400);
    // A rejection cut short after the batch row changed (a crash): the same call again finishes it.
    await tdb.pool.query(`update payout_batch set status = 'rejected' where id = $1`, [b.id]);
    expect(result(await post(adminToken, `/payouts/batches/${b.id}/review`, { action: 'reject', reason: 'wrong file' })).status).toBe('rejected');
    expect(await count(tdb.pool, `select 1 from payout where batch_id = '${b.id}' and status = 'rejected'`)).toBe(5);
    expect(await balance(tdb.pool, 10001, 'IDR', 'available')).toBe(before);
    await checkPayoutInvariants(tdb.pool, tdb.db, [10001]);
  });

  it('a rejection waits for a payout another transaction holds instead of leaving it pending in a rejected batch', async () => {
    const before = await balance(tdb.pool, 10001, 'IDR', 'available');
    const checked = result(await upload(operatorToken, csv(Array.from({ length: 3 }, (_, i) => goodRow(i)))));
    const b = result(await post(operatorToken, '/payouts/batches', { currency: 'IDR', fileName: 'w.csv', uploadedCount: 3, uploadedTotal: checked.uploadedTotal, rows: checked.rows.map((r: { row: number; values: object }) => ({ row: r.row, values: r.values })) }));
    // Another transaction holds the second payout (as a refused approval would), then lets go without changing it.
    const holder = await tdb.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from payout where batch_id = $1 and batch_row = 2 for update`, [b.id]);
      const rejecting = post(adminToken, `/payouts/batches/${b.id}/review`, { action: 'reject', reason: 'held row' });
      // The rejection waits for the held row (its first transaction is blocked on it) before it can end.
      await expect.poll(() => count(tdb.pool, `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%"payout"%for update%'`)).toBe(1);
      await holder.query('rollback');
      expect(result(await rejecting).status).toBe('rejected');
    } finally {
      holder.release();
    }
    expect(await count(tdb.pool, `select 1 from payout where batch_id = '${b.id}' and status = 'rejected'`)).toBe(3);
    expect(await balance(tdb.pool, 10001, 'IDR', 'available')).toBe(before);
    await checkPayoutInvariants(tdb.pool, tdb.db, [10001]);
  });
});
