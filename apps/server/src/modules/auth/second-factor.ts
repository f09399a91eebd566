/**
 * The Google code gate of the calls that move money or change where it goes. Which calls is one rule in the domain
 * (SECOND_FACTOR_CALLS); here every such route is found as it registers, must take `googleCode`, and gets the check
 * before its handler, so no route can forget it and none asks it twice. Wrong codes are limited like sign-in
 * passwords (issue 39): each counts on the session and on the account's failure counter; the fifth locks the
 * session's step-up for STEP_UP_LOCK_MINUTES and tells the user's admins in the bell and by e-mail.
 */
import { googleCodeField, SECOND_FACTOR_CALLS, STEP_UP_LOCK_MINUTES, STEP_UP_MAX_FAILURES, formatWallClock, needsSecondFactor, zoneOf } from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KeyedError } from '../../lib/admin';
import { fieldError } from '../../lib/errors';
import { AuthError } from './errors';
import { requireAuth, audit } from './index';
import { countAccountFailure } from './login';
import { RouteDeclarationError } from './plugin';
import { clearStepUpFailures, countStepUpFailure, findUserById, selectStepUpLock } from './queries';
import { verifySecondFactor } from './totp';

/** The field every step-up route takes, in its body (or, for DELETE, its query): declared in the domain. */
export { googleCodeField };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by the gate from the domain rule, never by a route. */
    secondFactor?: boolean;
  }
}

const API = '/api';
const LOCK_MS_STEP_UP = STEP_UP_LOCK_MINUTES * 60_000;

/** Whether a route's body or query schema (a zod object, optional or not) declares googleCode. */
function takesCode(schema: unknown): boolean {
  type Zod = { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined;
  let s = schema as Zod;
  for (let i = 0; i < 3 && typeof s?.unwrap === 'function'; i++) s = s.unwrap() as Zod;
  return Boolean(s?.shape && 'googleCode' in s.shape);
}

/** What a locked step-up tells the user's admins (the app gives the announcements' notice: auth cannot import it). */
export interface StepUpLockNotice {
  merchantId: number;
  titleKey: string;
  contentKey: string;
  params: Record<string, string>;
}
export type TellAdmins = (req: FastifyRequest, notice: StepUpLockNotice) => Promise<void>;

/**
 * Registers the gate on the root instance, before any /api route. A call the domain names that no route answers, or
 * a route that needs the code but cannot receive it, stops the server at start-up.
 */
export function registerSecondFactor(app: FastifyInstance, tellAdmins: TellAdmins): void {
  const found = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API}/`)) return;
    const path = route.url.slice(API.length);
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (!needsSecondFactor(method, path)) continue;
      if (!takesCode(route.schema?.body) && !takesCode(route.schema?.querystring)) {
        throw new RouteDeclarationError(`${method} ${route.url}: the domain's SECOND_FACTOR_CALLS names it, so its body or query must take googleCode`);
      }
      found.add(`${method} ${path}`);
      route.config = { ...(route.config ?? {}), secondFactor: true };
    }
  });
  app.addHook('onReady', async () => {
    const missing = SECOND_FACTOR_CALLS.filter((c) => !found.has(c));
    if (missing.length > 0) throw new RouteDeclarationError(`SECOND_FACTOR_CALLS names calls no route answers: ${missing.join(', ')}`);
  });
  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.config?.secondFactor !== true) return;
    const body = req.body as { googleCode?: unknown } | undefined;
    const query = req.query as { googleCode?: unknown } | undefined;
    const code = typeof body?.googleCode === 'string' ? body.googleCode : typeof query?.googleCode === 'string' ? query.googleCode : undefined;
    await requireSecondFactor(app, req, code, tellAdmins);
  });
}

/**
 * The Google code check: when the user has 2FA on, a code is required (400 naming `googleCode` when missing) and must
 * be right (400 GOOGLE_CODE_ERROR, like the account calls: a 401 would sign the user out). A locked step-up is 429
 * STEP_UP_LOCKED with the time it ends, whatever the code.
 */
async function requireSecondFactor(app: FastifyInstance, req: FastifyRequest, googleCode: string | undefined, tellAdmins: TellAdmins): Promise<void> {
  const auth = requireAuth(req);
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw new AuthError('UNAUTHORIZED');
  if (!user.totpEnabled) return;
  const locked = await selectStepUpLock(app.db, auth.tokenHash);
  if (locked) throw lockedError(locked, auth.currency);
  const code = googleCode?.trim();
  if (!code) throw fieldError('googleCode', 'developer.googleCodeRequired');
  if (await verifySecondFactor(app.db, user, code)) {
    await clearStepUpFailures(app.db, auth.tokenHash);
    return;
  }
  const { lockedUntil, lockedNow } = await countStepUpFailure(app.db, auth.tokenHash, STEP_UP_MAX_FAILURES, LOCK_MS_STEP_UP);
  // The account's own counter grows too: wrong codes and wrong passwords together lock the sign-in.
  await countAccountFailure(app, req, user);
  await audit(app.db, req, 'step_up_failed', { success: false, detail: { op: `${req.method} ${req.routeOptions.url ?? ''}` } });
  if (!lockedUntil) throw new AuthError('GOOGLE_CODE_ERROR', { status: 400 });
  if (lockedNow) await tellLocked(app, req, lockedUntil, tellAdmins);
  throw lockedError(lockedUntil, auth.currency);
}

/** The lock in the history, and in the bell and the mail of the user's admins. */
async function tellLocked(app: FastifyInstance, req: FastifyRequest, lockedUntil: Date, tellAdmins: TellAdmins): Promise<void> {
  const auth = requireAuth(req);
  await audit(app.db, req, 'step_up_locked', { success: false, detail: { until: lockedUntil.toISOString() } });
  const zone = zoneOf(auth.currency);
  await tellAdmins(req, {
    merchantId: auth.homeMerchantId,
    titleKey: 'account.notice.stepUpLockedTitle',
    contentKey: 'account.notice.stepUpLockedContent',
    params: { username: auth.username, count: String(STEP_UP_MAX_FAILURES), until: formatWallClock(lockedUntil, zone, true), zone },
  });
}

function lockedError(until: Date, currency: string): KeyedError {
  return new KeyedError('STEP_UP_LOCKED', 'account.stepUpLocked', { until: formatWallClock(until, zoneOf(currency), true), count: STEP_UP_MAX_FAILURES });
}
