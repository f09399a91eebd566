/**
 * Google Authenticator (TOTP, RFC 6238, 30 s steps, ±1 step of clock drift) and recovery codes. A code is
 * accepted once: the step it matched is stored (app_user.totp_last_step) and the same or an older step is refused,
 * atomically, so two requests racing with one code cannot both pass.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/pool';
import { appUser, totpRecoveryCode } from '../../db/schema';
import { normaliseRecoveryCode, recoveryCode, sha256 } from './tokens';

export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(issuer: string, username: string, secret: string): string {
  return generateURI({ issuer, label: username, secret });
}

/** The time step the code matched (within ±30 s), or null. Does not record it. */
export async function matchTotp(secret: string, code: string, afterStep?: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const r = await verify({ secret, token: code, epochTolerance: 30, ...(afterStep != null ? { afterTimeStep: afterStep } : {}) });
    return r.valid && 'timeStep' in r && typeof r.timeStep === 'number' ? r.timeStep : null;
  } catch {
    return null;
  }
}

/** Records `step` as used; false when it (or a later one) was already used. */
export async function claimStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(appUser)
    .set({ totpLastStep: step })
    .where(and(eq(appUser.id, userId), sql`(${appUser.totpLastStep} is null or ${appUser.totpLastStep} < ${step})`))
    .returning({ id: appUser.id });
  return rows.length === 1;
}

const recoveryHash = (code: string) => sha256(`recovery:${normaliseRecoveryCode(code)}`);

/** Replaces the user's recovery codes with new ones; answers them in clear (shown once). */
export async function newRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCode());
  await db.delete(totpRecoveryCode).where(eq(totpRecoveryCode.userId, userId));
  await db.insert(totpRecoveryCode).values(codes.map((c) => ({ userId, codeHash: recoveryHash(c) })));
  return codes;
}

/** Uses a recovery code once; true when it was valid and unused. */
export async function useRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const norm = normaliseRecoveryCode(code);
  if (norm.length !== 10) return false;
  const rows = await db
    .update(totpRecoveryCode)
    .set({ usedAt: sql`now()` })
    .where(and(eq(totpRecoveryCode.userId, userId), eq(totpRecoveryCode.codeHash, recoveryHash(code)), isNull(totpRecoveryCode.usedAt)))
    .returning({ id: totpRecoveryCode.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from totp_recovery_code where user_id = ${userId} and used_at is null`,
  );
  return res.rows[0]?.n ?? 0;
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
