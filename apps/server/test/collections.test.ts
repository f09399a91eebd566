/**
 * Collections money core on real PostgreSQL: create (validation, fee, channel, payment code), pay (ledger,
 * settlement batch, callback outbox, idempotency), fail / close / expire, sandbox magic amounts, the jobs.
 *
 * Long file: the money core's cases share one seeded database; each case is short.
 */
import { CallbackEvent, MAX_AMOUNT_MINOR, translate } from '@mg/domain';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobScheduler } from '../src/jobs/scheduler';
import { registerCollectionJobs } from '../src/modules/collections/jobs';
import {
  cashierUrl,
  closeCollection,
  collectionView,
  createCollection,
  expireDueCollections,
  expireDuePaymentLinks,
  getCollection,
  getCollectionByOrderId,
  getCollectionByToken,
  markCollectionFailed,
  markCollectionPaid,
  payAtCashier,
  type CreateCollectionInput,
} from '../src/modules/collections/service';
import type { Database } from '../src/db/pool';
import { toCollectionRecord } from '../src/modules/collections/queries';
import { closeConcurrentDatabase, openConcurrentDatabase } from './helpers/concurrent-db';
import type { TestDatabase } from './helpers/db';
import { balance, batchAsItStands, count, createMerchant, setFeeRule, thrown, upsertProducts } from './helpers/money-fixtures';

const M = 51001; // IDR + THB, callback address set
const M2 = 51002; // no callback address
const PUBLIC = 'https://pay.example.test';
const CALLBACK = 'https://merchant.example.test/hooks';
const T0 = new Date('2026-03-10T03:00:00.000Z'); // 10:00 in Jakarta

let tdb: TestDatabase;
let clients: Database;
beforeAll(async () => {
  ({ tdb, clients } = await openConcurrentDatabase('mg-test-collections'));
  await upsertProducts(tdb.pool);
  await createMerchant(tdb.pool, { id: M, callbackUrl: CALLBACK });
  await createMerchant(tdb.pool, { id: M2, callbackUrl: null });
  // fee = 4000 fixed + 0.7 %, at least 5000
  await setFeeRule(tdb.pool, { merchantId: M, currency: 'IDR', paymentType: 1, rateBps: 70, fixedFee: 4_000n, minFee: 5_000n });
  await setFeeRule(tdb.pool, { merchantId: M2, currency: 'IDR', paymentType: 1, rateBps: 0, fixedFee: 1_000n });
  await setFeeRule(tdb.pool, { merchantId: M, currency: 'IDR', paymentType: 4, rateBps: 0, fixedFee: 0n }); // wallets: free
});
afterAll(() => closeConcurrentDatabase(tdb, clients));

let seq = 0;
function input(over: Partial<CreateCollectionInput> = {}): CreateCollectionInput {
  seq++;
  return {
    merchantId: M,
    mode: 'sandbox',
    source: 'api',
    merchantOrderId: `ORD-${seq}`,
    amount: 150_000n,
    currency: 'IDR',
    paymentType: 1,
    now: T0,
    ...over,
  };
}
const create = (over: Partial<CreateCollectionInput> = {}) => createCollection({ db: tdb.db, publicUrl: PUBLIC }, input(over));

async function fieldOf(fn: () => Promise<unknown>): Promise<{ field: string; messageKey: string; statusCode: number }> {
  const e = (await thrown(fn)) as { issues?: { field: string; messageKey: string }[]; statusCode?: number };
  expect(e.issues, 'a field validation error').toBeDefined();
  return { ...e.issues![0]!, statusCode: e.statusCode! };
}

