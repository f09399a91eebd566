/** Users, their roles and their Google Authenticator recovery codes. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { merchant } from './merchants';
import { role } from './roles';

export const appUser = pgTable(
  'app_user',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchant.id),
    username: varchar('username', { length: 64 }).notNull(),
    realname: varchar('realname', { length: 128 }).notNull().default(''),
    avatar: varchar('avatar', { length: 255 }),
    email: varchar('email', { length: 191 }),
    phone: varchar('phone', { length: 32 }),
    /** argon2id. */
    passwordHash: text('password_hash').notNull(),
    frozen: boolean('frozen').notNull().default(false),
    /** Department the user works in by default (spec: orgCode). */
    orgCode: varchar('org_code', { length: 64 }),
    amountUsdSwitch: boolean('amount_usd_switch').notNull().default(false),
    /** Base32 TOTP secret; set at enrolment, active only when totpEnabled. */
    totpSecret: varchar('totp_secret', { length: 64 }),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last accepted TOTP time step: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * The primary's WAL position (bytes, pg_current_wal_insert_lsn() - '0/0') after this user's last write through the
     * dashboard, set only where a read replica is configured: the user's reads go to the replica only once it has
     * replayed this far (db/read-replica.ts), so nobody misses their own write.
     */
    writeLsn: bigint('write_lsn', { mode: 'bigint' }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    // Usernames, e-mails and phones are unique across the platform (spec §5), case-insensitively.
    uniqueIndex('app_user_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('app_user_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('app_user_phone_uq').on(t.phone),
    index('app_user_merchant_idx').on(t.merchantId, t.createdAt),
  ],
);

export const totpRecoveryCode = pgTable(
  'totp_recovery_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** SHA-256 of the code. */
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('totp_recovery_user_idx').on(t.userId)],
);

export const userRole = pgTable(
  'user_role',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' })
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_role_role_idx').on(t.roleId)],
);
