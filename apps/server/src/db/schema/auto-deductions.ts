/** Auto-deduction mandates and their charges (issue 12). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';

export const mandate = pgTable(
  'mandate',
  {
    id: varchar('id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    merchantMandateId: varchar('merchant_mandate_id', { length: 64 }),
    currency: varchar('currency', { length: 8 }).notNull(),
    amount: money('amount').notNull(),
    paymentType: smallint('payment_type').notNull(),
    intervalPeriod: smallint('interval_period').notNull(),
    /** domain IntervalUnit: day, week, month. */
    intervalUnit: varchar('interval_unit', { length: 8 }).notNull(),
    /** Null: until stopped. */
    repetitions: integer('repetitions'),
    chargesDone: integer('charges_done').notNull().default(0),
    deductedAmount: money('deducted_amount').notNull().default(sql`0`),
    /** Failed tries of the current charge (domain MANDATE_MAX_RETRIES). */
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** The charge time the payer was last told of (a notice per charge). */
    noticeFor: timestamp('notice_for', { withTimezone: true }),
    lastFailureReason: varchar('last_failure_reason', { length: 64 }),
    /** domain MandateStatus: INIT, ACTIVE, PAUSED, STOPPED, FAIL. */
    status: varchar('status', { length: 8 }).notNull(),
    payerEmail: varchar('payer_email', { length: 254 }).notNull(),
    payerName: varchar('payer_name', { length: 128 }),
    /** The secret of its authorisation page at the cashier. */
    cashierToken: varchar('cashier_token', { length: 64 }).notNull(),
    authorizeBefore: timestamp('authorize_before', { withTimezone: true }).notNull(),
    notifyUrl: varchar('notify_url', { length: 512 }),
    createdBy: varchar('created_by', { length: 64 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    uniqueIndex('mandate_id_uq').on(t.id),
    uniqueIndex('mandate_cashier_token_uq').on(t.cashierToken),
    uniqueIndex('mandate_merchant_mandate_uq').on(t.merchantId, t.merchantMandateId),
    index('mandate_merchant_created_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()),
    index('mandate_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('mandate_due_idx').on(t.nextChargeAt).where(sql`${t.status} = 'ACTIVE'`),
    check('mandate_amount_ck', sql`${t.amount} > 0 AND ${t.intervalPeriod} > 0`),
  ],
);

/** Each try of a charge: the collection it made and how it ended. */
export const mandateCharge = pgTable(
  'mandate_charge',
  {
    mandateId: varchar('mandate_id', { length: 32 }).notNull(),
    merchantId: integer('merchant_id').notNull(),
    /** 1, 2, ... per try. */
    seq: integer('seq').notNull(),
    collectionId: varchar('collection_id', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    failureReason: varchar('failure_reason', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.mandateId, t.seq] }), index('mandate_charge_merchant_idx').on(t.merchantId, t.mandateId)],
);
