/** Refunds: reason length and merchant refund ids. */

/** Refunds: the reason is free text up to this length; merchant refund ids follow the merchant order id pattern. */
export const REFUND_REASON_MAX_LENGTH = 255;
export const MERCHANT_REFUND_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * What is left to refund of a collection, in minor units: paid (else ordered) amount minus what was refunded, and
 * nothing unless the money arrived (success or partial).
 */
export function refundableMinor(c: { status: string; amount: bigint; paidAmount: bigint | null; refundedAmount: bigint }): bigint {
  if (!REFUNDABLE_STATUSES.includes(c.status)) return 0n;
  return (c.paidAmount ?? c.amount) - c.refundedAmount;
}

/** Statuses whose collections can be refunded (while something is left). */
export const REFUNDABLE_STATUSES: readonly string[] = ['success', 'partial'];
