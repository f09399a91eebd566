/**
 * SQL of the account flows: e-mail codes, registration (merchant, first user and its role) and the Google
 * Authenticator columns of a user (every value a bound parameter).
 */
import { Role } from '@mg/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbLike } from '../../db/pool';
import { appUser, emailCode, merchant, role, totpRecoveryCode, userRole } from '../../db/schema';

export type EmailCodeRow = typeof emailCode.$inferSelect;

/** When the last code of (email, purpose) was sent, or undefined. */
export async function lastEmailCodeAt(db: Db, email: string, purpose: string): Promise<Date | undefined> {
  const last = await db
    .select({ createdAt: emailCode.createdAt })
    .from(emailCode)
    .where(and(sql`lower(${emailCode.email}) = lower(${email})`, eq(emailCode.purpose, purpose)))
    .orderBy(desc(emailCode.createdAt))
    .limit(1);
  return last[0]?.createdAt;
}

export async function insertEmailCode(db: Db, v: { email: string; purpose: string; codeHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(emailCode).values(v);
}

/** The newest code of (email, purpose) not used yet. */
export async function newestLiveEmailCode(db: Db, email: string, purpose: string): Promise<EmailCodeRow | undefined> {
  const rows = await db
    .select()
    .from(emailCode)
    .where(and(sql`lower(${emailCode.email}) = lower(${email})`, eq(emailCode.purpose, purpose), isNull(emailCode.consumedAt)))
    .orderBy(desc(emailCode.createdAt))
    .limit(1);
  return rows[0];
}

export async function countEmailCodeTry(db: Db, id: number): Promise<void> {
  await db.update(emailCode).set({ attempts: sql`${emailCode.attempts} + 1` }).where(eq(emailCode.id, id));
}

/** Uses the code once; false when a concurrent request used it first. */
export async function consumeEmailCode(db: Db, id: number): Promise<boolean> {
  const used = await db
    .update(emailCode)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(emailCode.id, id), isNull(emailCode.consumedAt)))
    .returning({ id: emailCode.id });
  return used.length === 1;
}

/** Which of a user name, an e-mail address and a phone number already belong to someone (case-insensitive). */
export async function identityTaken(db: Db, v: { username: string; email: string; phone: string | null }): Promise<{ u: boolean; e: boolean; p: boolean } | undefined> {
  const res = await db.execute<{ u: boolean; e: boolean; p: boolean }>(sql`
    select
      exists(select 1 from app_user where lower(username) = lower(${v.username})) as u,
      exists(select 1 from app_user where lower(email) = lower(${v.email})) as e,
      exists(select 1 from app_user where ${v.phone}::text is not null and phone = ${v.phone}) as p`);
  return res.rows[0];
}

/**
 * The new merchant (onboarding), its first user and the merchant-admin role template; call inside a transaction.
 */
export async function insertRegistration(
  tx: DbLike,
  v: { companyName: string; brand: string; currency: string; username: string; email: string; phone: string | null; passwordHash: string },
): Promise<{ merchantId: number; userId: number }> {
  const [m] = await tx
    .insert(merchant)
    .values({ id: sql`nextval('merchant_id_seq')`, name: v.companyName, brand: v.brand, currencies: [v.currency], status: 'onboarding' })
    .returning({ id: merchant.id });
  const [u] = await tx
    .insert(appUser)
    .values({ merchantId: m!.id, username: v.username, realname: v.username, email: v.email, phone: v.phone, passwordHash: v.passwordHash, createdBy: 'register', passwordChangedAt: sql`now()` })
    .returning({ id: appUser.id });
  const [r] = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(isNull(role.merchantId), eq(role.roleCode, Role.THIRD_ROLE_ADMIN)))
    .limit(1);
  if (r) await tx.insert(userRole).values({ userId: u!.id, roleId: r.id });
  return { merchantId: m!.id, userId: u!.id };
}

/** A new, not yet confirmed authenticator secret. */
export async function setTotpSecret(db: Db, userId: number, secret: string): Promise<void> {
  await db.update(appUser).set({ totpSecret: secret, totpLastStep: null, updatedAt: sql`now()` }).where(eq(appUser.id, userId));
}

export async function enableTotp(db: Db, userId: number): Promise<void> {
  await db.update(appUser).set({ totpEnabled: true, updatedAt: sql`now()` }).where(eq(appUser.id, userId));
}

/** Turns the second factor off: the secret and the recovery codes go. */
export async function disableTotp(db: Db, userId: number): Promise<void> {
  await db
    .update(appUser)
    .set({ totpEnabled: false, totpSecret: null, totpLastStep: null, updatedAt: sql`now()` })
    .where(eq(appUser.id, userId));
  await db.delete(totpRecoveryCode).where(eq(totpRecoveryCode.userId, userId));
}
