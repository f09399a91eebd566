/**
 * The withdrawals calls declared once (calls/define.ts): the merchant's accounts (added and deleted by its admin,
 * verified by provider staff), the limits and arrival date the form shows, the quote of the confirmation step (the
 * creation's body, answered with the figures the confirmation names: fee, total held, the balance it comes from, the
 * account), the withdrawal, the daily auto-withdrawal, and provider staff's queues, review and limits.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { staffMerchantIdField } from '../validation';
import { answerRecordOf } from '../lists/define';
import { googleCodeField } from '../second-factor';
import { withdrawalsList } from './list';
import { WITHDRAWALS_PERM } from './perm';
import { WITHDRAWAL_REJECT_REASON_MAX_LENGTH, withdrawalAccountSchema, withdrawalAutoSchema, withdrawalLimitsSchema, withdrawalQuoteSchema } from './vocabulary';

export const withdrawalBodySchema = z.object({
  amount: z.string().max(40),
  currency: z.string().min(1).max(8),
  accountId: z.coerce.number().int().positive().optional().describe('one of the merchant’s usable withdrawal accounts'),
  googleCode: googleCodeField,
});

/** A new withdrawal account: a bank of the currency, with its country's fields. */
export const withdrawalAccountBodySchema = z.object({
  currency: z.string().min(1).max(8),
  bankCode: z.string().trim().max(32),
  accountName: z.string().max(200).optional(),
  accountNumber: z.string().max(120).optional(),
  accountType: z.string().max(16).optional(),
  documentId: z.string().max(32).optional(),
  bankAgency: z.string().max(16).optional(),
  googleCode: googleCodeField,
});

/** The auto-withdrawal of a currency as set: daily at `hour`, what is above `floor` goes to the account. */
export const withdrawalAutoBodySchema = z.object({
  enabled: z.boolean(),
  accountId: z.coerce.number().int().positive(),
  floor: z.string().max(40),
  hour: z.coerce.number().int().min(0).max(23),
  googleCode: googleCodeField,
});

/** Provider staff's queues: withdrawals waiting for review, accounts waiting for verification. */
export const withdrawalWaitingSchema = z.object({ withdrawals: z.number(), accounts: z.number() });

const accountIdParams = z.object({ id: z.coerce.number().int().positive() });
const currencyParams = z.object({ currency: z.string().min(1).max(8) });
const record = answerRecordOf(withdrawalsList);

export const withdrawalCalls = {
  waiting: defineCall({
    method: 'GET',
    path: '/withdrawals/review/waiting',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_REVIEW,
    summary: "Provider staff's queues: withdrawals waiting for review, accounts waiting for verification",
    answer: withdrawalWaitingSchema,
  }),
  accounts: defineCall({
    method: 'GET',
    path: '/withdrawals/accounts',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_MENU,
    summary: "The merchant's withdrawal accounts (provider staff: every merchant's, or one; `status=pending` is their verification queue)",
    query: z.object({ currency: z.string().max(8).optional(), status: z.enum(['pending', 'verified', 'rejected']).optional(), merchantId: staffMerchantIdField }),
    answer: z.array(withdrawalAccountSchema),
  }),
  addAccount: defineCall({
    method: 'POST',
    path: '/withdrawals/accounts',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_ACCOUNT_EDIT,
    summary: 'Add a withdrawal account (a bank of the currency, with its country fields); every admin of the merchant is told; usable once verified',
    body: withdrawalAccountBodySchema,
    answer: withdrawalAccountSchema,
  }),
  deleteAccount: defineCall({
    method: 'DELETE',
    path: '/withdrawals/accounts/:id',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_ACCOUNT_EDIT,
    summary: 'Delete a withdrawal account at once (withdrawals made to it keep it)',
    params: accountIdParams,
    query: z.object({ googleCode: googleCodeField }),
    answer: z.null(),
  }),
  verifyAccount: defineCall({
    method: 'POST',
    path: '/withdrawals/accounts/:id/verify',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_REVIEW,
    summary: 'Provider staff: verify (usable at once) or reject a pending account',
    params: accountIdParams,
    body: z.object({ verify: z.boolean(), googleCode: googleCodeField }),
    answer: withdrawalAccountSchema,
  }),
  auto: defineCall({
    method: 'GET',
    path: '/withdrawals/auto/:currency',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_MENU,
    summary: 'The auto-withdrawal of a currency (off until set)',
    params: currencyParams,
    answer: withdrawalAutoSchema,
  }),
  setAuto: defineCall({
    method: 'PUT',
    path: '/withdrawals/auto/:currency',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_ACCOUNT_EDIT,
    summary: "Set the auto-withdrawal of a currency: daily at `hour` (the currency's zone), what is above `floor` goes to the account",
    params: currencyParams,
    body: withdrawalAutoBodySchema,
    answer: withdrawalAutoSchema,
  }),
  limits: defineCall({
    method: 'GET',
    path: '/withdrawals/limits',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_MENU,
    summary: 'Minimum and maximum of one withdrawal in a currency, the available balance, and the arrival date if asked now',
    query: z.object({ currency: z.string().min(1).max(8) }),
    answer: withdrawalLimitsSchema,
  }),
  setLimits: defineCall({
    method: 'PUT',
    path: '/withdrawals/limits/:currency',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_REVIEW,
    summary: 'Provider staff: the minimum and maximum of one withdrawal in a currency',
    params: currencyParams,
    body: z.object({ minAmount: z.string().max(40), maxAmount: z.string().max(40) }),
    answer: z.null(),
  }),
  quote: defineCall({
    method: 'POST',
    path: '/withdrawals/quote',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_ADD,
    summary: 'Check a withdrawal (spec §5) and quote it (fee, total held, available, arrival date); nothing is written',
    body: withdrawalBodySchema,
    answer: withdrawalQuoteSchema,
  }),
  create: defineCall({
    method: 'POST',
    path: '/withdrawals',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_ADD,
    summary: 'Withdraw: amount + fee held at once, waiting for provider staff (400 naming the field with spec §5 messages, 422 INSUFFICIENT_BALANCE)',
    body: withdrawalBodySchema,
    answer: record,
  }),
  review: defineCall({
    method: 'POST',
    path: '/withdrawals/:id/review',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_REVIEW,
    summary: 'Provider staff: approve (sent to the channel) or reject with a reason (the hold released)',
    params: z.object({ id: z.string().min(1).max(32) }),
    body: z.object({ action: z.enum(['approve', 'reject']), reason: z.string().max(WITHDRAWAL_REJECT_REASON_MAX_LENGTH).optional(), googleCode: googleCodeField }),
    answer: record,
  }),
};
