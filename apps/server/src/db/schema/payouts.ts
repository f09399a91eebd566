/** Payouts (money out to bank accounts and e-wallets) and each merchant's approval policy. */
import { sql } from 'drizzle-orm';
import type { BatchCellIssue, BatchRowValues } from '@mg/domain';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';

export const payout = pgTable(
  'payout',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    merchantOrderId: varchar('merchant_order_id', { length: 64 }).notNull(),
    /** The batch it came in (its hold is the batch's one transfer), null for a single payout. */
    batchId: varchar('batch_id', { length: 32 }),
    /** Its row in the batch file (1 = the first row under the header). */
    batchRow: integer('batch_row'),
    /** 'sandbox' | 'live': the mode of the key that created it (dashboard payouts: sandbox until live keys exist). */
    mode: varchar('mode', { length: 8 }).notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** domain PAYOUT_DESTINATIONS bankCode, and what it resolved to when created. */
    bankCode: varchar('bank_code', { length: 32 }).notNull(),
    destinationKind: varchar('destination_kind', { length: 8 }).notNull(),
    channel: integer('channel').notNull(),
    accountName: varchar('account_name', { length: 100 }).notNull(),
    accountNumber: varchar('account_number', { length: 80 }).notNull(),
    accountType: varchar('account_type', { length: 16 }),
    documentId: varchar('document_id', { length: 32 }),
    bankAgency: varchar('bank_agency', { length: 16 }),
    pixKeyType: varchar('pix_key_type', { length: 8 }),
    amount: money('amount').notNull(),
    /** Held with the amount when created; charged on success only. */
    fee: money('fee').notNull(),
    /** domain PayoutStatus. */
    status: varchar('status', { length: 16 }).notNull(),
    /** domain payout failure reason code: failed, or rejected when the review expired. */
    failureCode: varchar('failure_code', { length: 40 }),
    rejectReason: varchar('reject_reason', { length: 255 }),
    description: varchar('description', { length: 255 }),
    notifyUrl: varchar('notify_url', { length: 512 }),
    notifyStatus: varchar('notify_status', { length: 16 }),
    /** The maker: a dashboard username, or `api:<key id>`. */
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    /** The checker, or 'auto' under the approval policy. */
    reviewedBy: varchar('reviewed_by', { length: 64 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    autoApproved: boolean('auto_approved').notNull().default(false),
    /** When it went to the channel; a payout not yet sent can still be cancelled. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The channel's id of the payout; a crypto payout's chain transaction id (Ethereum: 0x + 64 hex). */
    channelReference: varchar('channel_reference', { length: 80 }),
    /** When the (sandbox) channel's answer is due; null while processing: it waits for a helper. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('payout_id_uq').on(t.id),
    uniqueIndex('payout_merchant_order_uq').on(t.merchantId, t.merchantOrderId),
    index('payout_merchant_created_idx').on(t.merchantId, t.currency, t.createdAt.desc(), t.id.desc()),
    index('payout_batch_idx').on(t.merchantId, t.batchId).where(sql`${t.batchId} is not null`),
    index('payout_destination_idx').on(t.merchantId, t.bankCode, t.accountNumber, t.createdAt),
    // Global search: a chain transaction id (crypto payouts) finds its payout; an account number's last digits use
    // payout_account_suffix_idx on reverse(account_number) (migration 0020: an operator class drizzle cannot declare).
    index('payout_channel_reference_idx').on(t.merchantId, t.channelReference).where(sql`${t.channelReference} is not null`),
    // The jobs' work: payouts waiting for review (expiry), and sent ones waiting for the channel.
    index('payout_review_idx').on(t.createdAt).where(sql`${t.status} = 'pending_review'`),
    index('payout_processing_idx').on(t.dueAt).where(sql`${t.status} = 'processing'`),
    check('payout_amount_ck', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

/**
 * A merchant's payout approval policy per currency (issue 11). No row: every payout is reviewed. Null limits: that
 * limit never auto-approves.
 */
export const payoutPolicy = pgTable(
  'payout_policy',
  {
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** Auto-approve a payout up to this amount (minor units) ... */
    autoApproveMax: money('auto_approve_max'),
    /** ... while the day's auto-approved total (merchant's zone) stays within this. */
    dailyAutoMax: money('daily_auto_max'),
    updatedBy: varchar('updated_by', { length: 64 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.currency] })],
);

/** A batch of payouts from an uploaded file: submitted whole (its total held at once) or refused whole. */
export const payoutBatch = pgTable(
  'payout_batch',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    currency: varchar('currency', { length: 8 }).notNull(),
    /** domain PayoutBatchStatus. */
    status: varchar('status', { length: 16 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** What the file held and what was submitted (rows excluded in the preview are the difference). */
    uploadedCount: integer('uploaded_count').notNull(),
    uploadedTotal: money('uploaded_total').notNull(),
    rowCount: integer('row_count').notNull(),
    totalAmount: money('total_amount').notNull(),
    totalFee: money('total_fee').notNull(),
    /**
     * The upload's rows left out of the batch (excluded in the preview), with the problems each had then: the
     * result file lists every row of the upload with its fate, these beside the payouts.
     */
    excludedRows: jsonb('excluded_rows').$type<{ row: number; values: BatchRowValues; issues: BatchCellIssue[] }[]>().notNull().default([]),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    reviewedBy: varchar('reviewed_by', { length: 64 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.id] }), uniqueIndex('payout_batch_id_uq').on(t.id), index('payout_batch_merchant_created_idx').on(t.merchantId, t.createdAt.desc())],
);
