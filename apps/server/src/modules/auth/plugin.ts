/**
 * The auth plugin: session lookup, the route-declaration guard and permission enforcement for every /api route.
 *
 * - Every /api route declares exactly one of `config.public: true`, `config.authenticated: true`,
 *   `config.permission: '<code>'` or `config.openApi: true`; an /api route that declares none (or several) stops
 *   the server at start-up. `openApi` routes live under OPEN_API_PREFIX and are authenticated by the open API's
 *   signature (modules/open-api/auth.ts) instead of a session; a request reaching one without an authenticated
 *   `req.openApi` is refused (401) here, whatever plugin the route was registered in.
 * - `X-Access-Token` -> session row by SHA-256 of the token; not revoked, not expired, user not frozen, not idle
 *   -> `req.auth`, holding its roles' codes that are enabled and that its brand has (`grantsOnBrand`: no crypto on a
 *   fiat brand). Public routes get `req.auth` too when a live token is sent (null otherwise).
 * - Idle limit (issue 39, docs/decisions.md): a session nobody used for `app.sessionIdleMs` (platform staff's,
 *   merchants') is over. The check is part of the statement that loads the session and the last-seen time is in
 *   the row (written at most once a minute), so every instance agrees; a request with `X-Background: 1` (polling, reloads after realtime events, probes) is answered but does
 *   not count as use, nor do the realtime socket's heartbeats.
 * - No or dead token on a non-public route: 401 UNAUTHORIZED; an idle one: 401 TOKEN_EXPIRED (the web's "Login
 *   expired" dialog). Missing permission: 403 FORBIDDEN. Platform admins (role admin on merchant 10000) pass every
 *   permission check.
 * The check runs in onRequest, before body parsing and validation, so an anonymous caller never learns more than 401.
 */
import { BACKGROUND_REQUEST_HEADER, OPEN_API_PREFIX, PLATFORM_MERCHANT_ID, Role, SESSION_SEEN_WRITE_MS, grantsOnBrand } from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadSessionByTokenHash, markSessionSeen } from './queries';
import { AuthError } from './errors';
import { sha256 } from './tokens';

export interface AuthSession {
  userId: number;
  username: string;
  /** The merchant this session acts for (a sub-merchant after switchSubMId). */
  merchantId: number;
  /** The user's own merchant. */
  homeMerchantId: number;
  currency: string;
  brand: string;
  orgCode: string | null;
  roleCodes: string[];
  /** Granted permission codes (role grants, minus disabled entries, minus what the session's brand has not). */
  perms: Set<string>;
  /** Spec §3 amountUsdSwitch of the user or its session merchant (the §6 fee and USD column rules). */
  amountUsdSwitch: boolean;
  /** merchantId === PLATFORM_MERCHANT_ID. */
  isPlatform: boolean;
  /** Platform staff holding role admin: passes every permission check. */
  isPlatformAdmin: boolean;
  /** Merchants this session may see: its merchant and that merchant's sub-merchants; platform: every merchant. */
  scopeMerchantIds: number[];
  tokenHash: string;
  /** Where the primary's WAL was after this user's last write (the read replica's rule, db/read-replica.ts). */
  writeLsn: bigint | null;
}

/** Exactly one of these per /api route. */
export interface RouteAccess {
  public?: boolean;
  authenticated?: boolean;
  permission?: string;
  /** Signed open API route (modules/open-api/auth.ts): no session; `req.openApi` names the calling merchant. */
  openApi?: boolean;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    auth: AuthSession | null;
  }
}

export const TOKEN_HEADER = 'x-access-token';

/** Routes of third-party plugins under /api that are public by nature (the OpenAPI page). */
const PUBLIC_PREFIXES = ['/api/docs'];

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

function declared(config: RouteAccess | undefined): number {
  if (!config) return 0;
  return [
    config.public === true,
    config.authenticated === true,
    typeof config.permission === 'string' && config.permission !== '',
    config.openApi === true,
  ].filter(Boolean).length;
}

export class RouteDeclarationError extends Error {
  override readonly name = 'RouteDeclarationError';
}

function tokenOf(req: FastifyRequest): string | undefined {
  const v = req.headers[TOKEN_HEADER];
  const s = Array.isArray(v) ? v[0] : v;
  // Tokens are 43 base64url characters; anything else cannot match a session.
  return typeof s === 'string' && /^[A-Za-z0-9_-]{20,128}$/.test(s) ? s : undefined;
}

