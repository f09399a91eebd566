/** Balances as the dashboard reads them (answer shapes; amounts are decimal strings). */
import { z } from 'zod';

const money = z.string().describe('decimal string in the currency units');

/** One currency of `GET /api/balances`: belowLimit is available < limitBalance. */
export const balanceViewSchema = z.object({
  currency: z.string(),
  available: money,
  pending: money,
  frozen: money,
  limitBalance: money.nullable().describe('low-balance threshold; null: none'),
  belowLimit: z.boolean(),
});
export type BalanceView = z.infer<typeof balanceViewSchema>;
