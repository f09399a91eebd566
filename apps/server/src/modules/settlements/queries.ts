/**
 * SQL of settlement batches: the batch a succeeded collection joins, the next batch to settle, and the settlement
 * records list (its source: lib/list/source.ts).
 */
import { ID_PREFIX, SettlementStatus, settlementsList, toMajorString, type CurrencyCode, type LedgerFlow, type ListRecord } from '@mg/domain';
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { runPrepared, type DbLike } from '../../db/pool';
import { collection, ledgerAccount, ledgerEntry, ledgerTransfer, refund, settlement } from '../../db/schema';
import { newBusinessId } from '../../lib/ids';
import { createdBetween, listRange, newestFirst } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { currencyOf, scopeWhere, type Scope } from '../auth/scope';
import { dueAtOf } from './dates';

export type SettlementRow = typeof settlement.$inferSelect;
export type SettlementRecord = ListRecord<typeof settlementsList>;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** A batch as the list, its export and the open API show it. */
export function toSettlementRecord(s: SettlementRow): SettlementRecord {
  const money = (v: bigint) => toMajorString(v, s.currency as CurrencyCode);
  return {
    id: s.id,
    merchantId: s.merchantId,
    currency: s.currency,
    settleDate: s.settleDate,
    dueAt: s.dueAt.toISOString(),
    status: s.status,
    collectionCount: s.collectionCount,
    grossAmount: money(s.grossAmount),
    feeAmount: money(s.feeAmount),
    refundedAmount: money(s.refundedAmount),
    netAmount: money(s.netAmount),
    settledAt: iso(s.settledAt),
    createdAt: s.createdAt.toISOString(),
  };
}

export const settlementsSource = pagedSource({
  list: settlementsList,
  where: (q, ctx) => {
    const currency = currencyOf(ctx, q.currency);
    return and(
      scopeWhere(settlement.merchantId, ctx.scope),
      createdBetween(settlement.createdAt, listRange(settlementsList, q, ctx)),
      q.id !== undefined ? eq(settlement.id, q.id) : undefined,
      q.status?.length ? inArray(settlement.status, q.status) : undefined,
      currency ? eq(settlement.currency, currency) : undefined,
    );
  },
  order: newestFirst(settlement, settlement.createdAt, settlement.id),
  // a pending batch by what it holds now (its row's totals are written when it settles)
  sort: {
    createdAt: settlement.createdAt,
    createTime: settlement.createdAt,
    settleDate: settlement.settleDate,
    netAmount: sql`(case when ${settlement.status} = ${SettlementStatus.PENDING}
      then coalesce((select sum(c.paid_amount - c.admin_fee - c.service_fee) from ${collection} c
                     where c.merchant_id = ${settlement.merchantId} and c.settlement_id = ${settlement.id}), 0) - ${settlement.refundedAmount}
      else ${settlement.netAmount} end)`,
  },
  countFrom: sql`${settlement}`,
  read: async (db, where, o) =>
    (await withPendingTotals(db, await db.select().from(settlement).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0))).map(
      toSettlementRecord,
    ),
});

/**
 * Batches as they stand: a pending batch's totals are summed from its collections now (its row is not updated by
 * the payments that join it), a settled one's are those it settled with.
 */
export async function withPendingTotals(db: DbLike, rows: SettlementRow[]): Promise<SettlementRow[]> {
  const pending = rows.filter((r) => r.status === SettlementStatus.PENDING);
  if (pending.length === 0) return rows;
  const res = await db.execute<{ id: string; n: number; gross: string; fee: string }>(sql`
    select c.settlement_id as id, count(*)::int as n, sum(c.paid_amount)::text as gross, sum(c.admin_fee + c.service_fee)::text as fee
    from ${collection} c
    where c.merchant_id in (${sql.join([...new Set(pending.map((r) => r.merchantId))].map((m) => sql`${m}`), sql`, `)})
      and c.settlement_id in (${sql.join(pending.map((r) => sql`${r.id}`), sql`, `)})
    group by c.settlement_id`);
  const sums = new Map(res.rows.map((r) => [r.id, r]));
  return rows.map((r) => {
    if (r.status !== SettlementStatus.PENDING) return r;
    const x = sums.get(r.id);
    const gross = BigInt(x?.gross ?? '0');
    const fee = BigInt(x?.fee ?? '0');
    return { ...r, collectionCount: x?.n ?? 0, grossAmount: gross, feeAmount: fee, netAmount: gross - fee - r.refundedAmount };
  });
}

