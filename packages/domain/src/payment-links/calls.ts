/** The payment-links calls declared once (calls/define.ts): a new link (sandbox) and voiding an active one. */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { answerRecordOf } from '../lists/define';
import { currencySchema, staffMerchantIdField } from '../validation';
import { paymentLinksList } from './list';
import { PAYMENT_LINKS_PERM } from './perm';
import { PAYMENT_LINK_EXPIRY_HOURS_MAX, PAYMENT_LINK_EXPIRY_HOURS_MIN } from './vocabulary';

const idParam = z.object({ id: z.string().min(1).max(32) });

export const paymentLinkBodySchema = z.object({
  amount: z.string().max(32).describe('decimal string'),
  description: z.string().max(255),
  expiryHours: z.coerce.number().int().min(PAYMENT_LINK_EXPIRY_HOURS_MIN).max(PAYMENT_LINK_EXPIRY_HOURS_MAX).optional(),
  paymentType: z.coerce.number().int().positive().optional(),
  currency: currencySchema.optional().describe('default: the session currency'),
  merchantId: staffMerchantIdField,
});

export const paymentLinkCalls = {
  create: defineCall({
    method: 'POST',
    path: '/payment-links',
    permission: PAYMENT_LINKS_PERM.PAYMENT_LINK_ADD,
    summary: 'Create a payment link (sandbox) in the session currency',
    body: paymentLinkBodySchema,
    answer: answerRecordOf(paymentLinksList),
  }),
  void: defineCall({
    method: 'POST',
    path: '/payment-links/:id/void',
    permission: PAYMENT_LINKS_PERM.PAYMENT_LINK_VOID,
    summary: 'Void an active payment link',
    params: idParam,
    answer: answerRecordOf(paymentLinksList),
  }),
};
