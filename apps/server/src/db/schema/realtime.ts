/**
 * Realtime events (issue 15): one row per status change of an order, written by the database's own triggers
 * (migration 0018) in the transaction that changed the order, and notified on commit. The sequence orders them; a
 * socket that reconnects is sent the rows after the last number it saw. Purged after REALTIME.RETENTION_HOURS.
 */
import { bigserial, boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const realtimeEvent = pgTable(
  'realtime_event',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    /** domain RealtimeKind: the order table. */
    kind: varchar('kind', { length: 16 }).notNull(),
    recordId: varchar('record_id', { length: 64 }).notNull(),
    status: varchar('status', { length: 24 }).notNull(),
    /** The order's created_by where the table has one: who gets the toast. */
    actor: varchar('actor', { length: 64 }),
    /** The order's first status (its row was inserted), not a change. */
    created: boolean('created').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_event_merchant_seq_idx').on(t.merchantId, t.seq), index('realtime_event_created_idx').on(t.createdAt)],
);
