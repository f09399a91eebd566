/** Permission codes of the dictionaries. */
export const DICTIONARIES_PERM = { DICT_MENU: 'dictionaries:menu', DICT_EDIT: 'dictionaries:edit' } as const;