describe('createCollection', () => {
  it('creates a pending order with its quoted fee, VA payment code, cashier token and expiry', async () => {
    const c = await create({ merchantOrderId: 'ORDER-1001', channel: 2, payerName: ' Budi ', payerEmail: 'budi@example.com', notifyUrl: null });
    expect(c.id).toMatch(/^C260310030000[0-9A-Z]{10}$/);
    expect(c.status).toBe('pending');
    expect(c.channel).toBe(2);
    expect(c.adminFee).toBe(4_000n);
    expect(c.serviceFee).toBe(1_050n); // 0.7 % of 150 000
    expect(c.paymentCode).toMatch(/^8802\d{12}$/);
    expect(c.channelReference).toMatch(/^SBX[0-9A-F]{20}$/);
    expect(c.payerName).toBe('Budi');
    expect(c.expiryHours).toBe(24);
    expect(c.expiresAt.toISOString()).toBe('2026-03-11T03:00:00.000Z');
    expect(c.cashierToken.length).toBeGreaterThanOrEqual(40);

    expect(await getCollection(tdb.db, M, c.id)).toEqual(c);
    expect(await getCollection(tdb.db, M2, c.id)).toBeNull(); // scoped to the merchant
    expect(await getCollectionByOrderId(tdb.db, M, 'ORDER-1001')).toEqual(c);
    expect(await getCollectionByToken(tdb.db, c.cashierToken)).toEqual(c);

    const v = collectionView(c, PUBLIC);
    expect(v).toMatchObject({
      id: c.id,
      merchantOrderId: 'ORDER-1001',
      amount: '150000',
      // The quote is kept on the row; nothing is charged until the payment arrives, so the view shows 0.
      fee: { adminFee: '0', serviceFee: '0', total: '0' },
      paidAmount: null,
      refundable: '0',
      status: 'pending',
      expiresAt: '2026-03-11T03:00:00.000Z',
      cashierUrl: `${PUBLIC}/pay/${c.cashierToken}`,
    });
    expect(cashierUrl(PUBLIC, 'tok')).toBe(`${PUBLIC}/pay/tok`);
  });

  it('without a channel takes the first enabled product of the payment type; QR and OTC codes by type', async () => {
    const va = await create({ channel: undefined });
    expect(va.channel).toBe(1);
    const qris = await create({ paymentType: 4, amount: 5_000n });
    expect(qris.channel).toBe(11);
    expect(qris.paymentCode).toMatch(/^000201010212.*6304[0-9A-F]{4}$/);
    expect(qris.paymentCode).toContain('54045000'); // amount field (tag 54, length 04) of the QR payload
    expect(qris.adminFee + qris.serviceFee).toBe(0n); // the merchant's own wallet rule: free
    const otc = await create({ paymentType: 2 });
    expect(otc.paymentCode).toMatch(/^[0-9A-Z]{12}$/);
    const thb = await create({ currency: 'THB', paymentType: 16, amount: 12_550n, expiryHours: 2 });
    expect(thb.channel).toBe(20);
    expect(thb.paymentCode).toContain('5406125.50');
    expect(thb.expiresAt.getTime() - T0.getTime()).toBe(2 * 3_600_000);
  });

  it('names the field of every input problem (400)', async () => {
    expect(await fieldOf(() => create({ merchantOrderId: 'bad id with spaces' }))).toMatchObject({ field: 'merchantOrderId', statusCode: 400 });
    expect(await fieldOf(() => create({ merchantOrderId: 'x'.repeat(65) }))).toMatchObject({ field: 'merchantOrderId' });
    expect(await fieldOf(() => create({ amount: 0n }))).toMatchObject({ field: 'amount', messageKey: 'validation.amount.zero' });
    expect(await fieldOf(() => create({ amount: -5n }))).toMatchObject({ field: 'amount', messageKey: 'validation.amount.negative' });
    expect(await fieldOf(() => create({ amount: MAX_AMOUNT_MINOR + 1n }))).toMatchObject({ field: 'amount', messageKey: 'validation.amount.tooLarge' });
    expect(await fieldOf(() => create({ currency: 'USDT', paymentType: 18 }))).toMatchObject({ field: 'currency', messageKey: 'collections.currencyNotOffered' });
    expect(await fieldOf(() => create({ paymentType: 3 }))).toMatchObject({ field: 'paymentType', messageKey: 'collections.paymentTypeNotOffered' });
    expect(await fieldOf(() => create({ channel: 3 }))).toMatchObject({ field: 'channel', messageKey: 'collections.channelNotOffered' });
    expect(await fieldOf(() => create({ channel: 11 }))).toMatchObject({ field: 'channel' }); // QRIS is not a VA
    expect(await fieldOf(() => create({ amount: 9_999n }))).toMatchObject({ field: 'amount', messageKey: 'collections.amountOutOfRange' });
    expect(await fieldOf(() => create({ amount: 50_000_001n }))).toMatchObject({ field: 'amount', messageKey: 'collections.amountOutOfRange' });
    expect(await fieldOf(() => create({ expiryHours: 0 }))).toMatchObject({ field: 'expiryHours' });
    expect(await fieldOf(() => create({ expiryHours: 721 }))).toMatchObject({ field: 'expiryHours' });
    expect(await fieldOf(() => create({ expiryHours: 1.5 }))).toMatchObject({ field: 'expiryHours' });
    expect(await fieldOf(() => create({ notifyUrl: 'ftp://x.test/a' }))).toMatchObject({ field: 'notifyUrl' });
    expect(await fieldOf(() => create({ returnUrl: 'not a url' }))).toMatchObject({ field: 'returnUrl' });
    expect(await fieldOf(() => create({ payerEmail: 'nobody' }))).toMatchObject({ field: 'payerEmail' });
    expect(await fieldOf(() => create({ orderDescription: 'd'.repeat(256) }))).toMatchObject({ field: 'orderDescription' });
    // a disabled product is not offered
    await tdb.pool.query(`update product set status = 0 where currency = 'IDR' and payment_type = 2`);
    expect(await fieldOf(() => create({ paymentType: 2 }))).toMatchObject({ field: 'paymentType' });
    await tdb.pool.query(`update product set status = 1 where currency = 'IDR' and payment_type = 2 and channel = 12`);
  });

  it('the product amount limits appear in the message, in the caller language', () => {
    expect(translate('en-US', 'collections.amountOutOfRange', { min: '10000', max: '50000000', currency: 'IDR' })).toBe(
      'The amount must be between 10000 and 50000000 IDR for this payment method',
    );
  });

  it('a duplicate merchant order id is 409 CONFLICT with its own message, also under a race', async () => {
    await create({ merchantOrderId: 'DUP-1' });
    const e = (await thrown(() => create({ merchantOrderId: 'DUP-1' }))) as { code: string; httpStatus: number; messageKey: string };
    expect(e.code).toBe('CONFLICT');
    expect(e.httpStatus).toBe(409);
    expect(e.messageKey).toBe('collections.duplicateOrderId');
    // another merchant may use the same order id
    await createCollection({ db: tdb.db, publicUrl: PUBLIC }, input({ merchantId: M2, merchantOrderId: 'DUP-1' }));

    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => createCollection({ db: clients.db, publicUrl: PUBLIC }, input({ merchantOrderId: 'RACE-1' }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code: string }).code).toBe('CONFLICT');
    expect(await count(tdb.pool, `select 1 from collection where merchant_id = $1 and merchant_order_id = 'RACE-1'`, [M])).toBe(1);
  });

  it('refuses a frozen merchant (422) and an unknown one (404)', async () => {
    await createMerchant(tdb.pool, { id: 51009 });
    await tdb.pool.query(`update merchant set status = 'frozen' where id = 51009`);
    const e = (await thrown(() => create({ merchantId: 51009 }))) as { code: string; messageKey: string };
    expect([e.code, e.messageKey]).toEqual(['BUSINESS_RULE', 'collections.merchantInactive']);
    const nf = (await thrown(() => create({ merchantId: 59999 }))) as { code: string };
    expect(nf.code).toBe('NOT_FOUND');
  });
});

