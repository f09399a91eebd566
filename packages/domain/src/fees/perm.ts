/** Permission codes of the fees area. */
export const FEES_PERM = { FEE_EDIT: 'fees:edit' } as const;
