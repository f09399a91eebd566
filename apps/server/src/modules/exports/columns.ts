/**
 * What each export contains: per list kind, the rows (keyset pages over the list's own filter, so a screen and its
 * export select the same rows) and the columns with their header key and cell value. Amounts are numeric cells in
 * major units with the currency's decimals; times are wall-clock text in the export's zone.
 */
import {
  ExportKind,
  Perm,
  decimalsOf,
  translate,
  findChannel,
  type CurrencyCode,
  type ExportKindValue,
  type Language,
} from '@mg/domain';
import { and, sql, type SQL } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { collection, ledgerAccount, ledgerEntry, ledgerTransfer, paymentLink, refund, settlement } from '../../db/schema';
import { selectEntries } from '../ledger/queries';
import { LIST_FILTERS } from '../collections/filters';

export interface CellContext {
  lang: Language;
  timeZone: string;
  /** Formats an instant as wall-clock text in the export's zone (domain wallClockFormatter: fast for many rows). */
  time: (d: Date) => string;
}

export type Cell = string | number | null;

export interface ExportColumn<R> {
  /** Domain i18n key of the header. */
  header: string;
  width: number;
  value(row: R, ctx: CellContext): Cell;
  /** Excel number format of an amount cell (by the row's currency). */
  amountOf?: (row: R) => CurrencyCode;
}

export interface ExportDefinition<R extends { id: string | number }> {
  kind: ExportKindValue;
  /** The list's own permission, on top of Perm.EXPORT. */
  permission: string;
  /** One keyset page: rows matching `where` after the row `afterId` (newest first). */
  page(db: DbLike, where: SQL | undefined, afterId: string | number | null, limit: number): Promise<R[]>;
  count(db: DbLike, where: SQL | undefined): Promise<number>;
  columns: readonly ExportColumn<R>[];
}

/** Minor units to a major-unit number for a numeric cell (amounts stay below 2^53 minor units: MAX_AMOUNT_MINOR). */
export function amountCell(minor: bigint | null, currency: CurrencyCode): number | null {
  if (minor === null) return null;
  return Number(minor) / 10 ** decimalsOf(currency);
}

const FORMATS = new Map<string, string>();
export function amountFormat(currency: CurrencyCode): string {
  let f = FORMATS.get(currency);
  if (f === undefined) {
    const d = decimalsOf(currency);
    f = d === 0 ? '#,##0' : `#,##0.${'0'.repeat(d)}`;
    FORMATS.set(currency, f);
  }
  return f;
}

const time = (d: Date | null, ctx: CellContext): Cell => (d ? ctx.time(d) : null);
const label = (key: string, ctx: CellContext): string => translate(ctx.lang, key);
const statusLabel = (machine: string, value: string | null, ctx: CellContext): Cell =>
  value ? label(`status.${machine}.${value}`, ctx) : null;

function countOf(db: DbLike, table: typeof collection | typeof refund | typeof settlement | typeof paymentLink, where: SQL | undefined) {
  return db.$count(table, where);
}

/* Collections ---------------------------------------------------------------------------------------------- */

const cur = (r: { currency: string }) => r.currency as CurrencyCode;

/** Only what the columns show: decoding the other columns of a million rows was a third of the export's time. */
const COLLECTION_EXPORT_FIELDS = {
  id: collection.id,
  merchantOrderId: collection.merchantOrderId,
  channel: collection.channel,
  paymentType: collection.paymentType,
  paymentCode: collection.paymentCode,
  status: collection.status,
  currency: collection.currency,
  amount: collection.amount,
  adminFee: collection.adminFee,
  serviceFee: collection.serviceFee,
  paidAmount: collection.paidAmount,
  refundedAmount: collection.refundedAmount,
  paidAt: collection.paidAt,
  payerName: collection.payerName,
  payerEmail: collection.payerEmail,
  payerPhone: collection.payerPhone,
  orderDescription: collection.orderDescription,
  notifyStatus: collection.notifyStatus,
  createdAt: collection.createdAt,
};
type CollectionRow = { [K in keyof typeof COLLECTION_EXPORT_FIELDS]: (typeof collection.$inferSelect)[K] };

