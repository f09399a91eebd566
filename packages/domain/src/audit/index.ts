/** The security history of the merchant's users (audit_log). */
import { defineArea, GrantTier, MenuGroup } from '../areas/define';
import { auditList } from './list';
import { AUDIT_PERM } from './perm';

export * from './actions';
export * from './detail';
export * from './list';
export * from './perm';

export const auditArea = defineArea({
  name: 'audit',
  perm: AUDIT_PERM,
  pages: [{ group: MenuGroup.SYSTEM, order: 40, path: '/system/audit', name: 'system-audit', component: 'audit/Audit', titleKey: 'audit.menu', icon: 'HistoryOutlined', perm: AUDIT_PERM.AUDIT_MENU, tiers: [GrantTier.TEAM], keepAlive: true }],
  lists: [auditList],
});
