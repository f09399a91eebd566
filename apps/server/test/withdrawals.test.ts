/**
 * Withdrawals through the HTTP API on real PostgreSQL: the merchant admin adds an account (every admin told, in-app
 * and by e-mail; usable once provider staff verify it, or after the cooling period), the operator withdraws with the
 * spec §5 checks (account, minimum, maximum, balance), the money is held at once, provider staff approve or reject,
 * the sandbox bank answers '00' or '99', and each ending moves the money it should. The arrival date counts working
 * days of the country. Who may do what, and another merchant seeing nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWorkingDays, expectedArrivalDate, isWorkingDay } from '@mg/domain';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { runAutoWithdrawals } from '../src/modules/withdrawals/auto';
import { completeDueWithdrawals } from '../src/modules/withdrawals/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance, count } from './helpers/money-fixtures';
import { checkPayoutInvariants } from './helpers/payout-invariants';

const M = 10001;
let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;
let operator: Client;
let reader: Client;
let staff: Client;
let business: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await postTransfer(tdb.db, topUp({ merchantId: M, currency: 'IDR', reference: 'wd-fund', idempotencyKey: 'wd-fund', amount: 20_000_000n }));
  await tdb.pool.query('update merchant set payout_callback_url = $1 where id = $2', ['https://merchant.example.test/payout-hooks', M]);
  app = await buildAdminTestApp(tdb);
  [admin, operator, reader, staff, business] = await Promise.all([signIn(app, 'demo_admin'), signIn(app, 'demo_operator'), signIn(app, 'demo_read'), signIn(app, 'admin'), signIn(app, 'demo_business')]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const result = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).result;
};
const errorsOf = (res: { body: string }) => JSON.parse(res.body).errors as { field: string; message: string }[];
const available = () => balance(tdb.pool, M, 'IDR', 'available');
const frozen = () => balance(tdb.pool, M, 'IDR', 'frozen');
const account = (over: Record<string, unknown> = {}) => ({ currency: 'IDR', bankCode: 'BCA', accountName: 'PT Demo Store', accountNumber: '1234567890', ...over });

let usableId = 0;
let failingId = 0;

describe('withdrawal accounts', () => {
  it('the admin adds one; every admin is told in-app and by e-mail; it waits for verification', async () => {
    const mails = await count(tdb.pool, 'select 1 from mail_outbox');
    const a = result(await admin.post('/withdrawals/accounts', account()));
    expect(a).toMatchObject({ bankCode: 'BCA', bankName: 'Bank Central Asia', status: 'pending', usable: false, createdBy: 'demo_admin' });
    expect(Date.parse(a.usableAt) - Date.parse(a.createdAt)).toBe(24 * 3_600_000);
    expect(await count(tdb.pool, 'select 1 from mail_outbox')).toBeGreaterThan(mails);
    expect(await count(tdb.pool, `select 1 from announcement where merchant_id = $1 and content like '%1234567890%'`, [M])).toBe(1);
    // Not usable yet: the form refuses it, naming the account.
    const early = await operator.post('/withdrawals/quote', { amount: '2000000', currency: 'IDR', accountId: a.id });
    expect(errorsOf(early)[0]).toMatchObject({ field: 'accountId', message: expect.stringContaining('waits for verification') });
    // Provider staff verify it: usable at once.
    expect(result(await staff.post(`/withdrawals/accounts/${a.id}/verify`, { verify: true }))).toMatchObject({ status: 'verified', usable: true });
    usableId = a.id;
    const f = result(await admin.post('/withdrawals/accounts', account({ accountNumber: '9999999913' })));
    await staff.post(`/withdrawals/accounts/${f.id}/verify`, { verify: true });
    failingId = f.id;
  });

  it('refuses what the bank rules refuse, a wallet, a duplicate; the operator may not add one', async () => {
    const short = await admin.post('/withdrawals/accounts', account({ accountNumber: '123' }));
    expect(errorsOf(short)[0]).toMatchObject({ field: 'accountNumber' });
    const wallet = await admin.post('/withdrawals/accounts', account({ bankCode: 'OVO', accountNumber: '081234567890' }));
    expect(errorsOf(wallet)[0]).toMatchObject({ field: 'bankCode', message: expect.stringContaining('is not a bank') });
    expect((await admin.post('/withdrawals/accounts', account())).statusCode).toBe(409);
    expect((await operator.post('/withdrawals/accounts', account({ accountNumber: '5555555555' }))).statusCode).toBe(403);
  });
});

describe('a withdrawal', () => {
  it('spec §5: minimum, maximum, balance and the account, each on its field', async () => {
    const limits = result(await operator.get('/withdrawals/limits', { currency: 'IDR' }));
    expect(limits).toMatchObject({ currency: 'IDR', min: '1000000', max: '500000000' });
    const low = await operator.post('/withdrawals', { amount: '999999', currency: 'IDR', accountId: usableId });
    expect(errorsOf(low)[0]).toMatchObject({ field: 'amount', message: expect.stringContaining('may not be below the minimum of 1000000 IDR') });
    const high = await operator.post('/withdrawals', { amount: '600000000', currency: 'IDR', accountId: usableId });
    expect(errorsOf(high)[0]).toMatchObject({ field: 'amount', message: expect.stringContaining('may not exceed the maximum') });
    const rich = await operator.post('/withdrawals', { amount: '30000000', currency: 'IDR', accountId: usableId });
    expect(errorsOf(rich)[0]).toMatchObject({ field: 'amount', message: expect.stringContaining('may not exceed the current available balance') });
    const none = await operator.post('/withdrawals', { amount: '2000000', currency: 'IDR' });
    expect(errorsOf(none)[0]).toMatchObject({ field: 'accountId', message: expect.stringContaining('Choose a withdrawal account') });
  });

  it('is held at once, approved by provider staff, paid by the bank with 00', async () => {
    const [a0, f0] = await Promise.all([available(), frozen()]);
    const q = result(await operator.post('/withdrawals/quote', { amount: '2000000', currency: 'IDR', accountId: usableId }));
    expect(q).toMatchObject({ amount: '2000000', bankName: 'Bank Central Asia', accountNumber: '1234567890' });
    expect(q.expectedArrival).toBe(expectedArrivalDate(new Date(), 'IDR'));
    const w = result(await operator.post('/withdrawals', { amount: '2000000', currency: 'IDR', accountId: usableId }));
    expect(w).toMatchObject({ status: 'pending_review', amount: '2000000', totalDebit: String(2_000_000 + Number(q.fee)), resultCode: null });
    expect(a0 - (await available())).toBe(2_000_000n + BigInt(q.fee));
    expect((await frozen()) - f0).toBe(2_000_000n + BigInt(q.fee));

    // Provider staff's queue counts it; the merchant has no such queue.
    expect(result(await staff.get('/withdrawals/review/waiting')).withdrawals).toBeGreaterThanOrEqual(1);
    expect((await admin.get('/withdrawals/review/waiting')).statusCode).toBe(403);
    // The merchant cannot approve its own withdrawal; provider staff do.
    expect((await admin.post(`/withdrawals/${w.id}/review`, { action: 'approve' })).statusCode).toBe(403);
    expect(result(await staff.post(`/withdrawals/${w.id}/review`, { action: 'approve' }))).toMatchObject({ status: 'processing', reviewedBy: 'admin' });
    await completeDueWithdrawals(tdb.db, new Date(Date.now() + 60_000));
    const done = result(await operator.get('/withdrawals', { id: w.id })).records[0];
    expect(done).toMatchObject({ status: 'success', resultCode: '00', fee: q.fee });
    expect(await frozen()).toBe(f0);
    expect(a0 - (await available())).toBe(2_000_000n + BigInt(q.fee));
    const statement = result(await operator.get('/balance-records', { reference: w.id }));
    expect(statement.records.every((r: { actionType: number }) => r.actionType === 3)).toBe(true);
    // The integrator hears of it: a signed callback to the payout callback address, with the record and result code.
    const { rows } = await tdb.pool.query<{ event_type: string; body: string }>(`select event_type, body from callback_delivery where order_kind = 'withdrawal' and order_id = $1`, [w.id]);
    expect(rows.map((r) => r.event_type)).toEqual(['withdrawal.succeeded']);
    expect(JSON.parse(rows[0]!.body).data).toMatchObject({ id: w.id, status: 'success', resultCode: '00' });
  });

  it('rejected by staff, or refused by the bank with 99, gives the money back', async () => {
    const a0 = await available();
    const r = result(await operator.post('/withdrawals', { amount: '1500000', currency: 'IDR', accountId: usableId }));
    const noReason = await staff.post(`/withdrawals/${r.id}/review`, { action: 'reject' });
    expect(errorsOf(noReason)[0]).toMatchObject({ field: 'reason' });
    expect(result(await staff.post(`/withdrawals/${r.id}/review`, { action: 'reject', reason: 'Account holder differs' }))).toMatchObject({ status: 'rejected', rejectReason: 'Account holder differs' });
    expect((await staff.post(`/withdrawals/${r.id}/review`, { action: 'approve' })).statusCode).toBe(422);

    const f = result(await operator.post('/withdrawals', { amount: '1500000', currency: 'IDR', accountId: failingId }));
    await staff.post(`/withdrawals/${f.id}/review`, { action: 'approve' });
    await completeDueWithdrawals(tdb.db, new Date(Date.now() + 60_000));
    expect(result(await operator.get('/withdrawals', { id: f.id })).records[0]).toMatchObject({ status: 'failed', resultCode: '99', fee: '0' });
    const events = await tdb.pool.query<{ event_type: string }>(`select event_type from callback_delivery where order_kind = 'withdrawal' and order_id = any($1) order by id`, [[r.id, f.id]]);
    expect(events.rows.map((e) => e.event_type)).toEqual(['withdrawal.rejected', 'withdrawal.failed']);
    expect(await available()).toBe(a0);
    await checkPayoutInvariants(tdb.pool, tdb.db, [M]);
  });

  it('the reader only reads; another merchant sees none of it', async () => {
    expect((await reader.post('/withdrawals', { amount: '2000000', currency: 'IDR', accountId: usableId })).statusCode).toBe(403);
    expect(result(await reader.get('/withdrawals')).records.length).toBeGreaterThan(0);
    expect(result(await business.get('/withdrawals', { currency: 'IDR' })).records).toEqual([]);
    expect(result(await business.get('/withdrawals/accounts'))).toEqual([]);
    // Another merchant's account is answered as no account at all: its existence is not told.
    const foreign = await business.post('/withdrawals/quote', { amount: '2000000', currency: 'IDR', accountId: usableId });
    expect(errorsOf(foreign)[0]).toMatchObject({ field: 'accountId' });
  });
});

describe('auto-withdrawal', () => {
  it('withdraws once a day, at the set hour of the currency’s zone, what is above the floor less the fee', async () => {
    const set = result(await admin.put('/withdrawals/auto/IDR', { enabled: true, accountId: usableId, floor: '5000000', hour: 11 }));
    expect(set).toMatchObject({ currency: 'IDR', enabled: true, accountId: usableId, floor: '5000000', hour: 11, timeZone: 'Asia/Jakarta', lastRunOn: null });
    expect((await operator.put('/withdrawals/auto/IDR', { enabled: true, accountId: usableId, floor: '0', hour: 11 })).statusCode).toBe(403);
    const before = await available();
    // 10:00 in Jakarta: not yet.
    expect(await runAutoWithdrawals(tdb.db, new Date('2027-01-04T03:00:00Z'))).toBe(0);
    // 12:00 in Jakarta: what is above the floor goes, the fee included; the balance keeps exactly the floor.
    expect(await runAutoWithdrawals(tdb.db, new Date('2027-01-04T05:00:00Z'))).toBe(1);
    expect(await available()).toBe(5_000_000n);
    const made = result(await operator.get('/withdrawals', { createTime_begin: '2027-01-04 00:00:00', createTime_end: '2027-01-04 23:59:59' })).records;
    expect(made).toEqual([expect.objectContaining({ createdBy: 'auto', status: 'pending_review', totalDebit: String(before - 5_000_000n) })]);
    // Once a day, whatever instance asks, and however many ask at once (the next day: four runs, one withdrawal).
    expect(await runAutoWithdrawals(tdb.db, new Date('2027-01-04T09:00:00Z'))).toBe(0);
    await postTransfer(tdb.db, topUp({ merchantId: M, currency: 'IDR', reference: 'wd-fund-2', idempotencyKey: 'wd-fund-2', amount: 3_000_000n }));
    const runs = await Promise.all(Array.from({ length: 4 }, () => runAutoWithdrawals(tdb.db, new Date('2027-01-05T05:00:00Z'))));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await available()).toBe(5_000_000n);
    expect(result(await admin.get('/withdrawals/auto/IDR')).lastRunOn).toBe('2027-01-05');
  });
});

describe('working days', () => {
  it('skip weekends and the country’s public holidays', () => {
    // Indonesia: Friday 2026-08-14, then the weekend and Independence Day (Monday 17 August).
    expect(addWorkingDays('2026-08-14', 1, 'IDR')).toBe('2026-08-18');
    expect(isWorkingDay('2026-08-17', 'IDR')).toBe(false);
    expect(isWorkingDay('2026-08-17', 'THB')).toBe(true);
    // Brunei rests on Friday and Sunday, works on Saturday.
    expect(isWorkingDay('2026-11-27', 'BND')).toBe(false);
    expect(isWorkingDay('2026-11-28', 'BND')).toBe(true);
    // Late evening in Jakarta is already the next day there: the count starts from Jakarta's date.
    expect(expectedArrivalDate(new Date('2026-11-26T18:00:00Z'), 'IDR')).toBe(addWorkingDays('2026-11-27', 3, 'IDR'));
  });
});
