/**
 * The answer of `GET /api/statistics` (docs/payments-api.md "Statistics"), declared once: the server validates and
 * documents its response with the schema, the server's computation and the web read the type.
 */
import { z } from 'zod';

const money = z.string().describe('decimal string in the currency units');
const isoTime = z.string().describe('ISO-8601 UTC');
const amountCount = z.object({ amount: money, count: z.number() });

export const statisticsSchema = z.object({
  currency: z.string(),
  range: z.object({ begin: isoTime, end: isoTime }),
  collected: amountCount,
  successRate: z.number().nullable().describe('0..1: succeeded / (all but pending); null when no collection of the range is decided yet'),
  refunds: amountCount,
  fees: money,
  balance: z.object({ available: money, pending: money, frozen: money.describe('held for payouts in flight') }),
  payouts: z.object({ paid: amountCount.describe('paid in the range'), pendingReview: amountCount.describe('waiting for review now, whatever their date') }),
  byDay: z.array(amountCount.extend({ date: z.string().describe('calendar day in the session zone, YYYY-MM-DD') })),
  byPaymentType: z.array(amountCount.extend({ paymentType: z.number() })),
  today: z.object({ collected: amountCount, successRate: z.number().nullable() }),
});

export type Statistics = z.infer<typeof statisticsSchema>;
export type AmountCount = z.infer<typeof amountCount>;
export type DayVolume = Statistics['byDay'][number];
export type PaymentTypeVolume = Statistics['byPaymentType'][number];
