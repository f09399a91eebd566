/** The refunds calls declared once (calls/define.ts): the refund of (part of) a collection from the dashboard. */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { answerRecordOf } from '../lists/define';
import { googleCodeField } from '../second-factor';
import { REFUND_WAY, type RefundWayValue } from '../statuses';
import { refundsList } from './list';
import { REFUNDS_PERM } from './perm';

export const refundBodySchema = z.object({
  amount: z.string().max(32).describe('decimal string in the collection currency'),
  refundWay: z.enum(REFUND_WAY.values as [RefundWayValue, ...RefundWayValue[]]),
  reason: z.string().trim().min(1).max(255),
  merchantRefundId: z.string().trim().min(1).max(64).optional(),
  googleCode: googleCodeField,
});

export const refundCalls = {
  create: defineCall({
    method: 'POST',
    path: '/collections/:id/refunds',
    permission: REFUNDS_PERM.REFUND_ADD,
    summary: 'Refund (part of) a collection; the ledger moves at once (sandbox)',
    params: z.object({ id: z.string().min(1).max(32) }),
    body: refundBodySchema,
    answer: answerRecordOf(refundsList),
  }),
};
