/** Permission codes of the permission admin. */
export const PERMISSIONS_PERM = { PERMISSION_MENU: 'permissions:menu', PERMISSION_EDIT: 'permissions:edit' } as const;
