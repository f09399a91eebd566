/** The body of a new mandate, the same from the dashboard and the open API, its service input, and the charge view. */
import { INTERVAL_UNITS, MANDATE_INTERVAL_MAX, MANDATE_REPETITIONS_MAX, MERCHANT_ORDER_ID_PATTERN, type IntervalUnitValue } from '@mg/domain';
import { z } from 'zod';
import { amountOf } from '../../lib/amounts';
import { currencyField } from '../../lib/fields';
import type { CreateMandateInput } from './service';

export const mandateBody = z.object({
  merchantMandateId: z.string().regex(MERCHANT_ORDER_ID_PATTERN).max(64).optional().describe('unique per merchant'),
  amount: z.string().min(1).max(40).describe('each charge, decimal string in major units'),
  currency: z.string().min(1).max(8),
  paymentType: z.coerce.number().int().positive().describe('a payment method of the currency’s products (card 3, e-wallet 4)'),
  intervalPeriod: z.coerce.number().int().min(1).max(MANDATE_INTERVAL_MAX),
  intervalUnit: z.enum(INTERVAL_UNITS as [string, ...string[]]),
  repetitions: z.coerce.number().int().min(1).max(MANDATE_REPETITIONS_MAX).nullish().describe('null or absent: until stopped'),
  payerEmail: z.email('validation.email.invalid').max(254).describe('the payer is told here a day before each charge'),
  payerName: z.string().max(128).optional(),
  notifyUrl: z.url({ protocol: /^https?$/ }).max(512).nullish().describe("callback address of the charges' collections"),
});
export type MandateBody = z.infer<typeof mandateBody>;

export const chargeSchema = z.object({ seq: z.number(), collectionId: z.string(), status: z.string(), failureReason: z.string().nullable(), createdAt: z.string() });

/** The service's input from a body (dashboard or open API). */
export function mandateInput(b: MandateBody, merchantId: number, createdBy: string): CreateMandateInput {
  const currency = currencyField(b.currency);
  return {
    merchantId,
    currency,
    amount: amountOf(b.amount, currency, 'amount'),
    paymentType: b.paymentType,
    intervalPeriod: b.intervalPeriod,
    intervalUnit: b.intervalUnit as IntervalUnitValue,
    repetitions: b.repetitions ?? null,
    payerEmail: b.payerEmail,
    payerName: b.payerName,
    merchantMandateId: b.merchantMandateId,
    notifyUrl: b.notifyUrl,
    createdBy,
  };
}

