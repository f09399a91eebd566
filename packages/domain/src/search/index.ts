/**
 * Global search (issue 15): one box in the header finds a record by any of its identifiers across collections,
 * refunds, payouts, withdrawals and balance transfers, within the records the caller may see. Exact matches only
 * (an id, a merchant order or refund id, a payment code, a chain transaction id, a payer's e-mail) and an account
 * number's last digits, each answered from an index.
 */
import { z } from 'zod';

export const SEARCH = {
  MIN_LENGTH: 3,
  MAX_LENGTH: 100,
  /** Identifiers, e-mails and account numbers only: anything else (spaces, quotes, SQL) is refused with 400. */
  PATTERN: /^[A-Za-z0-9@._+:-]+$/,
  /** An account number is found by its last digits from this many on. */
  SUFFIX_MIN: 4,
  /** Hits answered per kind. */
  LIMIT_PER_KIND: 5,
  /** The header box waits this long after the last key before asking. */
  DEBOUNCE_MS: 300,
} as const;

/** The list a hit opens (its name is the list's, so its permission and menu page come from the declaration). */
export const SearchKind = {
  COLLECTIONS: 'collections',
  REFUNDS: 'refunds',
  PAYOUTS: 'payouts',
  WITHDRAWALS: 'withdrawals',
  BALANCE_TRANSFERS: 'balance-transfers',
} as const;
export type SearchKindValue = (typeof SearchKind)[keyof typeof SearchKind];
export const SEARCH_KINDS = Object.values(SearchKind);

/** Which identifier matched. */
export const SearchMatch = {
  ID: 'id',
  MERCHANT_ORDER_ID: 'merchantOrderId',
  MERCHANT_REFUND_ID: 'merchantRefundId',
  PAYMENT_CODE: 'paymentCode',
  CHAIN_TX: 'chainTx',
  PAYER_EMAIL: 'payerEmail',
  ACCOUNT_SUFFIX: 'accountSuffix',
  REQUEST_ID: 'requestId',
} as const;
export type SearchMatchValue = (typeof SearchMatch)[keyof typeof SearchMatch];

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH.MIN_LENGTH, 'shell.search.tooShort')
    .max(SEARCH.MAX_LENGTH, 'shell.search.tooLong')
    .regex(SEARCH.PATTERN, 'shell.search.invalid'),
});

export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS as [SearchKindValue, ...SearchKindValue[]]),
  id: z.string(),
  match: z.enum(Object.values(SearchMatch) as [SearchMatchValue, ...SearchMatchValue[]]),
  merchantId: z.number(),
  currency: z.string(),
  status: z.string(),
  amount: z.string().describe('decimal string in the currency units'),
  createdAt: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
