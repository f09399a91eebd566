/** Permission codes of the top-ups area. */
export const TOP_UPS_PERM = {
  TOP_UP_MENU: 'top-ups:menu',
  /** Funding the balance: the operator may (issue 12 role grants). */
  TOP_UP_ADD: 'top-ups:add',
} as const;
