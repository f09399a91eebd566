/**
 * The body of a new mandate, the same from the dashboard and the open API (domain autoDeductionCalls.create), and
 * its service input.
 */
import { autoDeductionMandateBodySchema, type IntervalUnitValue } from '@mg/domain';
import type { z } from 'zod';
import { amountOf } from '../../lib/amounts';
import { currencyField } from '../../lib/fields';
import type { CreateMandateInput } from './service';

export const mandateBody = autoDeductionMandateBodySchema;
export type MandateBody = z.infer<typeof mandateBody>;

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
