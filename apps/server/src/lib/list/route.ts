/**
 * Serves a list source (./source.ts) as its list call: `GET /api<list.api>` with the list's permission, its query
 * schema and answer schema derived from the domain declaration, the caller's scope (modules/auth/scope.ts), and the
 * spec §6 column rules applied to the answer (a record leaves out the fields of the columns its reader may not see).
 * Registering a source also makes it exportable (modules/exports reads `app.lists`).
 */
import { LIST_COUNT_CAP, answerSchemaOf, querySchemaOf, restrictedFieldsOf, visibleColumns, type AnyListDecl, type ColumnAccess, type ListFilters, type ListRecord } from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DbLike } from '../../db/pool';
import { onReadDb } from '../../db/read-replica';
import { columnAccess, requestScope } from '../../modules/auth/scope';
import { envelopeOf, ok } from '../envelope';
import { fieldError } from '../errors';
import { listOrder } from './order';
import { countCapped, type ListSource } from './source';

/** The lists of the running app by name (= export kind). */
export type ListRegistry = Map<string, ListSource>;

/** Paging fields of a list query besides its filters. */
interface PageQuery {
  pageNo: number;
  pageSize: number;
  column?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** Record fields of columns the viewer may not see (spec §6), to leave out of what it is sent. */
export function hiddenFields(list: AnyListDecl, access: ColumnAccess): string[] {
  const visible = new Set(visibleColumns(list.columns, access).map((c) => c.key));
  return restrictedFieldsOf(list).filter((k) => !visible.has(k));
}

function strip<T extends Record<string, unknown>>(records: T[], hidden: readonly string[]): T[] {
  if (hidden.length === 0) return records;
  return records.map((r) => {
    const out = { ...r };
    for (const k of hidden) delete out[k];
    return out;
  });
}

/** The answer of a list call for this request: a page (paged lists) or every record (whole lists). */
export async function answerList<L extends AnyListDecl>(db: DbLike, req: FastifyRequest, source: ListSource<L>, query: ListFilters<L> & Partial<PageQuery>) {
  const ctx = requestScope(req, query.merchantId, source.scope);
  const hidden = hiddenFields(source.list, columnAccess(req));
  if (source.kind === 'whole') return strip(await source.all(db, query, ctx), hidden);
  const q = query as ListFilters<L> & PageQuery;
  // Pages reach as deep as the count does: an OFFSET past it reads (and throws away) every row before the page, so
  // its cost grows with the depth (issue 10: offset 362 720 took 110-887 ms). Deeper is refused with what to do.
  if ((q.pageNo - 1) * q.pageSize >= LIST_COUNT_CAP) {
    throw fieldError('pageNo', 'validation.paging.tooDeep', { params: { max: LIST_COUNT_CAP } });
  }
  const where = source.where(q, ctx);
  const orderBy = listOrder(source.order, source.sort, q.column, q.order);
  const [records, count] = await Promise.all([
    source.read(db, where, { orderBy, limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize, lang: req.lang }),
    countCapped(db, source.countFrom, where, source.countInAnyOrder?.(q, ctx) ? [] : source.order.orderBy()),
  ]);
  return {
    records: strip(records as (ListRecord<L> & Record<string, unknown>)[], hidden),
    total: count.total,
    size: q.pageSize,
    current: q.pageNo,
    pages: Math.ceil(count.total / q.pageSize),
    totalCapped: count.capped,
  };
}

/**
 * Adds the list call of `source` to `root` and registers the source for exports. `root` is an instance under
 * `/api` or under a prefix of the list's path (the spec's `/sys/user` for `/sys/user/list`).
 */
export function registerList<L extends AnyListDecl>(root: FastifyInstance, source: ListSource<L>, doc: { tags: string[]; summary: string }): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const full = `/api${source.list.api}`;
  if (!full.startsWith(`${app.prefix}/`)) throw new Error(`list ${source.list.name}: ${full} is not under this instance's prefix ${app.prefix || '""'}`);
  if (app.lists.has(source.list.name)) throw new Error(`list ${source.list.name} registered twice`);
  app.lists.set(source.list.name, source as unknown as ListSource);
  app.get(
    full.slice(app.prefix.length),
    {
      config: { permission: source.list.permission, declaredList: source.list.name },
      schema: { ...doc, querystring: querySchemaOf(source.list), response: { 200: envelopeOf(answerSchemaOf(source.list)) } },
    },
    // A list may come from the read replica, never older than the caller's own last write (db/read-replica.ts).
    async (req) => ok(await onReadDb(app.readReplica, app.db, req.auth?.writeLsn ?? null, (db) => answerList(db, req, source, req.query as ListFilters<L> & Partial<PageQuery>))),
  );
}
