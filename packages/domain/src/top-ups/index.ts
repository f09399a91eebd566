/**
 * Top-ups (issue 12): the merchant funds its own balance with a payment it makes through the cashier, like a
 * collection; on success the money goes straight to available (no pending, no settlement).
 */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { topUpsList } from './list';
import { TOP_UPS_PERM } from './perm';

export * from './perm';
export * from './list';
export * from './vocabulary';
export * from './calls';

const PAGE = '/funds/top-ups';

export const topUpsArea = defineArea({
  name: 'top-ups',
  perm: TOP_UPS_PERM,
  pages: [{ group: MenuGroup.FUNDS, order: 12, path: PAGE, name: 'funds-top-ups', component: 'top-ups/TopUps', titleKey: 'top-ups.menu', icon: 'DollarOutlined', perm: TOP_UPS_PERM.TOP_UP_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  permissions: [button(TOP_UPS_PERM.TOP_UP_ADD, 'top-ups.perm.add', PAGE, [GrantTier.OPERATE])],
  lists: [topUpsList],
});
