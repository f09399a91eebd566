/** Departments of a merchant (spec §7 "Departments": /sys/sysDepart/...). */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { DEPARTMENTS_PERM } from './perm';

export * from './perm';
export * from './calls';

const PAGE = '/system/departments';
const T = [GrantTier.ORGANISATION];

export const departmentsArea = defineArea({
  name: 'departments',
  perm: DEPARTMENTS_PERM,
  pages: [{ group: MenuGroup.SYSTEM, order: 30, path: PAGE, name: 'system-departments', component: 'departments/Departments', titleKey: 'departments.menu', icon: 'ApartmentOutlined', perm: DEPARTMENTS_PERM.DEPART_MENU, tiers: T, keepAlive: true }],
  permissions: [
    button(DEPARTMENTS_PERM.DEPART_ADD, 'departments.perm.add', PAGE, T),
    button(DEPARTMENTS_PERM.DEPART_EDIT, 'departments.perm.edit', PAGE, T),
    button(DEPARTMENTS_PERM.DEPART_DELETE, 'departments.perm.delete', PAGE, T),
  ],
});
