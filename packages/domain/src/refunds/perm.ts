/** Permission codes of the refunds area. */
export const REFUNDS_PERM = { REFUND_MENU: 'refunds:menu', REFUND_ADD: 'refunds:add' } as const;
