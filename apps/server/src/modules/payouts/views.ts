/**
 * Answer shapes of payouts beyond the list record (declared in the domain, payouts/calls.ts): the destinations of a
 * currency, the policy, the status history, a line of the review queue, a batch and a batch's quote.
 */
import {
  PayoutStatus,
  fieldLabelKey,
  fieldsOf,
  payoutBatchQuoteSchema,
  payoutBatchSchema,
  payoutDestinationsSchema,
  payoutDestinationsOf,
  payoutPolicySchema,
  payoutReviewQueueItemSchema,
  payoutTimelineSchema,
  toMajorString,
  translate,
  type CurrencyCode,
  type Language,
} from '@mg/domain';
import type { z } from 'zod';
import type { BatchQuote } from './batch';
import type { PayoutBatchRow, PayoutPolicyRow, PayoutRow } from './queries';
import type { ReviewQueueRow } from './queries/review';

/** The open API's banks route answers the dashboard's shape. */
export { payoutDestinationsSchema as destinationsSchema };

/**
 * The destinations of a currency as integrators read them: field labels are texts in the caller's language, not the
 * dashboard's i18n keys, which mean nothing outside it and could change with any release (docs/decisions.md).
 */
export function destinationsView(currency: CurrencyCode, lang: Language): z.infer<typeof payoutDestinationsSchema> {
  return payoutDestinationsOf(currency).map((d) => ({
    bankCode: d.bankCode,
    name: d.name,
    kind: d.kind,
    channel: d.channel,
    fields: fieldsOf(d),
    accountLabel: translate(lang, fieldLabelKey(d, 'accountNumber')),
    agencyLabel: fieldsOf(d).includes('bankAgency') ? translate(lang, fieldLabelKey(d, 'bankAgency')) : null,
    minAmount: d.minAmount,
    maxAmount: d.maxAmount,
  }));
}

export function policyView(merchantId: number, rows: PayoutPolicyRow[]): z.infer<typeof payoutPolicySchema> {
  const major = (v: bigint | null, c: string) => (v === null ? null : toMajorString(v, c as CurrencyCode));
  return {
    merchantId,
    currencies: rows.map((r) => ({
      currency: r.currency,
      autoApproveMax: major(r.autoApproveMax, r.currency),
      dailyAutoMax: major(r.dailyAutoMax, r.currency),
      updatedBy: r.updatedBy,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** The status history of a payout, from the times its row keeps (each change writes its own column). */
export function timelineOf(p: PayoutRow): z.infer<typeof payoutTimelineSchema> {
  const out: z.infer<typeof payoutTimelineSchema> = [{ event: 'created', at: p.createdAt.toISOString(), by: p.createdBy, status: null }];
  if (p.reviewedAt) {
    const rejected = p.status === PayoutStatus.REJECTED;
    out.push({ event: p.autoApproved ? 'autoApproved' : rejected ? 'rejected' : 'approved', at: p.reviewedAt.toISOString(), by: p.reviewedBy, status: null });
  }
  if (p.sentAt) out.push({ event: 'sent', at: p.sentAt.toISOString(), by: null, status: p.channelReference });
  if (p.completedAt && !(p.status === PayoutStatus.REJECTED && p.reviewedAt?.getTime() === p.completedAt.getTime())) {
    out.push({ event: 'ended', at: p.completedAt.toISOString(), by: null, status: p.status });
  }
  return out;
}

/** One decision of a reviewer's queue, its figures in the currency's units. */
export function queueItemView(r: ReviewQueueRow): z.infer<typeof payoutReviewQueueItemSchema> {
  const c = r.currency as CurrencyCode;
  return { ...r, amount: toMajorString(r.amount, c), fee: toMajorString(r.fee, c), totalDebit: toMajorString(r.amount + r.fee, c), createdAt: r.createdAt.toISOString() };
}

export function batchQuoteView(currency: CurrencyCode, q: BatchQuote): z.infer<typeof payoutBatchQuoteSchema> {
  const m = (v: bigint) => toMajorString(v, currency);
  return { currency, count: q.count, payees: q.payees, payee: q.payee, amount: m(q.amount), fee: m(q.fee), totalDebit: m(q.totalDebit), available: m(q.available), held: m(q.held), sufficient: q.sufficient };
}

export function batchView(b: PayoutBatchRow): z.infer<typeof payoutBatchSchema> {
  const c = b.currency as CurrencyCode;
  return {
    id: b.id,
    merchantId: b.merchantId,
    currency: b.currency,
    status: b.status,
    fileName: b.fileName,
    uploadedCount: b.uploadedCount,
    uploadedTotal: toMajorString(b.uploadedTotal, c),
    rowCount: b.rowCount,
    totalAmount: toMajorString(b.totalAmount, c),
    totalFee: toMajorString(b.totalFee, c),
    totalDebit: toMajorString(b.totalAmount + b.totalFee, c),
    createdBy: b.createdBy,
    reviewedBy: b.reviewedBy,
    createdAt: b.createdAt.toISOString(),
    completedAt: b.completedAt ? b.completedAt.toISOString() : null,
  };
}
