/**
 * Sign-in and session calls (contract: docs/identity-api.md "Session and account"): login with captcha, brand and
 * country checks, lockout and per-address throttle, the 2FA step, LoginResult, user info, the server-driven menu,
 * sub-merchant switching, departments, logout, password change.
 */
import { hash, verify as argonVerify } from '@node-rs/argon2';
import {
  brandForHost,
  CURRENCY_CODES,
  findBrand,
  LANGUAGES,
  MenuType,
  languagesOffered,
  passwordSchema,
  PLATFORM_MERCHANT_ID,
  Role,
  TOKEN_TTL_MS,
  translate,
  type AuthEntry,
  type Brand,
  type Depart,
  type Language,
  type LoginResult,
  type MenuItem,
  type PermissionResult,
  type TwoFactorChallenge,
  type UserInfo,
} from '@mg/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ARGON2_OPTIONS } from '../../lib/passwords';
import { appUser, captcha, loginAttempt } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { audit } from './index';
import { AuthError, forbidden } from './errors';
import type { AuthSession } from './plugin';
import {
  allPermissions,
  departsOf,
  findMerchant,
  findUserById,
  findUserByPhone,
  findUserByUsername,
  insertSession,
  merchantFamily,
  recentFailures,
  revokeSession,
  revokeUserSessions,
  roleCodesOf,
  setSessionOrgCode,
  type MerchantRow,
  type PermissionRow,
  type UserRow,
} from './queries';
import { verifySecondFactor } from './totp';
import { newToken, sha256 } from './tokens';

export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MS = 30 * 60_000;
export const IP_WINDOW_MS = 10 * 60_000;
export const IP_MAX_FAILURES = 30;
export const LOGIN_TICKET_TTL_MS = 5 * 60_000;
export const LOGIN_TICKET_TRIES = 5;

/** Compared against when the user does not exist, so both answers take the same time. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hash('not-a-password-of-anyone', ARGON2_OPTIONS));

export async function hashPassword(pw: string): Promise<string> {
  return hash(pw, ARGON2_OPTIONS);
}

export async function passwordMatches(stored: string, pw: string): Promise<boolean> {
  try {
    return await argonVerify(stored, pw);
  } catch {
    return false;
  }
}

/** The brand a request comes through: X-Brand, then the body's brand / paymentBrand, then the Host header. */
export function requestBrand(req: FastifyRequest, bodyBrand?: string | null): Brand | undefined {
  return req.ctx?.brand ?? findBrand(bodyBrand?.trim().toLowerCase()) ?? brandForHost(req.headers.host);
}

function brandName(value: string): string {
  return findBrand(value)?.name ?? value;
}

export async function buildUserInfo(
  app: FastifyInstance,
  s: { user: UserRow; merchant: MerchantRow; currency: string; brand: string; orgCode: string | null; roleCodes: string[] },
): Promise<UserInfo> {
  const family = await merchantFamily(app.db, s.user.merchantId);
  const isPlatform = s.merchant.id === PLATFORM_MERCHANT_ID;
  const platformAdmin = isPlatform && s.roleCodes.includes(Role.ADMIN);
  return {
    id: s.user.id,
    username: s.user.username,
    realname: s.user.realname,
    avatar: s.user.avatar,
    company: s.merchant.name,
    email: s.user.email,
    phone: s.user.phone,
    currency: s.currency,
    merchantId: s.merchant.id,
    roleCode: s.roleCodes.join(','),
    subMerchantInfos: family.map((m) => `${m.name}(${m.id})`).join(','),
    amountUsdSwitch: s.user.amountUsdSwitch || s.merchant.amountUsdSwitch,
    orgCode: s.orgCode,
    twoFactorEnabled: s.user.totpEnabled,
    brand: s.brand,
    isPlatform,
    languages: languagesOffered(s.currency, { allLanguages: s.roleCodes.includes(Role.ADMIN) || s.roleCodes.includes(Role.BUSINESS) }),
    currencies: platformAdmin ? [...CURRENCY_CODES] : [...s.merchant.currencies],
  };
}

