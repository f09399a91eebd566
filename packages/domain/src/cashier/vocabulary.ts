/** The public cashier page (/pay/{token}). */

/** What the sandbox payer may choose on the cashier page (POST /api/cashier/{token}/pay). */
export const CashierOutcome = { SUCCESS: 'success', FAIL: 'fail' } as const;
export type CashierOutcomeValue = (typeof CashierOutcome)[keyof typeof CashierOutcome];
export const CASHIER_OUTCOMES = Object.values(CashierOutcome);
