/**
 * Account flows that need no signed-in session (e-mail code, registration, forgotten password) and the Google
 * Authenticator settings of the signed-in user.
 *
 * E-mail codes: 6 digits, stored hashed, valid 10 minutes, 5 tries, at most one per 60 s per address and purpose.
 */
import { findBrand, translate, type Brand, type Language } from '@mg/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '../../lib/errors';
import { audit, type AuthSession } from '../auth/index';
import { AuthError, forbidden } from '../auth/errors';
import { findUserByEmail, findUserById, revokeUserSessions, setPasswordHash } from '../auth/queries';
import { checkNewPassword, hashPassword, requestBrand } from '../auth/service';
import { claimStep, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodesLeft, verifySecondFactor } from '../auth/totp';
import { sameHash, sha256, sixDigits } from '../auth/tokens';
import {
  consumeEmailCode,
  countEmailCodeTry,
  disableTotp,
  enableTotp,
  identityTaken,
  insertEmailCode,
  insertRegistration,
  lastEmailCodeAt,
  newestLiveEmailCode,
  setTotpSecret,
} from './queries';

export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const EMAIL_CODE_TRIES = 5;
export const EMAIL_CODE_INTERVAL_MS = 60_000;

export type CodePurpose = 'register' | 'reset';

const codeHash = (email: string, purpose: string, code: string) => sha256(`email:${purpose}:${email.toLowerCase()}:${code}`);

function registrationBrand(req: FastifyRequest, bodyBrand?: string | null): Brand {
  const brand = requestBrand(req, bodyBrand);
  if (!brand || !brand.registerSwitch) {
    throw forbidden('auth.registerClosed', { brand: brand?.name ?? bodyBrand ?? '-' });
  }
  return brand;
}

async function sendCodeMail(app: FastifyInstance, req: FastifyRequest, to: string, purpose: CodePurpose, code: string, brand: Brand | undefined) {
  const lang: Language = req.lang;
  const name = brand?.name ?? 'TikiPay';
  const minutes = EMAIL_CODE_TTL_MS / 60_000;
  const subject = translate(lang, 'auth.mail.code.subject', { brand: name });
  const text = [
    translate(lang, purpose === 'register' ? 'auth.mail.code.register' : 'auth.mail.code.reset', { code, minutes }),
    '',
    translate(lang, 'auth.mail.code.ignore'),
    `-- ${name}`,
  ].join('\n');
  await app.mailer.send(app.db, req.log, { to, subject, text, from: `no-reply@${brand?.host ?? 'localhost'}` });
}

export async function sendEmailCode(
  app: FastifyInstance,
  req: FastifyRequest,
  body: { email: string; purpose: CodePurpose; captcha?: string | undefined; checkKey?: string | undefined; brand?: string | undefined; paymentBrand?: string | undefined },
): Promise<void> {
  if (!(await app.captcha.check(app.db, body.checkKey, body.captcha))) throw new AuthError('CAPTCHA_INVALID');
  const email = body.email.trim();
  const brand = body.purpose === 'register' ? registrationBrand(req, body.brand ?? body.paymentBrand) : requestBrand(req, body.brand ?? body.paymentBrand);

  const last = await lastEmailCodeAt(app.db, email, body.purpose);
  const since = last ? Date.now() - last.getTime() : Infinity;
  if (since < EMAIL_CODE_INTERVAL_MS) {
    throw new AuthError('RATE_LIMITED', { key: 'auth.emailCodeTooSoon', params: { seconds: Math.ceil((EMAIL_CODE_INTERVAL_MS - since) / 1000) } });
  }

  // A reset code only goes to an address that has an account; the answer is the same either way.
  const owner = body.purpose === 'reset' ? await findUserByEmail(app.db, email) : undefined;
  const code = sixDigits();
  await insertEmailCode(app.db, {
    email,
    purpose: body.purpose,
    codeHash: codeHash(email, body.purpose, code),
    expiresAt: new Date(Date.now() + EMAIL_CODE_TTL_MS),
  });
  if (body.purpose === 'register' || owner) await sendCodeMail(app, req, email, body.purpose, code, brand);
}

/** Consumes the newest live code of (email, purpose) when `code` matches; counts a wrong try. */
async function checkEmailCode(app: FastifyInstance, email: string, purpose: CodePurpose, code: string): Promise<void> {
  const row = await newestLiveEmailCode(app.db, email, purpose);
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= EMAIL_CODE_TRIES) throw new AuthError('EMAIL_CODE_INCORRECT');
  if (!/^\d{6}$/.test(code.trim()) || !sameHash(row.codeHash, codeHash(email, purpose, code.trim()))) {
    await countEmailCodeTry(app.db, row.id);
    throw new AuthError('EMAIL_CODE_INCORRECT');
  }
  if (!(await consumeEmailCode(app.db, row.id))) throw new AuthError('EMAIL_CODE_INCORRECT');
}

export interface RegisterBody {
  username: string;
  password?: string | undefined;
  confirmpassword?: string | undefined;
  email: string;
  phone?: string | undefined;
  emailCode: string;
  companyName: string;
  countryCurrency?: string | undefined;
  brand?: string | undefined;
  paymentBrand?: string | undefined;
}

async function assertUnique(app: FastifyInstance, v: { username: string; email: string; phone: string | null }) {
  const r = await identityTaken(app.db, v);
  if (r?.u) throw new AuthError('USERNAME_TAKEN');
  if (r?.e) throw new AuthError('EMAIL_TAKEN');
  if (r?.p) throw new AuthError('PHONE_TAKEN');
}

