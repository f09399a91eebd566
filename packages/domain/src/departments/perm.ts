/** Permission codes of the departments. */
export const DEPARTMENTS_PERM = {
  DEPART_MENU: 'departments:menu',
  DEPART_ADD: 'departments:add',
  DEPART_EDIT: 'departments:edit',
  DEPART_DELETE: 'departments:delete',
} as const;
