/** Callback deliveries (transactional outbox) and their attempts. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * Callback outbox: written in the same transaction as the status change it reports, so a crash loses none. The
 * worker takes due rows with FOR UPDATE SKIP LOCKED, so any number of server instances can deliver.
 */
export const callbackDelivery = pgTable(
  'callback_delivery',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    /** Standard Webhooks message id (`msg_...`), the same on every attempt. */
    eventId: varchar('event_id', { length: 40 }).notNull(),
    eventType: varchar('event_type', { length: 48 }).notNull(),
    /** 'collection' | 'refund' (later: payout ...). */
    orderKind: varchar('order_kind', { length: 16 }).notNull(),
    orderId: varchar('order_id', { length: 32 }).notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    /** The JSON body, sent byte for byte on every attempt. */
    body: text('body').notNull(),
    /** domain NotifyStatus: pending, notified, failed. */
    status: varchar('status', { length: 16 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().default(sql`now()`),
    lastResponseStatus: integer('last_response_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('callback_delivery_event_uq').on(t.eventId),
    index('callback_delivery_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('callback_delivery_order_idx').on(t.merchantId, t.orderKind, t.orderId),
    // The developer page's "given up" counts and a replay of a period's failed deliveries (issue 15).
    index('callback_delivery_failed_idx').on(t.merchantId, t.createdAt).where(sql`${t.status} = 'failed'`),
  ],
);

/** Every delivery attempt with what was sent and what came back. */
export const callbackAttempt = pgTable(
  'callback_attempt',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => callbackDelivery.id),
    merchantId: integer('merchant_id').notNull(),
    attemptNo: integer('attempt_no').notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    requestHeaders: jsonb('request_headers').notNull(),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    error: varchar('error', { length: 255 }),
    latencyMs: integer('latency_ms').notNull(),
    /**
     * false from the moment the attempt is recorded, before its request goes out, until its answer (or the error that
     * stopped it) is recorded: an attempt left false was sent, or was about to be, and its outcome is unknown (the
     * sender stopped before writing it: a crash, a restart). Rows of before issue 39 were written after their answer.
     */
    answered: boolean('answered').notNull().default(true),
    /** 'auto' | 'manual' (resend from the dashboard). */
    trigger: varchar('trigger', { length: 8 }).notNull().default('auto'),
    createdAt: createdAt(),
  },
  // A merchant's attempts of the last days, per endpoint (the developer page's success rate, issue 15).
  (t) => [index('callback_attempt_delivery_idx').on(t.deliveryId, t.id), index('callback_attempt_merchant_created_idx').on(t.merchantId, t.createdAt)],
);

/**
 * A merchant's callback address that failed every attempt for a day (issue 15): its deliveries are held (parked,
 * not sent) until someone enables it again on the developer page, which sends them.
 */
export const callbackEndpointDisabled = pgTable(
  'callback_endpoint_disabled',
  {
    merchantId: integer('merchant_id').notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.url] })],
);
