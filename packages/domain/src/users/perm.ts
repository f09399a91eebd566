/** Permission codes of the users. */
export const USERS_PERM = {
  USER_MENU: 'users:menu',
  USER_ADD: 'users:add',
  USER_EDIT: 'users:edit',
  USER_FREEZE: 'users:freeze',
  USER_RESET_PASSWORD: 'users:resetPassword',
} as const;
