/** Roles and what they grant (spec §7 "Roles": /sys/role/...). */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { ROLES_PERM } from './perm';

export * from './perm';
export * from './calls';

const PAGE = '/system/roles';
const T = [GrantTier.ORGANISATION];

export const rolesArea = defineArea({
  name: 'roles',
  perm: ROLES_PERM,
  pages: [{ group: MenuGroup.SYSTEM, order: 20, path: PAGE, name: 'system-roles', component: 'roles/Roles', titleKey: 'roles.menu', icon: 'SafetyCertificateOutlined', perm: ROLES_PERM.ROLE_MENU, tiers: T, keepAlive: true }],
  permissions: [
    button(ROLES_PERM.ROLE_ADD, 'roles.perm.add', PAGE, T),
    button(ROLES_PERM.ROLE_EDIT, 'roles.perm.edit', PAGE, T),
    button(ROLES_PERM.ROLE_GRANT, 'roles.perm.grant', PAGE, T),
  ],
});
