/** Settlement records: T+N batches per merchant, currency and local day, pending until due, then settled. */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';

import { settlementsList } from './list';
import { SETTLEMENTS_PERM } from './perm';

export * from './vocabulary';
export * from './perm';
export * from './list';
export * from './views';
export * from './calls';

const PAGE = '/funds/settlements';

export const settlementsArea = defineArea({
  name: 'settlements',
  perm: SETTLEMENTS_PERM,
  pages: [{ group: MenuGroup.FUNDS, order: 30, path: PAGE, name: 'funds-settlements', component: 'settlements/Settlements', titleKey: 'settlements.menu', icon: 'CalendarOutlined', perm: SETTLEMENTS_PERM.SETTLEMENT_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  // Run due settlements now: provider staff (the job does it on schedule).
  permissions: [button(SETTLEMENTS_PERM.SETTLEMENT_RUN, 'settlements.perm.run', PAGE, [GrantTier.PLATFORM])],
  lists: [settlementsList],
});