/** What a token names: a live session, one over for being idle, or nothing (unknown, revoked, expired, frozen). */
export type SessionState = { auth: AuthSession; idle: false } | { auth: null; idle: boolean };

const BACKGROUND = BACKGROUND_REQUEST_HEADER.toLowerCase();

/** The caller says no person asked for this request (docs/api.md "Request headers"). */
export function isBackground(req: FastifyRequest): boolean {
  return req.headers[BACKGROUND] === '1';
}

/**
 * The session of a token. `touch`: the request is a person's, so it counts as use of the session (its last-seen
 * time moves, at most once per SESSION_SEEN_WRITE_MS).
 */
export async function lookupSession(app: FastifyInstance, token: string | undefined, touch: boolean): Promise<SessionState> {
  if (!token) return { auth: null, idle: false };
  const tokenHash = sha256(token);
  const row = await loadSessionByTokenHash(app.db, tokenHash, { idleMs: app.sessionIdleMs, seenWriteMs: SESSION_SEEN_WRITE_MS });
  if (!row) return { auth: null, idle: false };
  // Over is over: an idle session's last-seen never moves again.
  if (row.idle) return { auth: null, idle: true };
  // About once a minute per session in use: the statement above only reads.
  if (touch && row.stale) await markSessionSeen(app.db, tokenHash, SESSION_SEEN_WRITE_MS);
  const isPlatform = row.merchantId === PLATFORM_MERCHANT_ID;
  const auth: AuthSession = {
    userId: row.userId,
    username: row.username,
    merchantId: row.merchantId,
    homeMerchantId: row.homeMerchantId,
    currency: row.currency,
    brand: row.brand,
    orgCode: row.orgCode,
    roleCodes: row.roleCodes,
    // A role is shared by every brand; a fiat brand's session holds none of the crypto areas' codes.
    perms: new Set(grantsOnBrand(row.perms, row.brand)),
    amountUsdSwitch: row.amountUsdSwitch,
    isPlatform,
    isPlatformAdmin: isPlatform && row.roleCodes.includes(Role.ADMIN),
    scopeMerchantIds: row.scopeMerchantIds,
    tokenHash,
    writeLsn: row.writeLsn,
  };
  return { auth, idle: false };
}

/**
 * The session of a token without counting the call as use (the realtime socket's checks), or null when there is
 * none or it is revoked, expired, idle, or its user frozen.
 */
export async function resolveSession(app: FastifyInstance, token: string | undefined): Promise<AuthSession | null> {
  return (await lookupSession(app, token, false)).auth;
}

/** True when the session may use `code` (platform admins: always). */
export function holds(auth: AuthSession, code: string): boolean {
  return auth.isPlatformAdmin || auth.perms.has(code);
}

/**
 * Registers on the root instance (no encapsulation), BEFORE any /api route: the guard only sees routes added
 * after it.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!isApi(route.url) || PUBLIC_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`))) return;
    const n = declared(route.config as RouteAccess | undefined);
    if (n !== 1) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new RouteDeclarationError(
        `${methods} ${route.url}: every /api route declares exactly one of config.public, config.authenticated, config.permission or config.openApi (found ${n})`,
      );
    }
    if ((route.config as RouteAccess | undefined)?.openApi === true && !(route.url === OPEN_API_PREFIX || route.url.startsWith(`${OPEN_API_PREFIX}/`))) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new RouteDeclarationError(`${methods} ${route.url}: config.openApi routes belong under ${OPEN_API_PREFIX}`);
    }
  });

  app.addHook('onRequest', async (req) => {
    const url = req.routeOptions.url;
    // Only matched /api routes: not the 404 handler, the static files' wildcard, or the OpenAPI pages.
    if (!url || !isApi(url) || PUBLIC_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`))) return;
    const config = req.routeOptions.config as RouteAccess | undefined;
    // Signed open API calls carry no session; the open API plugin authenticates them (checked in preHandler below).
    if (config?.openApi) return;
    const found = await lookupSession(app, tokenOf(req), !isBackground(req));
    req.auth = found.auth;
    if (config?.public) return;
    if (!req.auth) throw new AuthError(found.idle ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');
    if (config?.permission && !holds(req.auth, config.permission)) throw new AuthError('FORBIDDEN');
  });

  // Defence in depth: an openApi route only runs for a caller the open API plugin authenticated.
  app.addHook('preHandler', async (req) => {
    if ((req.routeOptions.config as RouteAccess | undefined)?.openApi !== true) return;
    if (!(req as { openApi?: unknown }).openApi) throw new AuthError('UNAUTHORIZED');
  });
}
