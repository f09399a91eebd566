/** One settlement batch opened (`GET /api/settlements/{id}`): its totals next to what it is made of. */
import { z } from 'zod';
import { settlementsList } from './list';

const money = z.string().describe('decimal string in the currency units');

/** Refunds listed with a batch at most (the sum covers them all). */
export const SETTLEMENT_DETAIL_MAX_REFUNDS = 200;

export const settlementDetailSchema = z.object({
  batch: settlementsList.record,
  /** Its collections summed: count, paid amounts and fees (they equal the batch's collectionCount, gross and fee). */
  collections: z.object({ count: z.number().int(), gross: money, fee: money }),
  /** Refunds that took money from the batch while it was pending, with the part each took. */
  refunds: z.array(z.object({ id: z.string(), collectionId: z.string(), createdAt: z.string(), fromPending: money })),
  /** Sum of the refunds' parts (equals the batch's refundedAmount). */
  refundsTotal: money,
  /** True when the batch's totals equal the sums of what it is made of, and net = gross - fee - refunded. */
  agrees: z.boolean(),
});
export type SettlementDetail = z.infer<typeof settlementDetailSchema>;
