/**
 * Order, ranges and keyset continuation of the lists (lib/list): one place for the SQL every list shares.
 *
 * Dates: `createTime_begin` / `createTime_end` are wall-clock `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`) in the
 * request's zone, both ends inclusive, at most the list's months apart (domain checkQueryRange), else 400 naming
 * `createTime_end`. Without a begin a list covers LIST_DEFAULT_RANGE_DAYS days up to the end (default now).
 */
import {
  LIST_DEFAULT_RANGE_DAYS,
  MONEY_ERROR_KEYS,
  QUERY_RANGE_ERROR_KEYS,
  QUERY_RANGE_MONTHS,
  checkQueryRange,
  decimalsOf,
  parseAmount,
  identifiedBy,
  parseWallClock,
  type FilterDecl,
  type CurrencyCode,
} from '@mg/domain';
import { and, asc, desc, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { fieldError } from '../errors';

export interface DateRange {
  begin: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

export interface RangeFilter {
  createTime_begin?: string | undefined;
  createTime_end?: string | undefined;
}

/**
 * The wall-clock range of a filter as UTC instants: both ends inclusive; a missing end is `now`, a missing begin
 * `defaultBegin(end)` (default LIST_DEFAULT_RANGE_DAYS days before the end). A begin the caller gave is checked
 * against `months` (default QUERY_RANGE_MONTHS; 400 naming createTime_end).
 */
export function resolveRange(
  parsed: RangeFilter,
  ctx: { timeZone: string; now?: Date | undefined },
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
    if (problem) throw fieldError('createTime_end', QUERY_RANGE_ERROR_KEYS[problem], { params: { months, count: months } });
    return { begin: givenBegin, end };
  }
  const begin = opts.defaultBegin ? opts.defaultBegin(end) : new Date(end.getTime() - LIST_DEFAULT_RANGE_DAYS * DAY_MS);
  return { begin, end };
}

/**
 * The date range of a list, except when an exact key (`byKey`: an id, a merchant order id ...) is asked without
 * dates: that finds the row whatever its date (the unique indexes answer at once).
 */
export function rangeUnlessKey(byKey: boolean, p: RangeFilter, ctx: { timeZone: string; now?: Date | undefined }, months?: number): DateRange | undefined {
  return byKey && !p.createTime_begin && !p.createTime_end ? undefined : resolveRange(p, ctx, { months });
}

/** The date range of a declared list's query: none when an identifying filter is asked without dates. */
export function listRange(
  list: { filters: readonly FilterDecl[]; range?: { months: number } | undefined },
  q: RangeFilter & Readonly<Record<string, unknown>>,
  ctx: { timeZone: string; now?: Date | undefined },
): DateRange | undefined {
  return rangeUnlessKey(identifiedBy(list, q), q, ctx, list.range?.months);
}

export const createdBetween = (col: AnyColumn, r: DateRange | undefined): SQL | undefined => (r ? and(gte(col, r.begin), lte(col, r.end)) : undefined);

/** A decimal amount filter in minor units of `currency` (400 naming the field when malformed or without currency). */
export function amountFilter(value: string | undefined, currency: CurrencyCode | undefined, field: string): bigint | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!currency) throw fieldError('currency', 'validation.currency.invalid', { params: { value: '' } });
  const r = parseAmount(value, currency, { allowZero: true });
  if (!r.ok) throw fieldError(field, MONEY_ERROR_KEYS[r.error], { labelOf: 'amount', params: { digits: decimalsOf(currency) } });
  return r.minor;
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

/** The default order of a list (newest first, the id breaking ties) and its keyset continuation. */
export interface NewestFirst {
  /** [time, id] */
  columns: readonly [AnyColumn, AnyColumn];
  orderBy(): SQL[];
  /** Rows after (older than) the row with this id in the default order. */
  after(lastId: string | number): SQL;
}

/** Newest first over `table` by (`time`, `id`); `toId` converts a continuation id to the id column's type. */
export function newestFirst(
  table: PgTable,
  time: AnyColumn,
  id: AnyColumn,
  toId: (lastId: string | number) => string | number = (v) => v,
): NewestFirst {
  return {
    columns: [time, id],
    orderBy: () => indexOrder(time, id),
    // Row-value keyset condition, exact to the microsecond.
    after: (lastId) => sql`(${time}, ${id}) < (select k.${sql.identifier(time.name)}, k.${sql.identifier(id.name)} from ${table} k where k.${sql.identifier(id.name)} = ${toId(lastId)})`,
  };
}

/**
 * ORDER BY of a list page: the default order (or the time column asked), else the allowed column (`column` must
 * be a key of `allow`, else 400 naming `column`) with the default order breaking ties.
 */
export function listOrder(order: NewestFirst, allow: Readonly<Record<string, AnyColumn | SQL>>, column: string | undefined, direction: 'asc' | 'desc' | undefined): SQL[] {
  const [time, id] = order.columns;
  const dir = direction ?? 'desc';
  if (column === undefined) return order.orderBy();
  const col = Object.hasOwn(allow, column) ? allow[column] : undefined;
  if (!col) throw fieldError('column', 'validation.paging.column', { params: { value: column.slice(0, 64) } });
  if (col === time) return indexOrder(time, id, dir);
  return [dir === 'asc' ? asc(col) : desc(col), ...indexOrder(time, id, dir)];
}

