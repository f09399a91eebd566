/**
 * The balance transfers' calls declared once (calls/define.ts): the quote of the confirmation step answers the fee,
 * the total leaving the available balance, the balance itself and the counterparty's name.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { BALANCE_TRANSFERS_PERM } from './perm';
import { transferQuoteSchema } from './vocabulary';

export const transferQuoteBodySchema = z.object({
  toMerchantId: z.coerce.number().int().positive(),
  currency: z.string().min(1).max(8),
  amount: z.string().max(40),
});

export const balanceTransferCalls = {
  quote: defineCall({
    method: 'POST',
    path: '/balance-transfers/quote',
    permission: BALANCE_TRANSFERS_PERM.BALANCE_TRANSFER_ADD,
    summary: 'Check a transfer and quote it (fee, total leaving the available balance, the available balance); nothing is written',
    body: transferQuoteBodySchema,
    answer: transferQuoteSchema,
  }),
};
