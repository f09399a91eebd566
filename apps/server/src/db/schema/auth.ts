/** Sessions, sign-in attempts and captchas. */
import { bigint, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { appUser } from './users';

/** A signed-in session: the token itself is never stored, only its SHA-256. Bound to one merchant and currency. */
export const session = pgTable(
  'session',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    brand: varchar('brand', { length: 32 }).notNull(),
    orgCode: varchar('org_code', { length: 64 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Wrong step-up (second factor) codes since the last right one (domain STEP_UP_MAX_FAILURES). */
    stepUpFailures: smallint('step_up_failures').notNull().default(0),
    /** Until then the session's step-up is refused, right code or not (domain STEP_UP_LOCK_MINUTES). */
    stepUpLockedUntil: timestamp('step_up_locked_until', { withTimezone: true }),
    /**
     * Last use by a person (issue 39 idle limit): written when older than SESSION_SEEN_WRITE_MS by a request not
     * marked background (modules/auth/queries.ts markSessionSeen).
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

/** Failed sign-ins per client address, for throttling (any instance sees them). */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ip: varchar('ip', { length: 64 }).notNull(),
    username: varchar('username', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempt_ip_idx').on(t.ip, t.createdAt)],
);

/** Captcha challenges, kept in the database so any instance can check them; answered once. */
export const captcha = pgTable('captcha', {
  checkKey: varchar('check_key', { length: 64 }).primaryKey(),
  codeHash: varchar('code_hash', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
