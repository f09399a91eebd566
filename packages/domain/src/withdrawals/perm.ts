/** Permission codes of the withdrawals area. */
export const WITHDRAWALS_PERM = {
  WITHDRAWAL_MENU: 'withdrawals:menu',
  /** Asking for a withdrawal to a verified account of the merchant: the operator may. */
  WITHDRAWAL_ADD: 'withdrawals:add',
  /** Adding and deleting the merchant's own withdrawal accounts: the merchant admin's (GrantTier.TREASURY). */
  WITHDRAWAL_ACCOUNT_EDIT: 'withdrawals:account',
  /** Provider staff: approving or rejecting withdrawals, verifying accounts, the per-currency minimum and maximum. */
  WITHDRAWAL_REVIEW: 'withdrawals:review',
} as const;
