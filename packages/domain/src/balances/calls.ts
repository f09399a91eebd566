/**
 * The balances calls declared once (calls/define.ts): the balance per currency of the merchant (platform staff: one
 * merchant's, or every merchant's together), and its low-balance limit, set or cleared.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { currencySchema, staffMerchantIdField } from '../validation';
import { BALANCES_PERM } from './perm';
import { balanceViewSchema } from './views';

const merchantQuery = z.object({
  merchantId: staffMerchantIdField,
});

export const balanceCalls = {
  summary: defineCall({
    method: 'GET',
    path: '/balances',
    permission: BALANCES_PERM.BALANCE_MENU,
    summary: 'Available, pending and frozen balance per currency of the merchant, with the low-balance limit',
    query: merchantQuery,
    answer: z.array(balanceViewSchema),
  }),
  setLimit: defineCall({
    method: 'PUT',
    path: '/balances/:currency/limit',
    permission: BALANCES_PERM.BALANCE_LIMIT_EDIT,
    summary: 'Set (positive whole amount) or clear (null) the low-balance limit of one currency',
    params: z.object({ currency: currencySchema }),
    query: merchantQuery,
    body: z.object({
      limitBalance: z.union([z.string().max(32), z.number(), z.null()]).describe('whole currency units; null removes it'),
    }),
    answer: balanceViewSchema,
  }),
};
