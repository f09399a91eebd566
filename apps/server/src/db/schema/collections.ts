/** Collections (transaction records). */
import { MERCHANT_ORDER_ID_MAX_LENGTH } from '@mg/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, money } from './columns';


/** Pay-in order. Ids are prefixed and unguessable (C...); the cashier token is a separate secret. */
export const collection = pgTable(
  'collection',
  {
    // The id alone: it is unique across merchants, and a lookup by (merchant_id, id) finds it as fast. A second unique
    // index would be one more entry written by every insert and every status change (issue 10).
    id: varchar('id', { length: 32 }).primaryKey(),
    merchantId: integer('merchant_id').notNull(),
    merchantOrderId: varchar('merchant_order_id', { length: MERCHANT_ORDER_ID_MAX_LENGTH }).notNull(),
    /** 'sandbox' | 'live': the mode of the key (or dashboard) that created it. */
    mode: varchar('mode', { length: 8 }).notNull(),
    /** 'api' | 'payment_link' | 'dashboard'. */
    source: varchar('source', { length: 16 }).notNull(),
    paymentLinkId: varchar('payment_link_id', { length: 32 }),
    currency: varchar('currency', { length: 8 }).notNull(),
    paymentType: smallint('payment_type').notNull(),
    channel: smallint('channel'),
    /** What the payer uses to pay (VA number, QR payload, convenience-store code ...), given by the channel. */
    paymentCode: varchar('payment_code', { length: 255 }),
    amount: money('amount').notNull(),
    adminFee: money('admin_fee').notNull().default(sql`0`),
    serviceFee: money('service_fee').notNull().default(sql`0`),
    paidAmount: money('paid_amount'),
    refundedAmount: money('refunded_amount').notNull().default(sql`0`),
    status: varchar('status', { length: 16 }).notNull(),
    /** Failure reason code (domain) when failed / rejected. */
    failureReason: varchar('failure_reason', { length: 64 }),
    payerName: varchar('payer_name', { length: 128 }),
    payerEmail: varchar('payer_email', { length: 191 }),
    payerPhone: varchar('payer_phone', { length: 32 }),
    /** Crypto (spec §3): the address the payer sent from and the chain's transaction id, once something arrived. */
    payerAddress: varchar('payer_address', { length: 100 }),
    chainTradeNo: varchar('chain_trade_no', { length: 80 }),
    orderDescription: varchar('order_description', { length: 255 }),
    expiryHours: smallint('expiry_hours').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    notifyUrl: varchar('notify_url', { length: 512 }),
    returnUrl: varchar('return_url', { length: 512 }),
    /** Null until a callback is due; then pending / notified / failed (domain NotifyStatus). */
    notifyStatus: varchar('notify_status', { length: 16 }),
    cashierToken: varchar('cashier_token', { length: 64 }).notNull(),
    /** The settlement batch it belongs to once succeeded. */
    settlementId: varchar('settlement_id', { length: 32 }),
    channelReference: varchar('channel_reference', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('collection_merchant_order_uq').on(t.merchantId, t.merchantOrderId),
    uniqueIndex('collection_cashier_token_uq').on(t.cashierToken),
    // A status of a month in the list's order, counted from the index alone (status=pending was 72-83 ms p95 on 1M
    // rows through the partial expiry index and a heap read per row; issue 10).
    // Channel and payment type ride along as trailing keys (issue 43): a status with either of them is read from this index alone
    // (pending + channel was a bitmap of two indexes and a heap filter, 25 ms p95 on 1.1M rows).
    index('collection_merchant_status_created_idx').on(t.merchantId, t.currency, t.status, t.createdAt.desc(), t.id.desc(), t.channel, t.paymentType),
    // A payment type of a month in the list's order (issue 43: the capped count walked the covering index to find
    // 10 000 of them, 18 ms at 110 k rows -> 26 ms at 1.1 M; now a count reads 10 000 adjacent entries).
    index('collection_merchant_type_created_idx').on(t.merchantId, t.currency, t.paymentType, t.createdAt.desc(), t.id.desc()),
    // Covering index of the dashboard (modules/collections/queries.ts, statistics.ts): the capped count and the page
    // keys of a merchant's month in one currency with any list filter, and the home statistics, are read from it
    // without touching the table (1M rows: first page ~10 ms instead of ~550 ms, a month of statistics 0.3 s not 1 s).
    index('collection_merchant_currency_created_idx').on(
      t.merchantId,
      t.currency,
      t.createdAt.desc(),
      t.id.desc(),
      t.status,
      t.paymentType,
      t.channel,
      t.amount,
      t.notifyStatus,
      t.paidAmount,
      t.adminFee,
      t.serviceFee,
    ),
    // Amount filters and the amount sort of the list (bench/list-latency.ts, docs/benchmarks.md): a rare amount range
    // is found here instead of walking a month of the covering index (55 -> 3 ms p95 on 1M rows), and sorting a month
    // by amount reads it in order (backward for desc) with an incremental sort of ties (105 -> 13 ms p95).
    // The amount column's statistics target is 1000 (migration 0040): with the default 100 a rare range (>= 20 000 000)
    // was estimated at 2 500 rows where there is one, and the planner walked a month of the covering index (86 ms p95
    // at 1.1 M rows) instead of reading this index (under 1 ms).
    // created_at at its end (migration 0041): an amount range's capped count reads the month from it alone.
    index('collection_merchant_currency_amount_idx').on(t.merchantId, t.currency, t.amount, t.createdAt),
    // A rare channel (a few % of a month) or the notify statuses still to chase (pending / failed, ~4 %): the capped
    // count otherwise walks the whole month of the covering index to find 10 000 matches (1M rows: 45-75 ms p95 ->
    // under 10 ms). The notify one is partial, so it stays small.
    index('collection_merchant_channel_created_idx').on(t.merchantId, t.currency, t.channel, t.createdAt.desc(), t.id.desc()),
    index('collection_merchant_notify_created_idx')
      .on(t.merchantId, t.currency, t.notifyStatus, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.notifyStatus} in ('pending', 'failed')`),
    // Platform staff's list of every merchant in one currency (no merchant filter): without it the month was a
    // sequential scan and sort, 0.5-2.0 s on 1M rows (issue 10).
    index('collection_currency_created_idx').on(t.currency, t.createdAt.desc(), t.id.desc()),
    index('collection_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} in ('pending', 'processing')`),
    // A settlement batch opened: its collections and their sums. Written once per collection (when it succeeds).
    // Global search (issue 15): a payment code, a chain transaction id or a payer's e-mail finds its order. Partial
    // (null for most crypto or cash orders) and never updated after the insert, so a status change stays HOT-able.
    index('collection_payment_code_idx').on(t.merchantId, t.paymentCode).where(sql`${t.paymentCode} is not null`),
    index('collection_chain_trade_idx').on(t.merchantId, t.chainTradeNo).where(sql`${t.chainTradeNo} is not null`),
    index('collection_payer_email_idx').on(t.merchantId, sql`lower(${t.payerEmail})`).where(sql`${t.payerEmail} is not null`),
    index('collection_settlement_idx').on(t.merchantId, t.settlementId, t.createdAt.desc(), t.id.desc()).where(sql`${t.settlementId} is not null`),
    check('collection_amounts_ck', sql`${t.amount} > 0 and ${t.adminFee} >= 0 and ${t.serviceFee} >= 0 and ${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);
