/** Home statistics (docs/payments-api.md "Statistics"): collected amounts, success rate, refunds and fees of a range. */
import { statisticsCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { homeStatistics } from './service';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(statisticsCalls.home.path, callRoute(statisticsCalls.home, { tags: ['statistics'] }), async (req) => ok(await homeStatistics(app.db, req, req.query)));
};