/** Currencies a user may sign in with for a merchant. */
function allowedCurrencies(merchant: MerchantRow, roleCodes: string[]): readonly string[] {
  return merchant.id === PLATFORM_MERCHANT_ID && roleCodes.includes(Role.ADMIN) ? CURRENCY_CODES : merchant.currencies;
}

/** Opens a session and answers the LoginResult. */
export async function openSession(
  app: FastifyInstance,
  req: FastifyRequest,
  s: { user: UserRow; merchant: MerchantRow; currency: string; brand: string; roleCodes: string[] },
): Promise<LoginResult> {
  const departs = await departsOf(app.db, s.user.id);
  const multi: 0 | 1 | 2 = departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2;
  let orgCode: string | null = null;
  if (multi === 1) {
    orgCode = departs[0]!.orgCode;
    if (s.user.orgCode !== orgCode) await app.db.update(appUser).set({ orgCode }).where(eq(appUser.id, s.user.id));
  } else if (multi === 2 && departs.some((d) => d.orgCode === s.user.orgCode)) {
    orgCode = s.user.orgCode;
  }
  const token = newToken();
  await insertSession(app.db, {
    tokenHash: sha256(token),
    userId: s.user.id,
    merchantId: s.merchant.id,
    currency: s.currency,
    brand: s.brand,
    orgCode,
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
    ttlMs: TOKEN_TTL_MS,
  });
  const userInfo = await buildUserInfo(app, { ...s, user: { ...s.user, orgCode }, orgCode });
  const sysAllDictItems = await app.dict.queryAll(req.lang);
  return { token, userInfo, sysAllDictItems, multi_depart: multi, departs };
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
  await app.db.insert(loginAttempt).values({ ip: req.ip.slice(0, 64), username: username.slice(0, 64) });
  await audit(app.db, req, 'login_failed', {
    success: false,
    merchantId: user?.merchantId ?? null,
    userId: user?.id ?? null,
    username: username.slice(0, 64),
    detail: { reason },
  });
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
  if (!user) {
    await passwordMatches(await dummy(), body.password);
    await recordFailure(app, req, username, undefined, 'credentials');
    throw new AuthError('WRONG_CREDENTIALS');
  }
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    await recordFailure(app, req, username, user, 'locked');
    throw new AuthError('RATE_LIMITED', { key: 'auth.locked', params: { minutes: minutesLeft(user.lockedUntil) } });
  }
  if (!(await passwordMatches(user.passwordHash, body.password))) {
    // Count and lock in one statement (two instances failing at once still count twice).
    await app.db.execute(sql`
      update app_user set
        failed_logins = case when failed_logins + 1 >= ${LOCK_AFTER_FAILURES} then 0 else failed_logins + 1 end,
        locked_until = case when failed_logins + 1 >= ${LOCK_AFTER_FAILURES} then now() + (${LOCK_MS} || ' milliseconds')::interval else locked_until end
      where id = ${user.id}`);
    await recordFailure(app, req, username, user, 'credentials');
    throw new AuthError('WRONG_CREDENTIALS');
  }
  if (user.frozen) {
    await recordFailure(app, req, username, user, 'frozen');
    throw new AuthError('USER_FROZEN');
  }

  const merchant = await findMerchant(app.db, user.merchantId);
  if (!merchant) throw new AuthError('WRONG_CREDENTIALS');
  const roleCodes = await roleCodesOf(app.db, user.id);

  const brand = requestBrand(req, body.brand ?? body.paymentBrand);
  if (brand && brand.value !== merchant.brand && merchant.id !== PLATFORM_MERCHANT_ID) {
    await recordFailure(app, req, username, user, 'brand');
    const right = findBrand(merchant.brand);
    throw forbidden('auth.wrongBrand', { brand: brandName(merchant.brand), host: right?.host ?? merchant.brand });
  }
  const sessionBrand = merchant.id === PLATFORM_MERCHANT_ID && brand ? brand.value : merchant.brand;

  const wanted = (body.countryCurrency ?? req.ctx?.currency)?.toUpperCase();
  const allowed = allowedCurrencies(merchant, roleCodes);
  const currency = wanted ?? merchant.currencies[0] ?? 'IDR';
  if (!allowed.includes(currency)) {
    throw fieldError('countryCurrency', 'auth.currencyNotAllowed', { labelOf: 'currency', params: { value: currency.slice(0, 8) } });
  }

  await app.db.update(appUser).set({ failedLogins: 0, lockedUntil: null }).where(eq(appUser.id, user.id));

  if (user.totpEnabled && user.totpSecret) {
    const loginTicket = newToken();
    await app.db.insert(captcha).values({
      checkKey: ticketKey(loginTicket),
      codeHash: `${user.id}:${currency}:${sessionBrand}:0`,
      expiresAt: new Date(Date.now() + LOGIN_TICKET_TTL_MS),
    });
    return { twoFactorRequired: true, loginTicket };
  }

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
  const rows = await app.db.delete(captcha).where(eq(captcha.checkKey, key)).returning();
  const row = rows[0];
  if (!row || row.expiresAt.getTime() <= Date.now()) throw new AuthError('UNAUTHORIZED', { key: 'auth.loginTicketInvalid' });
  const [uid, currency, brand, triesText] = row.codeHash.split(':');
  const user = await findUserById(app.db, Number(uid));
  if (!user || user.frozen || !user.totpEnabled) throw new AuthError('UNAUTHORIZED', { key: 'auth.loginTicketInvalid' });

  if (!(await verifySecondFactor(app.db, user, body.code))) {
    const tries = Number(triesText) + 1;
    if (tries < LOGIN_TICKET_TRIES) {
      // The ticket survives a few typing mistakes.
      await app.db.insert(captcha).values({ checkKey: key, codeHash: `${uid}:${currency}:${brand}:${tries}`, expiresAt: row.expiresAt });
    }
    await audit(app.db, req, 'login_failed', { success: false, merchantId: user.merchantId, userId: user.id, username: user.username, detail: { reason: '2fa' } });
    throw new AuthError('GOOGLE_CODE_ERROR');
  }
  const merchant = await findMerchant(app.db, user.merchantId);
  if (!merchant || !currency || !brand) throw new AuthError('UNAUTHORIZED', { key: 'auth.loginTicketInvalid' });
  const roleCodes = await roleCodesOf(app.db, user.id);
  const fresh = (await findUserById(app.db, user.id)) ?? user;
  const result = await openSession(app, req, { user: fresh, merchant, currency, brand, roleCodes });
  await audit(app.db, req, 'login', { success: true, merchantId: merchant.id, userId: user.id, username: user.username, detail: { currency, brand, twoFactor: true } });
  return result;
}

