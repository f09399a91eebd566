/** Permission codes of the auto-deductions area. */
export const AUTO_DEDUCTIONS_PERM = {
  AUTO_DEDUCTION_MENU: 'auto-deductions:menu',
  /** New mandates, pause, resume, stop and "charge now": the operator may. */
  AUTO_DEDUCTION_MANAGE: 'auto-deductions:manage',
} as const;
