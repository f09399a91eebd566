/**
 * API request logs (modules/api-logs): one row per open-API request whose key is known. Written in batches by each
 * instance (never on the request's path), purged after API_LOG_RETENTION_DAYS. Bodies are masked before they are
 * stored (modules/api-logs/mask.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const apiRequestLog = pgTable(
  'api_request_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    method: varchar('method', { length: 8 }).notNull(),
    path: varchar('path', { length: 1024 }).notNull(),
    status: smallint('status').notNull(),
    errorCode: varchar('error_code', { length: 64 }),
    latencyMs: integer('latency_ms').notNull(),
    keyId: varchar('key_id', { length: 64 }).notNull(),
    mode: varchar('mode', { length: 16 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    requestId: varchar('request_id', { length: 64 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 128 }),
    orderId: varchar('order_id', { length: 64 }),
    merchantOrderId: varchar('merchant_order_id', { length: 64 }),
    requestBody: text('request_body'),
    responseBody: text('response_body'),
    verdict: jsonb('verdict').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('api_request_log_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('api_request_log_request_idx').on(t.merchantId, t.requestId),
    index('api_request_log_order_idx').on(t.merchantId, t.orderId).where(sql`${t.orderId} is not null`),
    // The purge's scan, oldest first: BRIN, since rows arrive in time order (a few pages per million rows, and
    // nearly nothing to maintain per insert). A merchant order id is searched within the list's range, on the first.
    index('api_request_log_created_brin').using('brin', t.createdAt),
  ],
);
