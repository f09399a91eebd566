/**
 * Issue 40, batch payouts as a person fills them in good faith, on real PostgreSQL: the XLSX template carries a
 * sheet of the banks with their codes and rules and a drop-down on its bank column (read back with exceljs), and
 * each currency's example row passes its own check (BRL's did not); a BRL file may write amounts the Brazilian way;
 * a value outside the template's columns is a row problem, not dropped; `=1+1` is a formula in an XLSX text cell as
 * in a CSV; the confirmations' figures come from the server (fee, total debit, balance, payees); the result file
 * lists every row of the upload with its fate; the review queue shows a batch as one decision, its length the
 * count, and a batch's payouts are never reviewed one by one.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_CODES, isBatchCurrency } from '@mg/domain';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance } from './helpers/money-fixtures';
import { workbookOf } from './helpers/xlsx';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;
let operator: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await postTransfer(tdb.db, topUp({ merchantId: 10001, currency: 'IDR', reference: 'guidance-fund', idempotencyKey: 'guidance-fund', amount: 20_000_000n }));
  app = await buildAdminTestApp(tdb);
  [admin, operator] = await Promise.all([signIn(app, 'demo_admin'), signIn(app, 'demo_operator')]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const ok = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).result;
};
const upload = (file: Buffer, currency = 'IDR') =>
  app.inject({ method: 'POST', url: `/api/payouts/batches/check?currency=${currency}&fileName=batch.xlsx`, headers: { 'x-access-token': operator.token, 'x-lang': 'en-US', 'content-type': 'application/octet-stream' }, payload: file });
const template = (currency: string, format: 'xlsx' | 'csv') =>
  app.inject({ method: 'GET', url: `/api/payouts/batches/template?currency=${currency}&format=${format}`, headers: { 'x-access-token': operator.token, 'x-lang': 'en-US' } });
async function workbook(body: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.read(Readable.from(body));
  return wb;
}

const HEADER = ['Merchant order ID', 'Bank code', 'Account number', 'Account name', 'Amount', 'Description'];
const BRL_HEADER = ['Merchant order ID', 'Bank code', 'Account number', 'Account name', 'Account type', 'Document ID', 'Bank branch', 'PIX key type', 'Amount', 'Description'];
let seq = 0;
const orderId = () => `G-${process.pid}-${++seq}`;
const idrRow = (amount = '100000', account = '1234567890'): string[] => [orderId(), 'BCA', account, 'Budi Santoso', amount, 'Invoice'];
const csv = (rows: string[][], header = HEADER) => Buffer.from([header, ...rows].map((r) => r.join(',')).join('\r\n'), 'utf8');
type Issue = { column: string; key: string; params?: Record<string, unknown> };
const issuesOf = (checked: { rows: { issues: Issue[] }[] }) => checked.rows.map((r) => r.issues.map((i) => `${i.column}:${i.key}`));

describe('the template says what each bank takes', () => {
  it('has a sheet of the banks with their codes and account rules, and a drop-down of those codes on the bank column', async () => {
    const res = await template('IDR', 'xlsx');
    expect(res.statusCode).toBe(200);
    const wb = await workbook(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['IDR', 'Banks']);
    const banks = wb.getWorksheet('Banks')!;
    const byCode = new Map<string, string[]>();
    banks.eachRow((r, n) => {
      if (n > 1) byCode.set(String(r.getCell(1).value ?? ''), (r.values as unknown[]).slice(1).map((v) => String(v ?? '')));
    });
    expect(byCode.get('Bank code')).toBeUndefined();
    expect((banks.getRow(1).values as unknown[]).slice(1)).toEqual(['Bank code', 'Bank or wallet', 'Destination type', 'Account number', 'Other columns it needs', 'Amount per payout']);
    expect(byCode.get('MANDIRI')?.[3]).toBe('Account number: exactly 13 digits');
    expect(byCode.get('BRI')?.[3]).toBe('Account number: exactly 15 digits');
    expect(byCode.get('PERMATA')?.[3]).toBe('Account number: 10 to 16 digits');
    expect(byCode.get('OVO')?.[3]).toBe('Wallet phone number: a phone number starting with 08, 10 to 13 digits');
    expect(byCode.get('BCA')?.[5]).toBe('10,000 – 500,000,000 IDR');
    expect([...byCode.keys()].filter((k) => /^[A-Z]+$/.test(k))).toEqual(['BCA', 'MANDIRI', 'BNI', 'BRI', 'PERMATA', 'OVO', 'DANA', 'GOPAY']);

    // The bank column (B) offers the codes of that sheet on every row a batch can hold, and refuses others.
    const rows = wb.getWorksheet('IDR')!;
    for (const cell of ['B2', 'B500', 'B10001']) {
      expect(rows.getCell(cell).dataValidation).toMatchObject({ type: 'list', formulae: ["'Banks'!$A$2:$A$9"], showErrorMessage: true, errorStyle: 'stop' });
    }
    expect(rows.getCell('C2').dataValidation).toBeUndefined();
    // The filled template still reads as an upload from its first sheet.
    expect(ok(await upload(res.rawPayload)).rows).toEqual([expect.objectContaining({ row: 1, issues: [] })]);
  });

  it("each batch currency's template, XLSX and CSV, holds an example row its own check accepts (BRL's failed)", async () => {
    for (const currency of CURRENCY_CODES.filter(isBatchCurrency)) {
      for (const format of ['xlsx', 'csv'] as const) {
        const file = (await template(currency, format)).rawPayload;
        const checked = ok(await upload(file, currency));
        expect(checked.rows.map((r: { issues: Issue[] }) => r.issues), `${currency} ${format}`).toEqual([[]]);
      }
    }
    const brl = await workbook((await template('BRL', 'xlsx')).rawPayload);
    const sheet = brl.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(BRL_HEADER);
    // The fixed lists of BRL's own columns are drop-downs too.
    expect(sheet.getCell('E2').dataValidation).toMatchObject({ type: 'list', formulae: ['"checking,savings"'] });
    expect(sheet.getCell('H2').dataValidation).toMatchObject({ type: 'list', formulae: ['"cpf,cnpj,email,phone,evp"'] });
    const banks = brl.getWorksheet('Bancos') ?? brl.worksheets[1]!;
    const itau = (banks.getRow(2).values as unknown[]).map(String);
    expect(itau).toContain('Account type: one of checking, savings\nDocument ID: a CPF (11 digits) or CNPJ (14 digits) with valid check digits\nBank branch: 4 digits, optionally a check digit after a dash');
  });
});

describe('what a file holds, read as a person wrote it', () => {
  const brlRow = (amount: string) => [orderId(), 'ITAU', '12345', 'Budi Santoso', 'checking', '52998224725', '0001', '', amount, 'Fatura'];

  it('reads a BRL amount written the Brazilian way ("1.234,56"), in a CSV and in an XLSX text cell', async () => {
    const lines = [brlRow('1.234,56'), brlRow('1234,5'), brlRow('1234.56'), brlRow('12.000')];
    for (const file of [csv(lines.map((l) => l.map((c) => (c.includes(',') ? `"${c}"` : c))), BRL_HEADER), workbookOf([BRL_HEADER, ...lines])]) {
      const checked = ok(await upload(file, 'BRL'));
      expect(issuesOf(checked)).toEqual([[], [], [], []]);
      expect(checked.uploadedTotal).toBe('15703.62');
    }
    // A semicolon CSV, as a Brazilian spreadsheet saves it.
    const semicolon = Buffer.from([BRL_HEADER, brlRow('1.234,56')].map((r) => r.join(';')).join('\r\n'));
    expect(ok(await upload(semicolon, 'BRL')).uploadedTotal).toBe('1234.56');
    // An IDR file reads Indonesian groups; "100,000" could be either writing: refused, not guessed.
    const idr = ok(await upload(csv([idrRow('100.000'), idrRow('"100,000"')])));
    expect(issuesOf(idr)).toEqual([[], ['amount:validation.amount.grouping']]);
  });

  it('reports a value outside the template columns on its row, in a CSV and an XLSX, even far to the right', async () => {
    const extra = [...idrRow(), 'oops'];
    const fromCsv = ok(await upload(csv([idrRow(), extra])));
    expect(fromCsv.rows[1]).toMatchObject({ outside: ['G'], issues: [{ column: 'row', key: 'payouts.batch.outsideColumns', params: { columns: 'G' } }] });
    expect(fromCsv.rows[0]).toMatchObject({ outside: [], issues: [] });

    const far = [...idrRow(), ...Array.from({ length: 70 }, () => ''), 'lost'];
    const gap = [...idrRow(), '', 'H too'];
    const fromXlsx = ok(await upload(workbookOf([HEADER, far, gap])));
    expect(fromXlsx.rows.map((r: { outside: string[] }) => r.outside)).toEqual([['BM+'], ['H']]);
    expect(fromXlsx.rows[1].issues).toEqual([{ column: 'row', key: 'payouts.batch.outsideColumns', params: { columns: 'H' } }]);
    // Submitted anyway, the row is refused by the server, naming it.
    const res = await operator.post('/payouts/batches', { currency: 'IDR', fileName: 'x.csv', uploadedCount: 1, uploadedTotal: '100000', rows: [{ row: 1, values: fromCsv.rows[1].values, outside: ['G'] }] });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).errors).toEqual([expect.objectContaining({ field: 'rows.1.row' })]);
  });

  it('refuses `=1+1` in an XLSX text cell as it does in a CSV, and a real formula, on the same rule', async () => {
    const text = idrRow('=1+1');
    const formula: unknown[] = [...idrRow()];
    formula[3] = { formula: 'UPPER("x")', result: 'X' };
    const xlsx = ok(await upload(workbookOf([HEADER, text])));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('IDR');
    ws.addRow(HEADER);
    ws.addRow(formula);
    const real = ok(await upload(Buffer.from(await wb.xlsx.writeBuffer())));
    const fromCsv = ok(await upload(csv([text])));
    expect(issuesOf(xlsx)).toEqual([['amount:payouts.batch.formula']]);
    expect(issuesOf(fromCsv)).toEqual([['amount:payouts.batch.formula']]);
    expect(issuesOf(real)).toEqual([['accountName:payouts.batch.formula']]);
  });
});

describe('the confirmations, the result file and the queue', () => {
  let batchId = '';
  let memberIds: string[] = [];

  it("quotes rows before the submit with the server's fee, the total debit, the available balance and the payees", async () => {
    const available = await balance(tdb.pool, 10001, 'IDR', 'available');
    const rows = [idrRow('100000'), idrRow('200000'), idrRow('254000', '1234567899')].map((values, i) => ({ row: i + 1, values: Object.fromEntries(['merchantOrderId', 'bankCode', 'accountNumber', 'accountName', 'amount', 'description'].map((k, j) => [k, values[j]!])) }));
    const q = ok(await operator.post('/payouts/batches/quote', { currency: 'IDR', rows }));
    expect(q).toEqual({ currency: 'IDR', count: 3, payees: 2, payee: null, amount: '554000', fee: '9000', totalDebit: '563000', available: String(available), held: '0', sufficient: true });
    const one = ok(await operator.post('/payouts/batches/quote', { currency: 'IDR', rows: rows.slice(0, 1) }));
    expect(one).toMatchObject({ count: 1, payees: 1, payee: { bankCode: 'BCA', bankName: 'Bank Central Asia', accountNumber: '1234567890', accountName: 'Budi Santoso' }, totalDebit: '103000' });
    const big = ok(await operator.post('/payouts/batches/quote', { currency: 'IDR', rows: [{ row: 1, values: { ...rows[0]!.values, amount: '400000000' } }] }));
    expect(big.sufficient).toBe(false);
    // A bad row is refused as the submit refuses it, on its cell; nothing is written.
    const bad = await operator.post('/payouts/batches/quote', { currency: 'IDR', rows: [{ row: 1, values: { ...rows[0]!.values, accountNumber: '123' } }] });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).errors).toEqual([expect.objectContaining({ field: 'rows.1.accountNumber' })]);
    expect(await balance(tdb.pool, 10001, 'IDR', 'available')).toBe(available);
  });

  it('lists every row of the upload in the result file: submitted with its payout, failed the check, excluded', async () => {
    const lines = [idrRow(), idrRow('100000', '123'), idrRow(), idrRow(), idrRow('100000.5')];
    const checked = ok(await upload(csv(lines)));
    type Checked = { row: number; values: Record<string, string>; issues: Issue[] };
    const all: Checked[] = checked.rows;
    // Rows 2 and 5 have problems and are excluded; row 4 is left out by choice.
    const submitted = all.filter((r) => [1, 3].includes(r.row)).map(({ row, values }) => ({ row, values }));
    const excluded = all.filter((r) => [2, 4, 5].includes(r.row)).map(({ row, values }) => ({ row, values }));
    const short = await operator.post('/payouts/batches', { currency: 'IDR', fileName: 'fates.csv', uploadedCount: 5, uploadedTotal: checked.uploadedTotal, rows: submitted });
    expect(short.statusCode).toBe(400);
    expect(JSON.parse(short.body).errors).toEqual([expect.objectContaining({ field: 'uploadedCount' })]);
    const b = ok(await operator.post('/payouts/batches', { currency: 'IDR', fileName: 'fates.csv', uploadedCount: 5, uploadedTotal: checked.uploadedTotal, rows: submitted, excluded }));
    expect(b).toMatchObject({ rowCount: 2, uploadedCount: 5 });

    const file = await app.inject({ method: 'GET', url: `/api/payouts/batches/${b.id}/result`, headers: { 'x-access-token': operator.token, 'x-lang': 'en-US' } });
    expect(file.statusCode).toBe(200);
    const sheet = (await workbook(file.rawPayload)).worksheets[0]!;
    const table: string[][] = [];
    sheet.eachRow((r) => table.push(Array.from({ length: 11 }, (_, i) => String(r.getCell(i + 1).value ?? ''))));
    expect(table[0]).toEqual(['Row', 'Fate', 'Payout ID', 'Status', 'Reason', 'Merchant order ID', 'Bank code', 'Account number', 'Account name', 'Amount', 'Fee']);
    expect(table.slice(1).map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      ['1', 'Submitted', 'Pending review', ''],
      ['2', 'Failed the check', '', 'Account number must be exactly 10 digits'],
      ['3', 'Submitted', 'Pending review', ''],
      ['4', 'Excluded', '', 'Excluded in the preview before submitting'],
      ['5', 'Failed the check', '', 'The amount must be a whole number'],
    ]);
    expect(table.slice(1).map((r) => r[5])).toEqual(lines.map((l) => l[0]));
    expect(table[1]![2]).toMatch(/^P/);
    expect(table[2]![2]).toBe('');
    batchId = b.id;
  });

  it('queues a batch as one decision: the count and the queue agree, its payouts carry the batch and are reviewed only with it', async () => {
    const single = ok(await operator.post('/payouts', { amount: '100000', currency: 'IDR', bankCode: 'BCA', accountName: 'Budi Santoso', accountNumber: '1234567890', merchantOrderId: orderId() }));
    const waiting = ok(await admin.get('/payouts/review/waiting'));
    const queue = ok(await admin.get('/payouts/review/queue', { pageSize: 100 }));
    expect(waiting.total).toBe(waiting.payouts + waiting.batches);
    expect(queue.total).toBe(waiting.total);
    expect(queue.items).toHaveLength(waiting.total);
    const ours = queue.items.filter((i: { id: string }) => i.id === batchId || i.id === single.id);
    expect(ours).toEqual([
      expect.objectContaining({ kind: 'batch', id: batchId, count: 2, amount: '200000', fee: '6000', totalDebit: '206000', name: 'fates.csv', createdBy: 'demo_operator' }),
      expect.objectContaining({ kind: 'payout', id: single.id, count: 1, amount: '100000', bankCode: 'BCA', accountNumber: '1234567890', name: 'Budi Santoso' }),
    ]);
    expect(Number(ours[1].totalDebit)).toBe(100000 + Number(ours[1].fee));
    // Nobody reviews their own (maker-checker): the admin's payout is not in the admin's queue.
    const own = ok(await admin.post('/payouts', { amount: '100000', currency: 'IDR', bankCode: 'BCA', accountName: 'Budi Santoso', accountNumber: '1234567890', merchantOrderId: orderId() }));
    expect(ok(await admin.get('/payouts/review/waiting')).total).toBe(waiting.total);
    expect(ok(await admin.get('/payouts/review/queue', { pageSize: 100 })).items.some((i: { id: string }) => i.id === own.id)).toBe(false);

    // The batch's payouts: in the list with their batch (filtered by it), never in the queue.
    const members = ok(await admin.get('/payouts', { batchId }));
    memberIds = members.records.map((r: { id: string }) => r.id);
    expect(members.records.map((r: { batchId: string }) => r.batchId)).toEqual([batchId, batchId]);
    for (const id of memberIds) expect(queue.items.some((i: { id: string }) => i.id === id)).toBe(false);
    expect(ok(await admin.get('/payouts', { id: single.id })).records[0].batchId).toBeNull();

    // One by one, they are refused: reviewed with their batch.
    const one = await admin.post(`/payouts/${memberIds[0]}/approve`, {});
    expect(one.statusCode).toBe(422);
    expect(JSON.parse(one.body).message).toBe(`This payout belongs to batch ${batchId}: it is approved or rejected with its batch, in the batch list`);
    const many = ok(await admin.post('/payouts/review', { action: 'reject', ids: memberIds, reason: 'no' }));
    expect(many).toMatchObject({ changed: [], skipped: [{ id: memberIds[0] }, { id: memberIds[1] }] });
  });

  it("quotes the batch's review: what its waiting payouts pay and cost, from the hold; then approves it whole", async () => {
    expect((await operator.get(`/payouts/batches/${batchId}/quote`)).statusCode).toBe(403);
    const q = ok(await admin.get(`/payouts/batches/${batchId}/quote`));
    expect(q).toMatchObject({ currency: 'IDR', count: 2, payees: 1, amount: '200000', fee: '6000', totalDebit: '206000', held: '206000', sufficient: true });
    expect(q.payee).toMatchObject({ bankName: 'Bank Central Asia', accountNumber: '1234567890' });
    const before = ok(await admin.get('/payouts/review/waiting'));
    expect(ok(await admin.post(`/payouts/batches/${batchId}/review`, { action: 'approve' })).status).toBe('reviewed');
    expect(ok(await admin.get('/payouts/review/waiting'))).toMatchObject({ batches: before.batches - 1, total: before.total - 1 });
    expect(ok(await admin.get(`/payouts/batches/${batchId}/quote`))).toMatchObject({ count: 0, totalDebit: '0' });
  });
});
