/** Announcements from the provider to merchants (spec §7 "Announcements"); every user reads them in the header bell. */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { announcementsList } from './list';
import { ANNOUNCEMENTS_PERM } from './perm';

export * from './calls';
export * from './list';
export * from './perm';

const PAGE = '/system/announcements';
const T = [GrantTier.PLATFORM];

export const announcementsArea = defineArea({
  name: 'announcements',
  perm: ANNOUNCEMENTS_PERM,
  pages: [{ group: MenuGroup.SYSTEM, order: 50, path: PAGE, name: 'system-announcements', component: 'announcements/Announcements', titleKey: 'announcements.menu', icon: 'NotificationOutlined', perm: ANNOUNCEMENTS_PERM.ANNOUNCEMENT_MENU, tiers: T, keepAlive: true }],
  permissions: [button(ANNOUNCEMENTS_PERM.ANNOUNCEMENT_PUBLISH, 'announcements.perm.publish', PAGE, T)],
  lists: [announcementsList],
});
