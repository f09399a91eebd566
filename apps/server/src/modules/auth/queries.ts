/**
 * SQL of sign-in and sessions: sessions, users, merchants, departments, permissions, the captcha table (captchas and
 * login tickets), one-time codes of the second factor, sign-in failures and the audit log (every value a bound
 * parameter).
 */
import { PLATFORM_MERCHANT_ID, type AuditAction, type Depart } from '@mg/domain';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { appUser, auditLog, captcha, department, loginAttempt, merchant, permission, session, totpRecoveryCode, userDepart } from '../../db/schema';

export interface SessionRow {
  userId: number;
  username: string;
  homeMerchantId: number;
  merchantId: number;
  currency: string;
  brand: string;
  orgCode: string | null;
  roleCodes: string[];
  perms: string[];
  scopeMerchantIds: number[];
  amountUsdSwitch: boolean;
  /** app_user.write_lsn: where the primary's WAL was after the user's last write (null: none recorded). */
  writeLsn: bigint | null;
  /** Unused past its idle limit: the session is over (401 TOKEN_EXPIRED), whatever else it holds. */
  idle: boolean;
  /** Its last-seen time is older than SESSION_SEEN_WRITE_MS: a person's request should move it (markSessionSeen). */
  stale: boolean;
}

export interface SessionLimits {
  /** Idle limits: the user's own merchant is the platform's, or any other. */
  idleMs: { platform: number; merchant: number };
  seenWriteMs: number;
}

/**
 * A live session (not revoked, not expired, user not frozen) with roles, granted codes and merchant scope, and
 * whether it has been idle past its limit: the idle check is part of the one statement that loads the session.
 */
export async function loadSessionByTokenHash(db: Db, tokenHash: string, o: SessionLimits): Promise<SessionRow | null> {
  const res = await db.execute<{
    user_id: string | number;
    username: string;
    home_merchant_id: number;
    merchant_id: number;
    currency: string;
    brand: string;
    org_code: string | null;
    role_codes: string[] | null;
    perms: string[] | null;
    scope: number[] | null;
    amount_usd_switch: boolean;
    write_lsn: string | null;
    idle: boolean;
    stale: boolean;
  }>(sql`
    select s.user_id, u.username, u.merchant_id as home_merchant_id, s.merchant_id, s.currency, s.brand, s.org_code, u.write_lsn,
      s.last_seen_at <= now() - make_interval(secs => (case when u.merchant_id = ${PLATFORM_MERCHANT_ID} then ${o.idleMs.platform} else ${o.idleMs.merchant} end)::float8 / 1000) as idle,
      s.last_seen_at <= now() - make_interval(secs => ${o.seenWriteMs}::float8 / 1000) as stale,
      (select array_agg(distinct r.role_code) from user_role ur join role r on r.id = ur.role_id where ur.user_id = s.user_id) as role_codes,
      (select array_agg(distinct p.perms) from user_role ur
         join role_permission rp on rp.role_id = ur.role_id
         join permission p on p.id = rp.permission_id
        where ur.user_id = s.user_id and p.status <> '0') as perms,
      (select array_agg(m.id order by m.id) from merchant m
        where s.merchant_id = ${PLATFORM_MERCHANT_ID} or m.id = s.merchant_id or m.parent_id = s.merchant_id) as scope,
      (u.amount_usd_switch or coalesce((select m.amount_usd_switch from merchant m where m.id = s.merchant_id), false)) as amount_usd_switch
    from session s join app_user u on u.id = s.user_id
    where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > now() and not u.frozen
  `);
  const r = res.rows[0];
  if (!r) return null;
  return {
    userId: Number(r.user_id),
    username: r.username,
    homeMerchantId: r.home_merchant_id,
    merchantId: r.merchant_id,
    currency: r.currency,
    brand: r.brand,
    orgCode: r.org_code,
    roleCodes: r.role_codes ?? [],
    perms: r.perms ?? [],
    scopeMerchantIds: (r.scope ?? []).map(Number),
    amountUsdSwitch: r.amount_usd_switch === true,
    writeLsn: r.write_lsn === null ? null : BigInt(r.write_lsn),
    idle: r.idle === true,
    stale: r.stale === true,
  };
}

