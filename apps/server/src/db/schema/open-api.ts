/** Replay protection of the open API: nonces and idempotency keys; the version of the configuration it caches. */
import { bigint, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Nonces seen per key in the last 10 minutes (replay protection); rows older than that are purged. */
export const apiNonce = pgTable(
  'api_nonce',
  {
    keyId: varchar('key_id', { length: 40 }).notNull(),
    nonce: varchar('nonce', { length: 128 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.nonce] }), index('api_nonce_created_idx').on(t.createdAt)],
);

/** Idempotency-Key records of open API POSTs: the first answer is replayed for the same key and body. */
export const idempotencyRecord = pgTable(
  'idempotency_record',
  {
    merchantId: integer('merchant_id').notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    /** hex SHA-256 of the raw body. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    responseStatus: integer('response_status').notNull(),
    /** The JSON text sent (text, not jsonb: jsonb refuses \u0000, and a replay must be byte for byte). */
    responseBody: text('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.key] }), index('idempotency_record_created_idx').on(t.createdAt)],
);

/**
 * One row: a counter that triggers (migration 0008) raise in the transaction of every write to api_key, merchant,
 * product and fee_rule. The open API reads it with the nonce it claims anyway and drops its cached copies of those
 * rows when it moved (db/config-cache.ts).
 */
export const configVersion = pgTable('config_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'bigint' }).notNull(),
});
