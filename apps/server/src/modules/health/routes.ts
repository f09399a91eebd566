/**
 * Health (docs/operations.md "Health checks"), three answers for three askers:
 *   /api/health/live   liveness: the process answers (never asks the database: a database outage must not make an
 *                      orchestrator restart every instance, which would not bring the database back);
 *   /api/health/ready  readiness: the database answers, it holds every migration this code knows, and the instance is
 *                      not shutting down; 503 otherwise, so a proxy or orchestrator sends its traffic elsewhere;
 *   /api/health        the original answer (database up or down), kept as it was for the tests, e2e, benchmarks and
 *                      monitors that read it; it also carries dbRoundTrips for bench:api.
 * With a read replica (DATABASE_READ_URL) the first and the last also say how it is: `ok`, `behind` (further than
 * DATABASE_READ_MAX_LAG_MS) or `down`. Neither of the last two makes the instance unready: reads go to the primary.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_VERSION } from '../../lib/version';
import { envelopeOf, fail, ok } from '../../lib/envelope';
import { catalogueMessage } from '../../lib/i18n';
import { dbRoundTrips } from '../../db/pool';
import { checkDatabase, checkReadiness, EXPECTED_MIGRATIONS } from './service';

const replica = z
  .object({
    state: z.enum(['ok', 'behind', 'down']),
    /** How far behind the primary it was at the last poll, ms; null when it did not answer. */
    lagMs: z.number().int().nullable(),
    maxLagMs: z.number().int(),
  })
  .optional();

const health = z.object({
  status: z.enum(['up', 'down']),
  database: z.enum(['up', 'down']),
  version: z.string(),
  /** Only with DB_ROUND_TRIPS=on: statements this process sent to PostgreSQL. */
  dbRoundTrips: z.number().int().optional(),
  /** Only with DATABASE_READ_URL: the read replica (db/read-replica.ts). */
  replica,
});

const live = z.object({ status: z.literal('up'), version: z.string() });

const ready = z.object({
  status: z.enum(['up', 'down']),
  database: z.enum(['up', 'down']),
  /** Migrations recorded in the database and the number this code ships; ready when applied >= expected. */
  migrations: z.object({ applied: z.number().int().nullable(), expected: z.number().int() }),
  /** True from the start of a shutdown (SIGTERM). */
  draining: z.boolean(),
  version: z.string(),
  replica,
});

function replicaOf(app: FastifyInstance) {
  const status = app.readReplica?.status();
  return status ? { replica: { ...status, lagMs: status.lagMs === null ? null : Math.round(status.lagMs) } } : {};
}

const unavailable = <T extends z.ZodType>(result: T) => envelopeOf(result).extend({ success: z.literal(false), errorCode: z.string() });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { rateLimit: false, public: true },
      schema: {
        tags: ['system'],
        summary: 'Database check (kept for existing monitors; see /health/live and /health/ready)',
        response: { 200: envelopeOf(health), 503: unavailable(health) },
      },
    },
    async (req, reply) => {
      const dbUp = await checkDatabase(app.pool);
      const result = {
        status: dbUp ? 'up' : 'down',
        database: dbUp ? 'up' : 'down',
        version: SERVER_VERSION,
        ...(app.dbRoundTrips ? { dbRoundTrips: dbRoundTrips() } : {}),
        ...replicaOf(app),
      } as const;
      if (dbUp) return ok(result);
      req.log.warn('health: database is down');
      return reply.code(503).send({ ...fail(503, 'NETWORK_ERROR', catalogueMessage(req.lang, 'NETWORK_ERROR')), result });
    },
  );

  app.get(
    '/health/live',
    {
      config: { rateLimit: false, public: true },
      schema: { tags: ['system'], summary: 'Liveness: the process answers (no database call)', response: { 200: envelopeOf(live) } },
    },
    async () => ok({ status: 'up' as const, version: SERVER_VERSION }),
  );

  app.get(
    '/health/ready',
    {
      config: { rateLimit: false, public: true },
      schema: {
        tags: ['system'],
        summary: 'Readiness: migrated, the database answers, not shutting down; 503 otherwise',
        response: { 200: envelopeOf(ready), 503: unavailable(ready) },
      },
    },
    async (req, reply) => {
      const draining = app.lifecycle.draining;
      const { up: dbUp, applied } = await checkReadiness(app.pool);
      const isReady = !draining && dbUp && applied !== null && applied >= EXPECTED_MIGRATIONS;
      const result = {
        status: isReady ? 'up' : 'down',
        database: dbUp ? 'up' : 'down',
        migrations: { applied, expected: EXPECTED_MIGRATIONS },
        draining,
        version: SERVER_VERSION,
        ...replicaOf(app),
      } as const;
      if (isReady) return ok(result);
      return reply.code(503).send({ ...fail(503, 'NETWORK_ERROR', catalogueMessage(req.lang, 'NETWORK_ERROR')), result });
    },
  );
};
