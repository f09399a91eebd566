/** The security history. */
import { bigint, boolean, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Append-only security history: sign-in (success and failure), sign-out, 2FA, password, roles, freeze, switch. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id'),
    userId: bigint('user_id', { mode: 'number' }),
    username: varchar('username', { length: 64 }),
    action: varchar('action', { length: 64 }).notNull(),
    success: boolean('success').notNull().default(true),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc())],
);