const collections: ExportDefinition<CollectionRow> = {
  kind: ExportKind.COLLECTIONS,
  permission: Perm.COLLECTION_MENU,
  page: (db, where, afterId, limit) => {
    const f = LIST_FILTERS[ExportKind.COLLECTIONS];
    return db
      .select(COLLECTION_EXPORT_FIELDS)
      .from(collection)
      .where(and(where, afterId === null ? undefined : f.after(afterId)))
      .orderBy(...f.orderBy())
      .limit(limit);
  },
  count: (db, where) => countOf(db, collection, where),
  columns: [
    { header: 'exports.col.merchantOrderId', width: 24, value: (r) => r.merchantOrderId },
    { header: 'exports.col.transactionId', width: 26, value: (r) => r.id },
    { header: 'exports.col.channel', width: 18, value: (r) => (r.channel === null ? null : (findChannel(r.channel)?.name ?? String(r.channel))) },
    { header: 'exports.col.paymentType', width: 16, value: (r, c) => label(`enum.paymentType.${r.paymentType}`, c) },
    { header: 'exports.col.paymentCode', width: 22, value: (r) => r.paymentCode },
    { header: 'exports.col.status', width: 14, value: (r, c) => statusLabel('payment', r.status, c) },
    { header: 'exports.col.currency', width: 9, value: (r) => r.currency },
    { header: 'exports.col.amount', width: 16, value: (r) => amountCell(r.amount, cur(r)), amountOf: cur },
    { header: 'exports.col.adminFee', width: 14, value: (r) => amountCell(r.adminFee, cur(r)), amountOf: cur },
    { header: 'exports.col.serviceFee', width: 14, value: (r) => amountCell(r.serviceFee, cur(r)), amountOf: cur },
    { header: 'exports.col.paidAmount', width: 16, value: (r) => amountCell(r.paidAmount, cur(r)), amountOf: cur },
    { header: 'exports.col.refundedAmount', width: 16, value: (r) => amountCell(r.refundedAmount, cur(r)), amountOf: cur },
    { header: 'exports.col.paidTime', width: 20, value: (r, c) => time(r.paidAt, c) },
    { header: 'exports.col.payerName', width: 18, value: (r) => r.payerName },
    { header: 'exports.col.payerEmail', width: 24, value: (r) => r.payerEmail },
    { header: 'exports.col.payerPhone', width: 16, value: (r) => r.payerPhone },
    { header: 'exports.col.orderDescription', width: 28, value: (r) => r.orderDescription },
    { header: 'exports.col.notifyStatus', width: 14, value: (r, c) => statusLabel('notify', r.notifyStatus, c) },
    { header: 'exports.col.createTime', width: 20, value: (r, c) => time(r.createdAt, c) },
  ],
};

/* Refunds -------------------------------------------------------------------------------------------------- */

type RefundRow = typeof refund.$inferSelect;
const refunds: ExportDefinition<RefundRow> = {
  kind: ExportKind.REFUNDS,
  permission: Perm.REFUND_MENU,
  page: (db, where, afterId, limit) => {
    const f = LIST_FILTERS[ExportKind.REFUNDS];
    return db.select().from(refund).where(and(where, afterId === null ? undefined : f.after(afterId))).orderBy(...f.orderBy()).limit(limit);
  },
  count: (db, where) => countOf(db, refund, where),
  columns: [
    { header: 'exports.col.refundId', width: 26, value: (r) => r.id },
    { header: 'exports.col.transactionId', width: 26, value: (r) => r.collectionId },
    { header: 'exports.col.merchantRefundId', width: 22, value: (r) => r.merchantRefundId },
    { header: 'exports.col.refundType', width: 12, value: (r, c) => label(`status.refundType.${r.refundType}`, c) },
    { header: 'exports.col.refundWay', width: 14, value: (r, c) => label(`status.refundWay.${r.refundWay}`, c) },
    { header: 'exports.col.currency', width: 9, value: (r) => r.currency },
    { header: 'exports.col.requestedAmount', width: 16, value: (r) => amountCell(r.requestedAmount, cur(r)), amountOf: cur },
    { header: 'exports.col.actualAmount', width: 16, value: (r) => amountCell(r.actualAmount, cur(r)), amountOf: cur },
    { header: 'exports.col.status', width: 16, value: (r, c) => statusLabel('refundFund', r.status, c) },
    { header: 'exports.col.reason', width: 30, value: (r) => r.reason },
    { header: 'exports.col.createdBy', width: 14, value: (r) => r.createdBy },
    { header: 'exports.col.createTime', width: 20, value: (r, c) => time(r.createdAt, c) },
    { header: 'exports.col.completedTime', width: 20, value: (r, c) => time(r.completedAt, c) },
  ],
};

/* Settlements ---------------------------------------------------------------------------------------------- */

type SettlementRow = typeof settlement.$inferSelect;
const settlements: ExportDefinition<SettlementRow> = {
  kind: ExportKind.SETTLEMENTS,
  permission: Perm.SETTLEMENT_MENU,
  page: (db, where, afterId, limit) => {
    const f = LIST_FILTERS[ExportKind.SETTLEMENTS];
    return db.select().from(settlement).where(and(where, afterId === null ? undefined : f.after(afterId))).orderBy(...f.orderBy()).limit(limit);
  },
  count: (db, where) => countOf(db, settlement, where),
  columns: [
    { header: 'exports.col.settlementId', width: 26, value: (r) => r.id },
    { header: 'exports.col.settleDate', width: 12, value: (r) => r.settleDate },
    { header: 'exports.col.status', width: 12, value: (r, c) => statusLabel('settlement', r.status, c) },
    { header: 'exports.col.currency', width: 9, value: (r) => r.currency },
    { header: 'exports.col.count', width: 10, value: (r) => r.collectionCount },
    { header: 'exports.col.grossAmount', width: 16, value: (r) => amountCell(r.grossAmount, cur(r)), amountOf: cur },
    { header: 'exports.col.feeAmount', width: 14, value: (r) => amountCell(r.feeAmount, cur(r)), amountOf: cur },
    { header: 'exports.col.refundedAmount', width: 16, value: (r) => amountCell(r.refundedAmount, cur(r)), amountOf: cur },
    { header: 'exports.col.netAmount', width: 16, value: (r) => amountCell(r.netAmount, cur(r)), amountOf: cur },
    { header: 'exports.col.dueTime', width: 20, value: (r, c) => time(r.dueAt, c) },
    { header: 'exports.col.settledTime', width: 20, value: (r, c) => time(r.settledAt, c) },
  ],
};

