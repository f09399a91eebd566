/** Payment links. */
import { index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, money } from './columns';

/** Payment link: a shareable cashier for a fixed amount, single use, valid for N hours. */
export const paymentLink = pgTable(
  'payment_link',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    token: varchar('token', { length: 64 }).notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    amount: money('amount').notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    paymentType: smallint('payment_type').notNull(),
    expiryHours: smallint('expiry_hours').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** domain PaymentLinkStatus: active, paid, expired, void. */
    status: varchar('status', { length: 16 }).notNull(),
    collectionId: varchar('collection_id', { length: 32 }),
    mode: varchar('mode', { length: 8 }).notNull(),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('payment_link_id_uq').on(t.id),
    uniqueIndex('payment_link_token_uq').on(t.token),
    index('payment_link_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
  ],
);
