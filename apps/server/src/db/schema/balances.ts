/** Low-balance limits per merchant and currency. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { updatedAt, money } from './columns';

/** Low-balance threshold per merchant and currency; below_since makes the notice fire once per crossing. */
export const balanceLimit = pgTable(
  'balance_limit',
  {
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    threshold: money('threshold').notNull(),
    belowSince: timestamp('below_since', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.currency] }), check('balance_limit_ck', sql`${t.threshold} > 0`)],
);
