/**
 * The products calls declared once (calls/define.ts): the summary per payment type with the caller's fee, and the
 * public list of legacy brands (enabled products of a currency, no fees).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { staffMerchantIdField } from '../validation';
import { productsList } from './list';
import { PRODUCTS_PERM } from './perm';

/** A fee rule: rate in basis points plus a fixed part (decimal string), raised to a minimum (decimal string). */
export const productFeeSchema = z.object({
  rateBps: z.number().describe('basis points: 150 = 1.5 %'),
  fixedFee: z.string(),
  minFee: z.string(),
  own: z.boolean().describe("true: the merchant's own rule; false: the platform default"),
});

/** Per payment type: enabled channels, the widest limits and the fee of the payment type. */
export const productSummarySchema = z.object({ paymentType: z.number(), channels: z.number(), minAmount: z.string(), maxAmount: z.string(), fee: productFeeSchema.nullable() });

export const productCalls = {
  summary: defineCall({
    method: 'GET',
    path: '/products/summary',
    permission: PRODUCTS_PERM.PRODUCT_SUMMARY_MENU,
    summary: 'Per payment type: enabled channels, the widest limits and the fee of the payment type',
    query: z.object({
      currency: z.string().max(8).optional().describe('default: the session currency (X-Currency)'),
      merchantId: staffMerchantIdField,
    }),
    answer: z.array(productSummarySchema),
  }),
  publicList: defineCall({
    method: 'GET',
    path: '/common/products',
    public: true,
    summary: 'Enabled payment methods of a currency with their limits, without fees (public, for legacy brands)',
    query: z.object({ currency: z.string().max(8).optional() }),
    answer: z.array(productsList.record),
  }),
};