/* One batch opened: what it is made of ----------------------------------------------------------------------- */

/** A batch the caller may see (another merchant's: undefined). */
export async function findScopedBatch(db: DbLike, scope: Scope, id: string): Promise<SettlementRow | undefined> {
  const rows = await db.select().from(settlement).where(and(eq(settlement.id, id), scopeWhere(settlement.merchantId, scope)));
  return (await withPendingTotals(db, rows))[0];
}

/** Its collections summed (count, paid amounts, fees): what the batch's own totals must equal. */
export async function batchCollectionSums(db: DbLike, b: SettlementRow): Promise<{ count: number; gross: bigint; fee: bigint }> {
  const res = await db.execute<{ n: number; gross: string; fee: string }>(sql`
    select count(*)::int as n, coalesce(sum(paid_amount), 0)::text as gross, coalesce(sum(admin_fee + service_fee), 0)::text as fee
    from ${collection} where merchant_id = ${b.merchantId} and settlement_id = ${b.id}`);
  const r = res.rows[0];
  return { count: r?.n ?? 0, gross: BigInt(r?.gross ?? '0'), fee: BigInt(r?.fee ?? '0') };
}

const REFUND_FLOW: LedgerFlow = 'refund';

/** Refunds that took money from the batch while it was pending: the part each took, from its ledger entry. */
export async function batchRefunds(
  db: DbLike,
  b: SettlementRow,
  limit: number,
): Promise<{ rows: { id: string; collectionId: string; createdAt: Date; fromPending: bigint }[]; total: bigint }> {
  // The total over every refund of the batch (a window sum), the rows only up to the limit.
  const res = await db.execute<{ id: string; collection_id: string; created_at: Date; from_pending: string; total: string }>(sql`
    select r.id, r.collection_id, r.created_at, (-e.amount)::text as from_pending, (sum(-e.amount) over ())::text as total
    from ${refund} r
    join ${collection} c on c.merchant_id = r.merchant_id and c.id = r.collection_id
    join ${ledgerTransfer} t on t.merchant_id = r.merchant_id and t.reference = r.id and t.flow = ${REFUND_FLOW}
    join ${ledgerEntry} e on e.transfer_id = t.id
    join ${ledgerAccount} a on a.id = e.account_id and a.kind = 'pending'
    where r.merchant_id = ${b.merchantId} and c.settlement_id = ${b.id} and e.amount <> 0
    order by r.created_at, r.id
    limit ${limit}`);
  return {
    rows: res.rows.map((r) => ({ id: r.id, collectionId: r.collection_id, createdAt: new Date(r.created_at), fromPending: BigInt(r.from_pending) })),
    total: BigInt(res.rows[0]?.total ?? '0'),
  };
}

/** Advisory lock class of settlement batches (the second int is a hash of the batch id). */
export const BATCH_LOCK_CLASS = 7_340_003;
/** The lock key of a batch: its id as a value, or as a column of the statement (`s.id`). */
const batchLockKey = (id: string | SQL) => sql`${BATCH_LOCK_CLASS}::int, hashtext(${id})`;

/**
 * The pending batch of a date joined by a succeeded collection, created when it is the date's first: its id, or
 * undefined when another payment opened it meanwhile (the caller looks again). The batch row is not updated: its
 * totals are summed when it settles, so the payments of a merchant do not queue on one row. The join holds the
 * batch's advisory lock shared until commit; the settle takes it exclusively, so it waits for every payment that
 * joined and sums them all.
 * A batch found here may have been settled while this statement waited for its lock (a statement's snapshot is taken
 * before it waits, so its status still read pending): the statement that records the join checks `batchStillPending`
 * in its own, later snapshot, and writes nothing when the batch is no longer pending (the caller then starts over).
 */
