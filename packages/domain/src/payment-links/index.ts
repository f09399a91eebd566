/** Payment links: a shareable cashier link for an amount, valid a number of hours. */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';

import { paymentLinksList } from './list';
import { PAYMENT_LINKS_PERM } from './perm';

export * from './vocabulary';
export * from './perm';
export * from './list';
export * from './calls';

const PAGE = '/payment/payment-links';

export const paymentLinksArea = defineArea({
  name: 'payment-links',
  perm: PAYMENT_LINKS_PERM,
  pages: [{ group: MenuGroup.PAYMENT, order: 30, path: PAGE, name: 'payment-payment-links', component: 'payment-links/PaymentLinks', titleKey: 'payment-links.menu', icon: 'LinkOutlined', perm: PAYMENT_LINKS_PERM.PAYMENT_LINK_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  permissions: [
    button(PAYMENT_LINKS_PERM.PAYMENT_LINK_ADD, 'payment-links.perm.add', PAGE, [GrantTier.OPERATE]),
    button(PAYMENT_LINKS_PERM.PAYMENT_LINK_VOID, 'payment-links.perm.void', PAGE, [GrantTier.OPERATE]),
  ],
  lists: [paymentLinksList],
});
