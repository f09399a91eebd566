/**
 * SQL of the transaction records: the collections list (its source, read as a deferred join over the covering
 * index) and the lookups of one collection's details. The payment path's statements are in ./service.ts.
 */
import { PaymentLinkStatus, PaymentStatus, CHARGED_PAYMENT_STATUSES, collectionsList, shownFee, toMajorString, type CurrencyCode, type ListFilters, type ListRecord } from '@mg/domain';
import { and, asc, eq, gte, inArray, lte, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fixedQuery, runPrepared, type DbLike } from '../../db/pool';
import { collection, merchant, paymentLink, product, settlement, STATUS_ENABLED } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { amountFilter, createdBetween, newestFirst, listRange } from '../../lib/list/order';
import { pagedSource, type ReadOptions } from '../../lib/list/source';
import { minorText, utcText, type TextRead } from '../../lib/list/text-read';
import { currencyOf, ownScope, scopeWhere } from '../auth/scope';

export type CollectionRecord = ListRecord<typeof collectionsList>;
export type CollectionRow = typeof collection.$inferSelect;

/** A collection as the list, its export and its details show it (amounts decimal strings, times ISO-8601 UTC). */
export function toCollectionRecord(c: CollectionRow, settlementStatus: string | null): CollectionRecord {
  const cur = c.currency as CurrencyCode;
  const money = (v: bigint) => toMajorString(v, cur);
  return {
    id: c.id,
    merchantId: c.merchantId,
    merchantOrderId: c.merchantOrderId,
    currency: c.currency,
    paymentType: c.paymentType,
    channel: c.channel,
    paymentCode: c.paymentCode,
    status: c.status,
    amount: money(c.amount),
    adminFee: money(shownFee(c.status, c.adminFee)),
    serviceFee: money(shownFee(c.status, c.serviceFee)),
    paidAmount: c.paidAmount === null ? null : money(c.paidAmount),
    refundedAmount: money(c.refundedAmount),
    paidAt: c.paidAt ? c.paidAt.toISOString() : null,
    payerName: c.payerName,
    payerEmail: c.payerEmail,
    payerPhone: c.payerPhone,
    payerAddress: c.payerAddress,
    chainTradeNo: c.chainTradeNo,
    orderDescription: c.orderDescription,
    expiryHours: c.expiryHours,
    expiresAt: c.expiresAt.toISOString(),
    notifyStatus: c.notifyStatus,
    settlementId: c.settlementId,
    settlementStatus,
    source: c.source,
    mode: c.mode,
    failureReason: c.failureReason,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

const batchOf = and(eq(settlement.merchantId, collection.merchantId), eq(settlement.id, collection.settlementId));

/**
 * A page of collections as a "deferred join": the keys of the page first (filters, order, offset and limit answered
 * from the covering index collection_merchant_currency_created_idx without touching the table), then only those
 * rows. Deep pages and sorting by amount then skip index entries, not table rows.
 */
async function readCollections(db: DbLike, where: SQL | undefined, o: ReadOptions): Promise<CollectionRecord[]> {
  const keys = db
    .select({ merchantId: collection.merchantId, id: collection.id })
    .from(collection)
    .where(where)
    .orderBy(...o.orderBy)
    .limit(o.limit)
    .offset(o.offset ?? 0)
    .as('page_keys');
  const rows = await db
    .select({ c: collection, settlementStatus: settlement.status })
    .from(keys)
    .innerJoin(collection, and(eq(collection.merchantId, keys.merchantId), eq(collection.id, keys.id)))
    .leftJoin(settlement, batchOf)
    .orderBy(...o.orderBy);
  return rows.map((r) => toCollectionRecord(r.c, r.settlementStatus));
}

/**
 * The record of `toCollectionRecord` computed by PostgreSQL, for exports of many rows (lib/list/text-read.ts;
 * test/list-text-read.test.ts keeps the two equal).
 */
const textMoney = (col: AnyColumn) => minorText(col);
/** `shownFee`: an order shows the fee the ledger charged, 0 until it is paid. */
const textShownFee = (fee: AnyColumn) => minorText(sql`case when ${inArray(collection.status, [...CHARGED_PAYMENT_STATUSES])} then ${fee} else 0 end`);

const textRecord: Readonly<Record<keyof CollectionRecord, AnyColumn | SQL>> = {
  id: collection.id,
  merchantId: collection.merchantId,
  merchantOrderId: collection.merchantOrderId,
  currency: collection.currency,
  paymentType: collection.paymentType,
  channel: collection.channel,
  paymentCode: collection.paymentCode,
  status: collection.status,
  amount: textMoney(collection.amount),
  adminFee: textShownFee(collection.adminFee),
  serviceFee: textShownFee(collection.serviceFee),
  paidAmount: textMoney(collection.paidAmount),
  refundedAmount: textMoney(collection.refundedAmount),
  paidAt: utcText(collection.paidAt),
  payerName: collection.payerName,
  payerEmail: collection.payerEmail,
  payerPhone: collection.payerPhone,
  payerAddress: collection.payerAddress,
  chainTradeNo: collection.chainTradeNo,
  orderDescription: collection.orderDescription,
  expiryHours: collection.expiryHours,
  expiresAt: utcText(collection.expiresAt),
  notifyStatus: collection.notifyStatus,
  settlementId: collection.settlementId,
  settlementStatus: settlement.status,
  source: collection.source,
  mode: collection.mode,
  failureReason: collection.failureReason,
  createdAt: utcText(collection.createdAt),
  updatedAt: utcText(collection.updatedAt),
};

const collectionsTextRead: TextRead = {
  values: textRecord,
  amounts: ['amount', 'adminFee', 'serviceFee', 'paidAmount', 'refundedAmount'] satisfies (keyof CollectionRecord)[],
  instants: ['paidAt', 'expiresAt', 'createdAt', 'updatedAt'] satisfies (keyof CollectionRecord)[],
  from: sql`${collection} left join ${settlement} on ${batchOf}`,
};

/** The list's declared filters: the amount range, and the others (the merchant filter only narrows the scope). */
const AMOUNT_FILTERS = ['amountMin', 'amountMax'] as const;
const OTHER_FILTERS = collectionsList.filters.map((f) => f.key).filter((k) => !(AMOUNT_FILTERS as readonly string[]).includes(k) && k !== 'merchantId') as (keyof ListFilters<typeof collectionsList>)[];

export const collectionsSource = pagedSource({
  list: collectionsList,
  where: (q, ctx) => {
    const currency = currencyOf(ctx, q.currency);
    const min = amountFilter(q.amountMin, currency, 'amountMin');
    const max = amountFilter(q.amountMax, currency, 'amountMax');
    if (min !== undefined && max !== undefined && min > max) throw fieldError('amountMax', 'error.fieldInvalid', { params: { value: q.amountMax ?? '' } });
    const range = listRange(collectionsList, q, ctx);
    return and(
      scopeWhere(collection.merchantId, ctx.scope),
      createdBetween(collection.createdAt, range),
      q.status?.length ? inArray(collection.status, q.status) : undefined,
      q.merchantOrderId !== undefined ? eq(collection.merchantOrderId, q.merchantOrderId) : undefined,
      q.id !== undefined ? eq(collection.id, q.id) : undefined,
      q.settlementId !== undefined ? eq(collection.settlementId, q.settlementId) : undefined,
      q.channel !== undefined ? eq(collection.channel, q.channel) : undefined,
      q.paymentType !== undefined ? eq(collection.paymentType, q.paymentType) : undefined,
      min !== undefined ? gte(collection.amount, min) : undefined,
      max !== undefined ? lte(collection.amount, max) : undefined,
      q.notifyStatus?.length ? inArray(collection.notifyStatus, q.notifyStatus) : undefined,
      currency ? eq(collection.currency, currency) : undefined,
    );
  },
  order: newestFirst(collection, collection.createdAt, collection.id),
  sort: { createdAt: collection.createdAt, createTime: collection.createdAt, amount: collection.amount, paidAt: collection.paidAt },
  countFrom: sql`${collection}`,
  // A merchant's amount range and no other filter: the amount index (merchant, currency, amount, created_at) serves
  // it, so the planner chooses between it and the month in created order by which holds the matches closer together
  // (a range of 10 % of a month at 1.1 M rows: 30 000 entries of the amount index instead of 100 000 of the month).
  // Not for every merchant at once or every currency: the amount index leads with both, and the unordered count could
  // then be a scan of the table.
  countInAnyOrder: (q, ctx) =>
    !ctx.scope.all &&
    currencyOf(ctx, q.currency) !== undefined &&
    AMOUNT_FILTERS.some((k) => q[k] !== undefined) &&
    OTHER_FILTERS.every((k) => q[k] === undefined || (Array.isArray(q[k]) && q[k].length === 0)),
  read: readCollections,
  textRead: collectionsTextRead,
});

/** A collection the caller may see, by id, with its batch's status (another merchant's: undefined). */
export async function findScopedCollection(db: DbLike, req: FastifyRequest, id: string): Promise<{ c: CollectionRow; settlementStatus: string | null } | undefined> {
  const [row] = await db
    .select({ c: collection, settlementStatus: settlement.status })
    .from(collection)
    .leftJoin(settlement, batchOf)
    .where(and(eq(collection.id, id), scopeWhere(collection.merchantId, ownScope(req))));
  return row;
}

/* The demo seed ---------------------------------------------------------------------------------------------- */

/** True when the currency offers the payment type (an enabled product). */
export async function isOffered(db: DbLike, currency: string, paymentType: number): Promise<boolean> {
  const [p] = await db
    .select({ id: product.id })
    .from(product)
    .where(and(eq(product.currency, currency), eq(product.paymentType, paymentType), eq(product.status, STATUS_ENABLED)))
    .limit(1);
  return Boolean(p);
}

export async function anyCollection(db: DbLike): Promise<boolean> {
  return (await db.select({ id: collection.id }).from(collection).limit(1)).length > 0;
}

export async function countCollections(db: DbLike): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(collection);
  return Number(row?.n ?? 0);
}

/* The order's life: create, lock, change status, expire (called inside the service's transactions) ----------- */

export type MerchantRow = typeof merchant.$inferSelect;
export type ProductRow = typeof product.$inferSelect;

export async function selectCollection(db: DbLike, merchantId: number, id: string): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collection).where(and(eq(collection.merchantId, merchantId), eq(collection.id, id))).limit(1);
  return row;
}

