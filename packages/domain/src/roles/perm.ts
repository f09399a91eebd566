/** Permission codes of the roles. */
export const ROLES_PERM = { ROLE_MENU: 'roles:menu', ROLE_ADD: 'roles:add', ROLE_EDIT: 'roles:edit', ROLE_GRANT: 'roles:grant' } as const;
