/**
 * The fee-rules calls declared once (calls/define.ts), platform staff only: a merchant's rules (default: the
 * platform defaults) and the upsert of one rule per (merchant, currency, payment type, channel).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { PLATFORM_MERCHANT_ID } from '../constants';
import { CURRENCY_CODES } from '../currencies';
import { FEES_PERM } from './perm';
import { FEE_ANY_CHANNEL, FEE_RATE_BPS_MAX } from './vocabulary';

export const feeRuleSchema = z.object({
  merchantId: z.number(),
  currency: z.enum(CURRENCY_CODES),
  paymentType: z.number(),
  channel: z.number().describe('-1: every channel of the payment type'),
  rateBps: z.number(),
  fixedFee: z.string(),
  minFee: z.string(),
  status: z.number(),
  updatedAt: z.string(),
});

const feeCurrencyField = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(CURRENCY_CODES));

export const feeCalls = {
  rules: defineCall({
    method: 'GET',
    path: '/fee-rules',
    permission: FEES_PERM.FEE_EDIT,
    summary: "A merchant's fee rules (default: the platform defaults of merchant 10000)",
    query: z.object({
      merchantId: z.coerce.number().int().positive().default(PLATFORM_MERCHANT_ID),
      currency: feeCurrencyField.optional(),
    }),
    answer: z.array(feeRuleSchema),
  }),
  saveRule: defineCall({
    method: 'PUT',
    path: '/fee-rules',
    permission: FEES_PERM.FEE_EDIT,
    summary: 'Create or replace the fee rule of (merchant, currency, payment type, channel); platform staff only',
    body: z.object({
      merchantId: z.number().int().positive().default(PLATFORM_MERCHANT_ID).describe('10000: the platform default'),
      currency: feeCurrencyField,
      paymentType: z.number().int().min(0).max(999),
      channel: z.number().int().min(FEE_ANY_CHANNEL).max(9999).default(FEE_ANY_CHANNEL),
      rateBps: z.number().int().min(0).max(FEE_RATE_BPS_MAX).describe('percentage in basis points: 150 = 1.5 %'),
      fixedFee: z.string().max(32).default('0').describe('admin fee per payment, major units'),
      minFee: z.string().max(32).default('0').describe('the fee is raised to at least this, major units'),
      status: z.union([z.literal(0), z.literal(1)]).default(1),
    }),
    answer: feeRuleSchema,
  }),
};
