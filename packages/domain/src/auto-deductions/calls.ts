/**
 * The auto-deduction calls declared once (calls/define.ts): a new mandate (answered with its authorisation page),
 * its charges, and the merchant's actions on it: pause, resume, stop and "charge now" (which names the charge it
 * takes, so a repeat takes none).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { MERCHANT_ORDER_ID_PATTERN } from '../collections/vocabulary';
import { answerRecordOf } from '../lists/define';
import { googleCodeField } from '../second-factor';
import { autoDeductionsList } from './list';
import { AUTO_DEDUCTIONS_PERM } from './perm';
import { INTERVAL_UNITS, MANDATE_INTERVAL_MAX, MANDATE_REPETITIONS_MAX } from './vocabulary';

/** The body of a new mandate, the same from the dashboard and the open API. */
export const autoDeductionMandateBodySchema = z.object({
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

/** One charge of a mandate, with its collection. */
export const autoDeductionChargeSchema = z.object({ seq: z.number(), collectionId: z.string(), status: z.string(), failureReason: z.string().nullable(), createdAt: z.string() });

const idParams = z.object({ id: z.string().min(1).max(32) });
const record = answerRecordOf(autoDeductionsList);

export const autoDeductionCalls = {
  create: defineCall({
    method: 'POST',
    path: '/auto-deductions',
    permission: AUTO_DEDUCTIONS_PERM.AUTO_DEDUCTION_MANAGE,
    summary: 'A new mandate, waiting for the payer: answered with `authorizationUrl` (400 naming the field)',
    body: autoDeductionMandateBodySchema,
    answer: record,
  }),
  charges: defineCall({
    method: 'GET',
    path: '/auto-deductions/:id/charges',
    permission: AUTO_DEDUCTIONS_PERM.AUTO_DEDUCTION_MENU,
    summary: 'The charges of a mandate, each with its collection',
    params: idParams,
    answer: z.array(autoDeductionChargeSchema),
  }),
  pause: defineCall({
    method: 'POST',
    path: '/auto-deductions/:id/pause',
    permission: AUTO_DEDUCTIONS_PERM.AUTO_DEDUCTION_MANAGE,
    summary: 'pause the mandate',
    params: idParams,
    answer: record,
  }),
  resume: defineCall({
    method: 'POST',
    path: '/auto-deductions/:id/resume',
    permission: AUTO_DEDUCTIONS_PERM.AUTO_DEDUCTION_MANAGE,
    summary: 'resume the mandate',
    params: idParams,
    answer: record,
  }),
  stop: defineCall({
    method: 'POST',
    path: '/auto-deductions/:id/stop',
    permission: AUTO_DEDUCTIONS_PERM.AUTO_DEDUCTION_MANAGE,
    summary: 'stop the mandate',
    params: idParams,
    answer: record,
  }),
  charge: defineCall({
    method: 'POST',
    path: '/auto-deductions/:id/charge',
    permission: AUTO_DEDUCTIONS_PERM.AUTO_DEDUCTION_MANAGE,
    summary: 'Charge now: the next charge of an active mandate, taken at once (409 when that charge was taken already, or while another change of the mandate is in progress)',
    params: idParams,
    body: z.object({
      charge: z.number().int().positive().describe('the charge this takes: chargesDone + 1, as the screen shows it; one already taken is 409'),
      googleCode: googleCodeField,
    }),
    answer: record,
  }),
};
