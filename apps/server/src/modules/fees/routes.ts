/** Fee rules (platform staff): `GET /api/fee-rules`, `PUT /api/fee-rules`. Registered by products/routes.ts. */
import { feeCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { listFeeRules, platformOnly, saveFeeRule } from './rules';

const tags = ['products'];

export const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(feeCalls.rules.path, callRoute(feeCalls.rules, { tags }), async (req) => {
    platformOnly(req);
    return ok(await listFeeRules(app, req.query.merchantId, req.query.currency));
  });

  app.put(feeCalls.saveRule.path, callRoute(feeCalls.saveRule, { tags }), async (req) => {
    platformOnly(req);
    return ok(await saveFeeRule(app, req, req.body));
  });
};
