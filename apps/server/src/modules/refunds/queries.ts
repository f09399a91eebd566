/**
 * SQL of refunds: the refunds list (its source), a collection's refunds, and the statements of a refund (the
 * collection and its settlement batch locked in that order, then the refund row).
 */
import { refundsList, toMajorString, type CurrencyCode, type ListRecord } from '@mg/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { collection, merchant, refund, settlement } from '../../db/schema';
import { createdBetween, newestFirst, listRange } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { currencyOf, ownScope, scopeWhere } from '../auth/scope';
import type { FastifyRequest } from 'fastify';

export type RefundRow = typeof refund.$inferSelect;
export type RefundRecord = ListRecord<typeof refundsList>;
export type CollectionRow = typeof collection.$inferSelect;
export type SettlementRow = typeof settlement.$inferSelect;

/** A refund as the list, the collection's details and (without the order id) the open API show it. */
export function toRefundRecord(r: RefundRow, merchantOrderId: string | null): RefundRecord {
  const c = r.currency as CurrencyCode;
  return {
    id: r.id,
    merchantId: r.merchantId,
    collectionId: r.collectionId,
    merchantOrderId,
    merchantRefundId: r.merchantRefundId,
    currency: r.currency,
    refundType: r.refundType,
    refundWay: r.refundWay,
    requestedAmount: toMajorString(r.requestedAmount, c),
    actualAmount: r.actualAmount === null ? null : toMajorString(r.actualAmount, c),
    reason: r.reason,
    status: r.status,
    failureReason: r.failureReason,
    notifyStatus: r.notifyStatus,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
  };
}

const withOrderId = () => ({ r: refund, merchantOrderId: collection.merchantOrderId });
const collectionOfRefund = and(eq(collection.merchantId, refund.merchantId), eq(collection.id, refund.collectionId));

export const refundsSource = pagedSource({
  list: refundsList,
  where: (q, ctx) => {
    const currency = currencyOf(ctx, q.currency);
    const range = listRange(refundsList, q, ctx);
    return and(
      scopeWhere(refund.merchantId, ctx.scope),
      createdBetween(refund.createdAt, range),
      q.status?.length ? inArray(refund.status, q.status) : undefined,
      q.collectionId !== undefined ? eq(refund.collectionId, q.collectionId) : undefined,
      // The collection's merchant order id, without joining the collection into every count.
      q.merchantOrderId !== undefined
        ? sql`${refund.collectionId} in (select c.id from ${collection} c where c.merchant_id = ${refund.merchantId} and c.merchant_order_id = ${q.merchantOrderId})`
        : undefined,
      q.id !== undefined ? eq(refund.id, q.id) : undefined,
      currency ? eq(refund.currency, currency) : undefined,
    );
  },
  order: newestFirst(refund, refund.createdAt, refund.id),
  sort: { createdAt: refund.createdAt, createTime: refund.createdAt },
  countFrom: sql`${refund}`,
  read: async (db, where, o) => {
    const rows = await db.select(withOrderId()).from(refund).leftJoin(collection, collectionOfRefund).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0);
    return rows.map((x) => toRefundRecord(x.r, x.merchantOrderId));
  },
});

/** Refunds of one collection, oldest first (its details). */
export async function refundsOfCollection(db: DbLike, merchantId: number, collectionId: string): Promise<RefundRecord[]> {
  const rows = await db
    .select(withOrderId())
    .from(refund)
    .leftJoin(collection, collectionOfRefund)
    .where(and(eq(refund.merchantId, merchantId), eq(refund.collectionId, collectionId)))
    .orderBy(asc(refund.createdAt), asc(refund.id));
  return rows.map((x) => toRefundRecord(x.r, x.merchantOrderId));
}

export async function getRefund(db: DbLike, merchantId: number, id: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refund).where(and(eq(refund.merchantId, merchantId), eq(refund.id, id))).limit(1);
  return row ?? null;
}

export async function getRefundByMerchantRefundId(db: DbLike, merchantId: number, merchantRefundId: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(refund).where(and(eq(refund.merchantId, merchantId), eq(refund.merchantRefundId, merchantRefundId))).limit(1);
  return row ?? null;
}

/** A collection the caller may see, by id (another merchant's: undefined). */
export async function findScopedCollection(db: DbLike, req: FastifyRequest, id: string): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collection).where(and(eq(collection.id, id), scopeWhere(collection.merchantId, ownScope(req))));
  return row;
}

/** The collection being refunded, locked first (concurrent refunds can never exceed what arrived). */
export async function lockCollection(tx: DbLike, merchantId: number, id: string): Promise<CollectionRow | undefined> {
  const [row] = await tx.select().from(collection).where(and(eq(collection.merchantId, merchantId), eq(collection.id, id))).for('update');
  return row;
}

/** The collection's settlement batch, locked second. */
export async function lockSettlementBatch(tx: DbLike, merchantId: number, id: string): Promise<SettlementRow | undefined> {
  const [batch] = await tx.select().from(settlement).where(and(eq(settlement.merchantId, merchantId), eq(settlement.id, id))).for('update');
  return batch;
}

/** Takes `amount` of a pending batch: what the refund takes from pending shrinks the net the batch settles with. */
export async function takeFromBatch(tx: DbLike, batch: Pick<SettlementRow, 'merchantId' | 'id'>, amount: bigint): Promise<void> {
  await tx
    .update(settlement)
    .set({ refundedAmount: sql`${settlement.refundedAmount} + ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(settlement.merchantId, batch.merchantId), eq(settlement.id, batch.id)));
}

export async function setCollectionRefunded(tx: DbLike, col: Pick<CollectionRow, 'merchantId' | 'id'>, refundedAmount: bigint, status: string, now: Date): Promise<void> {
  await tx.update(collection).set({ refundedAmount, status, updatedAt: now }).where(and(eq(collection.merchantId, col.merchantId), eq(collection.id, col.id)));
}

export async function merchantCallbackUrls(tx: DbLike, merchantId: number): Promise<{ collectionCallbackUrl: string | null } | undefined> {
  const [m] = await tx.select({ collectionCallbackUrl: merchant.collectionCallbackUrl }).from(merchant).where(eq(merchant.id, merchantId));
  return m;
}

export async function insertRefund(tx: DbLike, values: typeof refund.$inferInsert): Promise<RefundRow> {
  const [row] = await tx.insert(refund).values(values).returning();
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}
