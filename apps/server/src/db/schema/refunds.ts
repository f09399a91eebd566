/** Refunds of collections. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, money } from './columns';

/** Refund of a collection (partial or full; original route or offline). */
export const refund = pgTable(
  'refund',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    collectionId: varchar('collection_id', { length: 32 }).notNull(),
    merchantRefundId: varchar('merchant_refund_id', { length: 64 }),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** 'partial' | 'full' (domain RefundType). */
    refundType: varchar('refund_type', { length: 8 }).notNull(),
    /** 'original' | 'offline' (domain RefundWay). */
    refundWay: varchar('refund_way', { length: 8 }).notNull(),
    requestedAmount: money('requested_amount').notNull(),
    actualAmount: money('actual_amount'),
    reason: varchar('reason', { length: 255 }).notNull(),
    /** domain RefundFundStatus: initialised, returned_success, returned_failed. */
    status: varchar('status', { length: 24 }).notNull(),
    failureReason: varchar('failure_reason', { length: 64 }),
    notifyStatus: varchar('notify_status', { length: 16 }),
    /** 'api' or the username that asked for it in the dashboard. */
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('refund_id_uq').on(t.id),
    uniqueIndex('refund_merchant_refund_uq').on(t.merchantId, t.merchantRefundId),
    index('refund_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('refund_collection_idx').on(t.merchantId, t.collectionId),
    check('refund_amount_ck', sql`${t.requestedAmount} > 0`),
  ],
);