function uniqueViolation(err: unknown): string | undefined {
  const e = (err as { cause?: { code?: string; constraint?: string } })?.cause ?? (err as { code?: string; constraint?: string });
  return e?.code === '23505' ? (e.constraint ?? '') : undefined;
}

export async function register(app: FastifyInstance, req: FastifyRequest, body: RegisterBody): Promise<{ username: string; merchantId: number }> {
  const brand = registrationBrand(req, body.brand ?? body.paymentBrand);
  const password = checkNewPassword(body.password, body.confirmpassword);
  const currency = (body.countryCurrency ?? req.ctx?.currency ?? brand.currencies[0] ?? '').toUpperCase();
  if (!brand.currencies.includes(currency as never)) {
    throw fieldError('countryCurrency', 'auth.currencyNotAllowed', { labelOf: 'currency', params: { value: currency.slice(0, 8) } });
  }
  const username = body.username.trim();
  const email = body.email.trim();
  const phone = body.phone?.trim() || null;
  await assertUnique(app, { username, email, phone });
  await checkEmailCode(app, email, 'register', body.emailCode);
  const passwordHash = await hashPassword(password);

  let created: { merchantId: number; userId: number };
  try {
    created = await app.db.transaction((tx) =>
      insertRegistration(tx, { companyName: body.companyName.trim(), brand: brand.value, currency, username, email, phone, passwordHash }),
    );
  } catch (err) {
    const c = uniqueViolation(err);
    if (c !== undefined) {
      if (c.includes('email')) throw new AuthError('EMAIL_TAKEN');
      if (c.includes('phone')) throw new AuthError('PHONE_TAKEN');
      throw new AuthError('USERNAME_TAKEN');
    }
    throw err;
  }
  await audit(app.db, req, 'register', { success: true, merchantId: created.merchantId, userId: created.userId, username, detail: { brand: brand.value, currency } });
  return { username, merchantId: created.merchantId };
}

export async function forgePassword(
  app: FastifyInstance,
  req: FastifyRequest,
  body: { email: string; emailCode: string; password?: string | undefined; confirmpassword?: string | undefined },
): Promise<void> {
  const password = checkNewPassword(body.password, body.confirmpassword);
  const email = body.email.trim();
  await checkEmailCode(app, email, 'reset', body.emailCode);
  const user = await findUserByEmail(app.db, email);
  if (!user) throw new AuthError('EMAIL_CODE_INCORRECT');
  await setPasswordHash(app.db, user.id, await hashPassword(password), true);
  await revokeUserSessions(app.db, user.id);
  await audit(app.db, req, 'password_reset', { success: true, merchantId: user.merchantId, userId: user.id, username: user.username });
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Google Authenticator                                                                                          */

/** Signed-in calls answer a wrong code with 400 (errorCode GOOGLE_CODE_ERROR): a 401 would sign the user out. */
const wrongCode = () => new AuthError('GOOGLE_CODE_ERROR', { status: 400 });

async function me(app: FastifyInstance, auth: AuthSession) {
  const user = await findUserById(app.db, auth.userId);
  if (!user) throw new AuthError('UNAUTHORIZED');
  return user;
}

export async function twoFactorStatus(app: FastifyInstance, auth: AuthSession): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
  const user = await me(app, auth);
  return { enabled: user.totpEnabled, recoveryCodesLeft: user.totpEnabled ? await recoveryCodesLeft(app.db, user.id) : 0 };
}

export async function twoFactorEnrol(app: FastifyInstance, auth: AuthSession): Promise<{ secret: string; otpauthUrl: string }> {
  const user = await me(app, auth);
  if (user.totpEnabled) throw new AuthError('CONFLICT', { key: 'auth.twoFactorAlreadyEnabled' });
  const secret = await newTotpSecret();
  await setTotpSecret(app.db, user.id, secret);
  const issuer = findBrand(auth.brand)?.name ?? 'TikiPay';
  return { secret, otpauthUrl: await otpauthUrl(issuer, user.username, secret) };
}

export async function twoFactorConfirm(app: FastifyInstance, req: FastifyRequest, auth: AuthSession, code: string): Promise<{ recoveryCodes: string[] }> {
  const user = await me(app, auth);
  if (user.totpEnabled) throw new AuthError('CONFLICT', { key: 'auth.twoFactorAlreadyEnabled' });
  if (!user.totpSecret) throw new AuthError('BUSINESS_RULE', { key: 'auth.twoFactorNotEnrolled' });
  const step = await matchTotp(user.totpSecret, code.trim(), user.totpLastStep);
  if (step === null || !(await claimStep(app.db, user.id, step))) {
    await audit(app.db, req, '2fa_enabled', { success: false });
    throw wrongCode();
  }
  await enableTotp(app.db, user.id);
  const recoveryCodes = await newRecoveryCodes(app.db, user.id);
  await audit(app.db, req, '2fa_enabled', { success: true });
  return { recoveryCodes };
}

export async function twoFactorDisable(app: FastifyInstance, req: FastifyRequest, auth: AuthSession, code: string): Promise<void> {
  const user = await me(app, auth);
  if (!user.totpEnabled) throw new AuthError('BUSINESS_RULE', { key: 'auth.twoFactorNotEnrolled' });
  if (!(await verifySecondFactor(app.db, user, code))) {
    await audit(app.db, req, '2fa_disabled', { success: false });
    throw wrongCode();
  }
  await disableTotp(app.db, user.id);
  await audit(app.db, req, '2fa_disabled', { success: true });
}
