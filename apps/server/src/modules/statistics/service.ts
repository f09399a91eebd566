/**
 * The home statistics of a request (docs/payments-api.md "Statistics"): the range (default: today so far in the
 * session zone) and the currency (default: the session's; one is required) resolved, then computed (./queries.ts).
 */
import type { Statistics, statisticsCalls } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbLike } from '../../db/pool';
import { fieldError } from '../../lib/errors';
import { resolveRange } from '../../lib/list/order';
import { currencyOf, requestScope } from '../auth/scope';
import { computeStatistics, startOfLocalDay } from './queries';

/** The query as the route validated it (domain statisticsCalls.home). */
type StatisticsQuery = z.output<NonNullable<typeof statisticsCalls.home.query>>;

export async function homeStatistics(db: DbLike, req: FastifyRequest, q: StatisticsQuery): Promise<Statistics> {
  const ctx = requestScope(req, q.merchantId);
  const currency = currencyOf(ctx, q.currency);
  if (!currency) throw fieldError('currency', 'validation.currency.invalid', { params: { value: '' } });
  const now = new Date();
  const range = resolveRange(q, { ...ctx, now }, { defaultBegin: (end) => startOfLocalDay(end, ctx.timeZone) });
  return computeStatistics(db, { scope: ctx.scope, currency, timeZone: ctx.timeZone, range, now });
}
