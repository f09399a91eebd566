/** Home statistics (docs/payments-api.md "Statistics"): collected amounts, success rate, refunds and fees of a range. */
import { Perm, currencySchema, wallClockSchema } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { resolveRange } from '../../lib/list/order';
import { currencyOf, requestScope } from '../auth/scope';
import { computeStatistics, startOfLocalDay } from './queries';

const money = z.string().describe('decimal string in the currency units');
const isoTime = z.string().describe('ISO-8601 UTC');
const dateField = wallClockSchema.optional().describe('YYYY-MM-DD HH:mm:ss in the session zone (X-Time-Zone)');

const statisticsSchema = z.object({
  currency: z.string(),
  range: z.object({ begin: isoTime, end: isoTime }),
  collected: z.object({ amount: money, count: z.number() }),
  successRate: z.number().nullable().describe('0..1; null when no collection of the range is decided yet'),
  refunds: z.object({ amount: money, count: z.number() }),
  fees: money,
  balance: z.object({ available: money, pending: money, frozen: money.describe('held for payouts in flight') }),
  payouts: z.object({ paid: z.object({ amount: money, count: z.number() }), pendingReview: z.object({ amount: money, count: z.number() }) }),
  byDay: z.array(z.object({ date: z.string(), amount: money, count: z.number() })),
  byPaymentType: z.array(z.object({ paymentType: z.number(), amount: money, count: z.number() })),
  today: z.object({ collected: z.object({ amount: money, count: z.number() }), successRate: z.number().nullable() }),
});

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/statistics',
    {
      config: { permission: Perm.HOME },
      schema: {
        tags: ['statistics'],
        summary: 'Home statistics of a range (default today) in the session zone and currency',
        querystring: z.object({
          createTime_begin: dateField,
          createTime_end: dateField,
          currency: currencySchema.optional().describe('default: the session currency'),
          merchantId: z.coerce.number().int().positive().optional().describe('platform staff: only this merchant'),
        }),
        response: { 200: envelopeOf(statisticsSchema) },
      },
    },
    async (req) => {
      const q = req.query;
      const ctx = requestScope(req, q.merchantId);
      const currency = currencyOf(ctx, q.currency);
      if (!currency) throw fieldError('currency', 'validation.currency.invalid', { params: { value: '' } });
      const now = new Date();
      const range = resolveRange(q, { ...ctx, now }, { defaultBegin: (end) => startOfLocalDay(end, ctx.timeZone) });
      return ok(await computeStatistics(app.db, { scope: ctx.scope, currency, timeZone: ctx.timeZone, range, now }));
    },
  );
};
