/** Fee rules per merchant, currency, payment type and channel. */
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { STATUS_ENABLED, createdAt, updatedAt, money } from './columns';

/**
 * Fee rule per merchant, currency and payment type, optionally per channel (channel -1 = any). Merchant 10000's
 * rules are the platform defaults. Fee = fixed (admin fee) + amount * rate_bps / 10000 (service fee), at least min_fee.
 */
export const feeRule = pgTable(
  'fee_rule',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    paymentType: smallint('payment_type').notNull(),
    channel: smallint('channel').notNull().default(-1),
    rateBps: integer('rate_bps').notNull().default(0),
    fixedFee: money('fixed_fee').notNull().default(sql`0`),
    minFee: money('min_fee').notNull().default(sql`0`),
    status: smallint('status').notNull().default(STATUS_ENABLED),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fee_rule_uq').on(t.merchantId, t.currency, t.paymentType, t.channel),
    check('fee_rule_values_ck', sql`${t.rateBps} >= 0 and ${t.rateBps} <= 10000 and ${t.fixedFee} >= 0 and ${t.minFee} >= 0`),
  ],
);