/**
 * The user wrote: their next reads must see it (db/read-replica.ts). The position is taken after the write's commit,
 * so a replica that has replayed it holds the write. The insert position, not the written one: with
 * synchronous_commit off a commit is not yet written when it answers (the test's primary runs so, and found it). One row of the user's own: nothing another user's request shares.
 */
export async function recordUserWrite(db: Db, userId: number): Promise<void> {
  await db.execute(sql`update app_user set write_lsn = (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint where id = ${userId}`);
}

/**
 * A person used the session: its last-seen time moves, if it is still older than `seenWriteMs`. The condition is on
 * the row, so of many requests that found it stale at once one writes; the others, rechecking the row after that
 * write, change nothing.
 */
export async function markSessionSeen(db: Db, tokenHash: string, seenWriteMs: number): Promise<void> {
  await db.execute(sql`
    update session set last_seen_at = now()
    where token_hash = ${tokenHash} and revoked_at is null
      and last_seen_at <= now() - make_interval(secs => ${seenWriteMs}::float8 / 1000)`);
}

export type UserRow = typeof appUser.$inferSelect;
export type MerchantRow = typeof merchant.$inferSelect;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(appUser).where(sql`lower(${appUser.username}) = lower(${username})`).limit(1);
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(appUser).where(sql`lower(${appUser.email}) = lower(${email})`).limit(1);
  return rows[0];
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(appUser).where(eq(appUser.phone, phone)).limit(1);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(appUser).where(eq(appUser.id, id)).limit(1);
  return rows[0];
}

export async function findMerchant(db: Db, id: number): Promise<MerchantRow | undefined> {
  const rows = await db.select().from(merchant).where(eq(merchant.id, id)).limit(1);
  return rows[0];
}

/** The merchant and its sub-merchants, the merchant first. */
export async function merchantFamily(db: Db, id: number): Promise<MerchantRow[]> {
  return db
    .select()
    .from(merchant)
    .where(or(eq(merchant.id, id), eq(merchant.parentId, id)))
    .orderBy(sql`${merchant.id} <> ${id}`, asc(merchant.id));
}

export async function roleCodesOf(db: Db, userId: number): Promise<string[]> {
  const res = await db.execute<{ role_code: string }>(
    sql`select distinct r.role_code from user_role ur join role r on r.id = ur.role_id where ur.user_id = ${userId} order by r.role_code`,
  );
  return res.rows.map((r) => r.role_code);
}

export async function departsOf(db: Db, userId: number): Promise<Depart[]> {
  return db
    .select({ id: department.id, orgCode: department.orgCode, departName: department.departName })
    .from(userDepart)
    .innerJoin(department, eq(department.id, userDepart.departId))
    .where(eq(userDepart.userId, userId))
    .orderBy(asc(department.sortOrder), asc(department.id));
}

export async function insertSession(
  db: Db,
  v: { tokenHash: string; userId: number; merchantId: number; currency: string; brand: string; orgCode: string | null; ip: string; userAgent: string | null; ttlMs: number },
): Promise<void> {
  await db.insert(session).values({
    tokenHash: v.tokenHash,
    userId: v.userId,
    merchantId: v.merchantId,
    currency: v.currency,
    brand: v.brand,
    orgCode: v.orgCode,
    ip: v.ip.slice(0, 64),
    userAgent: v.userAgent?.slice(0, 255) ?? null,
    expiresAt: new Date(Date.now() + v.ttlMs),
  });
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.update(session).set({ revokedAt: sql`now()` }).where(and(eq(session.tokenHash, tokenHash), isNull(session.revokedAt)));
}

/** Revokes every live session of a user, except `keepTokenHash` when given. */
export async function revokeUserSessions(db: Db, userId: number, keepTokenHash?: string): Promise<void> {
  const cond = keepTokenHash
    ? and(eq(session.userId, userId), isNull(session.revokedAt), ne(session.tokenHash, keepTokenHash))
    : and(eq(session.userId, userId), isNull(session.revokedAt));
  await db.update(session).set({ revokedAt: sql`now()` }).where(cond);
}

