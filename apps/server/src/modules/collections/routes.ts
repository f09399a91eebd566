/**
 * Transaction records (collections) of the dashboard (docs/payments-api.md "Collections"): the list and one
 * collection's details with its refunds and callback deliveries. Scoped to the caller's merchant (platform staff:
 * every merchant, or the one `merchantId` names).
 */
import { collectionCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { registerList } from '../../lib/list/route';
import { notFound } from '../../lib/admin';
import { registerCollectionJobs } from './jobs';
import { collectionDetail } from './detail';
import { collectionsSource, findScopedCollection } from './queries';

const tags = ['collections'];

export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCollectionJobs(app);

  registerList(app, collectionsSource, { tags, summary: 'Transaction records (collections), newest first; dates in the session zone, at most one month' });

  app.get(collectionCalls.detail.path, callRoute(collectionCalls.detail, { tags }), async (req) => {
    const found = await findScopedCollection(app.db, req, req.params.id);
    if (!found) throw notFound();
    return ok(await collectionDetail(app.db, app.publicUrl, found));
  });
};
