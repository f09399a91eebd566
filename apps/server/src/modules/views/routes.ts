/**
 * Saved views of the lists (issue 15; docs/api.md "Saved views"): the caller's own and the merchant's shared views of
 * a list, saving the current filters under a name, deleting one's own, declared once in the domain (views/calls.ts).
 * Every call needs the list's own permission; the rules are in ./service.ts.
 */
import { viewCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { requireAuth } from '../auth';
import { deleteView, listOf, listViews, saveView } from './service';

const tags = ['views'];

export const viewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(viewCalls.list.path, callRoute(viewCalls.list, { tags }), async (req) => {
    const auth = requireAuth(req);
    return ok(await listViews(app.db, auth, listOf(req, req.query.list)));
  });

  app.post(viewCalls.save.path, callRoute(viewCalls.save, { tags }), async (req) => {
    const auth = requireAuth(req);
    const view = await saveView(app.db, auth, listOf(req, req.body.list), req.body);
    return ok(view, t(req.lang, 'common.views.saved'));
  });

  app.delete(viewCalls.remove.path, callRoute(viewCalls.remove, { tags }), async (req) => {
    await deleteView(app.db, requireAuth(req), req.params.id);
    return ok(null, t(req.lang, 'common.views.deleted'));
  });
};
