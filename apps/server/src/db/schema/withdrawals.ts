/** Withdrawals to the merchant's own bank accounts, the accounts, and the per-currency limits (issue 12). */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';

/** A bank account of the merchant that withdrawals may go to. */
export const withdrawalAccount = pgTable(
  'withdrawal_account',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** A bank of the payout destination catalogue (kind bank) of the currency. */
    bankCode: varchar('bank_code', { length: 32 }).notNull(),
    accountName: varchar('account_name', { length: 200 }).notNull(),
    accountNumber: varchar('account_number', { length: 120 }).notNull(),
    accountType: varchar('account_type', { length: 16 }),
    documentId: varchar('document_id', { length: 32 }),
    bankAgency: varchar('bank_agency', { length: 16 }),
    /** domain WithdrawalAccountStatus: pending, verified, rejected. */
    status: varchar('status', { length: 16 }).notNull(),
    /** Sandbox: usable from then on without a verification (the cooling period). */
    usableAt: timestamp('usable_at', { withTimezone: true }).notNull(),
    verifiedBy: varchar('verified_by', { length: 64 }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: createdAt(),
    /** Deleted accounts stay for the withdrawals that went to them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('withdrawal_account_merchant_idx').on(t.merchantId, t.currency),
    uniqueIndex('withdrawal_account_live_uq').on(t.merchantId, t.currency, t.bankCode, t.accountNumber).where(sql`${t.deletedAt} is null`),
    index('withdrawal_account_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending' and ${t.deletedAt} is null`),
  ],
);

export const withdrawal = pgTable(
  'withdrawal',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** The account as it was when asked (an account deleted later does not change a record). */
    bankCode: varchar('bank_code', { length: 32 }).notNull(),
    accountName: varchar('account_name', { length: 200 }).notNull(),
    accountNumber: varchar('account_number', { length: 120 }).notNull(),
    amount: money('amount').notNull(),
    /** The fee quoted when asked (payout fee rules), charged only on success. */
    fee: money('fee').notNull(),
    /** PayoutStatus: pending_review, processing, success, failed, rejected. */
    status: varchar('status', { length: 16 }).notNull(),
    /** Spec §4: '00' succeeded, '99' failed. */
    resultCode: varchar('result_code', { length: 2 }),
    rejectReason: varchar('reject_reason', { length: 255 }),
    /** YYYY-MM-DD in the country's calendar: 3 working days after the request. */
    expectedArrival: varchar('expected_arrival', { length: 10 }).notNull(),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    reviewedBy: varchar('reviewed_by', { length: 64 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('withdrawal_id_uq').on(t.id),
    index('withdrawal_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('withdrawal_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // Global search: withdrawal_account_suffix_idx on reverse(account_number) (migration 0020, not declarable here).
    index('withdrawal_processing_idx').on(t.sentAt).where(sql`${t.status} = 'processing'`),
    check('withdrawal_amount_ck', sql`${t.amount} > 0 AND ${t.fee} >= 0`),
  ],
);

/** Provider staff's minimum and maximum of one withdrawal per currency (domain defaults until set). */
export const withdrawalLimit = pgTable(
  'withdrawal_limit',
  {
    currency: varchar('currency', { length: 8 }).notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    updatedBy: varchar('updated_by', { length: 64 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.currency] }), check('withdrawal_limit_ck', sql`${t.minAmount} > 0 AND ${t.maxAmount} >= ${t.minAmount}`)],
);

/** Auto-withdrawal per merchant and currency: daily at `hour` (its zone), what is above `floor` goes to the account. */
export const withdrawalAuto = pgTable(
  'withdrawal_auto',
  {
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    enabled: boolean('enabled').notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    floor: money('floor').notNull(),
    hour: smallint('hour').notNull(),
    /** YYYY-MM-DD in the currency's zone: a day runs once, whichever instance claims it. */
    lastRunOn: varchar('last_run_on', { length: 10 }),
    updatedBy: varchar('updated_by', { length: 64 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.currency] }),
    check('withdrawal_auto_ck', sql`${t.floor} >= 0 AND ${t.hour} BETWEEN 0 AND 23`),
  ],
);