export async function selectCollectionByOrderId(db: DbLike, merchantId: number, merchantOrderId: string): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collection).where(and(eq(collection.merchantId, merchantId), eq(collection.merchantOrderId, merchantOrderId))).limit(1);
  return row;
}

export async function selectCollectionByToken(db: DbLike, cashierToken: string): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collection).where(eq(collection.cashierToken, cashierToken)).limit(1);
  return row;
}

export async function selectMerchantRow(db: DbLike, merchantId: number): Promise<MerchantRow | undefined> {
  const [m] = await db.select().from(merchant).where(eq(merchant.id, merchantId)).limit(1);
  return m;
}

/** The enabled products of (currency, payment type), by channel. */
export function selectProductsOf(db: DbLike, currency: string, paymentType: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(product)
    .where(and(eq(product.currency, currency), eq(product.paymentType, paymentType), eq(product.status, STATUS_ENABLED)))
    .orderBy(asc(product.channel));
}

/** Inserts an order (a duplicate merchant order id raises the unique violation of collection_merchant_order_uq). */
export async function insertCollection(db: DbLike, values: typeof collection.$inferInsert): Promise<CollectionRow> {
  const [row] = await db.insert(collection).values(values).returning();
  if (!row) throw new Error('collection insert returned nothing');
  return row;
}

