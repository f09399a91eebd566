/**
 * Realtime events (issue 15): one row per status change of an order, a payout batch, an export job or an
 * announcement's release, written by the database's own triggers (migrations 0018, 0024) in the transaction that
 * made the change, and notified on commit. The sequence orders them; a socket that reconnects is sent the rows after
 * the last number it saw. Purged after REALTIME.RETENTION_HOURS.
 */
import { bigint, bigserial, boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const realtimeEvent = pgTable(
  'realtime_event',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    /** Null: every merchant's (an announcement to all). */
    merchantId: integer('merchant_id'),
    /** Set: only this user is told (the one who started an export). */
    userId: bigint('user_id', { mode: 'number' }),
    /** domain RealtimeKind: the table that changed. */
    kind: varchar('kind', { length: 16 }).notNull(),
    recordId: varchar('record_id', { length: 64 }).notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    /** The row's created_by where the table has one: who gets the toast. */
    actor: varchar('actor', { length: 64 }),
    /** The row's first status (it was inserted), not a change. */
    created: boolean('created').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_event_merchant_seq_idx').on(t.merchantId, t.seq), index('realtime_event_created_idx').on(t.createdAt)],
);
