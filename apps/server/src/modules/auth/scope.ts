/**
 * Whose rows a request may touch, in which currency and zone: decided here and nowhere else.
 *
 * Merchants
 *   ownScope(req, merchantId?)      the caller's session merchant; platform staff every merchant, or the one named.
 *                                   Anyone else naming another merchant gets 403. Money lists, audit, roles.
 *   userScope(req, merchantId?)     like ownScope, plus the merchant's sub-merchants (users, departments).
 *   merchantScope(req, merchantId?) the ids of userScope as a list (platform: every merchant).
 *   ownMerchant(req, merchantId?)   the ONE merchant an operation acts on under ownScope (balances, statistics,
 *                                   a new payment link).
 *   managedMerchant(req, merchantId?) the one merchant under userScope (developer parameters, products of a
 *                                   sub-merchant).
 * Currency (spec §1 "each session works in one currency")
 *   the session's currency, bound at sign-in, is the default of every list and statistic; a list that declares
 *   `currency: true` may be asked for another with its `currency` filter. The X-Currency header only speaks for
 *   requests without a session (sign-in, public pages): a signed-in request follows its session.
 * Zone
 *   wall-clock dates of a request are in its X-Time-Zone (the web sends its session zone), else the zone of the
 *   currency in effect.
 */
import { currencySchema, zoneOf, type ColumnAccess, type CurrencyCode } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AuthError } from './errors';
import { holds, type AuthSession } from './plugin';

function requireAuth(req: FastifyRequest): AuthSession {
  if (!req.auth) throw new AuthError('UNAUTHORIZED');
  return req.auth;
}

/** Merchant ids a query may touch: all (platform staff without a filter) or a list. */
export type Scope = { all: true } | { all: false; ids: number[] };

export function scopeWhere(column: AnyColumn, scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.ids.length > 0 ? inArray(column, scope.ids) : sql`false`;
}

export function inScope(scope: Scope, merchantId: number | null): boolean {
  return scope.all || (merchantId !== null && scope.ids.includes(merchantId));
}

/** The caller's merchant and its sub-merchants (platform staff: every merchant); with an id, that one or 403. */
export function merchantScope(req: FastifyRequest, requestedMerchantId?: number | null): number[] {
  const auth = requireAuth(req);
  if (requestedMerchantId === undefined || requestedMerchantId === null) return [...auth.scopeMerchantIds];
  if (!auth.scopeMerchantIds.includes(requestedMerchantId)) throw new AuthError('FORBIDDEN');
  return [requestedMerchantId];
}

/** Users and departments: the caller's merchant and the sub-merchants it may act for; platform staff all (or one). */
export function userScope(req: FastifyRequest, merchantId?: number): Scope {
  const auth = requireAuth(req);
  if (auth.isPlatform && merchantId === undefined) return { all: true };
  return { all: false, ids: [...merchantScope(req, merchantId)] };
}

/** Money lists, roles, audit: the caller's own merchant; platform staff all (or `merchantId`). */
export function ownScope(req: FastifyRequest, merchantId?: number): Scope {
  const auth = requireAuth(req);
  if (auth.isPlatform) return merchantId === undefined ? { all: true } : { all: false, ids: [merchantId] };
  // Another merchant's id: refused (ids of rows still answer 404).
  if (merchantId !== undefined && merchantId !== auth.merchantId) throw new AuthError('FORBIDDEN');
  return { all: false, ids: [auth.merchantId] };
}

/** The one merchant an operation acts on under ownScope: the session's, or the one platform staff name. */
export function ownMerchant(req: FastifyRequest, merchantId?: number): number {
  const auth = requireAuth(req);
  const scope = ownScope(req, merchantId);
  return scope.all ? auth.merchantId : (scope.ids[0] ?? auth.merchantId);
}

/** The one merchant an operation acts on under userScope: the session's, a sub-merchant, or any for staff. */
export function managedMerchant(req: FastifyRequest, requested?: number | null): number {
  const auth = requireAuth(req);
  if (requested === undefined || requested === null) return auth.merchantId;
  if (auth.isPlatform) return requested;
  return merchantScope(req, requested)[0] as number;
}

/** The session's currency (bound at sign-in); undefined for a session of an unknown code. */
export function sessionCurrency(req: FastifyRequest): CurrencyCode | undefined {
  const auth = req.auth;
  if (!auth) return req.ctx.currency;
  return currencySchema.safeParse(auth.currency).data as CurrencyCode | undefined;
}


/** What the spec §6 column rules need to know about the caller. */
export function columnAccess(req: FastifyRequest): ColumnAccess {
  const auth = requireAuth(req);
  return { merchantId: auth.merchantId, amountUsdSwitch: auth.amountUsdSwitch, holds: (code) => holds(auth, code) };
}

/**
 * Everything a list or an export reads under: the merchants, the request's zone, the session currency (the default
 * of a `currency` filter) and "now" of default ranges.
 */
export interface RequestScope {
  scope: Scope;
  timeZone: string;
  currency: CurrencyCode | undefined;
  now?: Date;
}

/** The zone wall-clock dates of a request are in: its X-Time-Zone, else the zone of its session currency. */
export function requestZone(req: FastifyRequest): string {
  return req.headers['x-time-zone'] !== undefined ? req.ctx.timeZone : zoneOf(sessionCurrency(req));
}

/** The currency a list or call works in: the one it names (where it may name one), else the session's. */
export function currencyOf(scope: Pick<RequestScope, 'currency'>, named?: CurrencyCode | undefined): CurrencyCode | undefined {
  return named ?? scope.currency;
}

/** How a list or call decides its merchants: ownScope (money, audit, roles) or userScope (users, departments). */
export type ScopeRule = (req: FastifyRequest, merchantId?: number) => Scope;

export function requestScope(req: FastifyRequest, merchantId?: number, rule: ScopeRule = ownScope): RequestScope {
  return { scope: rule(req, merchantId), timeZone: requestZone(req), currency: sessionCurrency(req) };
}
