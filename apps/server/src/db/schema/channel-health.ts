/**
 * Channel health (issue 15). `channel_outcome`: one row per collection or payout reaching a final status, written by
 * the database's own triggers (migration 0019) in the transaction that ended the order, so every path that ends one
 * (API, cashier, jobs, batches, seeds) counts, and the health page reads a few thousand rows of a day instead of the
 * order tables. `channel_state`: what staff marked a channel of a currency as (no row: operational).
 * `channel_health_setting`: the thresholds (one row).
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, numeric, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

export const channelOutcome = pgTable(
  'channel_outcome',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** domain OutcomeKind. */
    kind: varchar('kind', { length: 16 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    channel: integer('channel').notNull(),
    success: boolean('success').notNull(),
    /** The failure reason code of a failed one. */
    reason: varchar('reason', { length: 64 }),
    /** From creation (a payout: from sending) to the final status. */
    durationMs: integer('duration_ms').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  // A currency's last day in time order, with what the aggregates read (index-only).
  (t) => [index('channel_outcome_currency_at_idx').on(t.currency, t.at, t.kind, t.channel, t.success, t.durationMs), index('channel_outcome_at_idx').on(t.at)],
);

export const channelState = pgTable(
  'channel_state',
  {
    currency: varchar('currency', { length: 8 }).notNull(),
    channel: smallint('channel').notNull(),
    /** domain ChannelState: degraded or down (operational rows are deleted). */
    state: varchar('state', { length: 16 }).notNull(),
    message: varchar('message', { length: 500 }).notNull(),
    updatedBy: varchar('updated_by', { length: 64 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.channel] })],
);

export const channelHealthSetting = pgTable(
  'channel_health_setting',
  {
    id: smallint('id').primaryKey(),
    greenMin: numeric('green_min', { precision: 5, scale: 4 }).notNull(),
    amberMin: numeric('amber_min', { precision: 5, scale: 4 }).notNull(),
    updatedBy: varchar('updated_by', { length: 64 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('channel_health_setting_one_ck', sql`${t.id} = 1`), check('channel_health_setting_order_ck', sql`${t.amberMin} <= ${t.greenMin}`)],
);
