/**
 * The payouts calls declared once (calls/define.ts): the destinations of a currency, the quote of the confirmation
 * step and the creation (they take the same body), one payout with its history and callback deliveries, cancel,
 * review (one or many, or one by its path), what waits for the caller's review and the queue of it, the approval
 * policy; and batches: the quote of the rows about to be submitted, the submit, the list, a batch's review and its
 * quote. The batch file's check (its bytes are the body), the template and the result file are not calls.
 */
import { z } from 'zod';
import { callbackDeliverySchema } from '../callbacks/delivery';
import { defineCall } from '../calls/define';
import { answerRecordOf } from '../lists/define';
import { googleCodeField } from '../second-factor';
import { BATCH_COLUMNS, BATCH_ROW_ISSUE, PAYOUT_BATCH_CELL_MAX_CHARS, PAYOUT_BATCH_MAX_COLUMNS, PAYOUT_BATCH_MAX_ROWS } from './batch';
import { payoutsList } from './list';
import { PAYOUTS_PERM } from './perm';
import { PAYOUT_REJECT_REASON_MAX_LENGTH, PAYOUT_REVIEW_BATCH_MAX } from './vocabulary';

/** The payout's destination, as the destination's own fields ask (payouts/destinations.ts). */
export const payoutDestinationFields = {
  bankCode: z.string().trim().min(1).max(32),
  accountName: z.string().max(200).optional(),
  accountNumber: z.string().max(120).optional(),
  accountType: z.string().max(16).optional(),
  documentId: z.string().max(32).optional(),
  bankAgency: z.string().max(16).optional(),
  pixKeyType: z.string().max(8).optional(),
};

export const payoutBodySchema = z.object({
  merchantOrderId: z.string().trim().max(64).optional().describe('unique per merchant; default: the payout id'),
  amount: z.string().max(40),
  currency: z.string().min(1).max(8),
  description: z.string().max(255).optional(),
  ...payoutDestinationFields,
  googleCode: googleCodeField,
});

export const payoutQuoteSchema = z.object({
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  totalDebit: z.string().describe('amount + fee: what leaves the available balance'),
  available: z.string().describe('the available balance now'),
  bankName: z.string(),
  accountName: z.string().describe('as it will be paid: a crypto address is named by its label in the address book'),
});

/** The payout destinations of a currency (the open API's banks route answers the same). */
export const payoutDestinationsSchema = z.array(
  z.object({
    bankCode: z.string(),
    name: z.string(),
    kind: z.string().describe('bank | ewallet'),
    channel: z.number().int(),
    fields: z.array(z.string()).describe('request fields this destination needs, in form order'),
    accountLabel: z.string().describe('the account number field as people call it here, in the request language (X-Lang / Accept-Language): "Account number", "Wallet phone number", "CLABE", "PIX key" ...'),
    agencyLabel: z.string().nullable().describe('the bankAgency field likewise ("Branch", "IFSC"); null where the destination takes no bankAgency'),
    minAmount: z.string(),
    maxAmount: z.string(),
  }),
);

export const payoutPolicySchema = z.object({
  merchantId: z.number().int(),
  currencies: z.array(
    z.object({
      currency: z.string(),
      autoApproveMax: z.string().nullable().describe('auto-approve a payout up to this amount; null: never'),
      dailyAutoMax: z.string().nullable().describe("while the day's auto-approved total stays within this; null: no daily limit"),
      updatedBy: z.string(),
      updatedAt: z.string(),
    }),
  ),
});

export const payoutPolicyBodySchema = z.object({ currency: z.string().min(1).max(8), autoApproveMax: z.string().max(40).nullable(), dailyAutoMax: z.string().max(40).nullable(), googleCode: googleCodeField });

export const payoutTimelineSchema = z.array(z.object({ event: z.string().describe('created, approved, autoApproved, rejected, sent, ended'), at: z.string(), by: z.string().nullable(), status: z.string().nullable() }));

const payoutRecordSchema = answerRecordOf(payoutsList);

export const payoutDetailSchema = z.object({ payout: payoutRecordSchema, timeline: payoutTimelineSchema, callbacks: z.array(callbackDeliverySchema) });

