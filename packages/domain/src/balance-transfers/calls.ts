/**
 * The balance transfers' calls declared once (calls/define.ts): who the session's merchant may send to, the quote
 * of the confirmation step (the fee, the total leaving the available balance, the balance itself and the
 * counterparty's name), and the transfer itself (its request id makes a retried submit answer the first transfer).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { answerRecordOf } from '../lists/define';
import { googleCodeField } from '../second-factor';
import { balanceTransfersList } from './list';
import { BALANCE_TRANSFERS_PERM } from './perm';
import { BALANCE_TRANSFER_REMARK_MAX_LENGTH, BALANCE_TRANSFER_REQUEST_ID_MAX_LENGTH, transferPartySchema, transferQuoteSchema } from './vocabulary';

export const transferQuoteBodySchema = z.object({
  toMerchantId: z.coerce.number().int().positive(),
  currency: z.string().min(1).max(8),
  amount: z.string().max(40),
});

/** The transfer: the quote's body, its remark, the client's request id and the Google code. */
export const balanceTransferBodySchema = transferQuoteBodySchema.extend({
  remark: z.string().max(BALANCE_TRANSFER_REMARK_MAX_LENGTH).optional(),
  requestId: z.string().max(BALANCE_TRANSFER_REQUEST_ID_MAX_LENGTH).describe('the client’s key of this transfer: the same id again answers the first transfer'),
  googleCode: googleCodeField,
});

export const balanceTransferCalls = {
  parties: defineCall({
    method: 'GET',
    path: '/balance-transfers/parties',
    permission: BALANCE_TRANSFERS_PERM.BALANCE_TRANSFER_ADD,
    summary: "Who the session's merchant may send to: its parent, its sub-merchants, its parent's other sub-merchants",
    answer: z.array(transferPartySchema),
  }),
  quote: defineCall({
    method: 'POST',
    path: '/balance-transfers/quote',
    permission: BALANCE_TRANSFERS_PERM.BALANCE_TRANSFER_ADD,
    summary: 'Check a transfer and quote it (fee, total leaving the available balance, the available balance); nothing is written',
    body: transferQuoteBodySchema,
    answer: transferQuoteSchema,
  }),
  create: defineCall({
    method: 'POST',
    path: '/balance-transfers',
    permission: BALANCE_TRANSFERS_PERM.BALANCE_TRANSFER_ADD,
    summary: 'Transfer at once: amount + fee leave the available balance, the amount reaches the other merchant (400 naming the field, 422 INSUFFICIENT_BALANCE)',
    body: balanceTransferBodySchema,
    answer: answerRecordOf(balanceTransfersList).extend({ replayed: z.boolean() }),
  }),
};
