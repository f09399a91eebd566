/** Permission codes of the settlements area. */
export const SETTLEMENTS_PERM = { SETTLEMENT_MENU: 'settlements:menu', SETTLEMENT_RUN: 'settlements:run' } as const;
