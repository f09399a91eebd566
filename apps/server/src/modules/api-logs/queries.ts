/** SQL of the API request logs: the batch insert, the list source, one entry, the purge. */
import { apiLogsList, ApiLogStatusClass, type ApiLogDetail, type ApiLogVerdict, type ListRecord } from '@mg/domain';
import { and, eq, getTableColumns, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { insertMany } from '../../db/insert-many';
import type { DbLike } from '../../db/pool';
import { apiRequestLog } from '../../db/schema';
import { containsPattern } from '../../lib/admin';
import { createdBetween, newestFirst, resolveRange } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { scopeWhere, type Scope } from '../auth/scope';

export type ApiLogInsert = typeof apiRequestLog.$inferInsert;
type Row = typeof apiRequestLog.$inferSelect;
type ApiLogRecord = ListRecord<typeof apiLogsList>;

const classOf = (status: number) => (status >= 500 ? ApiLogStatusClass.SERVER_ERROR : status >= 400 ? ApiLogStatusClass.CLIENT_ERROR : ApiLogStatusClass.SUCCESS);

function toRecord(r: Omit<Row, 'requestBody' | 'responseBody' | 'verdict'>): ApiLogRecord {
  return {
    id: String(r.id),
    merchantId: r.merchantId,
    createdAt: r.createdAt.toISOString(),
    method: r.method,
    path: r.path,
    status: r.status,
    statusClass: classOf(r.status),
    errorCode: r.errorCode,
    latencyMs: r.latencyMs,
    keyId: r.keyId,
    mode: r.mode,
    ip: r.ip,
    requestId: r.requestId,
    idempotencyKey: r.idempotencyKey,
    orderId: r.orderId,
    merchantOrderId: r.merchantOrderId,
  };
}

/** One statement, one parameter for the whole batch (db/insert-many.ts): the writer's cost per row is its JSON. */
export async function insertApiLogs(db: DbLike, rows: readonly ApiLogInsert[]): Promise<void> {
  await insertMany(db, apiRequestLog, rows);
}

const statusRange = (c: string): SQL | undefined => {
  const lo = c === ApiLogStatusClass.SERVER_ERROR ? 500 : c === ApiLogStatusClass.CLIENT_ERROR ? 400 : 200;
  return and(gte(apiRequestLog.status, lo), lt(apiRequestLog.status, lo + 100));
};

// The list reads no body: they are the detail's (and most of the row's bytes).
const { requestBody: _rq, responseBody: _rs, verdict: _v, ...listColumns } = getTableColumns(apiRequestLog);

export const apiLogsSource = pagedSource({
  list: apiLogsList,
  where: (q, ctx) =>
    and(
      scopeWhere(apiRequestLog.merchantId, ctx.scope),
      createdBetween(apiRequestLog.createdAt, resolveRange(q, ctx, { months: apiLogsList.range?.months })),
      q.statusClass?.length ? or(...q.statusClass.map(statusRange)) : undefined,
      q.path ? ilike(apiRequestLog.path, containsPattern(q.path)) : undefined,
      q.keyId ? eq(apiRequestLog.keyId, q.keyId) : undefined,
      q.requestId ? eq(apiRequestLog.requestId, q.requestId) : undefined,
      q.orderId ? eq(apiRequestLog.orderId, q.orderId) : undefined,
      q.merchantOrderId ? eq(apiRequestLog.merchantOrderId, q.merchantOrderId) : undefined,
    ),
  order: newestFirst(apiRequestLog, apiRequestLog.createdAt, apiRequestLog.id),
  sort: { createdAt: apiRequestLog.createdAt, createTime: apiRequestLog.createdAt, latencyMs: apiRequestLog.latencyMs },
  countFrom: sql`${apiRequestLog}`,
  read: async (db, where, o) =>
    (await db.select(listColumns).from(apiRequestLog).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0)).map(toRecord),
});

/** One entry with its bodies and verdict, under the caller's scope; undefined when none. */
export async function selectApiLog(db: DbLike, scope: Scope, id: number): Promise<ApiLogDetail | undefined> {
  const [r] = await db
    .select()
    .from(apiRequestLog)
    .where(and(eq(apiRequestLog.id, id), scopeWhere(apiRequestLog.merchantId, scope)))
    .limit(1);
  if (!r) return undefined;
  return { ...toRecord(r), requestBody: r.requestBody, responseBody: r.responseBody, verdict: r.verdict as ApiLogVerdict };
}

/** Deletes entries older than `days`, at most `limit` at a time (the job runs again); answers how many. */
export async function purgeApiLogs(db: DbLike, days: number, limit = 10_000, now: Date = new Date()): Promise<number> {
  const res = await db.execute(
    sql`delete from api_request_log where id in (select id from api_request_log where created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${days}) limit ${limit})`,
  );
  return res.rowCount ?? 0;
}
