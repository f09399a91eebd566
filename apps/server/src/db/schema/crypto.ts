/** Crypto withdrawal addresses (issue 13): each merchant's address book per network. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';

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

/**
 * What arrived at a crypto order's deposit address (issue 13): one transaction per order on the sandbox chain. The
 * order is paid once it has its network's confirmations (`confirmed_at`), with what arrived (partial when under).
 */
export const cryptoDeposit = pgTable(
  'crypto_deposit',
  {
    merchantId: integer('merchant_id').notNull(),
    collectionId: varchar('collection_id', { length: 32 }).notNull(),
    network: varchar('network', { length: 8 }).notNull(),
    chainTradeNo: varchar('chain_trade_no', { length: 80 }).notNull(),
    payerAddress: varchar('payer_address', { length: 100 }).notNull(),
    amount: money('amount').notNull(),
    /** Confirmations its network requires, fixed when it was sent. */
    required: integer('required').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.collectionId] }),
    uniqueIndex('crypto_deposit_tx_uq').on(t.chainTradeNo),
    index('crypto_deposit_open_idx').on(t.sentAt).where(sql`${t.confirmedAt} is null`),
  ],
);
