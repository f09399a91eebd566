/** Open API keys of merchants (secrets sealed). */
import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Open API key: the id is public, the secret is sealed (HMAC needs it in clear at verification time). The open API
 * caches the columns its key check reads; a trigger raises the configuration version when one of them is written
 * (migration 0008 lists them: a new column the check reads must be added there).
 */
export const apiKey = pgTable(
  'api_key',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    /** 'sandbox' | 'live' (domain ApiKeyMode). */
    mode: varchar('mode', { length: 8 }).notNull(),
    name: varchar('name', { length: 64 }).notNull().default(''),
    secretSealed: text('secret_sealed').notNull(),
    secretLast4: varchar('secret_last4', { length: 4 }).notNull(),
    /** 'active' | 'revoked' (domain ApiKeyStatus); a rolled key stays active until expires_at. */
    status: varchar('status', { length: 16 }).notNull().default('active'),
    /** Set when rolled: the old key keeps working until then (grace period). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The secret may be shown once, at creation or roll; after that only the last 4 characters. */
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdBy: varchar('created_by', { length: 64 }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_key_merchant_idx').on(t.merchantId, t.createdAt)],
);
