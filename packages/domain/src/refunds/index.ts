/** Refunds of collections: the list, and the refund action on a collection. */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';

import { refundsList } from './list';
import { REFUNDS_PERM } from './perm';

export * from './vocabulary';
export * from './perm';
export * from './list';
export * from './calls';

export const refundsArea = defineArea({
  name: 'refunds',
  perm: REFUNDS_PERM,
  pages: [{ group: MenuGroup.PAYMENT, order: 20, path: '/payment/refunds', name: 'payment-refunds', component: 'refunds/Refunds', titleKey: 'refunds.menu', icon: 'RollbackOutlined', perm: REFUNDS_PERM.REFUND_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  permissions: [button(REFUNDS_PERM.REFUND_ADD, 'refunds.perm.add', '/payment/collections', [GrantTier.OPERATE])],
  lists: [refundsList],
});
