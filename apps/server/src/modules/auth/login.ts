/**
 * Signing in (docs/identity-api.md "Session and account"): captcha, per-address throttle, lockout, brand and country
 * checks, then either a session or the second-factor step with a login ticket; the phone variant of spec §7. An
 * unknown name, a wrong password and a locked account get one answer (401 WRONG_CREDENTIALS, `auth.wrongCredentials`)
 * after the same password hash; the owner of an account that locks is told by e-mail (./lock-mail.ts).
 */
import { hash } from '@node-rs/argon2';
import { findBrand, PLATFORM_MERCHANT_ID, type LoginResult, type TwoFactorChallenge } from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ARGON2_OPTIONS } from '../../lib/passwords';
import { fieldError } from '../../lib/errors';
import { audit } from './index';
import { AuthError, forbidden } from './errors';
import { mailAccountLocked } from './lock-mail';
import {
  clearLoginFailures,
  countWrongPassword,
  findMerchant,
  findUserById,
  findUserByPhone,
  findUserByUsername,
  insertLoginAttempt,
  insertLoginTicket,
  recentFailures,
  roleCodesOf,
  takeCaptcha,
  type UserRow,
} from './queries';
import { allowedCurrencies, openSession, passwordMatches, requestBrand } from './service';
import { verifySecondFactor } from './totp';
import { newToken, sha256 } from './tokens';

export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MS = 30 * 60_000;
export const IP_WINDOW_MS = 10 * 60_000;
export const IP_MAX_FAILURES = 30;
export const LOGIN_TICKET_TTL_MS = 5 * 60_000;
export const LOGIN_TICKET_TRIES = 5;

/**
 * Compared against when the user does not exist, so both answers take the same time. Made when the module loads:
 * made by the first unknown name, that one answer cost two hashes.
 */
const dummyHash: Promise<string> = hash('not-a-password-of-anyone', ARGON2_OPTIONS);
const dummy = () => dummyHash;

function brandName(value: string): string {
  return findBrand(value)?.name ?? value;
}


export interface LoginBody {
  username: string;
  password: string;
  captcha?: string | undefined;
  checkKey?: string | undefined;
  countryCurrency?: string | undefined;
  brand?: string | undefined;
  paymentBrand?: string | undefined;
}

async function recordFailure(app: FastifyInstance, req: FastifyRequest, username: string, user: UserRow | undefined, reason: string) {
  await insertLoginAttempt(app.db, req.ip, username);
  await audit(app.db, req, 'login_failed', {
    success: false,
    merchantId: user?.merchantId ?? null,
    userId: user?.id ?? null,
    username: username.slice(0, 64),
    detail: { reason },
  });
}

/** The one answer to an unknown name, a wrong password and a locked account (same status, code and message). */
function wrongCredentials(): AuthError {
  return new AuthError('WRONG_CREDENTIALS', { key: 'auth.wrongCredentials', params: { attempts: LOCK_AFTER_FAILURES, minutes: LOCK_MS / 60_000 } });
}

/**
 * Mails the owner of an account that this failure locked. Not awaited: the answer to the failure that locks must
 * take no longer than any other (an SMTP round trip would tell that the name exists); a mail that cannot be written
 * is logged.
 */
function tellLocked(app: FastifyInstance, req: FastifyRequest, user: UserRow, until: Date): void {
  mailAccountLocked(app, req.log, user, until, { attempts: LOCK_AFTER_FAILURES, minutes: LOCK_MS / 60_000 }).catch((err: unknown) =>
    req.log.error({ err, userId: user.id }, 'account locked: the e-mail to its owner could not be written'),
  );
}

/**
 * A wrong password or code counts on the account: the failure counter grows and, at the limit, the account locks and
 * its owner is told (once per lock). Sign-in, its second step and the step-up of money calls all count here.
 */
export async function countAccountFailure(app: FastifyInstance, req: FastifyRequest, user: UserRow): Promise<void> {
  const lockedUntil = await countWrongPassword(app.db, user.id, LOCK_AFTER_FAILURES, LOCK_MS);
  if (lockedUntil) tellLocked(app, req, user, lockedUntil);
}

function minutesLeft(until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
}

