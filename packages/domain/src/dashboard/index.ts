/** The home page (spec §2 "/" and "/home" lead here): statistics of the session currency and the user's account. */
import { defineArea, GrantTier } from '../areas/define';

export const DASHBOARD_PERM = { HOME: 'dashboard:menu' } as const;

export const dashboardArea = defineArea(
  {
    name: 'dashboard',
    perm: DASHBOARD_PERM,
    pages: [
      { order: 0, path: '/dashboard/home', name: 'dashboard-home', component: 'dashboard/Home', titleKey: 'dashboard.menu', icon: 'HomeOutlined', perm: DASHBOARD_PERM.HOME, tiers: [GrantTier.HOME], keepAlive: true },
    ],
  },
  { fixedPaths: ['/dashboard/home'] },
);
