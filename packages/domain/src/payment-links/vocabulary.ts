/** Payment links: states, expiry, description. */

export const PaymentLinkStatus = { ACTIVE: 'active', PAID: 'paid', EXPIRED: 'expired', VOID: 'void' } as const;
export type PaymentLinkStatusValue = (typeof PaymentLinkStatus)[keyof typeof PaymentLinkStatus];
export const PAYMENT_LINK_STATUSES = Object.values(PaymentLinkStatus);
export const PAYMENT_LINK_EXPIRY_HOURS_MIN = 1;
export const PAYMENT_LINK_EXPIRY_HOURS_DEFAULT = 24;
export const PAYMENT_LINK_EXPIRY_HOURS_MAX = 720;
/** A payment link's description, shown to the payer. */
export const PAYMENT_LINK_DESCRIPTION_MAX_LENGTH = 255;
