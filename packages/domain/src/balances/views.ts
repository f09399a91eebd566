/** Balances as the dashboard reads them (answer shapes; amounts are decimal strings). */

/** One currency of `GET /api/balances`. */
export interface BalanceView {
  currency: string;
  available: string;
  pending: string;
  frozen: string;
  /** Low-balance threshold, whole currency units; null when none is set. */
  limitBalance: string | null;
  /** available < limitBalance. */
  belowLimit: boolean;
}