export async function joinPendingBatch(
  tx: DbLike,
  b: { merchantId: number; currency: CurrencyCode; settleDate: string; createdAt: Date },
): Promise<string | undefined> {
  // Named (prepared) on the payment path; the insert below is not: its arbiter is a partial index (runPrepared).
  const found = await runPrepared<{ id: string }>(
    tx,
    'settlement_join_pending',
    sql`
    select s.id, pg_advisory_xact_lock_shared(${batchLockKey(sql`s.id`)}) from ${settlement} s
    where s.merchant_id = ${b.merchantId} and s.currency = ${b.currency} and s.settle_date = ${b.settleDate} and s.status = ${SettlementStatus.PENDING}`,
  );
  const id = found.rows[0]?.id;
  if (id) return id;
  // The date's first payment opens the batch; no settle can see it before this transaction commits, so no lock.
  const [created] = await tx
    .insert(settlement)
    .values({
      id: newBusinessId(ID_PREFIX.SETTLEMENT, b.createdAt),
      merchantId: b.merchantId,
      currency: b.currency,
      settleDate: b.settleDate,
      dueAt: dueAtOf(b.settleDate, b.currency),
      status: SettlementStatus.PENDING,
    })
    .onConflictDoNothing({ target: [settlement.merchantId, settlement.currency, settlement.settleDate], where: eq(settlement.status, SettlementStatus.PENDING) })
    .returning({ id: settlement.id });
  return created?.id;
}

/** True, in the snapshot of the statement it is part of, while the joined batch is still pending (joinPendingBatch). */
export function batchStillPending(merchantId: number, id: string): SQL {
  return sql`exists (select 1 from ${settlement} s where s.merchant_id = ${merchantId} and s.id = ${id} and s.status = ${SettlementStatus.PENDING})`;
}

/** Waits until no payment is joining the batch any more (called by the settle, which holds the batch row). */
export async function lockBatchExclusive(tx: DbLike, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${batchLockKey(id)})`);
}

/** The totals of a batch from its collections (and the refunds it took while pending, kept on the row). */
export async function sumBatch(tx: DbLike, b: SettlementRow): Promise<Pick<SettlementRow, 'collectionCount' | 'grossAmount' | 'feeAmount' | 'netAmount'>> {
  const sums = await batchCollectionSums(tx, b);
  return { collectionCount: sums.count, grossAmount: sums.gross, feeAmount: sums.fee, netAmount: sums.gross - sums.fee - b.refundedAmount };
}

/** The pending batch due first (locked; concurrent runners skip it), or undefined. */
export async function lockNextPendingBatch(tx: DbLike, args: { now: Date; merchantId?: number | undefined; dueOnly: boolean }): Promise<SettlementRow | undefined> {
  const [batch] = await tx
    .select()
    .from(settlement)
    .where(
      and(
        eq(settlement.status, SettlementStatus.PENDING),
        args.dueOnly ? lte(settlement.dueAt, args.now) : undefined,
        args.merchantId != null ? eq(settlement.merchantId, args.merchantId) : undefined,
      ),
    )
    .orderBy(asc(settlement.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return batch;
}

export async function markSettled(
  tx: DbLike,
  batch: Pick<SettlementRow, 'merchantId' | 'id'>,
  totals: Pick<SettlementRow, 'collectionCount' | 'grossAmount' | 'feeAmount' | 'netAmount'>,
  now: Date,
): Promise<void> {
  await tx
    .update(settlement)
    .set({ ...totals, status: SettlementStatus.SETTLED, settledAt: now, updatedAt: sql`now()` })
    .where(and(eq(settlement.merchantId, batch.merchantId), eq(settlement.id, batch.id)));
}