export async function setSessionOrgCode(db: Db, tokenHash: string, orgCode: string | null): Promise<void> {
  await db.update(session).set({ orgCode }).where(eq(session.tokenHash, tokenHash));
}

export type PermissionRow = typeof permission.$inferSelect;

export async function allPermissions(db: Db): Promise<PermissionRow[]> {
  return db.select().from(permission).orderBy(asc(permission.sortNo), asc(permission.id));
}

/** Failed sign-ins from one address within the window. */
export async function recentFailures(db: Db, ip: string, windowMs: number): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from login_attempt where ip = ${ip} and created_at > now() - (${windowMs} || ' milliseconds')::interval`,
  );
  return res.rows[0]?.n ?? 0;
}

export async function insertLoginAttempt(db: Db, ip: string, username: string): Promise<void> {
  await db.insert(loginAttempt).values({ ip: ip.slice(0, 64), username: username.slice(0, 64) });
}

/**
 * Counts a wrong password and locks the user at the limit, in one statement (two instances failing at once still
 * count twice). A user already locked is not counted. Answers the lock's end when this very statement locked the
 * account, else null: exactly one failure per lock gets a date, so the owner is told once.
 */
export async function countWrongPassword(db: Db, userId: number, lockAfter: number, lockMs: number): Promise<Date | null> {
  const res = await db.execute<{ locked_until: Date | string | null }>(sql`
      update app_user set
        failed_logins = case when failed_logins + 1 >= ${lockAfter} then 0 else failed_logins + 1 end,
        locked_until = case when failed_logins + 1 >= ${lockAfter} then now() + (${lockMs} || ' milliseconds')::interval else locked_until end
      where id = ${userId} and (locked_until is null or locked_until <= now())
      returning case when failed_logins = 0 and locked_until > now() then locked_until end as locked_until`);
  const until = res.rows[0]?.locked_until;
  return until ? new Date(until) : null;
}

export async function clearLoginFailures(db: Db, userId: number): Promise<void> {
  await db.update(appUser).set({ failedLogins: 0, lockedUntil: null }).where(eq(appUser.id, userId));
}

/** The user's remembered department; `touch` also stamps updated_at (a choice the user made). */
export async function setUserOrgCode(db: Db, userId: number, orgCode: string | null, touch = false): Promise<void> {
  await db
    .update(appUser)
    .set(touch ? { orgCode, updatedAt: sql`now()` } : { orgCode })
    .where(eq(appUser.id, userId));
}

/** A new password; `unlock` also clears failed sign-ins and a lock (reset by e-mail). */
export async function setPasswordHash(db: Db, userId: number, passwordHash: string, unlock = false): Promise<void> {
  await db
    .update(appUser)
    .set(
      unlock
        ? { passwordHash, passwordChangedAt: sql`now()`, failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` }
        : { passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` },
    )
    .where(eq(appUser.id, userId));
}

/* ---------------------------------------------------------------------------------------------------------- */
/* The captcha table: sign-in captchas (client keys) and login tickets (`lt:` keys)                              */

export type CaptchaRow = typeof captcha.$inferSelect;

/** A challenge for `checkKey`, replacing an earlier one. */
export async function putCaptcha(db: Db, checkKey: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db.insert(captcha).values({ checkKey, codeHash, expiresAt }).onConflictDoUpdate({ target: captcha.checkKey, set: { codeHash, expiresAt } });
}

/** Expired challenges nobody answered (login tickets are left alone). */
export async function purgeStaleCaptchas(db: Db): Promise<void> {
  await db.delete(captcha).where(sql`${captcha.expiresAt} < now() - interval '1 hour' and ${captcha.checkKey} not like 'lt:%'`);
}

/** Removes and answers the row of a key: every challenge and ticket is used once, right or wrong. */
export async function takeCaptcha(db: Db, checkKey: string): Promise<CaptchaRow | undefined> {
  const rows = await db.delete(captcha).where(eq(captcha.checkKey, checkKey)).returning();
  return rows[0];
}

export async function insertLoginTicket(db: Db, v: { checkKey: string; codeHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(captcha).values(v);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Second factor                                                                                                 */

/** Records `step` as used; false when it (or a later one) was already used. */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(appUser)
    .set({ totpLastStep: step })
    .where(and(eq(appUser.id, userId), sql`(${appUser.totpLastStep} is null or ${appUser.totpLastStep} < ${step})`))
    .returning({ id: appUser.id });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db.delete(totpRecoveryCode).where(eq(totpRecoveryCode.userId, userId));
  await db.insert(totpRecoveryCode).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; true when there was one. */
export async function useRecoveryCodeHash(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(totpRecoveryCode)
    .set({ usedAt: sql`now()` })
    .where(and(eq(totpRecoveryCode.userId, userId), eq(totpRecoveryCode.codeHash, codeHash), isNull(totpRecoveryCode.usedAt)))
    .returning({ id: totpRecoveryCode.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from totp_recovery_code where user_id = ${userId} and used_at is null`,
  );
  return res.rows[0]?.n ?? 0;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Audit log                                                                                                     */

