/** E-mail codes of registration and password reset. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** E-mail codes (registration, password reset): 6 digits, 10 minutes, 5 tries. */
export const emailCode = pgTable(
  'email_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: varchar('email', { length: 191 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_code_email_idx').on(sql`lower(${t.email})`, t.purpose, t.createdAt)],
);