export async function login(app: FastifyInstance, req: FastifyRequest, body: LoginBody): Promise<LoginResult | TwoFactorChallenge> {
  if (!(await app.captcha.check(app.db, body.checkKey, body.captcha))) throw new AuthError('CAPTCHA_INVALID');

  if ((await recentFailures(app.db, req.ip, IP_WINDOW_MS)) >= IP_MAX_FAILURES) {
    throw new AuthError('RATE_LIMITED', { key: 'auth.throttled', params: { minutes: IP_WINDOW_MS / 60_000 } });
  }

  const username = body.username.trim();
  const user = await findUserByUsername(app.db, username);
  // Every name costs one password hash, whatever it is: unknown names hash against a dummy, locked accounts still
  // check their own (answering a lock without hashing made it the fast answer).
  const matches = await passwordMatches(user?.passwordHash ?? (await dummy()), body.password);
  if (!user) {
    await recordFailure(app, req, username, undefined, 'credentials');
    throw wrongCredentials();
  }
  // A locked account answers exactly like an unknown name or a wrong password, even to the right password: a
  // "locked" answer told names that exist from names that do not. Its owner learns of the lock by e-mail.
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    await recordFailure(app, req, username, user, 'locked');
    throw wrongCredentials();
  }
  if (!matches) {
    await countAccountFailure(app, req, user);
    await recordFailure(app, req, username, user, 'credentials');
    throw wrongCredentials();
  }
  if (user.frozen) {
    await recordFailure(app, req, username, user, 'frozen');
    throw new AuthError('USER_FROZEN');
  }

  const merchant = await findMerchant(app.db, user.merchantId);
  if (!merchant) throw wrongCredentials();
  const roleCodes = await roleCodesOf(app.db, user.id);

  const brand = requestBrand(req, body.brand ?? body.paymentBrand);
  if (brand && brand.value !== merchant.brand && merchant.id !== PLATFORM_MERCHANT_ID) {
    await recordFailure(app, req, username, user, 'brand');
    const right = findBrand(merchant.brand);
    throw forbidden('auth.wrongBrand', { brand: brandName(merchant.brand), host: right?.host ?? merchant.brand });
  }
  const sessionBrand = merchant.id === PLATFORM_MERCHANT_ID && brand ? brand.value : merchant.brand;

  // Only a country the user chose (the sign-in form sends one once a choice is stored) binds the session; else the
  // merchant's home currency, where its data is. The X-Currency header every call carries is the brand's default,
  // not a choice: following it signed a THB merchant of a multi-country brand in to an empty IDR dashboard.
  const wanted = body.countryCurrency?.toUpperCase();
  const allowed = allowedCurrencies(merchant, roleCodes, { brand: sessionBrand, production: app.nodeEnv === 'production' });
  const home = merchant.currencies.find((c) => allowed.includes(c)) ?? allowed[0];
  const currency = wanted ?? home ?? '';
  if (!allowed.includes(currency)) {
    throw fieldError('countryCurrency', 'auth.currencyNotAllowed', { labelOf: 'currency', params: { value: currency.slice(0, 8) } });
  }

  if (user.totpEnabled && user.totpSecret) {
    // The failure counter is cleared only when the whole sign-in succeeds (loginSecondStep): clearing it at the
    // password step would let anyone holding the password guess codes forever, five per ticket.
    const loginTicket = newToken();
    await insertLoginTicket(app.db, {
      checkKey: ticketKey(loginTicket),
      codeHash: `${user.id}:${currency}:${sessionBrand}:0`,
      expiresAt: new Date(Date.now() + LOGIN_TICKET_TTL_MS),
    });
    return { twoFactorRequired: true, loginTicket };
  }

  await clearLoginFailures(app.db, user.id);
  const result = await openSession(app, req, { user, merchant, currency, brand: sessionBrand, roleCodes });
  await audit(app.db, req, 'login', { success: true, merchantId: merchant.id, userId: user.id, username: user.username, detail: { currency, brand: sessionBrand } });
  return result;
}

/** Login tickets live in the captcha table under `lt:<base64url sha256>` (client check keys cannot contain `:`). */
function ticketKey(ticket: string): string {
  return `lt:${Buffer.from(sha256(ticket), 'hex').toString('base64url')}`;
}

/**
 * Spec §7 `/sys/phoneLogin`: the same sign-in with the phone number as the identifier. An unknown number takes
 * the unknown-user path of `login` (a name no account can have), so it answers and costs exactly the same.
 */
export async function phoneLogin(app: FastifyInstance, req: FastifyRequest, body: Omit<LoginBody, 'username'> & { phone: string }): Promise<LoginResult | TwoFactorChallenge> {
  const user = await findUserByPhone(app.db, body.phone.trim());
  return login(app, req, { ...body, username: user?.username ?? `phone:${body.phone.trim()}` });
}

export async function loginSecondStep(app: FastifyInstance, req: FastifyRequest, body: { loginTicket: string; code: string }): Promise<LoginResult> {
  const key = ticketKey(body.loginTicket);
  const row = await takeCaptcha(app.db, key);
  if (!row || row.expiresAt.getTime() <= Date.now()) throw new AuthError('UNAUTHORIZED', { key: 'auth.loginTicketInvalid' });
  const [uid, currency, brand, triesText] = row.codeHash.split(':');
  const user = await findUserById(app.db, Number(uid));
  if (!user || user.frozen || !user.totpEnabled) throw new AuthError('UNAUTHORIZED', { key: 'auth.loginTicketInvalid' });
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    throw new AuthError('RATE_LIMITED', { key: 'auth.locked', params: { minutes: minutesLeft(user.lockedUntil) } });
  }

  if (!(await verifySecondFactor(app.db, user, body.code))) {
    const tries = Number(triesText) + 1;
    if (tries < LOGIN_TICKET_TRIES) {
      // The ticket survives a few typing mistakes.
      await insertLoginTicket(app.db, { checkKey: key, codeHash: `${uid}:${currency}:${brand}:${tries}`, expiresAt: row.expiresAt });
    }
    // A wrong code costs like a wrong password: the account's counter and lockout, and the address's throttle
    // (new tickets on demand must not make guessing codes free).
    await countAccountFailure(app, req, user);
    await insertLoginAttempt(app.db, req.ip, user.username);
    await audit(app.db, req, 'login_failed', { success: false, merchantId: user.merchantId, userId: user.id, username: user.username, detail: { reason: '2fa' } });
    throw new AuthError('GOOGLE_CODE_ERROR');
  }
  const merchant = await findMerchant(app.db, user.merchantId);
  if (!merchant || !currency || !brand) throw new AuthError('UNAUTHORIZED', { key: 'auth.loginTicketInvalid' });
  const roleCodes = await roleCodesOf(app.db, user.id);
  await clearLoginFailures(app.db, user.id);
  const fresh = (await findUserById(app.db, user.id)) ?? user;
  const result = await openSession(app, req, { user: fresh, merchant, currency, brand, roleCodes });
  await audit(app.db, req, 'login', { success: true, merchantId: merchant.id, userId: user.id, username: user.username, detail: { currency, brand, twoFactor: true } });
  return result;
}
