/**
 * One page of a dashboard list (collections, refunds, settlements, payment links, balance records): the list's
 * filter (./filters.ts) in the caller's scope, its order, the page of records and the capped count, read at once.
 *
 *   async (req) => ok(await readListPage(app.db, req, req.query, refundList))
 */
import type { FastifyRequest } from 'fastify';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbLike } from '../../db/pool';
import { offsetOf } from '../admin/shared';
import { filterContext, listOrder, type ListFilter } from './filters';
import { countCapped, listPage, type ReadOptions } from './queries';

/** What a list reads: its filter, the columns it may be sorted by, its page of records and its FROM for counting. */
export interface ListSource<S extends z.ZodObject, T> {
  filter: ListFilter<S>;
  /** `column` values the list accepts (else 400 naming `column`). */
  sort: Readonly<Record<string, AnyColumn>>;
  read(db: DbLike, where: SQL | undefined, o: ReadOptions): Promise<T[]>;
  countFrom: SQL;
}

/** Paging fields of a list query (pagingSchema) besides the filter's own. */
interface PageQuery {
  merchantId?: number | undefined;
  pageNo: number;
  pageSize: number;
  column?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export async function readListPage<S extends z.ZodObject, T>(
  db: DbLike,
  req: FastifyRequest,
  q: z.output<S> & PageQuery,
  list: ListSource<S, T>,
) {
  const where = list.filter.where(q, filterContext(req, q.merchantId));
  const orderBy = listOrder(list.filter, list.sort, q.column, q.order);
  const [records, count] = await Promise.all([
    list.read(db, where, { orderBy, limit: q.pageSize, offset: offsetOf(q) }),
    countCapped(db, list.countFrom, where, list.filter.orderBy()),
  ]);
  return listPage(records, count, q);
}
