/**
 * Filters of the payment lists (docs/payments-api.md): collections, refunds, settlements, balance records and
 * payment links. One definition per list, used by the dashboard lists (routes.ts) AND the exports
 * (modules/exports), so a screen and its export always select the same rows.
 *
 *   const f = collectionFilters;
 *   const parsed = f.schema.parse(req.query);            // zod 4, messages are i18n keys
 *   const ctx = filterContext(req, parsed.merchantId);   // scope + zone + session currency (+ now)
 *   const where = f.where(parsed, ctx);                  // drizzle SQL; throws a 400 naming the field
 *   ... .where(and(where, f.after(lastId))).orderBy(...f.orderBy()).limit(EXPORT_BATCH_ROWS)   // keyset pages
 *
 * Without a request (an export job) build the context yourself, from what was stored when it was asked:
 *   { scope: <the scope of the request>, timeZone: job.timeZone, currency: <the session currency>, now: job.createdAt }
 *
 * Dates: `createTime_begin` / `createTime_end` are wall-clock `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`) in the
 * context's zone, both ends inclusive, at most QUERY_RANGE_MONTHS apart (domain checkQueryRange), else 400 naming
 * `createTime_end`. Without a begin the list covers LIST_DEFAULT_RANGE_DAYS days up to the end (default now).
 *
 * `where` only references the list's base table, except where its doc says which join it needs
 * (refunds: none, the merchant order id is a sub-query; balance records: ledger_transfer and ledger_account
 * joined as in queries.ts balanceRecordsFrom()).
 */
