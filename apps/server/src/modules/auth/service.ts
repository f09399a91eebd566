/**
 * Sessions of a signed-in user (contract: docs/identity-api.md "Session and account"): opening one (LoginResult),
 * user info, sub-merchant and country switching, departments, logout and password change. Signing in is in
 * ./login.ts, the server-driven menu in ./menu.ts.
 */
import { hash, verify as argonVerify } from '@node-rs/argon2';
import {
  brandForHost,
  platformAdminCurrencies,
  findBrand,
  languagesOffered,
  passwordSchema,
  PLATFORM_MERCHANT_ID,
  Role,
  TOKEN_TTL_MS,
  type Brand,
  type Depart,
  type LoginResult,
  type UserInfo,
} from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ARGON2_OPTIONS } from '../../lib/passwords';
import { fieldError } from '../../lib/errors';
import { audit } from './index';
import { AuthError, forbidden } from './errors';
import type { AuthSession } from './plugin';
import {
  departsOf,
  findMerchant,
  findUserById,
  insertSession,
  merchantFamily,
  revokeSession,
  revokeUserSessions,
  setPasswordHash,
  setSessionOrgCode,
  setUserOrgCode,
  type MerchantRow,
  type UserRow,
} from './queries';
import { newToken, sha256 } from './tokens';

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

export async function buildUserInfo(
  app: FastifyInstance,
  s: { user: UserRow; merchant: MerchantRow; currency: string; brand: string; orgCode: string | null; roleCodes: string[] },
): Promise<UserInfo> {
  const family = await merchantFamily(app.db, s.user.merchantId);
  const isPlatform = s.merchant.id === PLATFORM_MERCHANT_ID;
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
    currencies: [...allowedCurrencies(s.merchant, s.roleCodes, { brand: s.brand, production: app.nodeEnv === 'production' })],
  };
}

/**
 * Currencies a user may sign in with for a merchant: its own; the platform admin, the brand's countries plus (outside
 * production) the extra ones of spec §1.
 */
export function allowedCurrencies(merchant: MerchantRow, roleCodes: string[], ctx: { brand: string; production: boolean }): readonly string[] {
  if (merchant.id !== PLATFORM_MERCHANT_ID || !roleCodes.includes(Role.ADMIN)) return merchant.currencies;
  return platformAdminCurrencies(findBrand(ctx.brand)?.currencies ?? [], ctx.production);
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
    if (s.user.orgCode !== orgCode) await setUserOrgCode(app.db, s.user.id, orgCode);
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
  if (!allowedCurrencies(merchant, auth.roleCodes, { brand: auth.brand, production: app.nodeEnv === 'production' }).includes(currency)) {
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
  await setUserOrgCode(app.db, auth.userId, chosen.orgCode, true);
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
  await setPasswordHash(app.db, user.id, await hashPassword(password));
  await revokeUserSessions(app.db, user.id, auth.tokenHash);
  await audit(app.db, req, 'password_changed', { success: true });
}
