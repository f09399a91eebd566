/** SQL of the security history list (its source: lib/list/source.ts). */
import { AuditResult, auditList, type ListRecord } from '@mg/domain';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { containsPattern } from '../../lib/admin';
import { createdBetween, newestFirst, resolveRange } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { scopeWhere } from '../auth/scope';

type AuditRecord = ListRecord<typeof auditList>;

function toAuditRecord(r: typeof auditLog.$inferSelect): AuditRecord {
  const detail = (r.detail as Record<string, unknown> | null) ?? null;
  return {
    id: r.id,
    merchantId: r.merchantId,
    userId: r.userId,
    username: r.username,
    action: r.action,
    success: r.success,
    result: r.success ? AuditResult.SUCCESS : AuditResult.FAILURE,
    detail,
    ip: r.ip,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
  };
}

export const auditSource = pagedSource({
  list: auditList,
  where: (q, ctx) =>
    and(
      scopeWhere(auditLog.merchantId, ctx.scope),
      createdBetween(auditLog.createdAt, resolveRange(q, ctx, { months: auditList.range?.months })),
      q.action?.length ? inArray(auditLog.action, q.action) : undefined,
      q.username ? ilike(auditLog.username, containsPattern(q.username)) : undefined,
      q.success === undefined ? undefined : eq(auditLog.success, q.success),
    ),
  order: newestFirst(auditLog, auditLog.createdAt, auditLog.id),
  sort: { createdAt: auditLog.createdAt, createTime: auditLog.createdAt, username: auditLog.username, action: auditLog.action },
  countFrom: sql`${auditLog}`,
  read: async (db, where, o) =>
    (await db.select().from(auditLog).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0)).map(toAuditRecord),
});
