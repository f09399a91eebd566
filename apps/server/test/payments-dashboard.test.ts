/**
 * Dashboard calls of payments (docs/payments-api.md) through the HTTP API on real PostgreSQL: the collection,
 * refund, settlement and payment-link lists with their filters, paging and merchant scope; the collection detail;
 * refunds from the dashboard moving the ledger; the settlement run. Collections are created and paid with the real
 * services (modules/collections/service.ts), as the open API and cashier do.
 *
 * Long file: the lists share one seeded month of payments that takes seconds to write; each case is short.
 */
import { ApiKeyMode, CollectionSource, LIST_COUNT_CAP, Perm, type CurrencyCode } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, markCollectionFailed, markCollectionPaid, type CollectionRow } from '../src/modules/collections/service';
import { readAfter } from '../src/lib/list/source';
import { balanceRecordsSource } from '../src/modules/balance-records/queries';
import { collectionsSource } from '../src/modules/collections/queries';
import { createPaymentLink } from '../src/modules/payment-links/service';
import { createRefund } from '../src/modules/refunds/service';
import { runSettlements } from '../src/modules/settlements/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance, createMerchant, setFeeRule, upsertProducts } from './helpers/money-fixtures';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client; // platform (10000)
let demoAdmin: Client; // 10001 third_role_admin
let demoRead: Client; // 10001 third_role_read
let business: Client; // 10030 business (THB session)

const JAKARTA = { 'x-time-zone': 'Asia/Jakarta' };
const SAO_PAULO = { 'x-time-zone': 'America/Sao_Paulo' };
let seq = 0;

interface NewCollection {
  merchantId?: number;
  amount?: bigint;
  currency?: CurrencyCode;
  paymentType?: number;
  channel?: number;
  now?: Date;
  notifyUrl?: string;
  orderId?: string;
}

async function newCollection(o: NewCollection = {}): Promise<CollectionRow> {
  const currency = o.currency ?? 'IDR';
  return createCollection(
    { db: tdb.db, publicUrl: app.publicUrl },
    {
      merchantId: o.merchantId ?? 10001,
      mode: ApiKeyMode.SANDBOX,
      source: CollectionSource.API,
      merchantOrderId: o.orderId ?? `DASH-${Date.now()}-${++seq}`,
      amount: o.amount ?? 150_000n,
      currency,
      paymentType: o.paymentType ?? (currency === 'THB' ? 16 : 1),
      channel: o.channel,
      payerName: 'Budi',
      notifyUrl: o.notifyUrl,
      now: o.now,
    },
  );
}

async function paidCollection(o: NewCollection = {}): Promise<CollectionRow> {
  const c = await newCollection(o);
  return markCollectionPaid(tdb.db, { merchantId: c.merchantId, id: c.id, now: o.now });
}

/** The ids of a list answer. */
const ids = (res: { json(): { result: { records: { id: string | number }[] } } }) => res.json().result.records.map((r) => r.id);

