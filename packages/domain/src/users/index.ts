/** The merchant's users (spec §7 "Users": /sys/user/...). */
import { button, defineArea, GrantTier, MenuGroup } from '../areas/define';
import { usersList } from './list';
import { USERS_PERM } from './perm';

export * from './list';
export * from './perm';
export * from './calls';


const PAGE = '/system/users';
const T = [GrantTier.TEAM];

export const usersArea = defineArea({
  name: 'users',
  perm: USERS_PERM,
  pages: [{ group: MenuGroup.SYSTEM, order: 10, path: PAGE, name: 'system-users', component: 'users/Users', titleKey: 'users.menu', icon: 'UserOutlined', perm: USERS_PERM.USER_MENU, tiers: T, keepAlive: true }],
  lists: [usersList],
  permissions: [
    button(USERS_PERM.USER_ADD, 'users.perm.add', PAGE, T),
    button(USERS_PERM.USER_EDIT, 'users.perm.edit', PAGE, T),
    button(USERS_PERM.USER_FREEZE, 'users.perm.freeze', PAGE, T),
    button(USERS_PERM.USER_RESET_PASSWORD, 'users.perm.resetPassword', PAGE, T),
  ],
});