/* Balance records ------------------------------------------------------------------------------------------ */

interface BalanceRecordRow {
  id: number;
  createdAt: Date;
  currency: string;
  amount: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
  kind: string;
  actionType: number;
  reference: string;
  fee: bigint;
}
const balanceRecords: ExportDefinition<BalanceRecordRow> = {
  kind: ExportKind.BALANCE_RECORDS,
  permission: Perm.BALANCE_RECORD_MENU,
  page: (db, where, afterId, limit) => {
    const f = LIST_FILTERS[ExportKind.BALANCE_RECORDS];
    return selectEntries(db, {
        id: ledgerEntry.id,
        createdAt: ledgerEntry.createdAt,
        currency: ledgerEntry.currency,
        amount: ledgerEntry.amount,
        balanceBefore: ledgerEntry.balanceBefore,
        balanceAfter: ledgerEntry.balanceAfter,
        kind: ledgerAccount.kind,
        actionType: ledgerTransfer.actionType,
        reference: ledgerTransfer.reference,
        fee: ledgerTransfer.fee,
      })
      .where(and(where, afterId === null ? undefined : f.after(afterId)))
      .orderBy(...f.orderBy())
      .limit(limit);
  },
  count: (db, where) =>
    selectEntries(db, { n: sql<number>`count(*)`.mapWith(Number) })
      .where(where)
      .then((r) => r[0]?.n ?? 0),
  columns: [
    { header: 'exports.col.createTime', width: 20, value: (r, c) => time(r.createdAt, c) },
    { header: 'exports.col.actionType', width: 14, value: (r, c) => label(`enum.actionType.${r.actionType}`, c) },
    { header: 'exports.col.account', width: 12, value: (r, c) => label(`ledger.account.${r.kind}`, c) },
    { header: 'exports.col.reference', width: 26, value: (r) => r.reference },
    { header: 'exports.col.currency', width: 9, value: (r) => r.currency },
    { header: 'exports.col.amount', width: 16, value: (r) => amountCell(r.amount, cur(r)), amountOf: cur },
    { header: 'exports.col.fee', width: 14, value: (r) => amountCell(r.fee, cur(r)), amountOf: cur },
    { header: 'exports.col.balanceBefore', width: 18, value: (r) => amountCell(r.balanceBefore, cur(r)), amountOf: cur },
    { header: 'exports.col.balanceAfter', width: 18, value: (r) => amountCell(r.balanceAfter, cur(r)), amountOf: cur },
  ],
};

/* Payment links -------------------------------------------------------------------------------------------- */

type PaymentLinkRow = typeof paymentLink.$inferSelect;
const paymentLinks: ExportDefinition<PaymentLinkRow> = {
  kind: ExportKind.PAYMENT_LINKS,
  permission: Perm.PAYMENT_LINK_MENU,
  page: (db, where, afterId, limit) => {
    const f = LIST_FILTERS[ExportKind.PAYMENT_LINKS];
    return db.select().from(paymentLink).where(and(where, afterId === null ? undefined : f.after(afterId))).orderBy(...f.orderBy()).limit(limit);
  },
  count: (db, where) => countOf(db, paymentLink, where),
  columns: [
    { header: 'exports.col.paymentLinkId', width: 26, value: (r) => r.id },
    { header: 'exports.col.status', width: 12, value: (r, c) => label(`payment-links.status.${r.status}`, c) },
    { header: 'exports.col.currency', width: 9, value: (r) => r.currency },
    { header: 'exports.col.amount', width: 16, value: (r) => amountCell(r.amount, cur(r)), amountOf: cur },
    { header: 'exports.col.orderDescription', width: 30, value: (r) => r.description },
    { header: 'exports.col.expiryHours', width: 12, value: (r) => r.expiryHours },
    { header: 'exports.col.expiresTime', width: 20, value: (r, c) => time(r.expiresAt, c) },
    { header: 'exports.col.transactionId', width: 26, value: (r) => r.collectionId },
    { header: 'exports.col.createdBy', width: 14, value: (r) => r.createdBy },
    { header: 'exports.col.createTime', width: 20, value: (r, c) => time(r.createdAt, c) },
  ],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const EXPORTS: Readonly<Record<ExportKindValue, ExportDefinition<any>>> = {
  [ExportKind.COLLECTIONS]: collections,
  [ExportKind.REFUNDS]: refunds,
  [ExportKind.SETTLEMENTS]: settlements,
  [ExportKind.BALANCE_RECORDS]: balanceRecords,
  [ExportKind.PAYMENT_LINKS]: paymentLinks,
};