beforeAll(async () => {
  tdb = await createTestDatabase();
  await upsertProducts(tdb.pool);
  await setFeeRule(tdb.pool, { merchantId: 10001, currency: 'IDR', paymentType: 1, rateBps: 70, fixedFee: 4_000n });
  app = await buildAdminTestApp(tdb);
  [admin, demoAdmin, demoRead, business] = await Promise.all([
    signIn(app, 'admin'),
    signIn(app, 'demo_admin'),
    signIn(app, 'demo_read'),
    signIn(app, 'demo_business'),
  ]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

describe('GET /api/collections', () => {
  // 2026-03-10 18:00 UTC is 2026-03-11 01:00 in Jakarta but still 2026-03-10 15:00 in São Paulo.
  const at = new Date('2026-03-10T18:00:00Z');
  let evening: CollectionRow;
  let small: CollectionRow;
  let failed: CollectionRow;

  beforeAll(async () => {
    evening = await paidCollection({ now: at, amount: 250_000n });
    small = await newCollection({ now: new Date('2026-03-11T05:00:00Z'), amount: 20_000n, paymentType: 4 });
    failed = await newCollection({ now: new Date('2026-03-11T06:00:00Z'), amount: 90_000n });
    failed = await markCollectionFailed(tdb.db, { merchantId: 10001, id: failed.id, reason: 'PAYER_DECLINED', now: new Date('2026-03-11T06:01:00Z') });
  });

  const march11 = { createTime_begin: '2026-03-11 00:00:00', createTime_end: '2026-03-11 23:59:59' };

  it('dates are wall-clock in the session zone: the same day holds other orders in Jakarta and in São Paulo', async () => {
    const jkt = await demoAdmin.get('/collections', march11, JAKARTA);
    expect(jkt.statusCode, jkt.body).toBe(200);
    expect(ids(jkt).sort()).toEqual([evening.id, small.id, failed.id].sort());
    const sp = await demoAdmin.get('/collections', march11, SAO_PAULO);
    expect(ids(sp).sort()).toEqual([small.id, failed.id].sort());
    const sp10 = await demoAdmin.get('/collections', { createTime_begin: '2026-03-10 00:00:00', createTime_end: '2026-03-10 23:59:59' }, SAO_PAULO);
    expect(ids(sp10)).toEqual([evening.id]);
  });

  it('newest first; records as in the contract (decimal strings, settlement status of the batch)', async () => {
    const res = await demoAdmin.get('/collections', march11, JAKARTA);
    const records = res.json().result.records;
    expect(records.map((r: { id: string }) => r.id)).toEqual([failed.id, small.id, evening.id]);
    const e = records.find((r: { id: string }) => r.id === evening.id);
    expect(e).toMatchObject({
      merchantId: 10001,
      merchantOrderId: evening.merchantOrderId,
      currency: 'IDR',
      paymentType: 1,
      status: 'success',
      amount: '250000',
      adminFee: '4000',
      serviceFee: '1750',
      refundedAmount: '0',
      paidAt: at.toISOString(),
      settlementStatus: 'pending',
      source: 'api',
      mode: 'sandbox',
      createdAt: at.toISOString(),
    });
    expect(e.paymentCode).toEqual(expect.any(String));
    // Spec §6: paid amounts are for privileged readers only; the answer leaves the field out like the screen its column.
    expect(e).not.toHaveProperty('paidAmount');
    const all = (await admin.get('/collections', march11, JAKARTA)).json().result.records;
    expect(all.find((r: { id: string }) => r.id === evening.id)).toMatchObject({ paidAmount: '250000' });
    expect(records.find((r: { id: string }) => r.id === failed.id)).toMatchObject({ status: 'failed', failureReason: 'PAYER_DECLINED', settlementStatus: null });
  });

  it('filters: status (one or several), ids, payment type, channel, amount range, notify status', async () => {
    const q = (extra: Record<string, string | number>) => demoAdmin.get('/collections', { ...march11, ...extra }, JAKARTA);
    expect(ids(await q({ status: 'success' }))).toEqual([evening.id]);
    expect(ids(await q({ status: 'failed,pending' })).sort()).toEqual([small.id, failed.id].sort());
    expect(ids(await q({ id: small.id }))).toEqual([small.id]);
    expect(ids(await q({ merchantOrderId: failed.merchantOrderId }))).toEqual([failed.id]);
    expect(ids(await q({ paymentType: 4 }))).toEqual([small.id]);
    expect(ids(await q({ channel: 11 }))).toEqual([small.id]);
    expect(ids(await q({ amountMin: '50000', amountMax: '100000' }))).toEqual([failed.id]);
    expect(ids(await q({ amountMin: '90000' })).sort()).toEqual([evening.id, failed.id].sort());
    expect(ids(await q({ amountMax: '20000' }))).toEqual([small.id]);
    // An amount range alone is counted in whatever order the planner finds cheapest (countInAnyOrder): the same totals.
    expect((await q({ amountMin: '50000', amountMax: '100000' })).json().result).toMatchObject({ total: 1, totalCapped: false });
    expect((await q({ amountMin: '90000' })).json().result).toMatchObject({ total: 2, totalCapped: false });
    expect((await q({ amountMin: '90000', status: 'success' })).json().result).toMatchObject({ total: 1, totalCapped: false });
    // A thousands separator is refused by the API (in pt-BR and id-ID the comma is the decimal mark).
    const grouped = await q({ amountMax: '20,000' });
    expect(grouped.statusCode).toBe(400);
    expect(grouped.json().errors[0].field).toBe('amountMax');
    // Another currency than the session's: nothing of these IDR orders.
    expect(ids(await q({ currency: 'THB' }))).toEqual([]);
    // An exact id finds the order without a date range too.
    expect(ids(await demoAdmin.get('/collections', { id: evening.id }))).toEqual([evening.id]);
  });

  it('400 naming the field: a range over one month, a bad date, a bad amount, an unknown status', async () => {
    const long = await demoAdmin.get('/collections', { createTime_begin: '2026-01-15 00:00:00', createTime_end: '2026-02-15 00:00:01' }, JAKARTA);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0]).toMatchObject({ field: 'createTime_end' });
    expect(long.json().message).toContain('1 month');
    // Exactly one month is fine.
    expect((await demoAdmin.get('/collections', { createTime_begin: '2026-01-15 00:00:00', createTime_end: '2026-02-15 00:00:00' }, JAKARTA)).statusCode).toBe(200);
    const backwards = await demoAdmin.get('/collections', { createTime_begin: '2026-02-15 00:00:00', createTime_end: '2026-02-01 00:00:00' });
    expect(backwards.statusCode).toBe(400);
    const badDate = await demoAdmin.get('/collections', { createTime_begin: '2026-02-30 00:00:00' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors[0].field).toBe('createTime_begin');
    const badAmount = await demoAdmin.get('/collections', { ...march11, amountMin: '12.5' });
    expect(badAmount.statusCode).toBe(400);
    expect(badAmount.json().errors[0].field).toBe('amountMin');
    const badStatus = await demoAdmin.get('/collections', { status: 'success,paid' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().errors[0].field).toBe('status');
    const badSort = await demoAdmin.get('/collections', { column: 'payerEmail' });
    expect(badSort.statusCode).toBe(400);
  });

  it('paging: { records, total, size, current, pages, totalCapped }', async () => {
    const p1 = (await demoAdmin.get('/collections', { ...march11, pageSize: 2 }, JAKARTA)).json().result;
    expect(p1).toMatchObject({ total: 3, size: 2, current: 1, pages: 2, totalCapped: false });
    expect(p1.records).toHaveLength(2);
    const p2 = (await demoAdmin.get('/collections', { ...march11, pageSize: 2, pageNo: 2 }, JAKARTA)).json().result;
    expect(p2).toMatchObject({ total: 3, current: 2 });
    expect(p2.records.map((r: { id: string }) => r.id)).toEqual([evening.id]);
    // Sorting by amount, ascending.
    const byAmount = await demoAdmin.get('/collections', { ...march11, column: 'amount', order: 'asc' }, JAKARTA);
    expect(ids(byAmount)).toEqual([small.id, failed.id, evening.id]);
  });

  it('pages reach as deep as the capped count, and a deeper page is refused saying what to do', async () => {
    const last = await demoAdmin.get('/collections', { pageSize: 10, pageNo: LIST_COUNT_CAP / 10 });
    expect(last.statusCode).toBe(200);
    const deeper = await demoAdmin.get('/collections', { pageSize: 10, pageNo: LIST_COUNT_CAP / 10 + 1 });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json().errors[0].field).toBe('pageNo');
    expect(deeper.json().errors[0].message).toContain(String(LIST_COUNT_CAP));
    expect(deeper.json().errors[0].message).toMatch(/export/i);
  });

  it('without a range: the last 30 days up to now', async () => {
    const recent = await newCollection({ now: new Date(Date.now() - 3_600_000) });
    const old = await newCollection({ now: new Date(Date.now() - 40 * 86_400_000) });
    const list = ids(await demoAdmin.get('/collections', { pageSize: 100 }));
    expect(list).toContain(recent.id);
    expect(list).not.toContain(old.id);
    expect(list).not.toContain(evening.id);
  });

  it('merchant scope: other merchants never see the order; platform staff may look with merchantId', async () => {
    const theirs = await newCollection({ merchantId: 10030, currency: 'THB', amount: 50_000n, now: at });
    // demo_business (10030) sees its own order, not 10001's.
    const own = await business.get('/collections', march11, JAKARTA);
    expect(ids(own)).toEqual([theirs.id]);
    expect((await business.get(`/collections/${evening.id}`)).statusCode).toBe(404);
    expect((await business.get('/collections', { ...march11, currency: 'IDR' }, JAKARTA)).json().result.records).toEqual([]);
    // Asking for another merchant explicitly: 403.
    expect((await business.get('/collections', { merchantId: 10001 })).statusCode).toBe(403);
    // 10001 does not see 10030's order by id either.
    expect((await demoAdmin.get(`/collections/${theirs.id}`)).statusCode).toBe(404);
    expect((await demoAdmin.get('/collections', { ...march11, currency: 'THB' }, JAKARTA)).json().result.records).toEqual([]);
    // Platform staff: every merchant, or one.
    const all = ids(await admin.get('/collections', { ...march11, currency: 'THB' }, JAKARTA));
    expect(all).toEqual([theirs.id]);
    const one = ids(await admin.get('/collections', { ...march11, merchantId: 10001 }, JAKARTA));
    expect(one.sort()).toEqual([evening.id, small.id, failed.id].sort());
    expect((await admin.get(`/collections/${theirs.id}`)).statusCode).toBe(200);
  });

  it('permission: read-only users may list; without a session 401', async () => {
    expect((await demoRead.get('/collections', march11)).statusCode).toBe(200);
    const anonymous = await app.inject({ url: '/api/collections' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/collections/{id} and refunds from the dashboard', () => {
  let paid: CollectionRow;

  beforeAll(async () => {
    paid = await paidCollection({ amount: 300_000n, notifyUrl: 'https://merchant.example.test/callbacks' });
  });

  it('detail: the record with cashier link, notify url, refundable amount and the callback delivery', async () => {
    const res = await demoRead.get(`/collections/${paid.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().result;
    expect(d).toMatchObject({
      id: paid.id,
      status: 'success',
      amount: '300000',
      refundable: '300000',
      notifyUrl: 'https://merchant.example.test/callbacks',
      notifyStatus: 'pending',
      refunds: [],
    });
    expect(d.cashierUrl).toBe(`${app.publicUrl}/pay/${paid.cashierToken}`);
    expect(d.callbacks).toHaveLength(1);
    expect(d.callbacks[0]).toMatchObject({
      orderKind: 'collection',
      orderId: paid.id,
      eventType: 'collection.succeeded',
      url: 'https://merchant.example.test/callbacks',
      status: 'pending',
      attempts: 0,
      attemptsLog: [],
    });
    expect(d.callbacks[0].eventId).toMatch(/^msg_/);
    // A pending order has nothing to refund.
    const open = await newCollection();
    expect((await demoRead.get(`/collections/${open.id}`)).json().result.refundable).toBe('0');
  });

  it('demo_read cannot refund (403); demo_admin can, and the ledger moves and shows in the balance records', async () => {
    const body = { amount: '100000', refundWay: 'original', reason: 'Customer returned the goods' };
    const denied = await demoRead.post(`/collections/${paid.id}/refunds`, body);
    expect(denied.statusCode).toBe(403);

    const pendingBefore = await balance(tdb.pool, 10001, 'IDR', 'pending');
    const res = await demoAdmin.post(`/collections/${paid.id}/refunds`, body);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r).toMatchObject({
      collectionId: paid.id,
      merchantOrderId: paid.merchantOrderId,
      currency: 'IDR',
      refundType: 'partial',
      refundWay: 'original',
      requestedAmount: '100000',
      actualAmount: '100000',
      status: 'returned_success',
      createdBy: 'demo_admin',
      notifyStatus: 'pending',
    });
    // The batch was still pending: the refund came out of pending.
    expect(await balance(tdb.pool, 10001, 'IDR', 'pending')).toBe(pendingBefore - 100_000n);

    const records = await demoRead.get('/balance-records', { reference: r.id });
    expect(records.statusCode, records.body).toBe(200);
    expect(records.json().result.records).toEqual([
      expect.objectContaining({ actionType: 2, flow: expect.any(String), account: 'pending', reference: r.id, amount: '-100000', currency: 'IDR' }),
    ]);
    const rec = records.json().result.records[0];
    expect(BigInt(rec.balanceAfter)).toBe(BigInt(rec.balanceBefore) - 100_000n);

    // The detail now shows the refund, its callback and what is left.
    const d = (await demoAdmin.get(`/collections/${paid.id}`)).json().result;
    expect(d.refundable).toBe('200000');
    expect(d.refundedAmount).toBe('100000');
    expect(d.refunds.map((x: { id: string }) => x.id)).toEqual([r.id]);
    expect(d.callbacks.map((c: { eventType: string }) => c.eventType).sort()).toEqual(['collection.succeeded', 'refund.succeeded']);

    // Audited.
    const { rows } = await tdb.pool.query("select success, detail from audit_log where action = 'refund_created' and username = 'demo_admin'");
    expect(rows).toEqual([expect.objectContaining({ success: true, detail: expect.objectContaining({ refundId: r.id, collectionId: paid.id }) })]);
  });

  it('refund errors: malformed amount 400 naming amount, more than is left 422, not refundable 422, other merchant 404', async () => {
    const bad = await demoAdmin.post(`/collections/${paid.id}/refunds`, { amount: '10.5', refundWay: 'original', reason: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('amount');
    const tooMuch = await demoAdmin.post(`/collections/${paid.id}/refunds`, { amount: '200001', refundWay: 'offline', reason: 'x' });
    expect(tooMuch.statusCode).toBe(422);
    const open = await newCollection();
    expect((await demoAdmin.post(`/collections/${open.id}/refunds`, { amount: '1000', refundWay: 'original', reason: 'x' })).statusCode).toBe(422);
    expect((await business.post(`/collections/${paid.id}/refunds`, { amount: '1000', refundWay: 'original', reason: 'x' })).statusCode).toBe(404);
    const noWay = await demoAdmin.post(`/collections/${paid.id}/refunds`, { amount: '1000', refundWay: 'cash', reason: 'x' });
    expect(noWay.statusCode).toBe(400);
    // The rest, in full. The fee stays with the platform, so the batch (amount - fee - first refund) does not cover
    // it: settle first, so the refund comes out of available, which holds enough.
    await paidCollection({ amount: 50_000n });
    await runSettlements(tdb.db, { merchantId: 10001, dueOnly: false });
    const rest = await demoAdmin.post(`/collections/${paid.id}/refunds`, { amount: '200000', refundWay: 'offline', reason: 'Rest' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().result).toMatchObject({ refundType: 'full', refundWay: 'offline' });
    expect((await demoAdmin.get(`/collections/${paid.id}`)).json().result).toMatchObject({ status: 'refunded', refundable: '0' });
    const { rows } = await tdb.pool.query("select count(*)::int as n from audit_log where action = 'refund_created' and success = false");
    expect(rows[0].n).toBeGreaterThanOrEqual(2);
  });
});

describe('refund without the money to cover it', () => {
  it('422 INSUFFICIENT_BALANCE and nothing written (platform staff acting for a merchant)', async () => {
    await createMerchant(tdb.pool, { id: 10902, currencies: ['IDR'] });
    await setFeeRule(tdb.pool, { merchantId: 10902, currency: 'IDR', paymentType: 1, rateBps: 0, fixedFee: 5_000n });
    const c = await paidCollection({ merchantId: 10902, amount: 100_000n });
    expect(await balance(tdb.pool, 10902, 'IDR', 'pending')).toBe(95_000n);
    // Refunding everything needs the 5 000 fee from available, which is empty.
    const res = await admin.post(`/collections/${c.id}/refunds`, { amount: '100000', refundWay: 'original', reason: 'Order cancelled' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errorCode).toBe('INSUFFICIENT_BALANCE');
    expect(await balance(tdb.pool, 10902, 'IDR', 'pending')).toBe(95_000n);
    const { rows } = await tdb.pool.query('select count(*)::int as n from refund where merchant_id = 10902');
    expect(rows[0].n).toBe(0);
    // What the merchant actually holds can be refunded.
    const part = await admin.post(`/collections/${c.id}/refunds`, { amount: '95000', refundWay: 'original', reason: 'Order cancelled' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().result.createdBy).toBe('admin');
    expect(await balance(tdb.pool, 10902, 'IDR', 'pending')).toBe(0n);
  });
});

describe('GET /api/refunds', () => {
  const at = new Date('2026-05-20T20:00:00Z'); // 05-21 03:00 Jakarta, 05-20 17:00 São Paulo
  let c1: CollectionRow;
  let r1: string;
  let r2: string;

  beforeAll(async () => {
    c1 = await paidCollection({ amount: 500_000n, now: new Date('2026-05-20T10:00:00Z') });
    r1 = (await createRefund(tdb.db, { merchantId: 10001, collectionId: c1.id, amount: 50_000n, refundWay: 'original', reason: 'a', createdBy: 'api', now: at })).id;
    r2 = (
      await createRefund(tdb.db, {
        merchantId: 10001,
        collectionId: c1.id,
        amount: 70_000n,
        refundWay: 'offline',
        reason: 'b',
        merchantRefundId: 'RF-77',
        createdBy: 'api',
        now: new Date('2026-05-21T08:00:00Z'),
      })
    ).id;
  });

  it('dates in the session zone, filters by collection, merchant order id, id, status; newest first', async () => {
    const day = { createTime_begin: '2026-05-21 00:00:00', createTime_end: '2026-05-21 23:59:59' };
    expect(ids(await demoRead.get('/refunds', day, JAKARTA))).toEqual([r2, r1]);
    expect(ids(await demoRead.get('/refunds', day, SAO_PAULO))).toEqual([r2]);
    expect(ids(await demoRead.get('/refunds', { collectionId: c1.id }))).toEqual([r2, r1]);
    expect(ids(await demoRead.get('/refunds', { merchantOrderId: c1.merchantOrderId }))).toEqual([r2, r1]);
    expect(ids(await demoRead.get('/refunds', { id: r1 }))).toEqual([r1]);
    expect(ids(await demoRead.get('/refunds', { ...day, status: 'returned_failed' }, JAKARTA))).toEqual([]);
    const rec = (await demoRead.get('/refunds', { id: r2 })).json().result.records[0];
    expect(rec).toMatchObject({ merchantOrderId: c1.merchantOrderId, merchantRefundId: 'RF-77', requestedAmount: '70000', refundWay: 'offline' });
    expect((await business.get('/refunds', { collectionId: c1.id })).json().result.records).toEqual([]);
    const long = await demoRead.get('/refunds', { createTime_begin: '2026-03-01 00:00:00', createTime_end: '2026-05-01 00:00:00' });
    expect(long.statusCode).toBe(400);
  });
});

describe('settlements', () => {
  it('list with status filter; the run is for platform staff only and moves pending to available', async () => {
    const c = await paidCollection({ amount: 1_000_000n });
    const batchOf = async () => (await demoRead.get('/settlements', { status: 'pending' })).json().result.records.find((s: { id: string }) => s.id === c.settlementId);
    const batch = await batchOf();
    expect(batch).toMatchObject({ currency: 'IDR', status: 'pending', settledAt: null });
    expect(batch.collectionCount).toBeGreaterThanOrEqual(1);
    expect(BigInt(batch.netAmount)).toBeGreaterThan(0n);
    // sorted by net, a pending batch counts with what it holds now (its row is written when it settles)
    const byNet = (await demoRead.get('/settlements', { column: 'netAmount', order: 'desc', pageSize: 100 })).json().result.records as { netAmount: string }[];
    expect(byNet.map((r) => BigInt(r.netAmount))).toEqual([...byNet.map((r) => BigInt(r.netAmount))].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(byNet.some((r) => r.netAmount === batch.netAmount)).toBe(true);

    expect((await demoAdmin.post('/settlements/run', {})).statusCode).toBe(403);
    expect((await business.post('/settlements/run', {})).statusCode).toBe(403);

    const availableBefore = await balance(tdb.pool, 10001, 'IDR', 'available');
    const run = await admin.post('/settlements/run', { merchantId: 10001 });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().result.settled).toBeGreaterThanOrEqual(1);
    expect(BigInt(run.json().result.amounts.IDR)).toBeGreaterThanOrEqual(BigInt(batch.netAmount));
    expect(await balance(tdb.pool, 10001, 'IDR', 'available')).toBeGreaterThanOrEqual(availableBefore + BigInt(batch.netAmount));
    expect(await balance(tdb.pool, 10001, 'IDR', 'pending')).toBe(0n);

    const settled = (await demoRead.get('/settlements', { status: 'settled' })).json().result.records.find((s: { id: string }) => s.id === c.settlementId);
    expect(settled).toMatchObject({ status: 'settled', netAmount: batch.netAmount });
    expect(settled.settledAt).toEqual(expect.any(String));
    expect((await demoRead.get('/settlements', { status: 'pending' })).json().result.records).toEqual([]);
    // The collection list shows it settled too.
    expect((await demoRead.get(`/collections/${c.id}`)).json().result.settlementStatus).toBe('settled');
    // Other merchants see none of it.
    expect((await business.get('/settlements', { currency: 'IDR' })).json().result.records).toEqual([]);
    const { rows } = await tdb.pool.query("select count(*)::int as n from audit_log where action = 'settlement_run' and username = 'admin'");
    expect(rows[0].n).toBe(1);
  });
});

describe('balance records', () => {
  it('the wall-clock range is read in the session zone; action type, account and currency filters', async () => {
    const c = await paidCollection({ amount: 120_000n });
    // A one-hour window around now, written as Jakarta wall-clock: in São Paulo the same text is 10 hours later.
    const fmt = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const window = { createTime_begin: fmt(new Date(Date.now() - 1_800_000)), createTime_end: fmt(new Date(Date.now() + 1_800_000)) };
    const jkt = (await demoRead.get('/balance-records', { ...window, reference: c.id }, JAKARTA)).json().result.records;
    expect(jkt).toEqual([expect.objectContaining({ actionType: 1, account: 'pending', reference: c.id, fee: '4840' })]);
    expect(jkt[0].amount).toBe(String(120_000 - 4_840));
    expect((await demoRead.get('/balance-records', { ...window, reference: c.id }, SAO_PAULO)).json().result.records).toEqual([]);
    expect((await demoRead.get('/balance-records', { reference: c.id, actionType: 2 })).json().result.records).toEqual([]);
    expect((await demoRead.get('/balance-records', { reference: c.id, account: 'available' })).json().result.records).toEqual([]);
    expect((await demoRead.get('/balance-records', { reference: c.id, currency: 'THB' })).json().result.records).toEqual([]);
    expect((await demoRead.get('/balance-records', { actionType: 9 })).statusCode).toBe(400);
    // Platform accounts (clearing, fee revenue) are not a merchant's records, even for the platform.
    const platform = (await admin.get('/balance-records', { reference: c.id })).json().result.records;
    expect(platform.map((r: { account: string }) => r.account)).toEqual(['pending']);
    expect((await business.get('/balance-records', { reference: c.id, currency: 'IDR' })).json().result.records).toEqual([]);
  });
});

describe('payment links', () => {
  it('create (session currency, sandbox), list with status filter, void; read-only users may only look', async () => {
    const res = await demoAdmin.post('/payment-links', { amount: '75000', description: 'Workshop seat', expiryHours: 48 });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().result;
    expect(link).toMatchObject({ currency: 'IDR', amount: '75000', description: 'Workshop seat', expiryHours: 48, status: 'active', mode: 'sandbox', createdBy: 'demo_admin', collectionId: null });
    expect(link.url).toMatch(new RegExp(`^${app.publicUrl}/pay/`));

    expect((await demoRead.post('/payment-links', { amount: '75000', description: 'x' })).statusCode).toBe(403);
    const bad = await demoAdmin.post('/payment-links', { amount: '75000.5', description: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('amount');

    expect(ids(await demoRead.get('/payment-links', { status: 'active' }))).toContain(link.id);
    expect((await demoRead.post(`/payment-links/${link.id}/void`, {})).statusCode).toBe(403);
    expect((await business.post(`/payment-links/${link.id}/void`, {})).statusCode).toBe(404);
    const voided = await demoAdmin.post(`/payment-links/${link.id}/void`, {});
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().result.status).toBe('void');
    expect(ids(await demoRead.get('/payment-links', { status: 'active' }))).not.toContain(link.id);
    expect(ids(await demoRead.get('/payment-links', { status: 'void' }))).toEqual([link.id]);
    expect((await demoAdmin.post(`/payment-links/${link.id}/void`, {})).statusCode).toBe(422);
    expect((await business.get('/payment-links', { currency: 'IDR' })).json().result.records).toEqual([]);
  });

  it('an active link past its expiry is listed (and filtered) as expired before the job marks it', async () => {
    const stale = await createPaymentLink(
      { db: tdb.db, publicUrl: app.publicUrl },
      { merchantId: 10001, mode: ApiKeyMode.SANDBOX, amount: 30_000n, currency: 'IDR', description: 'Yesterday', expiryHours: 1, createdBy: 'test', now: new Date(Date.now() - 86_400_000) },
    );
    expect(stale.status).toBe('active');
    expect(ids(await demoRead.get('/payment-links', { status: 'active' }))).not.toContain(stale.id);
    const expired = (await demoRead.get('/payment-links', { status: 'expired' })).json().result.records;
    expect(expired.map((r: { id: string; status: string }) => [r.id, r.status])).toContainEqual([stale.id, 'expired']);
  });
});

describe('list sources for the exports', () => {
  it('keyset pages (after) walk exactly the rows of the list, newest first, for collections and balance records', async () => {
    const ctx = { scope: { all: false as const, ids: [10001] }, timeZone: 'Asia/Jakarta', currency: 'IDR' as const };
    const walk = async <R extends { id: string | number }>(read: (after: string | number | null, limit: number) => Promise<R[]>) => {
      const all = await read(null, 10_000);
      const walked: R[] = [];
      let last: string | number | null = null;
      for (;;) {
        const page = await read(last, 3);
        if (page.length === 0) break;
        walked.push(...page);
        last = page.at(-1)!.id;
      }
      expect(walked.map((r) => r.id)).toEqual(all.map((r) => r.id));
      return all;
    };

    const cWhere = collectionsSource.where({ createTime_begin: '2026-03-01 00:00:00', createTime_end: '2026-03-31 23:59:59' }, ctx);
    const collections = await walk((after, limit) => readAfter(tdb.db, collectionsSource, cWhere, after, limit, 'en-US'));
    expect(collections.length).toBeGreaterThanOrEqual(3);
    expect(collections.map((c) => c.createdAt)).toEqual([...collections.map((c) => c.createdAt)].sort().reverse());

    const bWhere = balanceRecordsSource.where({}, ctx);
    const entries = await walk((after, limit) => readAfter(tdb.db, balanceRecordsSource, bWhere, after, limit, 'en-US'));
    // Entries of one transfer share their time: the id breaks the tie, so none is lost or repeated.
    expect(entries.length).toBeGreaterThan(3);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });
});

describe('contract', () => {
  it('the calls are in the OpenAPI document with their permission-guarded paths', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/collections', '/api/collections/{id}', '/api/collections/{id}/refunds', '/api/refunds', '/api/payment-links', '/api/payment-links/{id}/void', '/api/settlements', '/api/settlements/run', '/api/statistics', '/api/balances', '/api/balances/{currency}/limit', '/api/balance-records']) {
      expect(paths).toContain(p);
    }
    expect(Perm.SETTLEMENT_RUN).toBe('settlements:run');
    // Each area registers its own jobs: collections expire, settlements run.
    expect(app.jobs.names).toEqual(expect.arrayContaining(['collections.expire', 'settlements.run']));
  });
});
