/**
 * GET /sys/duplicate/check and GET /sys/checkRule/checkByCode. Both answer HTTP 200: `success true, result true`
 * when the value is fine, `success false, result false` with a translated message when it is not; an unregistered
 * table/field or rule code is a 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { idSchema } from '../../lib/admin';
import { duplicateCheck, ruleCheck } from './service';

const answer = (problem: string | null) =>
  problem === null ? ok(true) : { ...ok(false, problem), success: false };

export const duplicateCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/check',
    {
      config: { authenticated: true },
      schema: {
        tags: ['checks'],
        summary: 'Is the value free? Only registered (tableName, fieldName) pairs',
        querystring: z.object({
          tableName: z.string().max(64),
          fieldName: z.string().max(64),
          fieldVal: z.string().max(255).optional(),
          dataId: idSchema.optional().describe('the row being edited (excluded)'),
        }),
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (req) => answer(await duplicateCheck(app.db, req, req.query)),
  );
};

export const checkRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checkByCode',
    {
      config: { authenticated: true },
      schema: {
        tags: ['checks'],
        summary:
          'Does the value pass the rule? ruleCode: password, username, email, phone, wallet_phone, google_code',
        querystring: z.object({ ruleCode: z.string().max(64), value: z.string().max(1000).default('') }),
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (req) => answer(ruleCheck(req.lang, req.query.ruleCode, req.query.value)),
  );
};
