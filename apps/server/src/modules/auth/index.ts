/**
 * Identity helpers for every module (the admin calls, later business modules).
 *
 * Route declaration (enforced at start-up by the auth plugin, see ./plugin.ts): every /api route sets exactly one of
 *   config: { public: true }            anyone, signed in or not (req.auth is set when a live token is sent)
 *   config: { authenticated: true }     any signed-in user
 *   config: { permission: Perm.USER_ADD }  signed in AND holding that code (platform admins hold every code)
 * The check runs before the handler (and before body validation): 401 UNAUTHORIZED without a live session,
 * 403 FORBIDDEN without the permission.
 *
 * In handlers:
 *   requireAuth(req): AuthSession            the session, or throws 401 (use on authenticated/permission routes)
 *   merchantScope(req, requestedId?): number[]
 *       the merchant ids the caller may see: its session merchant and that merchant's sub-merchants; platform
 *       staff (merchant 10000): every merchant. With `requestedId`: [requestedId] when allowed, else 403.
 *       Use it in every query: `inArray(table.merchantId, merchantScope(req, q.merchantId))`.
 *   audit(db, req, action, { success, detail?, merchantId?, userId?, username? }): Promise<void>
 *       appends an audit_log row (ip and user agent from the request; merchant, user and username default to
 *       the caller's session). `db` is the drizzle db, a transaction, or a pg Pool. Never put secrets in detail.
 *   holds(auth, code): boolean               permission check inside a handler (e.g. optional columns)
 *   AuditAction                              the action names the security history knows
 */
import { isAuditDetailKey, type AuditAction } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import { AuthError } from './errors';
import type { AuthSession } from './plugin';
import { insertAudit, type AuditTarget } from './queries';

export type { AuthSession, RouteAccess } from './plugin';
export { holds, registerAuth, resolveSession } from './plugin';
export { AuthError } from './errors';
export * from './scope';

export function requireAuth(req: FastifyRequest): AuthSession {
  if (!req.auth) throw new AuthError('UNAUTHORIZED');
  return req.auth;
}


export { AUDIT_ACTIONS, type AuditAction } from '@mg/domain';

export interface AuditFields {
  success: boolean;
  detail?: Record<string, unknown>;
  merchantId?: number | null;
  userId?: number | null;
  username?: string | null;
}

function userAgent(req: FastifyRequest): string | null {
  const ua = req.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 255) : null;
}

export async function audit(db: AuditTarget, req: FastifyRequest, action: AuditAction, f: AuditFields): Promise<void> {
  // A fact the history cannot label would reach readers as a raw key: the test run refuses it where it is written.
  if (process.env.VITEST && f.detail) {
    const undeclared = Object.keys(f.detail).filter((k) => !isAuditDetailKey(k));
    if (undeclared.length > 0) throw new Error(`audit ${action}: detail keys not in AUDIT_DETAIL_KEYS: ${undeclared.join(', ')}`);
  }
  const row = {
    merchantId: f.merchantId !== undefined ? f.merchantId : (req.auth?.merchantId ?? null),
    userId: f.userId !== undefined ? f.userId : (req.auth?.userId ?? null),
    username: (f.username !== undefined ? f.username : (req.auth?.username ?? null))?.slice(0, 64) ?? null,
    action,
    success: f.success,
    detail: f.detail ?? null,
    ip: req.ip.slice(0, 64),
    userAgent: userAgent(req),
  };
  await insertAudit(db, row);
}
