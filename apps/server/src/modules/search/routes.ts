/**
 * Global search (issue 15; docs/api.md "Search"): GET /api/search?q= answers the records the caller may see whose
 * id, merchant order or refund id, payment code, chain transaction id, payer e-mail or account number's last digits
 * equal what was typed, from the lists whose permission the caller holds. Declared once in the domain
 * (search/calls.ts); the rules are in ./service.ts.
 */
import { searchCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { requireAuth } from '../auth';
import { searchRecords } from './service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(searchCalls.search.path, callRoute(searchCalls.search, { tags: ['search'] }), async (req) =>
    ok(await searchRecords({ primary: app.db, replica: app.readReplica }, requireAuth(req), req.query.q)),
  );
};
