/**
 * Answer shapes of the open API (serialisation and the OpenAPI page at /api/docs). Amounts are decimal strings in
 * major units with the currency's decimals, times ISO-8601 UTC. The records also are the `data` of callbacks: each
 * carries a component id (`.meta({ id })`), so the document's answers and its webhooks refer to one schema.
 */
import { answerRecordOf, autoDeductionsList, FALLBACK_LANGUAGE, OPEN_API_TAG, openApiCallSummaryKey, payoutsList, topUpsList, translate, withdrawalsList, type OpenApiCallKey } from '@mg/domain';
import { z } from 'zod';
import { collectionView, type CollectionRow } from '../collections/service';
import { refundView, type RefundRow } from '../refunds/service';

/**
 * A call's OpenAPI identity: the operationId and the English summary of domain OPEN_API_CALLS, so the OpenAPI document,
 * the dashboard's documentation and the route table are one declaration (a test keeps them equal).
 */
export function callDoc(call: OpenApiCallKey) {
  return { tags: [OPEN_API_TAG], operationId: call, summary: translate(FALLBACK_LANGUAGE, openApiCallSummaryKey(call)) };
}

const money = z.string().describe('decimal string in major units');
const moneyOrNull = money.nullable();
const iso = z.string().describe('ISO-8601 UTC');

/** The success envelope of a 201 (code 201). */
export function createdEnvelope<T extends z.ZodType>(result: T) {
  return z.object({
    success: z.boolean(),
    message: z.string(),
    code: z.number().int().describe('201'),
    result,
    timestamp: z.number().int().describe('epoch milliseconds'),
  });
}

export const collectionSchema = z.object({
  id: z.string().describe('platform transaction id'),
  merchantId: z.number().int(),
  merchantOrderId: z.string(),
  mode: z.string().describe('sandbox | live: the mode of the key that created it'),
  source: z.string().describe('api | payment_link | dashboard'),
  paymentLinkId: z.string().nullable(),
  currency: z.string(),
  paymentType: z.number().int(),
  channel: z.number().int().nullable(),
  paymentCode: z
    .string()
    .nullable()
    .describe('what the payer pays with: VA number, QR payload, store code ...'),
  status: z
    .string()
    .describe('pending, processing, success, partial, failed, rejected, closed, refunded ...'),
  amount: money,
  fee: z.object({ adminFee: money, serviceFee: money, total: money }),
  paidAmount: moneyOrNull,
  refundedAmount: money,
  refundable: money.describe('what is left to refund'),
  failureReason: z.string().nullable().describe('collection failure reason code'),
  payerName: z.string().nullable(),
  payerEmail: z.string().nullable(),
  payerPhone: z.string().nullable(),
  payerAddress: z.string().nullable().describe('crypto: the address the payer sent from, once something arrived'),
  chainTradeNo: z.string().nullable().describe('crypto: the transaction id on the chain, once something arrived'),
  orderDescription: z.string().nullable(),
  expiryHours: z.number().int(),
  expiresAt: iso,
  paidAt: iso.nullable(),
  notifyUrl: z.string().nullable(),
  returnUrl: z.string().nullable(),
  notifyStatus: z.string().nullable().describe('null (nothing to notify), pending, notified, failed'),
  settlementId: z.string().nullable().describe('the settlement batch that holds it once paid (GET /api/settlements/{id} on the dashboard)'),
  cashierUrl: z.string().describe('the hosted cashier page for the payer'),
  createdAt: iso,
  updatedAt: iso,
}).meta({ id: 'Collection' });

/** The collection as the open API answers it: the shared view, which is also the `data` of callbacks. */
export function openCollectionView(row: CollectionRow, publicUrl: string): OpenCollection {
  // The shape is checked against collectionSchema when the answer is serialised.
  return collectionView(row, publicUrl) as OpenCollection;
}
export type OpenCollection = z.infer<typeof collectionSchema>;

export const refundSchema = z.object({
  id: z.string().describe('platform refund id'),
  merchantId: z.number().int(),
  collectionId: z.string(),
  merchantRefundId: z.string().nullable(),
  currency: z.string(),
  refundType: z.string().describe('partial | full'),
  refundWay: z.string().describe('original | offline'),
  requestedAmount: money,
  actualAmount: moneyOrNull,
  reason: z.string(),
  status: z.string().describe('initialised, returned_success, returned_failed'),
  failureReason: z.string().nullable(),
  notifyStatus: z.string().nullable(),
  createdBy: z.string().describe('api, or the dashboard user'),
  createdAt: iso,
  completedAt: iso.nullable(),
}).meta({ id: 'Refund' });

/** A refund's callback data: the refund, and the merchantOrderId of its collection. */
export const refundCallbackSchema = refundSchema
  .extend({ merchantOrderId: z.string().describe("the refunded collection's merchantOrderId") })
  .meta({ id: 'RefundCallback' });

export type OpenRefund = z.infer<typeof refundSchema>;

/** The refund as the open API answers it (the shared view, also the `data` of refund callbacks). */
export function openRefundView(row: RefundRow): OpenRefund {
  return refundView(row) as OpenRefund;
}

export const balanceSchema = z.object({
  merchantId: z.number().int(),
  balances: z.array(
    z.object({
      currency: z.string(),
      available: money.describe('can be paid out or refunded'),
      pending: money.describe('collected, not settled yet (T+N)'),
      frozen: money.describe('reserved for payouts in flight'),
    }),
  ),
});

export const paymentLinkSchema = z.object({
  id: z.string(),
  url: z.string().describe('the cashier page of the link, to share with the payer'),
  status: z.string().describe('active, paid, expired, void'),
  currency: z.string(),
  amount: money,
  description: z.string(),
  paymentType: z.number().int(),
  expiryHours: z.number().int(),
  expiresAt: iso,
  collectionId: z.string().nullable(),
  mode: z.string(),
  createdAt: iso,
});

export const settlementRunSchema = z.object({
  settled: z.number().int().describe('batches settled'),
  amounts: z.record(z.string(), z.string()).describe('net amount moved to available, per currency'),
});

/** The payout record of the lists (one declaration), its failure spelled out as code, message and retry flag. */
export const payoutSchema = payoutsList.record.omit({ failureCode: true, failureReason: true, batchId: true }).extend({
  failureReason: z
    .object({ code: z.string(), message: z.string(), retryable: z.boolean() })
    .nullable()
    .describe('why it failed (or expired in review): a stable code, its text in the request language, whether trying again may help'),
}).meta({ id: 'Payout' });

/** An auto-deduction mandate as the open API and its callbacks show it (the list's record). */
export const mandateSchema = answerRecordOf(autoDeductionsList).meta({ id: 'Mandate' });
/** The merchant's own money (dashboard only): the records of their lists are the callbacks' data. */
export const withdrawalSchema = answerRecordOf(withdrawalsList).meta({ id: 'Withdrawal' });
export const topUpSchema = answerRecordOf(topUpsList).meta({ id: 'TopUp' });
/** The data of `webhook.test` (Developer parameters, "Send test event"). */
export const webhookTestSchema = z
  .object({ test: z.literal(true), id: z.string(), message: z.string() })
  .meta({ id: 'WebhookTest' });