const payoutIdParams = z.object({ id: z.string().min(1).max(32) });

export const payoutReviewBodySchema = z.object({
  action: z.enum(['approve', 'reject']),
  ids: z.array(z.string().min(1).max(32)).min(1).max(PAYOUT_REVIEW_BATCH_MAX),
  reason: z.string().trim().max(PAYOUT_REJECT_REASON_MAX_LENGTH).optional(),
  googleCode: googleCodeField,
});

/** One payout reviewed by its path: the review's body without the action and the ids. */
export const payoutReviewOneBodySchema = payoutReviewBodySchema.omit({ action: true, ids: true });

export const payoutReviewResultSchema = z.object({ changed: z.array(payoutRecordSchema), skipped: z.array(z.object({ id: z.string(), message: z.string() })) });

export const payoutReviewWaitingSchema = z.object({ payouts: z.number().int(), batches: z.number().int(), total: z.number().int() });

/** One decision of a reviewer's queue: a payout, or a batch as one. */
export const payoutReviewQueueItemSchema = z.object({
  kind: z.enum(['payout', 'batch']),
  id: z.string(),
  merchantId: z.number().int(),
  currency: z.string(),
  count: z.number().int().describe('payouts decided by it: 1, or the batch\'s'),
  amount: z.string(),
  fee: z.string(),
  totalDebit: z.string(),
  name: z.string().describe("the payee's name, or the batch's file name"),
  bankCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});

export const PAYOUT_REVIEW_QUEUE_PAGE_MAX = 100;

export const payoutReviewQueueQuerySchema = z.object({ page: z.coerce.number().int().min(1).default(1), pageSize: z.coerce.number().int().min(1).max(PAYOUT_REVIEW_QUEUE_PAGE_MAX).default(20) });

export const payoutReviewQueuePageSchema = z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), items: z.array(payoutReviewQueueItemSchema) });

/* Batches --------------------------------------------------------------------------------------------------- */

/** A row's cells by column, as the batch file's check answers them and the quote and the submit send them back. */
export const payoutBatchValuesSchema = z.record(z.string(), z.string().max(PAYOUT_BATCH_CELL_MAX_CHARS));

export const payoutBatchRowSchema = z.object({
  row: z.number().int().min(1),
  values: payoutBatchValuesSchema,
  formulas: z.array(z.string().max(32)).max(PAYOUT_BATCH_MAX_COLUMNS).optional(),
  outside: z.array(z.string().max(8)).max(PAYOUT_BATCH_MAX_COLUMNS + 1).optional().describe("the check's `outside` of the row: a row with any is refused"),
});

export const payoutBatchQuoteBodySchema = z.object({ currency: z.string().min(1).max(8), rows: z.array(payoutBatchRowSchema).max(PAYOUT_BATCH_MAX_ROWS) });

export const payoutBatchSubmitBodySchema = z.object({
  currency: z.string().min(1).max(8),
  fileName: z.string().max(255),
  uploadedCount: z.number().int().min(0).max(PAYOUT_BATCH_MAX_ROWS).describe('rows of the upload: rows + excluded'),
  uploadedTotal: z.string().max(40),
  rows: z.array(payoutBatchRowSchema).max(PAYOUT_BATCH_MAX_ROWS),
  excluded: z.array(payoutBatchRowSchema).max(PAYOUT_BATCH_MAX_ROWS).default([]).describe("the upload's other rows, left out in the preview: listed in the result file with their problems"),
  googleCode: googleCodeField,
});

export const payoutBatchReviewBodySchema = z.object({ action: z.enum(['approve', 'reject']), reason: z.string().trim().max(PAYOUT_REJECT_REASON_MAX_LENGTH).optional(), googleCode: googleCodeField });

