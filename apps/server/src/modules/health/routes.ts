import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_VERSION } from '../../lib/version';
import { envelopeOf, fail, ok } from '../../lib/envelope';
import { catalogueMessage } from '../../lib/i18n';
import { dbRoundTrips } from '../../db/pool';
import { checkDatabase } from './service';

const health = z.object({
  status: z.enum(['up', 'down']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  /** Only with DB_ROUND_TRIPS=on: statements this process sent to PostgreSQL. */
  dbRoundTrips: z.number().int().optional(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false, public: true },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: envelopeOf(health), 503: envelopeOf(health).extend({ success: z.literal(false), errorCode: z.string() }) },
      },
    },
    async (req, reply) => {
      const dbUp = await checkDatabase(app.pool);
      const result = {
        status: dbUp ? 'up' : 'down',
        database: dbUp ? 'up' : 'down',
        version: SERVER_VERSION,
        ...(app.dbRoundTrips ? { dbRoundTrips: dbRoundTrips() } : {}),
      } as const;
      if (dbUp) return ok(result);
      req.log.warn('health: database is down');
      return reply.code(503).send({ ...fail(503, 'NETWORK_ERROR', catalogueMessage(req.lang, 'NETWORK_ERROR')), result });
    },
  );
};
