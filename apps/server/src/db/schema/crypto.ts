/** Crypto withdrawal addresses (issue 13): each merchant's address book per network. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const cryptoAddress = pgTable(
  'crypto_address',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    /** domain CryptoNetwork. */
    network: varchar('network', { length: 8 }).notNull(),
    /** As the network's check normalised it (Ethereum: EIP-55 mixed case). */
    address: varchar('address', { length: 100 }).notNull(),
    label: varchar('label', { length: 64 }).notNull(),
    /** Payouts may go to it from then on (the cooling period). */
    usableAt: timestamp('usable_at', { withTimezone: true }).notNull(),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: createdAt(),
    /** Deleted at once; the row stays for the payouts that went to it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('crypto_address_merchant_idx').on(t.merchantId, t.network),
    uniqueIndex('crypto_address_live_uq').on(t.merchantId, t.network, t.address).where(sql`${t.deletedAt} is null`),
  ],
);