/** A prepared order as the insert the open API writes in one statement with its Idempotency-Key answer. */
export const collectionInsert = (row: CollectionRow) => ({ table: collection, row });

const lockWithMerchant = fixedQuery('collection_lock_with_merchant', (db) =>
  db
    .select({ row: collection, m: merchant })
    .from(collection)
    .innerJoin(merchant, eq(merchant.id, collection.merchantId))
    .where(and(eq(collection.merchantId, sql.placeholder('merchantId')), eq(collection.id, sql.placeholder('id'))))
    .for('update', { of: collection }),
);

/** The order locked, with its merchant (read, not locked), in one round trip. */
export async function lockCollectionWithMerchant(db: DbLike, merchantId: number, id: string): Promise<{ row: CollectionRow; m: MerchantRow } | undefined> {
  const [found] = await lockWithMerchant(db, { merchantId, id });
  return found;
}

export async function updateCollection(db: DbLike, row: { merchantId: number; id: string }, set: Partial<typeof collection.$inferInsert>): Promise<CollectionRow | undefined> {
  const [updated] = await db.update(collection).set(set).where(and(eq(collection.merchantId, row.merchantId), eq(collection.id, row.id))).returning();
  return updated;
}

/**
 * One update of a locked order with the statements that go with it (its callback's outbox insert, its queued ledger
 * transfer), in one round trip. False when no row matched, or `onlyIf` did not hold (the others are still sent: the
 * caller's transaction rolls back).
 */
