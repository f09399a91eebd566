/**
 * Developer parameters: API keys, callback addresses, IP whitelist, webhook secret (docs/payments-api.md; declared in
 * the domain: developerCalls).
 */
import { developerCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { managedMerchant } from '../auth/scope';
import * as dev from './service';

const tags = ['developer'];

export const developerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(developerCalls.parameters.path, callRoute(developerCalls.parameters, { tags }), async (req) =>
    ok(await dev.getParameters(app, req, managedMerchant(req, req.query.merchantId))),
  );

  app.get(developerCalls.documentation.path, callRoute(developerCalls.documentation, { tags }), async (req) =>
    ok(await dev.getDocumentation(app, managedMerchant(req, req.query.merchantId))),
  );

  app.post(developerCalls.createKey.path, callRoute(developerCalls.createKey, { tags }), async (req) => {
    const merchantId = managedMerchant(req, req.body.merchantId);
    return ok(await dev.createKey(app, req, merchantId, { name: req.body.name, mode: req.body.mode }));
  });

  app.post(developerCalls.rollKey.path, callRoute(developerCalls.rollKey, { tags }), async (req) => {
    const merchantId = managedMerchant(req, req.body.merchantId);
    return ok(await dev.rollKey(app, req, merchantId, req.params.id));
  });

  app.post(developerCalls.revokeKey.path, callRoute(developerCalls.revokeKey, { tags }), async (req) => {
    const merchantId = managedMerchant(req, req.body.merchantId);
    return ok(await dev.revokeKey(app, req, merchantId, req.params.id));
  });

  app.put(developerCalls.saveCallbacks.path, callRoute(developerCalls.saveCallbacks, { tags }), async (req) =>
    ok(await dev.saveCallbacks(app, req, managedMerchant(req, req.body.merchantId), req.body)),
  );

  app.put(developerCalls.saveWhitelist.path, callRoute(developerCalls.saveWhitelist, { tags }), async (req) =>
    ok(await dev.saveWhitelist(app, req, managedMerchant(req, req.body.merchantId), req.body.ipWhitelist)),
  );

  app.post(developerCalls.revealWebhookSecret.path, callRoute(developerCalls.revealWebhookSecret, { tags }), async (req) => {
    const merchantId = managedMerchant(req, req.body.merchantId);
    return ok(await dev.revealWebhookSecret(app, req, merchantId));
  });

  app.post(developerCalls.rollWebhookSecret.path, callRoute(developerCalls.rollWebhookSecret, { tags }), async (req) => {
    const merchantId = managedMerchant(req, req.body.merchantId);
    return ok(await dev.rollWebhook(app, req, merchantId));
  });
};
