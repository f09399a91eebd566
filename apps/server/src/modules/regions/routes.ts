/**
 * The regional map (docs/operations.md "Regional servers"): GET /api/sys/apiBases?brand= answers the brand's part of
 * this deployment's API_BASES, which the web app reads at start to send each call to the base of the session's
 * country. Public: the sign-in page needs it before anyone signs in; it names hosts, nothing of anyone's data.
 * Declared once in the domain (regions/calls.ts).
 */
import { regionCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiBasesAnswer } from '../../lib/api-bases';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(regionCalls.apiBases.path, callRoute(regionCalls.apiBases, { tags: ['system'] }), async (req) => ok(apiBasesAnswer(app.apiBases, req.query.brand)));
};
