/**
 * Home statistics (GET /api/statistics) against a known data set: a merchant of its own with collections made and
 * paid, failed, closed and refunded through the real services at chosen times, so every number is worked out by
 * hand below. Days are grouped in the session zone: the same orders fall on other days in São Paulo.
 */
import { ApiKeyMode, CollectionSource } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeCollection, createCollection, markCollectionFailed, markCollectionPaid, type CollectionRow } from '../src/modules/collections/service';
import { createRefund } from '../src/modules/refunds/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance, createMerchant, setFeeRule, upsertProducts } from './helpers/money-fixtures';

const M = 10901;
let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;
let seq = 0;

const JAKARTA = { 'x-time-zone': 'Asia/Jakarta' };
const SAO_PAULO = { 'x-time-zone': 'America/Sao_Paulo' };

async function order(at: string, amount: bigint, paymentType = 1): Promise<CollectionRow> {
  return createCollection(
    { db: tdb.db, publicUrl: 'http://localhost' },
    {
      merchantId: M,
      mode: ApiKeyMode.SANDBOX,
      source: CollectionSource.API,
      merchantOrderId: `STAT-${++seq}`,
      amount,
      currency: 'IDR',
      paymentType,
      now: new Date(at),
    },
  );
}
const pay = (c: CollectionRow, at: string) => markCollectionPaid(tdb.db, { merchantId: M, id: c.id, now: new Date(at) });

