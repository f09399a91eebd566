/** Permission codes of exports. */
export const EXPORTS_PERM = { EXPORT: 'exports:list' } as const;