export interface AuditRow {
  merchantId: number | null;
  userId: number | null;
  username: string | null;
  action: AuditAction;
  success: boolean;
  detail: Record<string, unknown> | null;
  ip: string;
  userAgent: string | null;
}

/** The drizzle db, a transaction, or a pg Pool (callers outside drizzle). */
export type AuditTarget = Pick<Db, 'insert'> | pg.Pool;

export async function insertAudit(db: AuditTarget, row: AuditRow): Promise<void> {
  if ('insert' in db && typeof db.insert === 'function') {
    await db.insert(auditLog).values(row);
    return;
  }
  await (db as pg.Pool).query(
    'insert into audit_log (merchant_id, user_id, username, action, success, detail, ip, user_agent) values ($1,$2,$3,$4,$5,$6,$7,$8)',
    [row.merchantId, row.userId, row.username, row.action, row.success, row.detail === null ? null : JSON.stringify(row.detail), row.ip, row.userAgent],
  );
}

/** A session's step-up lock: until when it is refused (null: not locked). */
export async function selectStepUpLock(db: Db, tokenHash: string): Promise<Date | null> {
  const [row] = await db.select({ until: session.stepUpLockedUntil }).from(session).where(eq(session.tokenHash, tokenHash)).limit(1);
  return row?.until && row.until.getTime() > Date.now() ? row.until : null;
}

/**
 * Counts a wrong step-up code on the session and locks its step-up at the limit, in one statement (codes sent at
 * once still count each). Answers when the step-up is locked: from this failure, or from another that locked it
 * while this code was being checked; null while tries are left.
 */
export async function countStepUpFailure(db: Db, tokenHash: string, lockAfter: number, lockMs: number): Promise<{ lockedUntil: Date | null; lockedNow: boolean }> {
  const res = await db.execute<{ locked_until: Date | string | null }>(sql`
      update session set
        step_up_failures = case when step_up_failures + 1 >= ${lockAfter} then 0 else step_up_failures + 1 end,
        step_up_locked_until = case when step_up_failures + 1 >= ${lockAfter} then now() + (${lockMs} || ' milliseconds')::interval else step_up_locked_until end
      where token_hash = ${tokenHash} and (step_up_locked_until is null or step_up_locked_until <= now())
      returning case when step_up_failures = 0 then step_up_locked_until end as locked_until`);
  const r = res.rows[0];
  if (r) return r.locked_until ? { lockedUntil: new Date(r.locked_until), lockedNow: true } : { lockedUntil: null, lockedNow: false };
  return { lockedUntil: (await selectStepUpLock(db, tokenHash)) ?? new Date(), lockedNow: false };
}

/** A right step-up code clears the session's count (written only when there was one). */
export async function clearStepUpFailures(db: Db, tokenHash: string): Promise<void> {
  await db.update(session).set({ stepUpFailures: 0 }).where(and(eq(session.tokenHash, tokenHash), sql`${session.stepUpFailures} > 0`));
}
