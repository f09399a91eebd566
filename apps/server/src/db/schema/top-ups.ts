/** Top-ups: the merchant funding its own balance through the cashier (issue 12). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';

export const topUp = pgTable(
  'top_up',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    amount: money('amount').notNull(),
    /** The fee quoted at creation (payment type 20 fee rules), charged only on success. */
    fee: money('fee').notNull(),
    paymentType: smallint('payment_type').notNull(),
    channel: smallint('channel').notNull(),
    /**
     * What the merchant pays to, from the channel when the top-up was made (VA number, QR payload, store code), as a
     * collection's `payment_code`; null for top-ups made before it was kept, and for those paid on the cashier itself.
     */
    paymentCode: varchar('payment_code', { length: 255 }),
    /** The channel's own id of the top-up (as a collection's). */
    channelReference: varchar('channel_reference', { length: 64 }),
    /** domain TOP_UP_STATUSES: pending, success, failed, closed. */
    status: varchar('status', { length: 16 }).notNull(),
    failureReason: varchar('failure_reason', { length: 64 }),
    /** The secret of its cashier page (/pay/{token}). */
    cashierToken: varchar('cashier_token', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('top_up_id_uq').on(t.id),
    uniqueIndex('top_up_cashier_token_uq').on(t.cashierToken),
    index('top_up_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('top_up_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('top_up_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
    check('top_up_amount_ck', sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.fee} <= ${t.amount}`),
  ],
);
