/** The security history (GET /sys/audit/list). */
import { Perm } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { pageQuery, pageSchema } from '../../lib/admin';
import { listAudit } from './service';

const viewSchema = z.object({
  id: z.number(),
  merchantId: z.number().nullable(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  success: z.boolean(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createTime: z.string().nullable(),
});

const booleanish = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
  z.boolean(),
);

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      config: { permission: Perm.AUDIT_MENU },
      schema: {
        tags: ['audit'],
        summary: 'Security history, newest first; dates in the session zone, at most 3 months apart',
        querystring: pageQuery.extend({
          action: z.string().max(64).optional(),
          username: z.string().max(64).optional(),
          success: booleanish.optional(),
          createTime_begin: z.string().max(32).optional().describe('YYYY-MM-DD HH:mm:ss, session zone'),
          createTime_end: z.string().max(32).optional().describe('YYYY-MM-DD HH:mm:ss, session zone'),
        }),
        response: { 200: envelopeOf(pageSchema(viewSchema)) },
      },
    },
    async (req) => ok(await listAudit(app.db, req, req.query)),
  );
};
