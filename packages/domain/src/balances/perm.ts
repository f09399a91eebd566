/** Permission codes of the balances area. */
export const BALANCES_PERM = { BALANCE_MENU: 'balances:menu', BALANCE_LIMIT_EDIT: 'balances:limit' } as const;
