/** Permission codes of the balance transfers area. */
export const BALANCE_TRANSFERS_PERM = {
  BALANCE_TRANSFER_MENU: 'balance-transfers:menu',
  /** Sending money to the parent, a sub-merchant or a sibling: the merchant admin's (GrantTier.TREASURY). */
  BALANCE_TRANSFER_ADD: 'balance-transfers:add',
} as const;
