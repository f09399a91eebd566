/**
 * The security history (audit_log), newest first, scoped to the caller's merchant (platform staff: all, or one
 * merchant). Date filters are wall-clock strings in the session zone, at most QUERY_RANGE_MONTHS_LONG apart.
 */
import { checkQueryRange, QUERY_RANGE_ERROR_KEYS, QUERY_RANGE_MONTHS_LONG } from '@mg/domain';
import { and, count, desc, eq, gte, ilike, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/pool';
import { auditLog } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { wallClockFields } from '../../lib/wall-clock';
import { containsPattern, iso, offsetOf, orderOf, pageOf, type Page } from '../../lib/admin';
import { ownScope, scopeWhere } from '../auth/scope';

export interface AuditView {
  id: number;
  merchantId: number | null;
  userId: number | null;
  username: string | null;
  action: string;
  success: boolean;
  detail: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  createTime: string | null;
}

const SORT = {
  createTime: auditLog.createdAt,
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  username: auditLog.username,
} as const;

export interface AuditQuery {
  pageNo: number;
  pageSize: number;
  column?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  merchantId?: number | undefined;
  action?: string | undefined;
  username?: string | undefined;
  success?: boolean | undefined;
}

export async function listAudit(db: Db, req: FastifyRequest, q: AuditQuery): Promise<Page<AuditView>> {
  const dates = wallClockFields(req, req.query, ['createTime_begin', 'createTime_end']);
  const begin = dates.createTime_begin;
  const end = dates.createTime_end;
  if (begin) {
    const problem = checkQueryRange(begin, end ?? new Date(), req.ctx.timeZone, QUERY_RANGE_MONTHS_LONG);
    if (problem) {
      throw fieldError('createTime_end', QUERY_RANGE_ERROR_KEYS[problem], {
        params: { months: QUERY_RANGE_MONTHS_LONG },
      });
    }
  }
  const where = and(
    scopeWhere(auditLog.merchantId, ownScope(req, q.merchantId)),
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.username ? ilike(auditLog.username, containsPattern(q.username)) : undefined,
    q.success === undefined ? undefined : eq(auditLog.success, q.success),
    begin ? gte(auditLog.createdAt, begin) : undefined,
    end ? lte(auditLog.createdAt, end) : undefined,
  );
  const orderBy = orderOf(SORT, q.column, q.order, [desc(auditLog.createdAt)], auditLog.id);
  const [n] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(...orderBy)
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      merchantId: r.merchantId,
      userId: r.userId,
      username: r.username,
      action: r.action,
      success: r.success,
      detail: r.detail ?? null,
      ip: r.ip,
      userAgent: r.userAgent,
      createTime: iso(r.createdAt),
    })),
    n?.n ?? 0,
    q,
  );
}
