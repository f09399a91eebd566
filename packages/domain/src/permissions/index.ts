/** The permission catalogue as operators see and tune it (spec §7 "Permissions": /sys/permission/...). */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { PERMISSIONS_PERM } from './perm';

export * from './perm';
export * from './calls';
export * from './schemas';

const PAGE = '/system/permissions';
const T = [GrantTier.PLATFORM];

export const permissionsArea = defineArea({
  name: 'permissions',
  perm: PERMISSIONS_PERM,
  pages: [{ group: MenuGroup.SYSTEM, order: 60, path: PAGE, name: 'system-permissions', component: 'permissions/Permissions', titleKey: 'permissions.menu', icon: 'KeyOutlined', perm: PERMISSIONS_PERM.PERMISSION_MENU, tiers: T, keepAlive: true }],
  permissions: [button(PERMISSIONS_PERM.PERMISSION_EDIT, 'permissions.perm.edit', PAGE, T)],
});
