/**
 * The withdrawals calls declared once (calls/define.ts): the quote of the confirmation step takes the creation's
 * body and answers the figures the confirmation names (fee, total held, the balance it comes from, the account).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { googleCodeField } from '../second-factor';
import { WITHDRAWALS_PERM } from './perm';
import { withdrawalQuoteSchema } from './vocabulary';

export const withdrawalBodySchema = z.object({
  amount: z.string().max(40),
  currency: z.string().min(1).max(8),
  accountId: z.coerce.number().int().positive().optional().describe('one of the merchant’s usable withdrawal accounts'),
  googleCode: googleCodeField,
});

export const withdrawalCalls = {
  quote: defineCall({
    method: 'POST',
    path: '/withdrawals/quote',
    permission: WITHDRAWALS_PERM.WITHDRAWAL_ADD,
    summary: 'Check a withdrawal (spec §5) and quote it (fee, total held, available, arrival date); nothing is written',
    body: withdrawalBodySchema,
    answer: withdrawalQuoteSchema,
  }),
};
