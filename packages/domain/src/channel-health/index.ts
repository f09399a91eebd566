/** Channel health (spec §2 /common/channelHealth, tikipayStuff only; issue 15). */
import { defineArea, button, GrantTier, MenuGroup } from '../areas/define';
import { CHANNEL_HEALTH_PERM } from './perm';

export * from './perm';
export * from './vocabulary';
export * from './calls';

export const channelHealthArea = defineArea(
  {
    name: 'channel-health',
    perm: CHANNEL_HEALTH_PERM,
    pages: [
      { group: MenuGroup.COMMON, order: 30, path: '/common/channelHealth', name: 'common-channel-health', component: 'channel-health/ChannelHealth', titleKey: 'channel-health.menu', icon: 'DashboardOutlined', perm: CHANNEL_HEALTH_PERM.CHANNEL_HEALTH_MENU, tiers: [GrantTier.PLATFORM], keepAlive: true },
    ],
    permissions: [button(CHANNEL_HEALTH_PERM.CHANNEL_HEALTH_MARK, 'channel-health.perm.mark', '/common/channelHealth', [GrantTier.PLATFORM])],
  },
  // Spec §2 names the route.
  { fixedPaths: ['/common/channelHealth'] },
);
