/**
 * Read side of the payment lists (docs/payments-api.md): the records each list answers, their SELECTs and the
 * capped count. The WHERE comes from ./filters.ts, so the dashboard and the exports read the same rows.
 *
 *   listCollections(db, where, { orderBy, limit, offset })  -> CollectionRecord[]
 *   countCapped(db, from, where)                              -> { total, capped }
 *
 * Record fields: amounts are decimal strings in the row's currency, times ISO-8601 UTC.
 */
import { LIST_COUNT_CAP, toMajorString, type CurrencyCode } from '@mg/domain';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbLike } from '../../db/pool';
import {
  callbackDelivery,
  collection,
  ledgerAccount,
  ledgerEntry,
  ledgerTransfer,
  paymentLink,
  refund,
  settlement,
} from '../../db/schema';
import { iso } from '../admin/shared';
import { deliveryViews, type DeliveryView } from '../callbacks/service';
import { entriesFrom, selectEntries } from '../ledger/queries';

const money = (v: bigint | null | undefined, currency: string): string | null =>
  v === null || v === undefined ? null : toMajorString(v, currency as CurrencyCode);
const money0 = (v: bigint, currency: string): string => toMajorString(v, currency as CurrencyCode);
const isoOf = (d: Date): string => d.toISOString();

export interface ReadOptions {
  orderBy: SQL[];
  limit: number;
  offset?: number;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Capped count                                                                                                 */

export interface CappedCount {
  /** Exact up to LIST_COUNT_CAP; LIST_COUNT_CAP when capped. */
  total: number;
  /** More rows match than counted. */
  capped: boolean;
}

/**
 * Counts matching rows, but stops at LIST_COUNT_CAP + 1: `select count(*) from (select 1 ... order by <index order>
 * limit cap+1)`. The inner select walks the same index as the page, so a month of a million-row merchant costs at
 * most cap+1 index entries instead of all of them.
 */
export async function countCapped(
  db: DbLike,
  from: SQL,
  where: SQL | undefined,
  orderBy: SQL[],
  cap = LIST_COUNT_CAP,
): Promise<CappedCount> {
  // The ORDER BY of the list's index makes the planner walk that index (and stop after cap + 1 entries) instead of
  // scanning the table for a range it guesses is large.
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${from} ${where ? sql`where ${where}` : sql``} order by ${sql.join(orderBy, sql`, `)} limit ${cap + 1}) s`,
  );
  const n = Number(res.rows[0]?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** The page answer of every list. */
/** `{ records, total, size, current, pages, totalCapped }`: total is exact up to LIST_COUNT_CAP. */
export function listPageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int().describe('exact up to LIST_COUNT_CAP; when totalCapped, at least that many'),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
    totalCapped: z.boolean().describe('more rows match than were counted'),
  });
}

export function listPage<T>(records: T[], count: CappedCount, p: { pageNo: number; pageSize: number }) {
  return {
    records,
    total: count.total,
    size: p.pageSize,
    current: p.pageNo,
    pages: Math.ceil(count.total / p.pageSize),
    totalCapped: count.capped,
  };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Collections                                                                                                  */

export type CollectionRecord = ReturnType<typeof toCollectionRecord>;

/** FROM for counting (no join needed: the filters only use collection columns). */
export const collectionsCountFrom = sql`${collection}`;

type CollectionRow = typeof collection.$inferSelect;

export function toCollectionRecord(c: CollectionRow, settlementStatus: string | null) {
  return {
    id: c.id,
    merchantId: c.merchantId,
    merchantOrderId: c.merchantOrderId,
    currency: c.currency,
    paymentType: c.paymentType,
    channel: c.channel,
    paymentCode: c.paymentCode,
    status: c.status,
    amount: money0(c.amount, c.currency),
    adminFee: money0(c.adminFee, c.currency),
    serviceFee: money0(c.serviceFee, c.currency),
    paidAmount: money(c.paidAmount, c.currency),
    refundedAmount: money0(c.refundedAmount, c.currency),
    paidAt: iso(c.paidAt),
    payerName: c.payerName,
    payerEmail: c.payerEmail,
    payerPhone: c.payerPhone,
    orderDescription: c.orderDescription,
    expiryHours: c.expiryHours,
    expiresAt: isoOf(c.expiresAt),
    notifyStatus: c.notifyStatus,
    settlementId: c.settlementId,
    settlementStatus,
    source: c.source,
    mode: c.mode,
    failureReason: c.failureReason,
    createdAt: isoOf(c.createdAt),
    updatedAt: isoOf(c.updatedAt),
  };
}

/**
 * A page of collections as a "deferred join": the keys of the page first (filters, order, offset and limit answered
 * from the covering index collection_merchant_currency_created_idx without touching the table), then only those
 * rows. Deep pages and sorting by amount then skip index entries, not table rows.
 */
export async function listCollections(db: DbLike, where: SQL | undefined, o: ReadOptions): Promise<CollectionRecord[]> {
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
    .leftJoin(settlement, and(eq(settlement.merchantId, collection.merchantId), eq(settlement.id, collection.settlementId)))
    .orderBy(...o.orderBy);
  return rows.map((r) => toCollectionRecord(r.c, r.settlementStatus));
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Refunds                                                                                                      */

export type RefundRecord = ReturnType<typeof toRefundRecord>;
export const refundsCountFrom = sql`${refund}`;

type RefundRow = typeof refund.$inferSelect;

export function toRefundRecord(r: RefundRow, merchantOrderId: string | null) {
  return {
    id: r.id,
    merchantId: r.merchantId,
    collectionId: r.collectionId,
    merchantOrderId,
    merchantRefundId: r.merchantRefundId,
    currency: r.currency,
    refundType: r.refundType,
    refundWay: r.refundWay,
    requestedAmount: money0(r.requestedAmount, r.currency),
    actualAmount: money(r.actualAmount, r.currency),
    reason: r.reason,
    status: r.status,
    failureReason: r.failureReason,
    notifyStatus: r.notifyStatus,
    createdBy: r.createdBy,
    createdAt: isoOf(r.createdAt),
    completedAt: iso(r.completedAt),
  };
}

export async function listRefunds(db: DbLike, where: SQL | undefined, o: ReadOptions): Promise<RefundRecord[]> {
  const rows = await db
    .select({ r: refund, merchantOrderId: collection.merchantOrderId })
    .from(refund)
    .leftJoin(collection, and(eq(collection.merchantId, refund.merchantId), eq(collection.id, refund.collectionId)))
    .where(where)
    .orderBy(...o.orderBy)
    .limit(o.limit)
    .offset(o.offset ?? 0);
  return rows.map((x) => toRefundRecord(x.r, x.merchantOrderId));
}

/** Refunds of one collection, oldest first (detail drawer). */
export async function refundsOfCollection(db: DbLike, merchantId: number, collectionId: string): Promise<RefundRecord[]> {
  const rows = await db
    .select({ r: refund, merchantOrderId: collection.merchantOrderId })
    .from(refund)
    .leftJoin(collection, and(eq(collection.merchantId, refund.merchantId), eq(collection.id, refund.collectionId)))
    .where(and(eq(refund.merchantId, merchantId), eq(refund.collectionId, collectionId)))
    .orderBy(asc(refund.createdAt), asc(refund.id));
  return rows.map((x) => toRefundRecord(x.r, x.merchantOrderId));
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Balance records: entries of the merchant's own accounts with their transfer                                 */

export type BalanceRecord = ReturnType<typeof toBalanceRecord>;

/** FROM of the balance records (balanceRecordFilters.where needs these joins). */
export const balanceRecordsFrom = entriesFrom;

interface BalanceRow {
  id: number;
  merchantId: number;
  transferId: number;
  currency: string;
  kind: string;
  flow: string;
  actionType: number;
  reference: string;
  amount: bigint;
  fee: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
  createdAt: Date;
}

export function toBalanceRecord(e: BalanceRow) {
  return {
    id: e.id,
    merchantId: e.merchantId,
    transferId: e.transferId,
    actionType: e.actionType,
    flow: e.flow,
    account: e.kind,
    reference: e.reference,
    amount: money0(e.amount, e.currency),
    fee: money0(e.fee, e.currency),
    balanceBefore: money0(e.balanceBefore, e.currency),
    balanceAfter: money0(e.balanceAfter, e.currency),
    currency: e.currency,
    createdAt: isoOf(e.createdAt),
  };
}

export async function listBalanceRecords(db: DbLike, where: SQL | undefined, o: ReadOptions): Promise<BalanceRecord[]> {
  const rows = await selectEntries(db, {
      id: ledgerEntry.id,
      merchantId: ledgerEntry.merchantId,
      transferId: ledgerEntry.transferId,
      currency: ledgerEntry.currency,
      kind: ledgerAccount.kind,
      flow: ledgerTransfer.flow,
      actionType: ledgerTransfer.actionType,
      reference: ledgerTransfer.reference,
      amount: ledgerEntry.amount,
      fee: ledgerTransfer.fee,
      balanceBefore: ledgerEntry.balanceBefore,
      balanceAfter: ledgerEntry.balanceAfter,
      createdAt: ledgerEntry.createdAt,
    })
    .where(where)
    .orderBy(...o.orderBy)
    .limit(o.limit)
    .offset(o.offset ?? 0);
  return rows.map(toBalanceRecord);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Payment links                                                                                                */

export const paymentLinksCountFrom = sql`${paymentLink}`;

export async function listPaymentLinkRows(db: DbLike, where: SQL | undefined, o: ReadOptions) {
  return db.select().from(paymentLink).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Callback deliveries of an order (detail drawer)                                                              */

/**
 * Deliveries of the given orders of one merchant (a collection and its refunds), newest first, each with its
 * attempts, in the shape of GET /api/callbacks (modules/callbacks/service.ts deliveryViews).
 */
export async function deliveriesOf(
  db: DbLike,
  merchantId: number,
  orders: { kind: string; ids: string[] }[],
): Promise<DeliveryView[]> {
  const conds = orders
    .filter((o) => o.ids.length > 0)
    .map((o) => and(eq(callbackDelivery.orderKind, o.kind), inArray(callbackDelivery.orderId, o.ids)));
  if (conds.length === 0) return [];
  const rows = await db
    .select()
    .from(callbackDelivery)
    .where(and(eq(callbackDelivery.merchantId, merchantId), or(...conds)))
    .orderBy(desc(callbackDelivery.createdAt), desc(callbackDelivery.id));
  return deliveryViews(db, rows);
}
