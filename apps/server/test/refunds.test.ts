/**
 * Refunds on real PostgreSQL: where the money comes from (pending batch first, then available), the collection's
 * refunded amount and status, every refusal, concurrency, callbacks, and the low-balance notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/pool';
import { checkLowBalance } from '../src/modules/balances/limit';
import { createCollection, getCollection, markCollectionPaid, type CreateCollectionInput } from '../src/modules/collections/service';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { createRefund, getRefund, refundView, type CreateRefundArgs } from '../src/modules/refunds/service';
import { runSettlements } from '../src/modules/settlements/service';
import { closeConcurrentDatabase, openConcurrentDatabase } from './helpers/concurrent-db';
import type { TestDatabase } from './helpers/db';
import { balance, batchAsItStands, count, createMerchant, setFeeRule, thrown, upsertProducts } from './helpers/money-fixtures';

const M = 52001;
const CALLBACK = 'https://merchant.example.test/hooks';
const T0 = new Date('2026-04-01T03:00:00.000Z');

let tdb: TestDatabase;
let clients: Database;
beforeAll(async () => {
  ({ tdb, clients } = await openConcurrentDatabase('mg-test-refunds'));
  await upsertProducts(tdb.pool);
  await createMerchant(tdb.pool, { id: M, callbackUrl: CALLBACK });
  await setFeeRule(tdb.pool, { merchantId: M, currency: 'IDR', paymentType: 1, rateBps: 0, fixedFee: 1_000n }); // fee 1000
});
afterAll(() => closeConcurrentDatabase(tdb, clients));

let seq = 0;
async function paidCollection(amount: bigint, merchantId = M, over: Partial<CreateCollectionInput> = {}) {
  seq++;
  const c = await createCollection(
    { db: tdb.db, publicUrl: 'https://pay.test' },
    { merchantId, mode: 'sandbox', source: 'api', merchantOrderId: `R-${seq}`, amount, currency: 'IDR', paymentType: 1, now: T0, ...over },
  );
  return markCollectionPaid(tdb.db, { merchantId, id: c.id, now: T0 });
}
const refundArgs = (collectionId: string, amount: bigint, over: Partial<CreateRefundArgs> = {}): CreateRefundArgs => ({
  merchantId: M,
  collectionId,
  amount,
  refundWay: 'original',
  reason: 'customer returned the goods',
  createdBy: 'api',
  now: T0,
  ...over,
});
const batchOf = async (id: string) => {
  const b = (await batchAsItStands(tdb.db, id))!;
  return { status: b.status, net: b.net_amount, refunded: b.refunded_amount };
};
async function fund(merchantId: number, amount: bigint, key: string) {
  await postTransfer(tdb.db, topUp({ merchantId, currency: 'IDR', reference: key, idempotencyKey: key, amount }));
}

describe('createRefund', () => {
  it('a partial refund before settlement is taken from pending and shrinks the batch', async () => {
    const c = await paidCollection(100_000n); // net 99 000 in pending
    const pendingBefore = await balance(tdb.pool, M, 'IDR', 'pending');
    const r = await createRefund(tdb.db, refundArgs(c.id, 30_000n, { merchantRefundId: 'MR-1' }));
    expect(r).toMatchObject({
      collectionId: c.id,
      merchantRefundId: 'MR-1',
      refundType: 'partial',
      refundWay: 'original',
      requestedAmount: 30_000n,
      actualAmount: 30_000n,
      status: 'returned_success',
      notifyStatus: 'pending',
    });
    expect(r.id).toMatch(/^R/);
    expect(r.completedAt?.toISOString()).toBe(T0.toISOString());
    expect(pendingBefore - (await balance(tdb.pool, M, 'IDR', 'pending'))).toBe(30_000n);
    expect(await batchOf(c.settlementId!)).toMatchObject({ net: String(99_000n * 1n - 30_000n + (await otherNet(c.settlementId!, c.id))), refunded: '30000' });

    const col = await getCollection(tdb.db, M, c.id);
    expect(col).toMatchObject({ status: 'success', refundedAmount: 30_000n });
    const { rows } = await tdb.pool.query('select idempotency_key, amount::text from ledger_transfer where reference = $1', [r.id]);
    expect(rows).toEqual([{ idempotency_key: `refund:${r.id}`, amount: '30000' }]);

    const cb = await tdb.pool.query('select event_type, order_kind, url, body from callback_delivery where order_id = $1', [r.id]);
    expect(cb.rows).toHaveLength(1);
    expect(cb.rows[0]).toMatchObject({ event_type: 'refund.succeeded', order_kind: 'refund', url: CALLBACK });
    expect(JSON.parse(cb.rows[0].body as string).data).toMatchObject({
      id: r.id,
      collectionId: c.id,
      merchantOrderId: c.merchantOrderId,
      requestedAmount: '30000',
      status: 'returned_success',
    });
    expect(await getRefund(tdb.db, M, r.id)).toEqual(r);
    expect(await getRefund(tdb.db, M + 1, r.id)).toBeNull();
    expect(refundView(r)).toMatchObject({ requestedAmount: '30000', actualAmount: '30000', refundType: 'partial' });
  });

  it('refunding the rest is a full refund and the collection becomes refunded; nothing more can be refunded', async () => {
    const c = await paidCollection(50_000n);
    await fund(M, 5_000n, `fund-full-${c.id}`); // the fee (1000) is not returned: the rest comes from available
    await createRefund(tdb.db, refundArgs(c.id, 20_000n));
    const full = await createRefund(tdb.db, refundArgs(c.id, 30_000n, { refundWay: 'offline' }));
    expect(full.refundType).toBe('full');
    expect(await getCollection(tdb.db, M, c.id)).toMatchObject({ status: 'refunded', refundedAmount: 50_000n });
    const e = (await thrown(() => createRefund(tdb.db, refundArgs(c.id, 1n)))) as { code: string; httpStatus: number; messageKey: string };
    expect([e.code, e.httpStatus, e.messageKey]).toEqual(['BUSINESS_RULE', 422, 'refunds.notRefundable']);
  });

  it('takes what the pending batch cannot cover from available; without enough available it is 422 and writes nothing', async () => {
    await createMerchant(tdb.pool, { id: 52002 });
    await setFeeRule(tdb.pool, { merchantId: 52002, currency: 'IDR', paymentType: 1, rateBps: 0, fixedFee: 10_000n });
    const c = await paidCollection(100_000n, 52002); // net 90 000 in the batch
    const before = {
      batch: await batchOf(c.settlementId!),
      pending: await balance(tdb.pool, 52002, 'IDR', 'pending'),
      refunds: await count(tdb.pool, 'select 1 from refund where merchant_id = 52002'),
      transfers: await count(tdb.pool, 'select 1 from ledger_transfer where merchant_id = 52002'),
      callbacks: await count(tdb.pool, 'select 1 from callback_delivery where merchant_id = 52002'),
    };
    const e = (await thrown(() => createRefund(tdb.db, refundArgs(c.id, 100_000n, { merchantId: 52002 })))) as { code: string; httpStatus: number };
    expect([e.code, e.httpStatus]).toEqual(['INSUFFICIENT_BALANCE', 422]);
    expect(await batchOf(c.settlementId!)).toEqual(before.batch);
    expect(await balance(tdb.pool, 52002, 'IDR', 'pending')).toBe(before.pending);
    expect(await count(tdb.pool, 'select 1 from refund where merchant_id = 52002')).toBe(before.refunds);
    expect(await count(tdb.pool, 'select 1 from ledger_transfer where merchant_id = 52002')).toBe(before.transfers);
    expect(await count(tdb.pool, 'select 1 from callback_delivery where merchant_id = 52002')).toBe(before.callbacks);
    expect((await getCollection(tdb.db, 52002, c.id))?.refundedAmount).toBe(0n);

    await fund(52002, 10_000n, 'fund-52002');
    const r = await createRefund(tdb.db, refundArgs(c.id, 100_000n, { merchantId: 52002 }));
    expect(r.refundType).toBe('full');
    expect(await batchOf(c.settlementId!)).toMatchObject({ net: '0', refunded: '90000' });
    expect(await balance(tdb.pool, 52002, 'IDR', 'pending')).toBe(0n);
    expect(await balance(tdb.pool, 52002, 'IDR', 'available')).toBe(0n);
    const { rows } = await tdb.pool.query(
      `select a.kind, e.amount::text from ledger_entry e join ledger_account a on a.id = e.account_id
       join ledger_transfer t on t.id = e.transfer_id where t.reference = $1 order by a.kind`,
      [r.id],
    );
    expect(rows).toEqual([
      { kind: 'available', amount: '-10000' },
      { kind: 'clearing', amount: '100000' },
      { kind: 'pending', amount: '-90000' },
    ]);
    // the emptied batch settles without a posting
    const run = await runSettlements(tdb.db, { merchantId: 52002, dueOnly: false, now: T0 });
    expect(run.settled).toBe(1);
    expect(await batchOf(c.settlementId!)).toMatchObject({ status: 'settled', net: '0' });
    expect(await count(tdb.pool, `select 1 from ledger_transfer where merchant_id = 52002 and flow = 'settlement'`)).toBe(0);
  });

  it('after settlement the refund comes from available', async () => {
    await createMerchant(tdb.pool, { id: 52003 });
    const c = await paidCollection(80_000n, 52003);
    await runSettlements(tdb.db, { merchantId: 52003, dueOnly: false, now: T0 });
    expect(await balance(tdb.pool, 52003, 'IDR', 'available')).toBe(80_000n - (c.adminFee + c.serviceFee));
    const r = await createRefund(tdb.db, refundArgs(c.id, 50_000n, { merchantId: 52003 }));
    const { rows } = await tdb.pool.query(
      `select a.kind from ledger_entry e join ledger_account a on a.id = e.account_id join ledger_transfer t on t.id = e.transfer_id
       where t.reference = $1 and a.merchant_id = 52003`,
      [r.id],
    );
    expect(rows.map((x) => x.kind)).toEqual(['available']);
    expect(await batchOf(c.settlementId!)).toMatchObject({ status: 'settled', refunded: '0' });
  });

  it('refuses what a merchant would notice: too much, not paid, unknown, duplicates, bad input', async () => {
    const c = await paidCollection(40_000n);
    const tooMuch = (await thrown(() => createRefund(tdb.db, refundArgs(c.id, 40_001n)))) as { code: string; messageKey: string; params: Record<string, string> };
    expect([tooMuch.code, tooMuch.messageKey]).toEqual(['BUSINESS_RULE', 'refunds.amountExceedsRefundable']);
    expect(tooMuch.params).toMatchObject({ refundable: '40000', currency: 'IDR' });

    seq++;
    const unpaid = await createCollection(
      { db: tdb.db, publicUrl: 'https://pay.test' },
      { merchantId: M, mode: 'sandbox', source: 'api', merchantOrderId: `R-${seq}`, amount: 40_000n, currency: 'IDR', paymentType: 1, now: T0 },
    );
    expect(((await thrown(() => createRefund(tdb.db, refundArgs(unpaid.id, 1_000n)))) as { messageKey: string }).messageKey).toBe('refunds.notRefundable');
    expect(((await thrown(() => createRefund(tdb.db, refundArgs('C-nope', 1_000n)))) as { code: string }).code).toBe('NOT_FOUND');
    expect(((await thrown(() => createRefund(tdb.db, refundArgs(c.id, 1_000n, { merchantId: 52003 })))) as { code: string }).code).toBe('NOT_FOUND');

    await createRefund(tdb.db, refundArgs(c.id, 1_000n, { merchantRefundId: 'MR-DUP' }));
    const dup = (await thrown(() => createRefund(tdb.db, refundArgs(c.id, 1_000n, { merchantRefundId: 'MR-DUP' })))) as { code: string; httpStatus: number; messageKey: string };
    expect([dup.code, dup.httpStatus, dup.messageKey]).toEqual(['CONFLICT', 409, 'refunds.duplicateMerchantRefundId']);

    const field = async (over: Partial<CreateRefundArgs>, amount = 1_000n) =>
      ((await thrown(() => createRefund(tdb.db, refundArgs(c.id, amount, over)))) as { issues: { field: string }[] }).issues[0]!.field;
    expect(await field({}, 0n)).toBe('amount');
    expect(await field({}, -1n)).toBe('amount');
    expect(await field({ refundWay: 'cash' as never })).toBe('refundWay');
    expect(await field({ reason: '   ' })).toBe('reason');
    expect(await field({ reason: 'x'.repeat(256) })).toBe('reason');
    expect(await field({ merchantRefundId: 'has space' })).toBe('merchantRefundId');
    expect((await getCollection(tdb.db, M, c.id))?.refundedAmount).toBe(1_000n);
  });

  it('concurrent refunds never exceed the amount', async () => {
    await createMerchant(tdb.pool, { id: 52004 });
    const c = await paidCollection(100_000n, 52004);
    await fund(52004, 1_000_000n, 'fund-52004');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => createRefund(clients.db, refundArgs(c.id, 30_000n, { merchantId: 52004, merchantRefundId: `C-${i}` }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { messageKey: string }).messageKey).toBe('refunds.amountExceedsRefundable');
    const { rows } = await tdb.pool.query<{ s: string }>(`select sum(requested_amount)::text as s from refund where collection_id = $1`, [c.id]);
    expect(rows[0]!.s).toBe('90000');
    expect((await getCollection(tdb.db, 52004, c.id))?.refundedAmount).toBe(90_000n);
  });
});

describe('low balance notice', () => {
  it('fires once when available drops below the limit (e-mail to the users, in-app notice), clears when back above', async () => {
    const LM = 52010;
    await createMerchant(tdb.pool, { id: LM });
    for (const [u, email] of [['lb_a', 'a@lb.test'], ['lb_b', 'b@lb.test'], ['lb_c', null]] as const) {
      await tdb.pool.query(`insert into app_user (merchant_id, username, email, password_hash) values ($1, $2, $3, 'x')`, [LM, u, email]);
    }
    await setFeeRule(tdb.pool, { merchantId: LM, currency: 'IDR', paymentType: 1, rateBps: 0, fixedFee: 1_000n });
    await tdb.pool.query(`insert into balance_limit (merchant_id, currency, threshold) values ($1, 'IDR', 100000)`, [LM]);
    const c = await paidCollection(300_000n, LM);
    await runSettlements(tdb.db, { merchantId: LM, dueOnly: false, now: T0 }); // available grows by the net
    const availableBefore = await balance(tdb.pool, LM, 'IDR', 'available');
    const users = await count(tdb.pool, 'select 1 from app_user where merchant_id = $1 and email is not null and not frozen', [LM]);
    expect(users).toBe(2);
    const mailsBefore = await count(tdb.pool, 'select 1 from mail_outbox where merchant_id = $1', [LM]);

    // first refund keeps it above the limit: nothing
    await createRefund(tdb.db, refundArgs(c.id, availableBefore - 100_000n, { merchantId: LM }));
    expect(await count(tdb.pool, `select 1 from announcement where merchant_id = $1 and created_by = 'system'`, [LM])).toBe(0);

    // the next one drops below: notice + one e-mail per user
    await createRefund(tdb.db, refundArgs(c.id, 1_000n, { merchantId: LM }));
    const { rows: notices } = await tdb.pool.query(`select title, content, status, priority from announcement where merchant_id = $1 and created_by = 'system'`, [LM]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ status: 'released', priority: 'H' });
    expect(notices[0].title).toContain('IDR');
    expect(notices[0].content).toContain('99000');
    expect(notices[0].content).toContain('100000');
    expect((await count(tdb.pool, 'select 1 from mail_outbox where merchant_id = $1', [LM])) - mailsBefore).toBe(users);
    const { rows: lim } = await tdb.pool.query('select below_since from balance_limit where merchant_id = $1', [LM]);
    expect(lim[0].below_since).not.toBeNull();

    // still below: no second notice
    await createRefund(tdb.db, refundArgs(c.id, 1_000n, { merchantId: LM }));
    expect(await count(tdb.pool, `select 1 from announcement where merchant_id = $1 and created_by = 'system'`, [LM])).toBe(1);

    // back above: cleared, and a later drop notifies again
    await postTransfer(tdb.db, topUp({ merchantId: LM, currency: 'IDR', reference: 'lb-2', idempotencyKey: 'lb-2', amount: 50_000n }));
    expect(await checkLowBalance(tdb.db, null, LM, 'IDR', T0)).toBe('back_above');
    expect((await tdb.pool.query('select below_since from balance_limit where merchant_id = $1', [LM])).rows[0].below_since).toBeNull();
    expect(await checkLowBalance(tdb.db, null, LM, 'IDR', T0)).toBe('above');
    expect(await checkLowBalance(tdb.db, null, LM, 'THB', T0)).toBe('no_limit');
  });
});

/** Net of the other collections already in the same batch (the batch is shared by the day's collections). */
async function otherNet(settlementId: string, exceptId: string): Promise<bigint> {
  const { rows } = await tdb.pool.query<{ s: string | null }>(
    `select sum(coalesce(paid_amount, amount) - admin_fee - service_fee)::text as s from collection where settlement_id = $1 and id <> $2`,
    [settlementId, exceptId],
  );
  return BigInt(rows[0]?.s ?? '0');
}