import {
  checkQueryRange,
  currencySchema,
  LIST_DEFAULT_RANGE_DAYS,
  MERCHANT_ACCOUNT_KINDS,
  MONEY_ERROR_KEYS,
  NOTIFY_STATUS,
  PAYMENT_LINK_STATUSES,
  PaymentLinkStatus,
  PAYMENT_STATUS,
  parseAmount,
  parseWallClock,
  QUERY_RANGE_ERROR_KEYS,
  QUERY_RANGE_MONTHS,
  REFUND_FUND_STATUS,
  wallClockSchema,
  ExportKind,
  ACTION_TYPES,
  decimalsOf,
  type CurrencyCode,
  type ExportKindValue,
  type PaymentLinkStatusValue,
} from '@mg/domain';
import { and, asc, desc, eq, gt, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { collection, ledgerAccount, ledgerEntry, ledgerTransfer, paymentLink, refund } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { ownScope, scopeWhere, type Scope } from '../auth/scope';
import { requireAuth } from '../auth';

/* ---------------------------------------------------------------------------------------------------------- */
/* Context                                                                                                      */

export interface FilterContext {
  /** Merchants the rows may belong to. */
  scope: Scope;
  /** IANA zone the wall-clock dates are in (the request's X-Time-Zone, an export job's stored zone). */
  timeZone: string;
  /** Session currency: the default `currency` filter (lists that have one). */
  currency: CurrencyCode | undefined;
  /** "Now" of the default range; default the current time. */
  now?: Date;
}

/**
 * The context of a dashboard request: the caller's own merchant (platform staff: every merchant, or the one
 * `merchantId` names; anyone else naming another merchant gets 403), the request's zone and session currency.
 */
export function filterContext(req: FastifyRequest, merchantId?: number): FilterContext {
  const auth = requireAuth(req);
  const sessionCurrency = req.ctx.currency ?? (currencySchema.safeParse(auth.currency).data as CurrencyCode | undefined);
  return { scope: ownScope(req, merchantId), timeZone: req.ctx.timeZone, currency: sessionCurrency };
}

/**
 * The one merchant an operation acts on (balances, new payment links, statistics of one merchant): the caller's
 * session merchant; platform staff may name another with `merchantId`; anyone else naming another gets 403.
 */
export function merchantOf(req: FastifyRequest, merchantId?: number): number {
  const auth = requireAuth(req);
  const scope = ownScope(req, merchantId);
  return scope.all ? auth.merchantId : (scope.ids[0] ?? auth.merchantId);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Shared pieces                                                                                                */

export interface DateRange {
  begin: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

/**
 * The wall-clock range of a filter as UTC instants: both ends inclusive; a missing end is `now`, a missing begin
 * `defaultBegin(end)` (default LIST_DEFAULT_RANGE_DAYS days before the end). A begin the caller gave is checked
 * against `months` (default QUERY_RANGE_MONTHS; 400 naming createTime_end).
 */
export function resolveRange(
  parsed: { createTime_begin?: string | undefined; createTime_end?: string | undefined },
  ctx: Pick<FilterContext, 'timeZone' | 'now'>,
  opts: { defaultBegin?: (end: Date) => Date; months?: number } = {},
): DateRange {
  const toDate = (v: string | undefined, field: string): Date | undefined => {
    if (v === undefined || v.trim() === '') return undefined;
    const d = parseWallClock(v.trim(), ctx.timeZone);
    if (!d) throw fieldError(field, 'validation.date.invalid', { params: { value: v.slice(0, 32) } });
    return d;
  };
  const givenBegin = toDate(parsed.createTime_begin, 'createTime_begin');
  const end = toDate(parsed.createTime_end, 'createTime_end') ?? ctx.now ?? new Date();
  const months = opts.months ?? QUERY_RANGE_MONTHS;
  if (givenBegin) {
    const problem = checkQueryRange(givenBegin, end, ctx.timeZone, months);
    if (problem) throw fieldError('createTime_end', QUERY_RANGE_ERROR_KEYS[problem], { params: { months } });
    return { begin: givenBegin, end };
  }
  const begin = opts.defaultBegin ? opts.defaultBegin(end) : new Date(end.getTime() - LIST_DEFAULT_RANGE_DAYS * DAY_MS);
  return { begin, end };
}

/** The currency a list filters on: the one asked for, else the session's; undefined: every currency. */
export function currencyOf(parsed: { currency?: CurrencyCode | undefined }, ctx: FilterContext): CurrencyCode | undefined {
  return parsed.currency ?? ctx.currency;
}

/** A decimal amount filter in minor units of `currency` (400 naming the field when malformed or without currency). */
export function amountFilter(value: string | undefined, currency: CurrencyCode | undefined, field: string): bigint | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!currency) throw fieldError('currency', 'validation.currency.invalid', { params: { value: '' } });
  const r = parseAmount(value, currency, { allowZero: true });
  if (!r.ok) throw fieldError(field, MONEY_ERROR_KEYS[r.error], { labelOf: 'amount', params: { digits: decimalsOf(currency) } });
  return r.minor;
}

/** One value or a comma-separated list (or an array, from an export body) of allowed values. */
function oneOrMany<const T extends string>(values: readonly T[], messageKey: string) {
  return z
    .union([z.string().max(500), z.array(z.string().max(64)).max(50)])
    .transform((v, ctx) => {
      const parts = (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean);
      const out: T[] = [];
      for (const p of parts) {
        if (!(values as readonly string[]).includes(p)) {
          ctx.addIssue({ code: 'custom', message: messageKey, params: { value: p.slice(0, 32) } });
          return z.NEVER;
        }
        out.push(p as T);
      }
      return [...new Set(out)];
    });
}

const dateField = wallClockSchema.optional().describe('YYYY-MM-DD HH:mm:ss in the session zone (X-Time-Zone)');
const exact = (max: number) => z.string().trim().min(1).max(max).optional();
const smallInt = z.coerce.number({ error: 'error.fieldInvalid' }).int('error.fieldInvalid').min(-1, 'error.fieldInvalid').max(32_767, 'error.fieldInvalid');

/** Fields every list filter has. */
const baseShape = {
  merchantId: z.coerce.number().int().positive().optional().describe('platform staff: only this merchant'),
  createTime_begin: dateField,
  createTime_end: dateField,
};

const createdBetween = (col: AnyColumn, r: DateRange): SQL | undefined => and(gte(col, r.begin), lte(col, r.end));

/** Row-value keyset condition `(time, id) < (time, id of the row lastId)` (descending order), exact to the microsecond. */
function keysetAfter(table: { createdAt: AnyColumn; id: AnyColumn }, tableSql: SQL, lastId: string | number): SQL {
  return sql`(${table.createdAt}, ${table.id}) < (select k.created_at, k.id from ${tableSql} k where k.id = ${lastId})`;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* The API                                                                                                      */

export interface ListFilter<S extends z.ZodObject> {
  /** The export kind of the list (domain ExportKind). */
  kind: ExportKindValue;
  /** Filter fields only (no paging). */
  schema: S;
  /** The WHERE of the list: scope, dates, filters. Throws a FieldValidationError (400) naming a bad field. */
  where(parsed: z.output<S>, ctx: FilterContext): SQL | undefined;
  /** Default order: newest first, the id breaking ties. [time, id] */
  orderColumns: readonly [AnyColumn, AnyColumn];
  /** ORDER BY of the default order (descending, written so the index serves it: see indexOrder). */
  orderBy(): SQL[];
  /** Keyset continuation: rows after (older than) the row with this id in the default order. */
  after(lastId: string | number): SQL;
}

function defineFilter<S extends z.ZodObject>(def: ListFilter<S>): ListFilter<S> {
  return def;
}

/**
 * ORDER BY matching the lists' indexes `(merchant_id, created_at DESC, id DESC)`: drizzle writes those as
 * `DESC NULLS LAST`, while a bare `ORDER BY x DESC` means NULLS FIRST, which PostgreSQL cannot read from that index
 * (it sorts the whole range instead: 0.5 s on a million rows). Ascending is the same index read backwards.
 */
export function indexOrder(time: AnyColumn, id: AnyColumn, direction: 'asc' | 'desc' = 'desc'): SQL[] {
  return direction === 'desc'
    ? [sql`${time} desc nulls last`, sql`${id} desc nulls last`]
    : [sql`${time} asc nulls first`, sql`${id} asc nulls first`];
}

/**
 * Default order and keyset continuation of a list over `table`: newest first, the id breaking ties (`lastId` as the
 * table's id type: `toId`).
 */
function newestFirst(
  table: PgTable & { createdAt: AnyColumn; id: AnyColumn },
  toId: (lastId: string | number) => string | number = (id) => id,
): Pick<ListFilter<z.ZodObject>, 'orderColumns' | 'orderBy' | 'after'> {
  return {
    orderColumns: [table.createdAt, table.id],
    orderBy: () => indexOrder(table.createdAt, table.id),
    after: (lastId) => keysetAfter(table, sql`${table}`, toId(lastId)),
  };
}

/**
 * The date range of a list, except when an exact key (`byKey`: an id, a merchant order id ...) is asked without
 * dates: that finds the row whatever its date (the unique indexes answer at once).
 */
function rangeUnlessKey(
  byKey: boolean,
  p: { createTime_begin?: string | undefined; createTime_end?: string | undefined },
  ctx: FilterContext,
): DateRange | undefined {
  return byKey && !p.createTime_begin && !p.createTime_end ? undefined : resolveRange(p, ctx);
}

/**
 * ORDER BY of a list page: the filter's index order by default (or when sorting by its time column), else the
 * allowed column (`column` must be a key of `allow`, else 400 naming `column`) with the index order breaking ties.
 */
export function listOrder(
  f: { orderColumns: readonly [AnyColumn, AnyColumn] },
  allow: Readonly<Record<string, AnyColumn>>,
  column: string | undefined,
  order: 'asc' | 'desc' | undefined,
): SQL[] {
  const [time, id] = f.orderColumns;
  const direction = order ?? 'desc';
  if (column === undefined) return indexOrder(time, id);
  const col = Object.hasOwn(allow, column) ? allow[column] : undefined;
  if (!col) throw fieldError('column', 'validation.paging.column', { params: { value: column.slice(0, 64) } });
  if (col === time) return indexOrder(time, id, direction);
  return [direction === 'asc' ? asc(col) : desc(col), ...indexOrder(time, id, direction)];
}

/* Collections ---------------------------------------------------------------------------------------------- */

export const collectionFilterSchema = z.object({
  ...baseShape,
  status: oneOrMany(PAYMENT_STATUS.states, 'error.fieldInvalid').optional().describe('PaymentStatus, or several comma-separated'),
  merchantOrderId: exact(64).describe('exact'),
  id: exact(32).describe('platform transaction id, exact'),
  channel: smallInt.optional(),
  paymentType: smallInt.optional(),
  amountMin: z.string().max(32).optional().describe('decimal string, currency units'),
  amountMax: z.string().max(32).optional().describe('decimal string, currency units'),
  notifyStatus: oneOrMany(NOTIFY_STATUS.states, 'error.fieldInvalid').optional(),
  currency: currencySchema.optional().describe('default: the session currency'),
});

export const collectionFilters = defineFilter({
  kind: ExportKind.COLLECTIONS,
  schema: collectionFilterSchema,
  where(p, ctx) {
    const currency = currencyOf(p, ctx);
    const min = amountFilter(p.amountMin, currency, 'amountMin');
    const max = amountFilter(p.amountMax, currency, 'amountMax');
    if (min !== undefined && max !== undefined && min > max) throw fieldError('amountMax', 'error.fieldInvalid', { params: { value: p.amountMax ?? '' } });
    const range = rangeUnlessKey(p.id !== undefined || p.merchantOrderId !== undefined, p, ctx);
    return and(
      scopeWhere(collection.merchantId, ctx.scope),
      range ? createdBetween(collection.createdAt, range) : undefined,
      p.status?.length ? inArray(collection.status, p.status) : undefined,
      p.merchantOrderId !== undefined ? eq(collection.merchantOrderId, p.merchantOrderId) : undefined,
      p.id !== undefined ? eq(collection.id, p.id) : undefined,
      p.channel !== undefined ? eq(collection.channel, p.channel) : undefined,
      p.paymentType !== undefined ? eq(collection.paymentType, p.paymentType) : undefined,
      min !== undefined ? gte(collection.amount, min) : undefined,
      max !== undefined ? lte(collection.amount, max) : undefined,
      p.notifyStatus?.length ? inArray(collection.notifyStatus, p.notifyStatus) : undefined,
      currency ? eq(collection.currency, currency) : undefined,
    );
  },
  ...newestFirst(collection),
});

/* Refunds -------------------------------------------------------------------------------------------------- */

export const refundFilterSchema = z.object({
  ...baseShape,
  status: oneOrMany(REFUND_FUND_STATUS.states, 'error.fieldInvalid').optional().describe('RefundFundStatus'),
  collectionId: exact(32),
  merchantOrderId: exact(64).describe("the collection's merchant order id"),
  id: exact(32).describe('refund id'),
  currency: currencySchema.optional().describe('default: the session currency'),
});

export const refundFilters = defineFilter({
  kind: ExportKind.REFUNDS,
  schema: refundFilterSchema,
  where(p, ctx) {
    const currency = currencyOf(p, ctx);
    const range = rangeUnlessKey(p.id !== undefined || p.collectionId !== undefined || p.merchantOrderId !== undefined, p, ctx);
    return and(
      scopeWhere(refund.merchantId, ctx.scope),
      range ? createdBetween(refund.createdAt, range) : undefined,
      p.status?.length ? inArray(refund.status, p.status) : undefined,
      p.collectionId !== undefined ? eq(refund.collectionId, p.collectionId) : undefined,
      p.merchantOrderId !== undefined
        ? sql`${refund.collectionId} in (select c.id from ${collection} c where c.merchant_id = ${refund.merchantId} and c.merchant_order_id = ${p.merchantOrderId})`
        : undefined,
      p.id !== undefined ? eq(refund.id, p.id) : undefined,
      currency ? eq(refund.currency, currency) : undefined,
    );
  },
  ...newestFirst(refund),
});

/* Balance records (ledger entries of the merchant's own accounts) ------------------------------------------ */

const actionTypeValues = ACTION_TYPES.map((a) => Number(a.value));

export const balanceRecordFilterSchema = z.object({
  ...baseShape,
  actionType: z.coerce
    .number({ error: 'error.fieldInvalid' })
    .int('error.fieldInvalid')
    .refine((v) => actionTypeValues.includes(v), 'error.fieldInvalid')
    .optional()
    .describe('spec §3 ActionType 1-7'),
  reference: exact(64).describe('business id (collection, refund, settlement ...), exact'),
  account: oneOrMany(MERCHANT_ACCOUNT_KINDS, 'error.fieldInvalid').optional().describe('available, pending, frozen'),
  currency: currencySchema.optional().describe('default: the session currency'),
});

/** Needs `ledger_entry` joined with `ledger_account` (kind) and `ledger_transfer` (action type, reference). */
export const balanceRecordFilters = defineFilter({
  kind: ExportKind.BALANCE_RECORDS,
  schema: balanceRecordFilterSchema,
  where(p, ctx) {
    const currency = currencyOf(p, ctx);
    const range = rangeUnlessKey(p.reference !== undefined, p, ctx);
    return and(
      scopeWhere(ledgerEntry.merchantId, ctx.scope),
      inArray(ledgerAccount.kind, p.account?.length ? p.account : [...MERCHANT_ACCOUNT_KINDS]),
      range ? createdBetween(ledgerEntry.createdAt, range) : undefined,
      p.actionType !== undefined ? eq(ledgerTransfer.actionType, p.actionType) : undefined,
      p.reference !== undefined ? eq(ledgerTransfer.reference, p.reference) : undefined,
      currency ? eq(ledgerEntry.currency, currency) : undefined,
    );
  },
  ...newestFirst(ledgerEntry, Number),
});

/* Payment links -------------------------------------------------------------------------------------------- */

export const paymentLinkFilterSchema = z.object({
  ...baseShape,
  status: oneOrMany(PAYMENT_LINK_STATUSES, 'error.fieldInvalid').optional().describe('active, paid, expired, void'),
  id: exact(32),
  currency: currencySchema.optional().describe('default: the session currency'),
});

/** A link's status as shown (linkView): an active link past its expiry is expired before the job marks it. */
function linkStatusIs(status: PaymentLinkStatusValue, now: Date): SQL | undefined {
  if (status === PaymentLinkStatus.ACTIVE) return and(eq(paymentLink.status, status), gt(paymentLink.expiresAt, now));
  if (status === PaymentLinkStatus.EXPIRED) {
    return or(eq(paymentLink.status, status), and(eq(paymentLink.status, PaymentLinkStatus.ACTIVE), lte(paymentLink.expiresAt, now)));
  }
  return eq(paymentLink.status, status);
}

export const paymentLinkFilters = defineFilter({
  kind: ExportKind.PAYMENT_LINKS,
  schema: paymentLinkFilterSchema,
  where(p, ctx) {
    const currency = currencyOf(p, ctx);
    const range = rangeUnlessKey(p.id !== undefined, p, ctx);
    return and(
      scopeWhere(paymentLink.merchantId, ctx.scope),
      range ? createdBetween(paymentLink.createdAt, range) : undefined,
      p.status?.length ? or(...p.status.map((st) => linkStatusIs(st, ctx.now ?? new Date()))) : undefined,
      p.id !== undefined ? eq(paymentLink.id, p.id) : undefined,
      currency ? eq(paymentLink.currency, currency) : undefined,
    );
  },
  ...newestFirst(paymentLink),
});

/** Every list filter by export kind (the exports module picks one by `kind`). */
export const LIST_FILTERS = {
  [ExportKind.COLLECTIONS]: collectionFilters,
  [ExportKind.REFUNDS]: refundFilters,
  [ExportKind.BALANCE_RECORDS]: balanceRecordFilters,
  [ExportKind.PAYMENT_LINKS]: paymentLinkFilters,
} as const;