/** The figures of a batch confirmation (issue 40): what it pays, the server's fee, the debit, and from which balance. */
export const payoutBatchQuoteSchema = z.object({
  currency: z.string(),
  count: z.number().int().describe('payouts'),
  payees: z.number().int().describe('distinct destinations (bank code and account)'),
  payee: z.object({ bankCode: z.string(), bankName: z.string(), accountNumber: z.string(), accountName: z.string() }).nullable().describe('the one payee when payees is 1'),
  amount: z.string(),
  fee: z.string().describe('by the merchant fee rules of batch payouts (payment type 9), as the submit holds it'),
  totalDebit: z.string().describe('amount + fee'),
  available: z.string().describe("the currency's available balance now"),
  held: z.string().describe('already held for it (a submitted batch: its payouts still waiting for review); 0 before the submit'),
  sufficient: z.boolean().describe('before the submit: available covers totalDebit; a submitted batch: its hold does'),
});

export const payoutBatchSchema = z.object({
  id: z.string(),
  merchantId: z.number().int(),
  currency: z.string(),
  status: z.string().describe('PayoutBatchStatus'),
  fileName: z.string(),
  uploadedCount: z.number().int(),
  uploadedTotal: z.string(),
  rowCount: z.number().int(),
  totalAmount: z.string(),
  totalFee: z.string(),
  totalDebit: z.string(),
  createdBy: z.string(),
  reviewedBy: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

const { PAYOUT_MENU, PAYOUT_ADD, PAYOUT_CANCEL, PAYOUT_REVIEW } = PAYOUTS_PERM;

const payoutBatchColumnSchema = z.enum(BATCH_COLUMNS);

/** One problem of a checked row: the i18n key and its parameters, on a column or on the row as a whole. */
export const payoutBatchIssueSchema = z.object({
  column: z.enum([...BATCH_COLUMNS, BATCH_ROW_ISSUE]).describe('a column, or `row` for the row as a whole'),
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** What the check of an uploaded file answers (its body is the file's bytes, so the call declares no body). */
export const payoutBatchCheckSchema = z.object({
  currency: z.string(),
  fileName: z.string(),
  columns: z.array(payoutBatchColumnSchema),
  uploadedCount: z.number().int(),
  uploadedTotal: z.string(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      values: payoutBatchValuesSchema,
      formulas: z.array(payoutBatchColumnSchema),
      outside: z.array(z.string()).describe('spreadsheet columns holding a value under no header (a row problem)'),
      issues: z.array(payoutBatchIssueSchema),
    }),
  ),
});

export const payoutCalls = {
  destinations: defineCall({
    method: 'GET',
    path: '/payouts/banks',
    permission: PAYOUT_MENU,
    summary: 'The payout destinations of a currency: code, name, kind, fields, limits',
    query: z.object({ currency: z.string().min(1).max(8) }),
    answer: payoutDestinationsSchema,
  }),
  quote: defineCall({
    method: 'POST',
    path: '/payouts/quote',
    permission: PAYOUT_ADD,
    summary: 'Check a payout and quote it (fee, total debit, available balance) before confirming; nothing is written',
    body: payoutBodySchema,
    answer: payoutQuoteSchema,
  }),
  create: defineCall({
    method: 'POST',
    path: '/payouts',
    permission: PAYOUT_ADD,
    summary: 'Create a payout: amount + fee are held at once; reviewed unless the approval policy lets it through',
    body: payoutBodySchema,
    answer: payoutRecordSchema,
  }),
  detail: defineCall({
    method: 'GET',
    path: '/payouts/:id',
    permission: PAYOUT_MENU,
    summary: 'One payout with its status history and callback deliveries',
    params: payoutIdParams,
    answer: payoutDetailSchema,
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/payouts/:id/cancel',
    permission: PAYOUT_CANCEL,
    summary: 'Cancel a payout pending review or not yet sent; its hold returns to available',
    params: payoutIdParams,
    answer: payoutRecordSchema,
  }),
  review: defineCall({
    method: 'POST',
    path: '/payouts/review',
    permission: PAYOUT_REVIEW,
    summary: 'Approve or reject payouts pending review (one or many); each is changed or skipped with its reason',
    body: payoutReviewBodySchema,
    answer: payoutReviewResultSchema,
  }),
  reviewWaiting: defineCall({
    method: 'GET',
    path: '/payouts/review/waiting',
    permission: PAYOUT_REVIEW,
    summary: "What waits for the caller's review in the session currency: single payouts and batches pending review made by someone else; a batch counts once (its payouts are reviewed with it), total = the length of the queue",
    answer: payoutReviewWaitingSchema,
  }),
  reviewQueue: defineCall({
    method: 'GET',
    path: '/payouts/review/queue',
    permission: PAYOUT_REVIEW,
    summary: "The caller's review queue, oldest first: each single payout and each batch as one item (its payouts are reviewed with it), the same items /payouts/review/waiting counts",
    query: payoutReviewQueueQuerySchema,
    answer: payoutReviewQueuePageSchema,
  }),
  approve: defineCall({
    method: 'POST',
    path: '/payouts/:id/approve',
    permission: PAYOUT_REVIEW,
    summary: 'Approve one payout pending review (not its maker; the Google code when 2FA is on)',
    params: payoutIdParams,
    body: payoutReviewOneBodySchema,
    answer: payoutRecordSchema,
  }),
  reject: defineCall({
    method: 'POST',
    path: '/payouts/:id/reject',
    permission: PAYOUT_REVIEW,
    summary: 'Reject one payout pending review with a reason; its hold is released',
    params: payoutIdParams,
    body: payoutReviewOneBodySchema,
    answer: payoutRecordSchema,
  }),
  policy: defineCall({
    method: 'GET',
    path: '/payouts/policy',
    permission: PAYOUT_MENU,
    summary: "The merchant's payout approval policy per currency (none: every payout is reviewed)",
    answer: payoutPolicySchema,
  }),
  savePolicy: defineCall({
    method: 'PUT',
    path: '/payouts/policy',
    permission: PAYOUT_REVIEW,
    summary: 'Set the auto-approval limits of one currency (empty: that currency is always reviewed)',
    body: payoutPolicyBodySchema,
    answer: payoutPolicySchema,
  }),
  batchCheck: defineCall({
    method: 'POST',
    path: '/payouts/batches/check',
    permission: PAYOUT_ADD,
    summary: `Check an uploaded batch file (body: its bytes; XLSX or CSV, up to ${PAYOUT_BATCH_MAX_ROWS} rows): every row with its problems; nothing is written`,
    query: z.object({ currency: z.string().min(1).max(8), fileName: z.string().max(255).optional() }),
    answer: payoutBatchCheckSchema,
  }),
  batchQuote: defineCall({
    method: 'POST',
    path: '/payouts/batches/quote',
    permission: PAYOUT_ADD,
    summary: 'Quote the rows about to be submitted for the confirmation: count, payees, amount, fee, total debit, the available balance and whether it covers it; checked as the submit checks them (400 naming rows[n].column); nothing is written',
    body: payoutBatchQuoteBodySchema,
    answer: payoutBatchQuoteSchema,
  }),
  batchSubmit: defineCall({
    method: 'POST',
    path: '/payouts/batches',
    permission: PAYOUT_ADD,
    summary: 'Submit checked rows as one batch: all payouts created and their total held at once, or nothing (400 naming rows[n].column, 422 INSUFFICIENT_BALANCE)',
    body: payoutBatchSubmitBodySchema,
    answer: payoutBatchSchema,
  }),
  batches: defineCall({
    method: 'GET',
    path: '/payouts/batches',
    permission: PAYOUT_MENU,
    summary: 'The newest batches of the merchant',
    answer: z.array(payoutBatchSchema),
  }),
  batchReview: defineCall({
    method: 'POST',
    path: '/payouts/batches/:id/review',
    permission: PAYOUT_REVIEW,
    summary: 'Approve or reject a whole batch (every payout still pending review); the maker cannot; the Google code when 2FA is on',
    params: payoutIdParams,
    body: payoutBatchReviewBodySchema,
    answer: payoutBatchSchema,
  }),
  batchReviewQuote: defineCall({
    method: 'GET',
    path: '/payouts/batches/:id/quote',
    permission: PAYOUT_REVIEW,
    summary: "Quote a batch's review for its confirmation: its payouts still waiting for review, their amount, fee and total debit, the hold that pays them and the available balance; nothing is written",
    params: payoutIdParams,
    answer: payoutBatchQuoteSchema,
  }),
};
