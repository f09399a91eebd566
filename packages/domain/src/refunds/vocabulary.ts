/** Refunds: reason length and merchant refund ids. */

/** Refunds: the reason is free text up to this length; merchant refund ids follow the merchant order id pattern. */
export const REFUND_REASON_MAX_LENGTH = 255;
export const MERCHANT_REFUND_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;
