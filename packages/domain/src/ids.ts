/** Prefixes of business ids (DESIGN §4: prefixed, sortable, unguessable). */
export const ID_PREFIX = {
  COLLECTION: 'C',
  REFUND: 'R',
  PAYOUT: 'P',
  PAYOUT_BATCH: 'B',
  SETTLEMENT: 'S',
  PAYMENT_LINK: 'L',
  EXPORT: 'E',
  BALANCE_TRANSFER: 'T',
  TOP_UP: 'U',
  WITHDRAWAL: 'W',
  MANDATE: 'D',
} as const;
