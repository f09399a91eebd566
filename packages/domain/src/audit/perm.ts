/** Permission codes of the security history. */
export const AUDIT_PERM = { AUDIT_MENU: 'audit:menu' } as const;
