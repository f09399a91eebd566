/**
 * The payouts calls declared once (calls/define.ts): the quote of the confirmation step and the creation take the
 * same body; the quote answers what the confirmation names before money moves.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { googleCodeField } from '../second-factor';
import { PAYOUTS_PERM } from './perm';

/** The payout's destination, as the destination's own fields ask (payouts/destinations.ts). */
export const payoutDestinationFields = {
  bankCode: z.string().trim().min(1).max(32),
  accountName: z.string().max(200).optional(),
  accountNumber: z.string().max(120).optional(),
  accountType: z.string().max(16).optional(),
  documentId: z.string().max(32).optional(),
  bankAgency: z.string().max(16).optional(),
  pixKeyType: z.string().max(8).optional(),
};

export const payoutBodySchema = z.object({
  merchantOrderId: z.string().trim().max(64).optional().describe('unique per merchant; default: the payout id'),
  amount: z.string().max(40),
  currency: z.string().min(1).max(8),
  description: z.string().max(255).optional(),
  ...payoutDestinationFields,
  googleCode: googleCodeField,
});

export const payoutQuoteSchema = z.object({
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  totalDebit: z.string().describe('amount + fee: what leaves the available balance'),
  available: z.string().describe('the available balance now'),
  bankName: z.string(),
  accountName: z.string().describe('as it will be paid: a crypto address is named by its label in the address book'),
});

export const payoutCalls = {
  quote: defineCall({
    method: 'POST',
    path: '/payouts/quote',
    permission: PAYOUTS_PERM.PAYOUT_ADD,
    summary: 'Check a payout and quote it (fee, total debit, available balance) before confirming; nothing is written',
    body: payoutBodySchema,
    answer: payoutQuoteSchema,
  }),
};
