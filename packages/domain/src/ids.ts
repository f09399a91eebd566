/** Prefixes of business ids (DESIGN §4: prefixed, sortable, unguessable). */
export const ID_PREFIX = {
  COLLECTION: 'C',
  REFUND: 'R',
  PAYOUT: 'P',
  SETTLEMENT: 'S',
  PAYMENT_LINK: 'L',
  EXPORT: 'E',
} as const;
