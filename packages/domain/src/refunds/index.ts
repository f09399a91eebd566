/** Refunds of collections: the list, and the refund action on a collection. */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';

export * from './vocabulary';

export const REFUNDS_PERM = { REFUND_MENU: 'refunds:menu', REFUND_ADD: 'refunds:add' } as const;

export const refundsArea = defineArea({
  name: 'refunds',
  perm: REFUNDS_PERM,
  pages: [{ group: MenuGroup.PAYMENT, order: 20, path: '/payment/refunds', name: 'payment-refunds', component: 'refunds/Refunds', titleKey: 'refunds.menu', icon: 'RollbackOutlined', perm: REFUNDS_PERM.REFUND_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  permissions: [button(REFUNDS_PERM.REFUND_ADD, 'refunds.perm.add', '/payment/collections', [GrantTier.OPERATE])],
});