describe('markCollectionPaid', () => {
  it('moves the money to pending, joins the T+1 batch in the merchant zone and enqueues the callback', async () => {
    const c = await create({ amount: 200_000n });
    const paidAt = new Date('2026-03-10T18:30:00.000Z'); // 01:30 on 11 March in Jakarta
    const fee = c.adminFee + c.serviceFee; // 4000 + 1400
    expect(fee).toBe(5_400n);
    const pendingBefore = await balance(tdb.pool, M, 'IDR', 'pending');
    const revenueBefore = await balance(tdb.pool, 10000, 'IDR', 'fee_revenue');

    const paid = await markCollectionPaid(tdb.db, { merchantId: M, id: c.id, now: paidAt });
    expect(paid.status).toBe('success');
    expect(paid.paidAmount).toBe(200_000n);
    expect(paid.paidAt?.toISOString()).toBe(paidAt.toISOString());
    expect(paid.notifyStatus).toBe('pending');
    expect(paid.settlementId).toMatch(/^S/);

    expect((await balance(tdb.pool, M, 'IDR', 'pending')) - pendingBefore).toBe(200_000n - fee);
    expect((await balance(tdb.pool, 10000, 'IDR', 'fee_revenue')) - revenueBefore).toBe(fee);
    // Paid: the view shows the fee the ledger charged.
    expect(collectionView(paid, PUBLIC)).toMatchObject({ fee: { adminFee: '4000', serviceFee: '1400', total: '5400' } });

    const batch = [await batchAsItStands(tdb.db, paid.settlementId!)] as Record<string, unknown>[];
    expect(batch[0]).toMatchObject({
      settle_date: '2026-03-12',
      status: 'pending',
      collection_count: 1,
      gross_amount: '200000',
      fee_amount: '5400',
      net_amount: String(200_000n - fee),
    });
    expect((batch[0]!.due_at as Date).toISOString()).toBe('2026-03-11T17:00:00.000Z'); // 00:00 on 12 March, Jakarta

    const { rows: cb } = await tdb.pool.query('select event_type, url, order_kind, order_id, body, status from callback_delivery where order_id = $1', [c.id]);
    expect(cb).toHaveLength(1);
    expect(cb[0]).toMatchObject({ event_type: CallbackEvent.COLLECTION_SUCCEEDED, url: CALLBACK, order_kind: 'collection', status: 'pending' });
    const body = JSON.parse(cb[0].body as string) as { type: string; data: Record<string, unknown> };
    expect(body.type).toBe('collection.succeeded');
    expect(body.data).toMatchObject({ id: c.id, status: 'success', amount: '200000', paidAmount: '200000', refundable: '200000' });

    // a second collection the same local day joins the same batch
    const c2 = await create({ amount: 100_000n });
    const p2 = await markCollectionPaid(tdb.db, { merchantId: M, id: c2.id, now: new Date('2026-03-11T16:59:00.000Z') });
    expect(p2.settlementId).toBe(paid.settlementId);
    expect(await batchAsItStands(tdb.db, paid.settlementId!)).toMatchObject({ collection_count: 2, gross_amount: '300000' });
    // joining does not write the batch row (no row every payment of a merchant shares): its stored totals wait for
    // the settle
    const { rows: raw } = await tdb.pool.query('select collection_count, gross_amount::text from settlement where id = $1', [paid.settlementId]);
    expect(raw[0]).toMatchObject({ collection_count: 0, gross_amount: '0' });
  });

  it('is idempotent: paying again answers the order unchanged and writes nothing', async () => {
    const c = await create();
    const first = await markCollectionPaid(tdb.db, { merchantId: M, id: c.id, now: T0 });
    const again = await markCollectionPaid(tdb.db, { merchantId: M, id: c.id, now: new Date(T0.getTime() + 60_000) });
    expect(again).toEqual(first);
    expect(await count(tdb.pool, 'select 1 from ledger_transfer where reference = $1', [c.id])).toBe(1);
    expect(await count(tdb.pool, 'select 1 from callback_delivery where order_id = $1', [c.id])).toBe(1);
  });

  it('8 concurrent payments of one order post one transfer, one batch increment and one callback', async () => {
    const c = await create({ amount: 123_000n });
    const results = await Promise.all(Array.from({ length: 8 }, () => markCollectionPaid(clients.db, { merchantId: M, id: c.id, now: T0 })));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set(['success']));
    expect(await count(tdb.pool, 'select 1 from ledger_transfer where reference = $1', [c.id])).toBe(1);
    expect(await count(tdb.pool, 'select 1 from callback_delivery where order_id = $1', [c.id])).toBe(1);
    const { rows } = await tdb.pool.query('select idempotency_key from ledger_transfer where reference = $1', [c.id]);
    expect(rows[0].idempotency_key).toBe(`collection:${c.id}:succeeded`);
  });

  it('without any callback address nothing is enqueued and notify status stays empty', async () => {
    const c = await createCollection({ db: tdb.db, publicUrl: PUBLIC }, input({ merchantId: M2 }));
    const paid = await markCollectionPaid(tdb.db, { merchantId: M2, id: c.id, now: T0 });
    expect(paid.status).toBe('success');
    expect(paid.notifyStatus).toBeNull();
    expect(await count(tdb.pool, 'select 1 from callback_delivery where order_id = $1', [c.id])).toBe(0);
    // the order's own notifyUrl wins over the merchant address
    const c2 = await createCollection({ db: tdb.db, publicUrl: PUBLIC }, input({ merchantId: M2, notifyUrl: 'https://own.example.test/cb' }));
    await markCollectionPaid(tdb.db, { merchantId: M2, id: c2.id, now: T0 });
    const { rows } = await tdb.pool.query('select url from callback_delivery where order_id = $1', [c2.id]);
    expect(rows[0].url).toBe('https://own.example.test/cb');
  });

  it('refuses to pay a closed, failed or unknown order', async () => {
    const closed = await create();
    await closeCollection(tdb.db, { merchantId: M, id: closed.id, now: T0 });
    const e = (await thrown(() => markCollectionPaid(tdb.db, { merchantId: M, id: closed.id }))) as { code: string; httpStatus: number; messageKey: string };
    expect([e.code, e.httpStatus, e.messageKey]).toEqual(['BUSINESS_RULE', 422, 'collections.notOpen']);

    const failed = await create();
    await markCollectionFailed(tdb.db, { merchantId: M, id: failed.id, reason: 'INSUFFICIENT_FUNDS', now: T0 });
    expect(((await thrown(() => markCollectionPaid(tdb.db, { merchantId: M, id: failed.id }))) as { code: string }).code).toBe('BUSINESS_RULE');

    const nf = (await thrown(() => markCollectionPaid(tdb.db, { merchantId: M, id: 'C000' }))) as { code: string; httpStatus: number };
    expect([nf.code, nf.httpStatus]).toEqual(['NOT_FOUND', 404]);
    // another merchant's order is not found either
    expect(((await thrown(() => markCollectionPaid(tdb.db, { merchantId: M2, id: closed.id }))) as { code: string }).code).toBe('NOT_FOUND');
    expect(await count(tdb.pool, 'select 1 from ledger_transfer where reference in ($1, $2)', [closed.id, failed.id])).toBe(0);
  });

  it('a partial payment is charged the fee of what arrived and joins the batch with it', async () => {
    const c = await create({ amount: 1_000_000n });
    const paid = await markCollectionPaid(tdb.db, { merchantId: M, id: c.id, paidAmount: 400_000n, now: T0 });
    expect(paid.status).toBe('partial');
    expect(paid.paidAmount).toBe(400_000n);
    expect(paid.adminFee + paid.serviceFee).toBe(4_000n + 2_800n);
    const { rows } = await tdb.pool.query('select amount::text, fee::text from ledger_transfer where reference = $1', [c.id]);
    expect(rows[0]).toEqual({ amount: '400000', fee: '6800' });
    const c2 = await create({ amount: 1_000_000n });
    expect(await fieldOf(() => markCollectionPaid(tdb.db, { merchantId: M, id: c2.id, paidAmount: 1_000_001n }))).toMatchObject({ field: 'paidAmount' });
    expect(await fieldOf(() => markCollectionPaid(tdb.db, { merchantId: M, id: c2.id, paidAmount: 0n }))).toMatchObject({ field: 'paidAmount' });
  });
});

