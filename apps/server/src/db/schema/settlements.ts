/** Settlement batches (T+N per merchant, currency and local day). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, money } from './columns';

/**
 * Settlement batch: a merchant's succeeded collections of one currency due on one local date (T+N). Pending until
 * the job moves its net from pending to available; settled after. One pending batch per merchant, currency and date:
 * when a date's batch was settled early, a payment of that business day opens a second batch of the same date.
 */
export const settlement = pgTable(
  'settlement',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** Local date (merchant zone) the batch is due, YYYY-MM-DD. */
    settleDate: varchar('settle_date', { length: 10 }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    collectionCount: integer('collection_count').notNull().default(0),
    grossAmount: money('gross_amount').notNull().default(sql`0`),
    feeAmount: money('fee_amount').notNull().default(sql`0`),
    /** Refunds taken from pending before settlement. */
    refundedAmount: money('refunded_amount').notNull().default(sql`0`),
    /** gross - fee - refunded: what moves to available. */
    netAmount: money('net_amount').notNull().default(sql`0`),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('settlement_id_uq').on(t.id),
    uniqueIndex('settlement_pending_batch_uq').on(t.merchantId, t.currency, t.settleDate).where(sql`${t.status} = 'pending'`),
    index('settlement_batch_date_idx').on(t.merchantId, t.currency, t.settleDate),
    index('settlement_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('settlement_due_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    check('settlement_amounts_ck', sql`${t.netAmount} >= 0`),
  ],
);
