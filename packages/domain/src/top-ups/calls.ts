/**
 * The top-ups calls declared once (calls/define.ts): a new top-up of the session currency, answered as its record
 * with `cashierUrl`, where it is paid.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { answerRecordOf } from '../lists/define';
import { googleCodeField } from '../second-factor';
import { topUpsList } from './list';
import { TOP_UPS_PERM } from './perm';

export const topUpCalls = {
  create: defineCall({
    method: 'POST',
    path: '/top-ups',
    permission: TOP_UPS_PERM.TOP_UP_ADD,
    summary: 'A new top-up of the session currency: answers it with `cashierUrl`, where it is paid (400 naming amount or paymentType)',
    body: z.object({ amount: z.string().max(40), currency: z.string().min(1).max(8), paymentType: z.coerce.number().int().positive(), googleCode: googleCodeField }),
    answer: answerRecordOf(topUpsList),
  }),
};
