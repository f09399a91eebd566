/** Settlement records: T+N batches per merchant, currency and local day, pending until due, then settled. */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';

export * from './vocabulary';

export const SETTLEMENTS_PERM = { SETTLEMENT_MENU: 'settlements:menu', SETTLEMENT_RUN: 'settlements:run' } as const;

const PAGE = '/funds/settlements';

export const settlementsArea = defineArea({
  name: 'settlements',
  perm: SETTLEMENTS_PERM,
  pages: [{ group: MenuGroup.FUNDS, order: 30, path: PAGE, name: 'funds-settlements', component: 'settlements/Settlements', titleKey: 'settlements.menu', icon: 'CalendarOutlined', perm: SETTLEMENTS_PERM.SETTLEMENT_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  // Run due settlements now: provider staff (the job does it on schedule).
  permissions: [button(SETTLEMENTS_PERM.SETTLEMENT_RUN, 'settlements.perm.run', PAGE, [GrantTier.PLATFORM])],
});