beforeAll(async () => {
  tdb = await createTestDatabase();
  await upsertProducts(tdb.pool);
  await createMerchant(tdb.pool, { id: M, currencies: ['IDR', 'THB'] });
  // VA: 2 000 + 1 %; wallet: 2 %.
  await setFeeRule(tdb.pool, { merchantId: M, currency: 'IDR', paymentType: 1, rateBps: 100, fixedFee: 2_000n });
  await setFeeRule(tdb.pool, { merchantId: M, currency: 'IDR', paymentType: 4, rateBps: 200, fixedFee: 0n });
  app = await buildAdminTestApp(tdb);
  admin = await signIn(app, 'admin');

  // Jakarta is UTC+7, São Paulo UTC-3.
  const a = await order('2026-11-01T04:00:00Z', 100_000n); // JKT 11-01 11:00, SP 11-01 01:00; fee 3 000
  await pay(a, '2026-11-01T04:05:00Z');
  const b = await order('2026-11-01T20:00:00Z', 200_000n); // JKT 11-02 03:00, SP 11-01 17:00; fee 4 000
  await pay(b, '2026-11-01T20:05:00Z');
  const c = await order('2026-11-02T05:00:00Z', 50_000n, 4); // JKT 11-02 12:00, SP 11-02 02:00; fee 1 000
  await pay(c, '2026-11-02T05:01:00Z');
  const d = await order('2026-11-02T06:00:00Z', 80_000n);
  await markCollectionFailed(tdb.db, { merchantId: M, id: d.id, reason: 'PAYER_DECLINED', now: new Date('2026-11-02T06:10:00Z') });
  await order('2026-11-03T01:00:00Z', 70_000n); // stays pending: not in the success rate
  const f = await order('2026-11-03T02:00:00Z', 60_000n);
  await closeCollection(tdb.db, { merchantId: M, id: f.id, now: new Date('2026-11-03T02:30:00Z') });
  const g = await order('2026-10-31T10:00:00Z', 999_000n); // before the range (JKT 10-31 17:00)
  await pay(g, '2026-10-31T10:01:00Z');
  // Refunds: part of B, all of C (C stays collected: its money did arrive).
  await createRefund(tdb.db, { merchantId: M, collectionId: b.id, amount: 30_000n, refundWay: 'original', reason: 'part', createdBy: 'test', now: new Date('2026-11-02T08:00:00Z') });
  await createRefund(tdb.db, { merchantId: M, collectionId: c.id, amount: 50_000n, refundWay: 'offline', reason: 'all', createdBy: 'test', now: new Date('2026-11-03T00:00:00Z') });
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const range = { createTime_begin: '2026-11-01 00:00:00', createTime_end: '2026-11-03 23:59:59', currency: 'IDR', merchantId: M };

describe('GET /api/statistics', () => {
  it('collected, success rate, refunds, fees, balances and the two breakdowns of a range in Jakarta', async () => {
    const res = await admin.get('/statistics', range, JAKARTA);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().result;
    expect(s).toMatchObject({
      currency: 'IDR',
      range: { begin: '2026-10-31T17:00:00.000Z', end: '2026-11-03T16:59:59.000Z' },
      collected: { amount: '350000', count: 3 },
      // 3 collected of 5 decided (the pending one is left out).
      successRate: 0.6,
      refunds: { amount: '80000', count: 2 },
      fees: '8000',
      byDay: [
        { date: '2026-11-01', amount: '100000', count: 1 },
        { date: '2026-11-02', amount: '250000', count: 2 },
        { date: '2026-11-03', amount: '0', count: 0 },
      ],
      byPaymentType: [
        { paymentType: 1, amount: '300000', count: 2 },
        { paymentType: 4, amount: '50000', count: 1 },
      ],
    });
    // Balances are the merchant's current ones, straight from the ledger.
    expect(s.balance).toEqual({
      available: String(await balance(tdb.pool, M, 'IDR', 'available')),
      pending: String(await balance(tdb.pool, M, 'IDR', 'pending')),
      frozen: String(await balance(tdb.pool, M, 'IDR', 'frozen')),
    });
    expect(BigInt(s.balance.pending)).toBeGreaterThan(0n);
    // No payout of this merchant yet: the payout figures are zeros, not missing.
    expect(s.payouts).toEqual({ paid: { amount: '0', count: 0 }, pendingReview: { amount: '0', count: 0 } });
  });

  it('the same calendar days in São Paulo group the orders differently', async () => {
    const s = (await admin.get('/statistics', range, SAO_PAULO)).json().result;
    expect(s.byDay).toEqual([
      { date: '2026-11-01', amount: '300000', count: 2 },
      { date: '2026-11-02', amount: '50000', count: 1 },
      { date: '2026-11-03', amount: '0', count: 0 },
    ]);
    expect(s.collected).toEqual({ amount: '350000', count: 3 });
  });

  it('a range of one day before the data: zeros and no success rate', async () => {
    const s = (await admin.get('/statistics', { ...range, createTime_begin: '2026-10-01 00:00:00', createTime_end: '2026-10-01 23:59:59' }, JAKARTA)).json().result;
    expect(s).toMatchObject({ collected: { amount: '0', count: 0 }, successRate: null, refunds: { amount: '0', count: 0 }, fees: '0', byPaymentType: [] });
    expect(s.byDay).toEqual([{ date: '2026-10-01', amount: '0', count: 0 }]);
  });

  it('today in the session zone: the default range and the today block', async () => {
    const before = (await admin.get('/statistics', { currency: 'IDR', merchantId: M }, JAKARTA)).json().result;
    expect(before.today).toEqual({ collected: { amount: '0', count: 0 }, successRate: null });
    const now = new Date();
    const c = await order(now.toISOString(), 40_000n);
    await pay(c, now.toISOString());
    const after = (await admin.get('/statistics', { currency: 'IDR', merchantId: M }, JAKARTA)).json().result;
    expect(after.today).toEqual({ collected: { amount: '40000', count: 1 }, successRate: 1 });
    expect(after.collected).toEqual({ amount: '40000', count: 1 });
    expect(after.byDay).toHaveLength(1);
    // A range that holds today: the today block is the same whatever the range.
    const ranged = (await admin.get('/statistics', range, JAKARTA)).json().result;
    expect(ranged.today).toEqual(after.today);
    expect(ranged.collected.count).toBe(3);
  });

  it('400 for a range over one month; the merchant scope holds; another currency is empty', async () => {
    const long = await admin.get('/statistics', { ...range, createTime_begin: '2026-09-01 00:00:00' }, JAKARTA);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].field).toBe('createTime_end');
    const thb = (await admin.get('/statistics', { ...range, currency: 'THB' }, JAKARTA)).json().result;
    expect(thb.collected).toEqual({ amount: '0.00', count: 0 }); // THB has two decimals
    // A merchant user may not look at another merchant, and its own statistics do not hold these orders.
    const demo = await signIn(app, 'demo_read');
    expect((await demo.get('/statistics', range, JAKARTA)).statusCode).toBe(403);
    const own = await demo.get('/statistics', { createTime_begin: range.createTime_begin, createTime_end: range.createTime_end }, JAKARTA);
    expect(own.statusCode).toBe(200);
    expect(own.json().result.collected.count).toBe(0);
  });
});
