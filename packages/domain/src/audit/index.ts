/** The security history of the merchant's users (audit_log). */
import { defineArea, GrantTier, MenuGroup } from '../areas/define';

export const AUDIT_PERM = { AUDIT_MENU: 'audit:menu' } as const;

export const auditArea = defineArea({
  name: 'audit',
  perm: AUDIT_PERM,
  pages: [{ group: MenuGroup.SYSTEM, order: 40, path: '/system/audit', name: 'system-audit', component: 'audit/Audit', titleKey: 'audit.menu', icon: 'HistoryOutlined', perm: AUDIT_PERM.AUDIT_MENU, tiers: [GrantTier.TEAM], keepAlive: true }],
});
export * from './actions';
