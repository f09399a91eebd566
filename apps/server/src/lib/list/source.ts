/**
 * What a list reads, on top of its domain declaration (packages/domain/src/lists/define.ts). An area's queries.ts
 * defines one source per list; lib/list/route.ts serves it as the list call and the exports module writes it as a
 * file, so screen, API and export read the same rows through the same WHERE.
 *
 *   export const settlementsSource = pagedSource({
 *     list: settlementsList,
 *     where: (q, ctx) => and(scopeWhere(settlement.merchantId, ctx.scope), ...),
 *     order: newestFirst(settlement, settlement.createdAt, settlement.id),
 *     sort: { createdAt: settlement.createdAt, createTime: settlement.createdAt, netAmount: settlement.netAmount },
 *     countFrom: sql`${settlement}`,
 *     read: async (db, where, o) => (await db.select().from(settlement).where(where)...).map(toRecord),
 *   });
 */
import { LIST_COUNT_CAP, sortKeysOf, type AnyListDecl, type Language, type ListFilters, type ListRecord } from '@mg/domain';
import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import type { RequestScope, ScopeRule } from '../../modules/auth/scope';
import type { NewestFirst } from './order';
import type { TextRead } from './text-read';

export interface ReadOptions {
  orderBy: SQL[];
  limit: number;
  offset?: number;
  /** The reader's language, for the few records that carry a translated name (the role names of a user). */
  lang: Language;
}

/** A list read page by page (the payment and administration lists). */
export interface PagedSource<L extends AnyListDecl> {
  kind: 'paged';
  list: L;
  /** WHERE of the list (scope, range, filters) for this request or export job; 400 naming a bad field. */
  where(q: ListFilters<L>, ctx: RequestScope): SQL | undefined;
  /** The default order (newest first) and the keyset continuation exports page with. */
  order: NewestFirst;
  /** The column (or a computed value) of every sort key of the list (checked at definition). */
  sort: Readonly<Record<string, AnyColumn | SQL>>;
  /** Records of one page in `orderBy`. */
  read(db: DbLike, where: SQL | undefined, o: ReadOptions): Promise<ListRecord<L>[]>;
  /** FROM of the capped count (joins the WHERE needs). */
  countFrom: SQL;
  /**
   * True when these filters, in this scope, have an index of their own in another order than the list's (a
   * merchant's amount range), so the capped count leaves the walk to the planner, which knows both columns'
   * histograms. By default the count walks the list's order, which keeps it off a scan of a table whose recent rows
   * are at its end.
   */
  countInAnyOrder?(q: ListFilters<L>, ctx: RequestScope): boolean;
  /**
   * Exports of many rows (optional): the same records read without the ORM, for lists people export by the million
   * (lib/list/text-read.ts). A test compares its records with `read`'s on every kind of row.
   */
  textRead?: TextRead;
  /** Whose rows the list holds (modules/auth/scope.ts); default the caller's own merchant (ownScope). */
  scope?: ScopeRule;
}

/** A small list answered whole (the products of a currency). */
export interface WholeSource<L extends AnyListDecl> {
  kind: 'whole';
  list: L;
  all(db: DbLike, q: ListFilters<L>, ctx: RequestScope): Promise<ListRecord<L>[]>;
  scope?: ScopeRule;
}

export type ListSource<L extends AnyListDecl = AnyListDecl> = PagedSource<L> | WholeSource<L>;

function checkSort(list: AnyListDecl, sort: Readonly<Record<string, AnyColumn | SQL>>): void {
  const keys = sortKeysOf(list);
  const missing = keys.filter((k) => !Object.hasOwn(sort, k));
  const extra = Object.keys(sort).filter((k) => !keys.includes(k));
  if (missing.length || extra.length) throw new Error(`list ${list.name}: sort columns ${JSON.stringify({ missing, extra })} differ from its sortable columns`);
}

export function pagedSource<L extends AnyListDecl>(def: Omit<PagedSource<L>, 'kind'>): PagedSource<L> {
  if (def.list.paged === false) throw new Error(`list ${def.list.name} is declared whole (paged: false)`);
  checkSort(def.list, def.sort);
  return { kind: 'paged', ...def };
}

export function wholeSource<L extends AnyListDecl>(def: Omit<WholeSource<L>, 'kind'>): WholeSource<L> {
  if (def.list.paged !== false) throw new Error(`list ${def.list.name} is declared paged`);
  return { kind: 'whole', ...def };
}

/* Counting ------------------------------------------------------------------------------------------------- */

export interface CappedCount {
  /** Exact up to `cap`; `cap` when capped. */
  total: number;
  capped: boolean;
}

/**
 * Counts matching rows, but stops at cap + 1: `select count(*) from (select 1 ... order by <index order> limit
 * cap+1)`. The ORDER BY of the list's index makes the planner walk that index (and stop after cap + 1 entries)
 * instead of scanning the table for a range it guesses is large; no `orderBy` leaves the choice to the planner.
 */
export async function countCapped(db: DbLike, from: SQL, where: SQL | undefined, orderBy: readonly SQL[], cap = LIST_COUNT_CAP): Promise<CappedCount> {
  const order = orderBy.length > 0 ? sql`order by ${sql.join([...orderBy], sql`, `)}` : sql``;
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${from} ${where ? sql`where ${where}` : sql``} ${order} limit ${cap + 1}) s`,
  );
  const n = Number(res.rows[0]?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** The exact number of rows of a paged list (exports: how big a file will be). */
export async function countAll(db: DbLike, source: PagedSource<AnyListDecl>, where: SQL | undefined): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${source.countFrom} ${where ? sql`where ${where}` : sql``}`);
  return Number(res.rows[0]?.n ?? 0);
}

/** One keyset page of a paged list in its default order: the rows after the row `after` (exports). */
export function readAfter<L extends AnyListDecl>(db: DbLike, source: PagedSource<L>, where: SQL | undefined, after: string | number | null, limit: number, lang: Language): Promise<ListRecord<L>[]> {
  return source.read(db, and(where, after === null ? undefined : source.order.after(after)), { orderBy: source.order.orderBy(), limit, lang });
}
