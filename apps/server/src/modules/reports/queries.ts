/**
 * SQL of the online reports (packages/domain/src/reports): one query per report, written here, with the caller's
 * parameters as bound values and the sort column chosen from a map of the report's own columns.
 */
import { and, asc, desc, ilike, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { merchant } from '../../db/schema';
import { scopeWhere, type Scope } from '../auth/scope';

export interface ReportPage {
  records: Record<string, unknown>[];
  total: number;
}

export interface ReportQuery {
  params: Readonly<Record<string, string | number>>;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
  scope: Scope;
}

/** `%text%` for ILIKE with the pattern characters of the text escaped (a name with `%` matches itself). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const MERCHANT_SORT: Readonly<Record<string, AnyColumn>> = { id: merchant.id, name: merchant.name };
const merchantColumns = { id: merchant.id, name: merchant.name, status: merchant.status, currencies: merchant.currencies, parentId: merchant.parentId };

async function merchantPage(db: DbLike, where: SQL | undefined, q: ReportQuery): Promise<ReportPage> {
  const column = MERCHANT_SORT[q.sort] ?? merchant.id;
  const [records, [count]] = await Promise.all([
    db
      .select(merchantColumns)
      .from(merchant)
      .where(where)
      .orderBy(q.order === 'desc' ? desc(column) : asc(column), asc(merchant.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(merchant).where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

function nameAndCurrency(q: ReportQuery): SQL | undefined {
  const name = q.params.name;
  const currency = q.params.currency;
  return and(
    typeof name === 'string' ? ilike(merchant.name, containsPattern(name)) : undefined,
    typeof currency === 'string' ? sql`${currency} = any(${merchant.currencies})` : undefined,
  );
}

/** Every merchant (provider staff). */
export function merchantsReport(db: DbLike, q: ReportQuery): Promise<ReportPage> {
  return merchantPage(db, and(scopeWhere(merchant.id, q.scope), nameAndCurrency(q)), q);
}

/** The sub-merchants of the caller's merchant (provider staff: every sub-merchant). */
export function subMerchantsReport(db: DbLike, q: ReportQuery): Promise<ReportPage> {
  return merchantPage(db, and(isNotNull(merchant.parentId), scopeWhere(merchant.parentId, q.scope), nameAndCurrency(q)), q);
}

