/** Permission codes of the payouts area. */
export const PAYOUTS_PERM = {
  PAYOUT_MENU: 'payouts:menu',
  PAYOUT_ADD: 'payouts:add',
  PAYOUT_CANCEL: 'payouts:cancel',
  /** Approving or rejecting someone else's payout, and the approval policy: a permission of its own (maker-checker). */
  PAYOUT_REVIEW: 'payouts:review',
} as const;
