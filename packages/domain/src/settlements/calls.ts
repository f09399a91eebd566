/**
 * The settlements calls declared once (calls/define.ts): one batch opened with what it is made of, and "run
 * settlement now" (provider staff), answered with how many batches were settled and how much per currency.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { staffMerchantIdField } from '../validation';
import { SETTLEMENTS_PERM } from './perm';
import { settlementDetailSchema } from './views';

/** Answer of "run settlement now": how many batches were settled, and the net amount settled per currency. */
export const settlementRunResultSchema = z.object({ settled: z.number().int(), amounts: z.record(z.string(), z.string().describe('decimal string')) });

export const settlementCalls = {
  detail: defineCall({
    method: 'GET',
    path: '/settlements/:id',
    permission: SETTLEMENTS_PERM.SETTLEMENT_MENU,
    summary: 'One settlement batch with the sums of its collections and the refunds taken from it while pending',
    params: z.object({ id: z.string().max(32) }),
    answer: settlementDetailSchema,
  }),
  run: defineCall({
    method: 'POST',
    path: '/settlements/run',
    permission: SETTLEMENTS_PERM.SETTLEMENT_RUN,
    summary: 'Settle pending batches now (provider staff): all of them, or only those already due',
    body: z
      .object({
        merchantId: staffMerchantIdField,
        dueOnly: z.boolean().optional().describe('default false: every pending batch'),
      })
      .default({}),
    answer: settlementRunResultSchema,
  }),
};