export async function updateCollectionWith(
  db: DbLike,
  row: { merchantId: number; id: string },
  set: Partial<typeof collection.$inferInsert>,
  also: readonly SQLWrapper[],
  onlyIf?: SQL,
): Promise<boolean> {
  const update = db
    .update(collection)
    .set(set)
    .where(and(eq(collection.merchantId, row.merchantId), eq(collection.id, row.id), onlyIf))
    .returning({ id: collection.id });
  const carried = also.map((a, i) => sql`, ${sql.raw(`a${i}`)} as (${a.getSQL()})`);
  const res = await runPrepared<{ n: number }>(db, 'collection_update_with', sql`with u as (${update.getSQL()})${sql.join(carried)} select count(*)::int as n from u`);
  return res.rows[0]!.n === 1;
}

/** The link an order came from is paid by it (unless it was voided meanwhile). */
export async function markLinkPaid(db: DbLike, merchantId: number, linkId: string, collectionId: string, now: Date): Promise<void> {
  await db
    .update(paymentLink)
    .set({ status: PaymentLinkStatus.PAID, collectionId, updatedAt: now })
    .where(and(eq(paymentLink.merchantId, merchantId), eq(paymentLink.id, linkId), inArray(paymentLink.status, [PaymentLinkStatus.ACTIVE, PaymentLinkStatus.EXPIRED])));
}

/** Open orders past their expiry, oldest first, locked; rows other workers hold are skipped. */
export function lockDueCollections(db: DbLike, now: Date, limit: number): Promise<CollectionRow[]> {
  return db
    .select()
    .from(collection)
    .where(and(inArray(collection.status, [PaymentStatus.PENDING, PaymentStatus.PROCESSING]), lte(collection.expiresAt, now)))
    .orderBy(asc(collection.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export function selectCallbackUrls(db: DbLike, merchantIds: readonly number[]) {
  return db.select({ id: merchant.id, collectionCallbackUrl: merchant.collectionCallbackUrl }).from(merchant).where(inArray(merchant.id, [...merchantIds]));
}

/** Active payment links past their expiry -> expired; answers how many. */
export async function expireLinks(db: DbLike, now: Date): Promise<number> {
  const rows = await db
    .update(paymentLink)
    .set({ status: PaymentLinkStatus.EXPIRED, updatedAt: now })
    .where(and(eq(paymentLink.status, PaymentLinkStatus.ACTIVE), lte(paymentLink.expiresAt, now)))
    .returning({ id: paymentLink.id });
  return rows.length;
}

export async function selectSettlementStatus(db: DbLike, merchantId: number, settlementId: string): Promise<string | undefined> {
  const [b] = await db.select({ status: settlement.status }).from(settlement).where(and(eq(settlement.merchantId, merchantId), eq(settlement.id, settlementId))).limit(1);
  return b?.status;
}
