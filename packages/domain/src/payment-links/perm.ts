/** Permission codes of the payment links area. */
export const PAYMENT_LINKS_PERM = {
  PAYMENT_LINK_MENU: 'payment-links:menu',
  PAYMENT_LINK_ADD: 'payment-links:add',
  PAYMENT_LINK_VOID: 'payment-links:void',
} as const;
