/** Products: the payment methods of a country and their limits. */
import { bigint, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { STATUS_ENABLED, createdAt, money } from './columns';

/** A payment method offered in a country: a channel of the dictionary with its limits (data, editable). */
export const product = pgTable(
  'product',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    currency: varchar('currency', { length: 8 }).notNull(),
    paymentType: smallint('payment_type').notNull(),
    channel: smallint('channel').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    status: smallint('status').notNull().default(STATUS_ENABLED),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_currency_channel_uq').on(t.currency, t.paymentType, t.channel)],
);
