/** Balances per currency (available, pending, frozen) and the low-balance limit. */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { BALANCES_PERM } from './perm';

export * from './perm';
export * from './views';
export * from './calls';

const PAGE = '/funds/balances';

export const balancesArea = defineArea({
  name: 'balances',
  perm: BALANCES_PERM,
  pages: [{ group: MenuGroup.FUNDS, order: 10, path: PAGE, name: 'funds-balances', component: 'balances/Balances', titleKey: 'balances.menu', icon: 'WalletOutlined', perm: BALANCES_PERM.BALANCE_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  permissions: [button(BALANCES_PERM.BALANCE_LIMIT_EDIT, 'balances.perm.limit', PAGE, [GrantTier.OPERATE])],
});
