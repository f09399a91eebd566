/** The ledger (DESIGN §5): double-entry, append-only. */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';


/**
 * One balance per merchant, currency and kind. Platform accounts (clearing, fee_revenue) belong to merchant 10000.
 * The CHECK is the last word on "no merchant balance below zero": a transfer that would break it fails as a whole.
 */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Incremented by every posting that touches the account. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('ledger_account_merchant_currency_kind_uq').on(t.merchantId, t.currency, t.kind),
    check('ledger_account_kind_ck', sql`${t.kind} in ('available', 'pending', 'frozen', 'clearing', 'fee_revenue')`),
    check(
      'ledger_account_non_negative_ck',
      sql`${t.kind} not in ('available', 'pending', 'frozen') or ${t.balance} >= 0`,
    ),
  ],
);

/** A transfer's own columns, in the ledger and in the queue of transfers to post (fresh builders for each table). */
function transferHeadColumns() {
  return {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    flow: varchar('flow', { length: 32 }).notNull(),
    /** Spec §3 ActionType 1-7. */
    actionType: smallint('action_type').notNull(),
    /** Business id the movement belongs to (collection, refund, payout ...). */
    reference: varchar('reference', { length: 64 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 128 }).notNull(),
    /** Gross amount and fee of the business operation, for the statement (the entries carry the net movements). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: createdAt(),
  };
}

/** One money movement; its entries sum to zero. The idempotency key is unique per merchant. */
export const ledgerTransfer = pgTable(
  'ledger_transfer',
  transferHeadColumns(),
  (t) => [
    uniqueIndex('ledger_transfer_idempotency_uq').on(t.merchantId, t.idempotencyKey),
    index('ledger_transfer_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('ledger_transfer_reference_idx').on(t.merchantId, t.reference),
  ],
);

/** Append-only: written once with the transfer, never updated or deleted (docs/ledger.md). */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfer.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccount.id),
    /** The account's merchant (the statement reads by it). */
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** Signed: + credits the account's balance, - debits it. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entry_amount_ck', sql`${t.amount} <> 0 and ${t.balanceAfter} = ${t.balanceBefore} + ${t.amount}`),
    index('ledger_entry_transfer_idx').on(t.transferId),
    index('ledger_entry_account_idx').on(t.accountId, t.id),
    index('ledger_entry_merchant_created_idx').on(t.merchantId, t.currency, t.createdAt.desc(), t.id.desc()),
  ],
);

/** One leg of a queued transfer: `m` the account's merchant, `k` its kind, `a` the signed amount in minor units. */
export interface QueuedLeg {
  m: number;
  k: string;
  a: string;
}

/**
 * Transfers written with the business change they belong to and posted moments later by the ledger's writer, many in
 * one statement (group commit; docs/ledger.md). Only postings nothing can refuse are queued (a collection's money
 * in): the payment path then updates no balance row, the row every payment of a merchant and of the platform shares.
 * Rows are deleted by the statement that posts them.
 */
export const ledgerQueued = pgTable(
  'ledger_queued',
  { ...transferHeadColumns(), legs: jsonb('legs').$type<QueuedLeg[]>().notNull() },
  (t) => [uniqueIndex('ledger_queued_idempotency_uq').on(t.merchantId, t.idempotencyKey)],
);
