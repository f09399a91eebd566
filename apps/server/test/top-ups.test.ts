/**
 * Top-ups through the HTTP API on real PostgreSQL: a top-up is made in the dashboard and paid at the public cashier
 * like a collection; paid, the amount (less a top-up fee only where a rule says so) is available at once with its
 * statement entry (action type 5); failed, cancelled or expired moves nothing; the product's limits and methods
 * apply; the operator may top up, the reader only reads, another merchant sees nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentType } from '@mg/domain';
import { createTopUp, expireDueTopUps } from '../src/modules/top-ups/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { checkPayoutInvariants } from './helpers/payout-invariants';
import { balance, paymentFixtures, setFeeRule } from './helpers/money-fixtures';

let tdb: TestDatabase;
let app: FastifyInstance;
let operator: Client;
let reader: Client;
let business: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  await tdb.pool.query('update merchant set collection_callback_url = $1 where id = 10001', ['https://merchant.example.test/hooks']);
  app = await buildAdminTestApp(tdb);
  [operator, reader, business] = await Promise.all([signIn(app, 'demo_operator'), signIn(app, 'demo_read'), signIn(app, 'demo_business')]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const result = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).result;
};
const tokenOf = (cashierUrl: string) => cashierUrl.split('/pay/')[1]!;
const available = () => balance(tdb.pool, 10001, 'IDR', 'available');
const body = (over: Record<string, unknown> = {}) => ({ amount: '100000', currency: 'IDR', paymentType: PaymentType.VA, ...over });

describe('top-ups', () => {
  it('is paid at the cashier like a collection and is available at once, with its statement entry', async () => {
    const before = await available();
    const t = result(await operator.post('/top-ups', body()));
    expect(t).toMatchObject({ status: 'pending', amount: '100000', fee: '0', credited: '0', paymentType: PaymentType.VA, createdBy: 'demo_operator' });
    expect(t.id).toMatch(/^U\d{12}[0-9A-Z]{10}$/);

    const view = result(await app.inject({ method: 'GET', url: `/api/cashier/${tokenOf(t.cashierUrl)}` }));
    expect(view).toMatchObject({ kind: 'topUp', merchantName: 'Demo Store', amount: '100000', currency: 'IDR', status: 'pending', payable: true });
    // What to pay to (issue 40): the VA number the channel gave when the top-up was made, kept with it.
    expect(view.paymentType).toBe(PaymentType.VA);
    expect(view.channel).toEqual(expect.any(Number));
    expect(view.paymentCode).toMatch(new RegExp(`^88${String(view.channel).padStart(2, '0')}\\d{12}$`));
    expect(result(await app.inject({ method: 'GET', url: `/api/cashier/${tokenOf(t.cashierUrl)}` })).paymentCode).toBe(view.paymentCode);
    const paid = result(await app.inject({ method: 'POST', url: `/api/cashier/${tokenOf(t.cashierUrl)}/pay`, payload: { outcome: 'success' } }));
    expect(paid).toMatchObject({ status: 'success', paidAmount: '100000', payable: false });
    // A double click answers the paid top-up and moves nothing again.
    result(await app.inject({ method: 'POST', url: `/api/cashier/${tokenOf(t.cashierUrl)}/pay`, payload: { outcome: 'success' } }));

    expect((await available()) - before).toBe(100_000n);
    const list = result(await operator.get('/top-ups', { id: t.id }));
    expect(list.records).toEqual([expect.objectContaining({ id: t.id, status: 'success', fee: '0', credited: '100000' })]);
    const statement = result(await operator.get('/balance-records', { reference: t.id }));
    expect(statement.records).toEqual([expect.objectContaining({ actionType: 5, account: 'available', amount: '100000' })]);
    const { rows } = await tdb.pool.query<{ event_type: string }>(`select event_type from callback_delivery where order_kind = 'top_up' and order_id = $1`, [t.id]);
    expect(rows.map((r) => r.event_type)).toEqual(['top_up.succeeded']);
    // Every transfer balances, balances replay from their entries, nothing below zero.
    await checkPayoutInvariants(tdb.pool, tdb.db, [10001]);
  });

  it('ten presses of Pay at once credit the balance once, with one ledger transfer', async () => {
    const before = await available();
    const t = result(await operator.post('/top-ups', body({ amount: '150000' })));
    const pay = () => app.inject({ method: 'POST', url: `/api/cashier/${tokenOf(t.cashierUrl)}/pay`, payload: { outcome: 'success' } });
    const all = await Promise.all(Array.from({ length: 10 }, pay));
    expect(all.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await available()) - before).toBe(150_000n);
    const { rows } = await tdb.pool.query<{ n: number }>('select count(*)::int as n from ledger_transfer where reference = $1', [t.id]);
    expect(rows[0]!.n).toBe(1);
    expect(result(await operator.get('/top-ups', { id: t.id })).records[0]).toMatchObject({ status: 'success', credited: '150000' });
  });

  it('charges a top-up fee only where a fee rule says so', async () => {
    await setFeeRule(tdb.pool, { merchantId: 10001, currency: 'IDR', paymentType: PaymentType.MERCHANT_TOP_UP, rateBps: 100, fixedFee: 500n });
    const [before, fees] = await Promise.all([available(), balance(tdb.pool, 10000, 'IDR', 'fee_revenue')]);
    const t = result(await operator.post('/top-ups', body({ amount: '200000' })));
    await app.inject({ method: 'POST', url: `/api/cashier/${tokenOf(t.cashierUrl)}/pay`, payload: { outcome: 'success' } });
    expect((await available()) - before).toBe(197_500n);
    expect((await balance(tdb.pool, 10000, 'IDR', 'fee_revenue')) - fees).toBe(2_500n);
    expect(result(await operator.get('/top-ups', { id: t.id })).records[0]).toMatchObject({ fee: '2500', credited: '197500' });
    await tdb.pool.query('delete from fee_rule where merchant_id = 10001 and payment_type = $1', [PaymentType.MERCHANT_TOP_UP]);
  });

  it('failed, cancelled or expired moves nothing, and cannot be paid afterwards', async () => {
    const before = await available();
    const failed = result(await operator.post('/top-ups', body()));
    const f = result(await app.inject({ method: 'POST', url: `/api/cashier/${tokenOf(failed.cashierUrl)}/pay`, payload: { outcome: 'fail', failureReason: 'INSUFFICIENT_FUNDS' } }));
    expect(f).toMatchObject({ status: 'failed', failureReason: 'INSUFFICIENT_FUNDS' });
    const again = await app.inject({ method: 'POST', url: `/api/cashier/${tokenOf(failed.cashierUrl)}/pay`, payload: { outcome: 'success' } });
    expect(again.statusCode).toBe(422);

    const cancelled = result(await operator.post('/top-ups', body()));
    expect(result(await app.inject({ method: 'POST', url: `/api/cashier/${tokenOf(cancelled.cashierUrl)}/cancel` }))).toMatchObject({ status: 'closed' });

    const old = await createTopUp(tdb.db, { merchantId: 10001, currency: 'IDR', amount: 100_000n, paymentType: PaymentType.VA, createdBy: 'test', now: new Date(Date.now() - 2 * 3_600_000) });
    expect(await expireDueTopUps(tdb.db)).toBeGreaterThanOrEqual(1);
    const late = await app.inject({ method: 'POST', url: `/api/cashier/${old.cashierToken}/pay`, payload: { outcome: 'success' } });
    expect(late.statusCode).toBe(422);
    expect(result(await operator.get('/top-ups', { id: old.id })).records[0]).toMatchObject({ status: 'closed' });
    expect(await available()).toBe(before);
  });

  it("follows the product's methods and limits, naming the field", async () => {
    const notOffered = await operator.post('/top-ups', body({ paymentType: PaymentType.UPI }));
    expect(notOffered.statusCode).toBe(400);
    expect(JSON.parse(notOffered.body).errors[0]).toMatchObject({ field: 'paymentType' });
    const tooSmall = await operator.post('/top-ups', body({ amount: '1' }));
    expect(JSON.parse(tooSmall.body).errors[0]).toMatchObject({ field: 'amount' });
  });

  it('the reader only reads; another merchant sees none of them', async () => {
    expect((await reader.post('/top-ups', body())).statusCode).toBe(403);
    expect(result(await reader.get('/top-ups')).records.length).toBeGreaterThan(0);
    expect(result(await business.get('/top-ups', { currency: 'IDR' })).records).toEqual([]);
  });
});
