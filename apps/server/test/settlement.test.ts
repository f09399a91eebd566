/**
 * Settlement T+N on real PostgreSQL: due dates in the merchant's zone, pending -> available, concurrent runners,
 * a batch settled early or while a payment waited for it, and the pure date helpers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/pool';
import { settlement } from '../src/db/schema';
import { createCollection, markCollectionPaid } from '../src/modules/collections/service';
import { postTransfer, settle } from '../src/modules/ledger/service';
import { createRefund } from '../src/modules/refunds/service';
import { BATCH_LOCK_CLASS, lockBatchExclusive, markSettled, sumBatch } from '../src/modules/settlements/queries';
import { dueAtOf, runSettlements, settleDateFor, settlementDetail, settlementView } from '../src/modules/settlements/service';
import { closeConcurrentDatabase, openConcurrentDatabase } from './helpers/concurrent-db';
import type { TestDatabase } from './helpers/db';
import { balance, batchesOfMerchant, count, createMerchant, setFeeRule, upsertProducts } from './helpers/money-fixtures';

let tdb: TestDatabase;
let clients: Database;
beforeAll(async () => {
  ({ tdb, clients } = await openConcurrentDatabase('mg-test-settlement'));
  await upsertProducts(tdb.pool);
});
afterAll(() => closeConcurrentDatabase(tdb, clients));

let seq = 0;
async function pay(merchantId: number, amount: bigint, paidAt: Date, currency: 'IDR' | 'THB' = 'IDR') {
  seq++;
  const c = await createCollection(
    { db: tdb.db, publicUrl: 'https://pay.test' },
    {
      merchantId,
      mode: 'sandbox',
      source: 'api',
      merchantOrderId: `S-${seq}`,
      amount,
      currency,
      paymentType: currency === 'IDR' ? 1 : 16,
      now: paidAt,
    },
  );
  return markCollectionPaid(tdb.db, { merchantId, id: c.id, now: paidAt });
}

describe('settlement dates', () => {
  it('T+N counts local days in the currency zone; due at local midnight', () => {
    // 23:30 UTC on 31 Jan is 06:30 on 1 Feb in Jakarta
    expect(settleDateFor(new Date('2026-01-31T23:30:00Z'), 'IDR', 1)).toBe('2026-02-02');
    expect(settleDateFor(new Date('2026-01-31T16:59:59Z'), 'IDR', 1)).toBe('2026-02-01');
    expect(settleDateFor(new Date('2026-12-31T10:00:00Z'), 'IDR', 3)).toBe('2027-01-03');
    expect(settleDateFor(new Date('2026-02-28T12:00:00Z'), 'THB', 0)).toBe('2026-02-28');
    // Mexico City, São Paulo: behind UTC
    expect(settleDateFor(new Date('2026-03-01T03:00:00Z'), 'MXN', 1)).toBe('2026-03-01');
    expect(dueAtOf('2026-02-02', 'IDR').toISOString()).toBe('2026-02-01T17:00:00.000Z');
    expect(dueAtOf('2026-02-02', 'BRL').toISOString()).toBe('2026-02-02T03:00:00.000Z');
  });
});

describe('runSettlements', () => {
  it('settles due batches only, moving each net from pending to available', async () => {
    const M = 53001;
    await createMerchant(tdb.pool, { id: M, settlementDays: 2 });
    await setFeeRule(tdb.pool, { merchantId: M, currency: 'IDR', paymentType: 1, rateBps: 100, fixedFee: 0n }); // 1 %
    await setFeeRule(tdb.pool, { merchantId: M, currency: 'THB', paymentType: 16, rateBps: 0, fixedFee: 500n });
    const day1 = new Date('2026-06-01T05:00:00Z');
    const a = await pay(M, 100_000n, day1);
    const b = await pay(M, 200_000n, day1);
    const t = await pay(M, 10_000n, day1, 'THB');
    const later = await pay(M, 50_000n, new Date('2026-06-02T05:00:00Z'));
    expect(a.settlementId).toBe(b.settlementId);
    expect(t.settlementId).not.toBe(a.settlementId);
    expect(later.settlementId).not.toBe(a.settlementId);
    expect(await balance(tdb.pool, M, 'IDR', 'pending')).toBe(99_000n + 198_000n + 49_500n);

    // due at 00:00 of 3 June in Jakarta = 2 June 17:00 UTC
    const before = await runSettlements(tdb.db, { merchantId: M, dueOnly: true, now: new Date('2026-06-02T16:59:59Z') });
    expect(before).toEqual({ settled: 0, amounts: {} });
    const run = await runSettlements(tdb.db, { merchantId: M, dueOnly: true, now: new Date('2026-06-02T17:00:00Z') });
    expect(run).toEqual({ settled: 2, amounts: { IDR: '297000', THB: '95.00' } });
    expect(await balance(tdb.pool, M, 'IDR', 'pending')).toBe(49_500n);
    expect(await balance(tdb.pool, M, 'IDR', 'available')).toBe(297_000n);
    expect(await balance(tdb.pool, M, 'THB', 'available')).toBe(9_500n);

    const { rows } = await tdb.pool.query('select * from settlement where id = $1', [a.settlementId]);
    const view = settlementView({
      id: rows[0].id,
      merchantId: rows[0].merchant_id,
      currency: rows[0].currency,
      settleDate: rows[0].settle_date,
      dueAt: rows[0].due_at,
      status: rows[0].status,
      collectionCount: rows[0].collection_count,
      grossAmount: BigInt(rows[0].gross_amount),
      feeAmount: BigInt(rows[0].fee_amount),
      refundedAmount: BigInt(rows[0].refunded_amount),
      netAmount: BigInt(rows[0].net_amount),
      settledAt: rows[0].settled_at,
      createdAt: rows[0].created_at,
      updatedAt: rows[0].updated_at,
    });
    expect(view).toMatchObject({
      settleDate: '2026-06-03',
      status: 'settled',
      collectionCount: 2,
      grossAmount: '300000',
      feeAmount: '3000',
      netAmount: '297000',
      settledAt: '2026-06-02T17:00:00.000Z',
    });
    const { rows: tr } = await tdb.pool.query(`select idempotency_key, amount::text from ledger_transfer where reference = $1`, [a.settlementId]);
    expect(tr).toEqual([{ idempotency_key: `settlement:${a.settlementId}`, amount: '297000' }]);

    // running again settles nothing more; dueOnly=false settles the rest now
    expect((await runSettlements(tdb.db, { merchantId: M, dueOnly: true, now: new Date('2026-06-02T18:00:00Z') })).settled).toBe(0);
    expect(await runSettlements(tdb.db, { merchantId: M, dueOnly: false, now: new Date('2026-06-02T18:00:00Z') })).toEqual({
      settled: 1,
      amounts: { IDR: '49500' },
    });
    expect(await balance(tdb.pool, M, 'IDR', 'pending')).toBe(0n);
  });

  it('a collection paid after its batch was settled early opens a new batch of the same date, never a later one', async () => {
    const M = 53002;
    await createMerchant(tdb.pool, { id: M });
    await setFeeRule(tdb.pool, { merchantId: M, currency: 'IDR', paymentType: 1, rateBps: 0, fixedFee: 0n });
    const at = new Date('2026-07-01T02:00:00Z');
    const first = await pay(M, 10_000n, at);
    await runSettlements(tdb.db, { merchantId: M, dueOnly: false, now: at });
    const second = await pay(M, 20_000n, new Date('2026-07-01T03:00:00Z'));
    expect(second.settlementId).not.toBe(first.settlementId);
    const third = await pay(M, 10_000n, new Date('2026-07-01T04:00:00Z'));
    expect(third.settlementId).toBe(second.settlementId);
    const rows = (await batchesOfMerchant(tdb.db, M)).map((b) => ({ settle_date: b.settle_date, status: b.status, net: b.net_amount, n: b.collection_count }));
    // Both are the business day 2026-07-01 (Jakarta), T+1 = 2026-07-02: the second batch keeps that date.
    expect(rows).toEqual([
      { settle_date: '2026-07-02', status: 'settled', net: '10000', n: 1 },
      { settle_date: '2026-07-02', status: 'pending', net: '30000', n: 2 },
    ]);
    expect(await balance(tdb.pool, M, 'IDR', 'pending')).toBe(30_000n);
    // Settled in its turn, the date may open a third batch; every batch settles once.
    await runSettlements(tdb.db, { merchantId: M, dueOnly: false, now: new Date('2026-07-01T05:00:00Z') });
    const fourth = await pay(M, 10_000n, new Date('2026-07-01T06:00:00Z'));
    expect(fourth.settlementId).not.toBe(second.settlementId);
    expect(await count(tdb.pool, `select 1 from settlement where merchant_id = $1 and settle_date = '2026-07-02'`, [M])).toBe(3);
    expect(await balance(tdb.pool, M, 'IDR', 'pending')).toBe(10_000n);
    expect(await balance(tdb.pool, M, 'IDR', 'available')).toBe(40_000n);
  });

  it('a payment that waited while its batch was being settled joins a new batch of the same date, written once', async () => {
    const M = 53004;
    await createMerchant(tdb.pool, { id: M });
    await setFeeRule(tdb.pool, { merchantId: M, currency: 'IDR', paymentType: 1, rateBps: 0, fixedFee: 0n });
    const at = new Date('2026-07-01T02:00:00Z');
    const first = await pay(M, 10_000n, at);
    const order = await createCollection(
      { db: tdb.db, publicUrl: 'https://pay.test' },
      { merchantId: M, mode: 'sandbox', source: 'api', merchantOrderId: `S-${++seq}`, amount: 20_000n, currency: 'IDR', paymentType: 1, now: at },
    );

    // A settle of the first payment's batch, as runSettlements does it, kept open until the payment waits for it.
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    let letGo!: () => void;
    const gate = new Promise<void>((r) => (letGo = r));
    const settling = clients.db.transaction(async (tx) => {
      const [batch] = await tx.select().from(settlement).where(eq(settlement.id, first.settlementId!)).for('update');
      await lockBatchExclusive(tx, batch!.id);
      const totals = await sumBatch(tx, batch!);
      await postTransfer(tx, settle({ merchantId: M, currency: 'IDR', reference: batch!.id, idempotencyKey: `settlement:${batch!.id}`, amount: totals.netAmount }));
      await markSettled(tx, batch!, totals, at);
      holding();
      await gate;
    });
    await held;
    const paying = markCollectionPaid(tdb.db, { merchantId: M, id: order.id, now: new Date('2026-07-01T03:00:00Z') });
    // The payment waits for the batch's lock (its statement's snapshot still shows the batch pending).
    const waiting = `select 1 from pg_locks l join pg_database d on d.oid = l.database
      where l.locktype = 'advisory' and l.classid = $1 and not l.granted and d.datname = current_database()`;
    while ((await count(tdb.pool, waiting, [BATCH_LOCK_CLASS])) === 0) await new Promise((r) => setImmediate(r));
    letGo();
    await settling;
    const second = await paying;

    expect(second.status).toBe('success');
    expect(second.settlementId).not.toBe(first.settlementId);
    const rows = (await batchesOfMerchant(tdb.db, M)).map((b) => ({ settle_date: b.settle_date, status: b.status, net: b.net_amount, n: b.collection_count }));
    expect(rows).toEqual([
      { settle_date: '2026-07-02', status: 'settled', net: '10000', n: 1 },
      { settle_date: '2026-07-02', status: 'pending', net: '20000', n: 1 },
    ]);
    // The first try's writes went with its transaction: one transfer and one callback for the order.
    expect(await count(tdb.pool, `select 1 from ledger_transfer where merchant_id = $1 and reference = $2`, [M, order.id])).toBe(1);
    expect(await count(tdb.pool, `select 1 from callback_delivery where merchant_id = $1 and order_id = $2`, [M, order.id])).toBe(second.notifyStatus ? 1 : 0);
    expect(await balance(tdb.pool, M, 'IDR', 'pending')).toBe(20_000n);
    expect(await balance(tdb.pool, M, 'IDR', 'available')).toBe(10_000n);
  });

  it('a batch opened: its collections, fees and the refunds taken from it while pending sum to its totals', async () => {
    const M = 53003;
    await createMerchant(tdb.pool, { id: M });
    await setFeeRule(tdb.pool, { merchantId: M, currency: 'IDR', paymentType: 1, rateBps: 100, fixedFee: 500n });
    const a = await pay(M, 100_000n, new Date('2026-07-05T02:00:00Z'));
    const b = await pay(M, 50_000n, new Date('2026-07-05T03:00:00Z'));
    expect(b.settlementId).toBe(a.settlementId);
    await createRefund(tdb.db, { merchantId: M, collectionId: a.id, amount: 30_000n, refundWay: 'original', reason: 'damaged', createdBy: 'test' });
    const detail = await settlementDetail(tdb.db, { all: true }, a.settlementId!);
    expect(detail).toMatchObject({
      batch: { id: a.settlementId, collectionCount: 2, grossAmount: '150000', feeAmount: '2500', refundedAmount: '30000', netAmount: '117500' },
      collections: { count: 2, gross: '150000', fee: '2500' },
      refundsTotal: '30000',
      agrees: true,
    });
    expect(detail!.refunds).toEqual([expect.objectContaining({ collectionId: a.id, fromPending: '30000' })]);
    // Another merchant's batch is not found.
    expect(await settlementDetail(tdb.db, { all: false, ids: [53002] }, a.settlementId!)).toBeUndefined();
  });

  it('concurrent runners settle every batch exactly once', async () => {
    const merchants = [53011, 53012, 53013, 53014];
    for (const m of merchants) {
      await createMerchant(tdb.pool, { id: m });
      await setFeeRule(tdb.pool, { merchantId: m, currency: 'IDR', paymentType: 1, rateBps: 0, fixedFee: 100n });
    }
    let batches = 0;
    for (const m of merchants) {
      for (let d = 1; d <= 5; d++) {
        await pay(m, 10_000n + BigInt(d), new Date(`2026-08-0${d}T05:00:00Z`));
        batches++;
      }
    }
    const results = await Promise.all(
      Array.from({ length: 6 }, () => runSettlements(clients.db, { dueOnly: true, now: new Date('2026-09-01T00:00:00Z') })),
    );
    const settledHere = results.reduce((a, r) => a + r.settled, 0);
    expect(settledHere).toBeGreaterThanOrEqual(batches);
    for (const m of merchants) {
      expect(await balance(tdb.pool, m, 'IDR', 'pending')).toBe(0n);
      expect(await balance(tdb.pool, m, 'IDR', 'available')).toBe(5n * 9_900n + 15n);
      expect(await count(tdb.pool, `select 1 from settlement where merchant_id = $1 and status = 'settled'`, [m])).toBe(5);
    }
    const dup = await count(tdb.pool, `select reference from ledger_transfer where flow = 'settlement' group by reference having count(*) > 1`);
    expect(dup).toBe(0);
    expect(await count(tdb.pool, `select 1 from settlement where status = 'pending' and due_at <= '2026-09-01'`)).toBe(0);
  });
});
