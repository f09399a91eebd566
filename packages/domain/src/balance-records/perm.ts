/** Permission codes of the balance records area. */
export const BALANCE_RECORDS_PERM = { BALANCE_RECORD_MENU: 'balance-records:menu' } as const;