describe('fail, close, expire', () => {
  it('markCollectionFailed sets the reason and reports collection.failed; a bad reason is 400', async () => {
    const c = await create();
    const f = await markCollectionFailed(tdb.db, { merchantId: M, id: c.id, reason: 'CHANNEL_DECLINED', now: T0 });
    expect([f.status, f.failureReason, f.notifyStatus]).toEqual(['failed', 'CHANNEL_DECLINED', 'pending']);
    const { rows } = await tdb.pool.query('select event_type, body from callback_delivery where order_id = $1', [c.id]);
    expect(rows.map((r) => r.event_type)).toEqual(['collection.failed']);
    expect(JSON.parse(rows[0].body as string).data).toMatchObject({ status: 'failed', failureReason: 'CHANNEL_DECLINED' });
    // Never charged: no fee in the callback, the API view and the list record (the quote of the pending order is gone).
    expect(c.adminFee + c.serviceFee).toBeGreaterThan(0n);
    expect(JSON.parse(rows[0].body as string).data.fee).toEqual({ adminFee: '0', serviceFee: '0', total: '0' });
    expect(collectionView(f, PUBLIC)).toMatchObject({ fee: { adminFee: '0', serviceFee: '0', total: '0' } });
    expect(toCollectionRecord(f, null)).toMatchObject({ adminFee: '0', serviceFee: '0' });
    // Pending, it showed no fee either: the ledger had charged none.
    expect(collectionView(c, PUBLIC)).toMatchObject({ fee: { total: '0' } });
    // repeated: unchanged, no second callback
    await markCollectionFailed(tdb.db, { merchantId: M, id: c.id, reason: 'CHANNEL_DECLINED' });
    expect(await count(tdb.pool, 'select 1 from callback_delivery where order_id = $1', [c.id])).toBe(1);

    const c2 = await create();
    expect(await fieldOf(() => markCollectionFailed(tdb.db, { merchantId: M, id: c2.id, reason: 'because' }))).toMatchObject({ field: 'reason' });
    const ok = await markCollectionPaid(tdb.db, { merchantId: M, id: c2.id, now: T0 });
    const e = (await thrown(() => markCollectionFailed(tdb.db, { merchantId: M, id: ok.id, reason: 'CHANNEL_DECLINED' }))) as { code: string };
    expect(e.code).toBe('BUSINESS_RULE');
  });

  it('closeCollection: the payer cancelled -> closed, collection.closed', async () => {
    const c = await create();
    const closed = await closeCollection(tdb.db, { merchantId: M, id: c.id, now: T0 });
    expect(closed.status).toBe('closed');
    expect(collectionView(closed, PUBLIC)).toMatchObject({ fee: { total: '0' } });
    const { rows } = await tdb.pool.query('select event_type from callback_delivery where order_id = $1', [c.id]);
    expect(rows.map((r) => r.event_type)).toEqual(['collection.closed']);
  });

  it('expireDueCollections closes what is past due (pending -> closed, processing -> failed EXPIRED), shared by concurrent callers', async () => {
    await createMerchant(tdb.pool, { id: 51003, callbackUrl: CALLBACK });
    await setFeeRule(tdb.pool, { merchantId: 51003, currency: 'IDR', paymentType: 1, rateBps: 0, fixedFee: 0n });
    const base = new Date('2026-05-01T00:00:00.000Z');
    const mk = (expiryHours: number) =>
      createCollection({ db: tdb.db, publicUrl: PUBLIC }, input({ merchantId: 51003, expiryHours, now: base }));
    const due = await Promise.all(Array.from({ length: 30 }, () => mk(1)));
    const notDue = await mk(5);
    const processing = await mk(1);
    await tdb.pool.query(`update collection set status = 'processing' where id = $1`, [processing.id]);
    const paid = await mk(1);
    await markCollectionPaid(tdb.db, { merchantId: 51003, id: paid.id, now: base });

    const at = new Date(base.getTime() + 2 * 3_600_000);
    // earlier tests left open orders that are due by then too
    const dueEverywhere = await count(tdb.pool, `select 1 from collection where status in ('pending','processing') and expires_at <= $1`, [at]);
    expect(dueEverywhere).toBeGreaterThanOrEqual(31);
    const counts = await Promise.all(Array.from({ length: 4 }, () => expireDueCollections(clients.db, at)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(dueEverywhere);
    expect(await expireDueCollections(tdb.db, at)).toBe(0);

    for (const c of due) expect((await getCollection(tdb.db, 51003, c.id))?.status).toBe('closed');
    expect((await getCollection(tdb.db, 51003, notDue.id))?.status).toBe('pending');
    expect(await getCollection(tdb.db, 51003, processing.id)).toMatchObject({ status: 'failed', failureReason: 'EXPIRED' });
    expect((await getCollection(tdb.db, 51003, paid.id))?.status).toBe('success');
    const { rows } = await tdb.pool.query<{ event_type: string; n: number }>(
      `select event_type, count(*)::int as n from callback_delivery where merchant_id = 51003 group by 1 order by 1`,
    );
    expect(rows).toEqual([
      { event_type: 'collection.expired', n: 30 },
      { event_type: 'collection.failed', n: 1 },
      { event_type: 'collection.succeeded', n: 1 },
    ]);
  });

  it('expireDuePaymentLinks expires active links past their expiry only', async () => {
    const ins = (id: string, status: string, expiresAt: string) =>
      tdb.pool.query(
        `insert into payment_link (id, merchant_id, token, currency, amount, description, payment_type, expiry_hours, expires_at, status, mode, created_by)
         values ($1, $2, $3, 'IDR', 50000, 'x', 1, 1, $4, $5, 'sandbox', 't')`,
        [id, M, `tok-${id}`, expiresAt, status],
      );
    await ins('L1', 'active', '2026-01-01T00:00:00Z');
    await ins('L2', 'active', '2026-12-01T00:00:00Z');
    await ins('L3', 'paid', '2026-01-01T00:00:00Z');
    expect(await expireDuePaymentLinks(tdb.db, new Date('2026-06-01T00:00:00Z'))).toBe(1);
    const { rows } = await tdb.pool.query(`select id, status from payment_link where id in ('L1','L2','L3') order by id`);
    expect(rows).toEqual([
      { id: 'L1', status: 'expired' },
      { id: 'L2', status: 'active' },
      { id: 'L3', status: 'paid' },
    ]);
  });

  it('paying a payment-link collection marks the link paid', async () => {
    await tdb.pool.query(
      `insert into payment_link (id, merchant_id, token, currency, amount, description, payment_type, expiry_hours, expires_at, status, mode, created_by)
       values ('L9', $1, 'tok-L9', 'IDR', 150000, 'x', 1, 1, '2027-01-01T00:00:00Z', 'active', 'sandbox', 't')`,
      [M],
    );
    const c = await create({ source: 'payment_link', paymentLinkId: 'L9' });
    await markCollectionPaid(tdb.db, { merchantId: M, id: c.id, now: T0 });
    const { rows } = await tdb.pool.query(`select status, collection_id from payment_link where id = 'L9'`);
    expect(rows[0]).toEqual({ status: 'paid', collection_id: c.id });
  });
});

describe('sandbox cashier: magic amounts decide the outcome', () => {
  it.each([
    [150_000n, 'success', null, 150_000n],
    [10_013n, 'failed', 'INSUFFICIENT_FUNDS', null],
    [10_014n, 'failed', 'CHANNEL_DECLINED', null],
    [10_015n, 'rejected', 'RISK_REJECTED', null],
    [20_077n, 'partial', null, 10_038n],
    [10_099n, 'pending', null, null],
  ] as const)('amount %s -> %s', async (amount, status, reason, paid) => {
    const c = await create({ amount });
    const after = await payAtCashier(tdb.db, { merchantId: M, id: c.id, now: T0 });
    expect(after.status).toBe(status);
    expect(after.failureReason).toBe(reason);
    expect(after.paidAmount).toBe(paid);
  });

  it('THB magic digits are whole baht: 100.13 fails, 100.99 THB is not 99 baht', async () => {
    const f = await create({ currency: 'THB', paymentType: 16, amount: 10_013n });
    expect((await payAtCashier(tdb.db, { merchantId: M, id: f.id, now: T0 })).status).toBe('success'); // 100.13: ends in 00
    const g = await create({ currency: 'THB', paymentType: 16, amount: 11_300n });
    expect((await payAtCashier(tdb.db, { merchantId: M, id: g.id, now: T0 })).status).toBe('failed'); // 113.00
  });

  it('an expired order cannot be paid at the cashier', async () => {
    const c = await create({ expiryHours: 1 });
    const e = (await thrown(() => payAtCashier(tdb.db, { merchantId: M, id: c.id, now: new Date(T0.getTime() + 3_600_000) }))) as { messageKey: string };
    expect(e.messageKey).toBe('collections.expired');
  });
});

describe('jobs', () => {
  it('registerCollectionJobs registers the expiry and the pass over transfers left queued (the settlement job is the settlements area\'s)', () => {
    const jobs = new JobScheduler(false, pino({ level: 'silent' }));
    const app = { jobs, db: tdb.db, publicUrl: PUBLIC } as unknown as Parameters<typeof registerCollectionJobs>[0];
    registerCollectionJobs(app);
    expect(jobs.names).toEqual(['collections.expire', 'ledger.post-queued']);
  });
});
