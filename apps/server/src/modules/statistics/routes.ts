/** Home statistics (docs/payments-api.md "Statistics"): collected amounts, success rate, refunds and fees of a range. */
import { Perm, currencySchema, statisticsSchema, wallClockSchema } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { resolveRange } from '../../lib/list/order';
import { currencyOf, requestScope } from '../auth/scope';
import { computeStatistics, startOfLocalDay } from './queries';

const dateField = wallClockSchema.optional().describe('YYYY-MM-DD HH:mm:ss in the session zone (X-Time-Zone)');

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
