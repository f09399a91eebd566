/**
 * Google Authenticator (TOTP, RFC 6238, 30 s steps, ±1 step of clock drift) and recovery codes. A code is
 * accepted once: the step it matched is stored (app_user.totp_last_step) and the same or an older step is refused,
 * atomically, so two requests racing with one code cannot both pass.
 */
import type { Db } from '../../db/pool';
import { claimTotpStep, countRecoveryCodesLeft, replaceRecoveryCodes, useRecoveryCodeHash } from './queries';
import { normaliseRecoveryCode, recoveryCode, sha256 } from './tokens';

export const RECOVERY_CODE_COUNT = 10;

/** otplib is loaded by the first 2FA enrolment or check, not at start (~8 MB an idle server kept). */
const otp = () => import('otplib');

export async function newTotpSecret(): Promise<string> {
  return (await otp()).generateSecret();
}

export async function otpauthUrl(issuer: string, username: string, secret: string): Promise<string> {
  return (await otp()).generateURI({ issuer, label: username, secret });
}

/** The time step the code matched (within ±30 s), or null. Does not record it. */
export async function matchTotp(secret: string, code: string, afterStep?: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const { verify } = await otp();
    const r = await verify({ secret, token: code, epochTolerance: 30, ...(afterStep != null ? { afterTimeStep: afterStep } : {}) });
    return r.valid && 'timeStep' in r && typeof r.timeStep === 'number' ? r.timeStep : null;
  } catch {
    return null;
  }
}

/** Records `step` as used; false when it (or a later one) was already used. */
export function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  return claimTotpStep(db, userId, step);
}

const recoveryHash = (code: string) => sha256(`recovery:${normaliseRecoveryCode(code)}`);

/** Replaces the user's recovery codes with new ones; answers them in clear (shown once). */
export async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCode());
  await replaceRecoveryCodes(db, userId, codes.map(recoveryHash));
  return codes;
}

/** Uses a recovery code once; true when it was valid and unused. */
export async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const norm = normaliseRecoveryCode(code);
  if (norm.length !== 10) return false;
  return useRecoveryCodeHash(db, userId, recoveryHash(code));
}

export function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  return countRecoveryCodesLeft(db, userId);
}

/**
 * A six-digit code (once per step) or a recovery code (once). True when accepted.
 */
export async function verifySecondFactor(db: Db, user: { id: number; totpSecret: string | null; totpLastStep: number | null }, code: string): Promise<boolean> {
  const c = code.trim();
  if (/^\d{6}$/.test(c)) {
    if (!user.totpSecret) return false;
    const step = await matchTotp(user.totpSecret, c, user.totpLastStep);
    return step !== null && (await claimStep(db, user.id, step));
  }
  return useRecoveryCode(db, user.id, c);
}