export async function logout(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  if (!req.auth) return;
  await revokeSession(app.db, req.auth.tokenHash);
  await audit(app.db, req, 'logout', { success: true });
}

async function sessionParts(app: FastifyInstance, auth: AuthSession) {
  const user = await findUserById(app.db, auth.userId);
  const merchant = await findMerchant(app.db, auth.merchantId);
  if (!user || !merchant) throw new AuthError('UNAUTHORIZED');
  return { user, merchant };
}

export async function currentUserInfo(app: FastifyInstance, auth: AuthSession): Promise<UserInfo> {
  const { user, merchant } = await sessionParts(app, auth);
  return buildUserInfo(app, { user, merchant, currency: auth.currency, brand: auth.brand, orgCode: auth.orgCode, roleCodes: auth.roleCodes });
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Menu                                                                                                          */

function titlesOf(row: PermissionRow): Record<Language, string> {
  return Object.fromEntries(LANGUAGES.map((l) => [l, row.titles?.[l]?.trim() || translate(l, row.titleKey)])) as Record<Language, string>;
}

const typeOf = (v: string): '1' | '2' => (v === '2' ? '2' : '1');
const statusOf = (v: string): '0' | '1' => (v === '0' ? '0' : '1');

export async function userPermissions(app: FastifyInstance, req: FastifyRequest, auth: AuthSession): Promise<PermissionResult> {
  const rows = await allPermissions(app.db);
  const enabled = (r: PermissionRow) => r.status !== '0';
  const holds = (r: PermissionRow) => enabled(r) && (auth.isPlatformAdmin || auth.perms.has(r.perms));
  const lang = req.lang;
  const byParent = new Map<number | null, PermissionRow[]>();
  for (const r of rows) {
    const k = r.parentId ?? null;
    const list = byParent.get(k) ?? [];
    list.push(r);
    byParent.set(k, list);
  }
  const entry = (r: PermissionRow): AuthEntry => ({ action: r.perms, describe: titlesOf(r)[lang], type: typeOf(r.permsType), status: statusOf(r.status) });

  const build = (parentId: number | null): MenuItem[] => {
    const out: MenuItem[] = [];
    for (const r of byParent.get(parentId) ?? []) {
      if (r.menuType === MenuType.BUTTON || !holds(r)) continue;
      const children = build(r.id);
      if (r.menuType === MenuType.GROUP && children.length === 0 && !r.alwaysShow) continue;
      const titles = titlesOf(r);
      const buttons = (byParent.get(r.id) ?? []).filter((b) => b.menuType === MenuType.BUTTON && holds(b));
      const item: MenuItem = {
        id: String(r.id),
        path: r.path ?? '',
        name: r.name,
        component: r.component ?? '',
        ...(r.redirect ? { redirect: r.redirect } : {}),
        hidden: r.hidden,
        route: r.route ? '1' : '0',
        alwaysShow: r.alwaysShow,
        meta: {
          title: titles[lang],
          titles,
          ...(r.icon ? { icon: r.icon } : {}),
          ...(r.url ? { url: r.url } : {}),
          keepAlive: r.keepAlive,
          internalOrExternal: r.internalOrExternal,
          permissionList: buttons.map((b) => ({ action: b.perms, type: typeOf(b.permsType), status: statusOf(b.status) })),
        },
      };
      if (children.length > 0) item.children = children;
      out.push(item);
    }
    return out;
  };

  const buttons = rows.filter((r) => r.menuType === MenuType.BUTTON);
  return { menu: build(null), auth: buttons.filter(holds).map(entry), allAuth: buttons.map(entry) };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Switching, departments, password                                                                              */

function assertSelf(auth: AuthSession, username: string | undefined) {
  if (username !== undefined && username.trim() !== '' && username.trim().toLowerCase() !== auth.username.toLowerCase()) {
    throw forbidden();
  }
}

export async function switchSubMerchant(app: FastifyInstance, req: FastifyRequest, auth: AuthSession, body: { merchantId: number; username?: string | undefined }): Promise<LoginResult> {
  assertSelf(auth, body.username);
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw new AuthError('UNAUTHORIZED');
  const family = await merchantFamily(app.db, user.merchantId);
  const target = family.find((m) => m.id === body.merchantId);
  if (!target) {
    await audit(app.db, req, 'sub_merchant_switched', { success: false, detail: { from: auth.merchantId, to: body.merchantId } });
    throw forbidden('auth.subMerchantNotAllowed', { merchantId: body.merchantId });
  }
  const currency = target.currencies.includes(auth.currency) ? auth.currency : (target.currencies[0] ?? auth.currency);
  const result = await openSession(app, req, { user, merchant: target, currency, brand: target.brand, roleCodes: auth.roleCodes });
  await revokeSession(app.db, auth.tokenHash);
  await audit(app.db, req, 'sub_merchant_switched', { success: true, detail: { from: auth.merchantId, to: target.id } });
  return result;
}

/**
 * Spec §4 "Changing country" on the same server: a session is bound to one currency, so the switch opens a new
 * session in the target currency (when this merchant works in it) and ends the old one.
 */
export async function switchCountry(app: FastifyInstance, req: FastifyRequest, auth: AuthSession, body: { countryCurrency: string }): Promise<LoginResult> {
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw new AuthError('UNAUTHORIZED');
  const merchant = await findMerchant(app.db, auth.merchantId);
  if (!merchant) throw new AuthError('UNAUTHORIZED');
  const currency = body.countryCurrency.toUpperCase();
  if (!allowedCurrencies(merchant, auth.roleCodes).includes(currency)) {
    throw fieldError('countryCurrency', 'auth.currencyNotAllowed', { labelOf: 'currency', params: { value: currency.slice(0, 8) } });
  }
  const result = await openSession(app, req, { user, merchant, currency, brand: auth.brand, roleCodes: auth.roleCodes });
  await setSessionOrgCode(app.db, sha256(result.token), auth.orgCode);
  await revokeSession(app.db, auth.tokenHash);
  await audit(app.db, req, 'country_switched', { success: true, detail: { from: auth.currency, to: currency } });
  return result;
}

export async function currentDeparts(app: FastifyInstance, auth: AuthSession): Promise<{ list: Depart[]; orgCode: string | null }> {
  return { list: await departsOf(app.db, auth.userId), orgCode: auth.orgCode };
}

export async function selectDepart(app: FastifyInstance, req: FastifyRequest, auth: AuthSession, body: { orgCode: string; username?: string | undefined }): Promise<{ userInfo: UserInfo }> {
  assertSelf(auth, body.username);
  const departs = await departsOf(app.db, auth.userId);
  const chosen = departs.find((d) => d.orgCode === body.orgCode);
  if (!chosen) throw fieldError('orgCode', 'auth.departNotAllowed', { params: { value: body.orgCode.slice(0, 64) } });
  await setSessionOrgCode(app.db, auth.tokenHash, chosen.orgCode);
  await app.db.update(appUser).set({ orgCode: chosen.orgCode, updatedAt: sql`now()` }).where(eq(appUser.id, auth.userId));
  await audit(app.db, req, 'depart_selected', { success: true, detail: { orgCode: chosen.orgCode } });
  return { userInfo: await currentUserInfo(app, { ...auth, orgCode: chosen.orgCode }) };
}

/**
 * The new password: required (NEW_PASSWORD_EMPTY), the domain policy (400 naming `password`), equal to the
 * confirmation (PASSWORD_MISMATCH).
 */
export function checkNewPassword(password: string | undefined, confirm: string | undefined): string {
  if (!password) throw new AuthError('NEW_PASSWORD_EMPTY');
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw fieldError('password', parsed.error.issues[0]?.message ?? 'validation.password.tooShort');
  if (password !== (confirm ?? '')) throw new AuthError('PASSWORD_MISMATCH');
  return password;
}

export async function updatePassword(
  app: FastifyInstance,
  req: FastifyRequest,
  auth: AuthSession,
  body: { username?: string | undefined; oldpassword?: string | undefined; password?: string | undefined; confirmpassword?: string | undefined },
): Promise<void> {
  assertSelf(auth, body.username);
  if (!body.oldpassword) throw fieldError('oldpassword', 'validation.password.oldRequired');
  const password = checkNewPassword(body.password, body.confirmpassword);
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw new AuthError('NO_CURRENT_USER');
  if (!(await passwordMatches(user.passwordHash, body.oldpassword))) {
    await audit(app.db, req, 'password_changed', { success: false, detail: { reason: 'old password' } });
    throw new AuthError('OLD_PASSWORD_WRONG');
  }
  await app.db
    .update(appUser)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(appUser.id, user.id));
  await revokeUserSessions(app.db, user.id, auth.tokenHash);
  await audit(app.db, req, 'password_changed', { success: true });
}
