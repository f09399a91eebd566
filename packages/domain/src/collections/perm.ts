/** Permission codes of the collections area. */
export const COLLECTIONS_PERM = { COLLECTION_MENU: 'collections:menu' } as const;
