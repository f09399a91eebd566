/**
 * Saved views of the lists (issue 15; docs/api.md "Saved views"): the caller's own and the merchant's shared views of
 * a list, saving the current filters under a name, deleting one's own. Every call needs the list's own permission.
 */
import { findList, SAVED_VIEW, savedViewInputSchema, savedViewSchema, type AnyListDecl, type SavedView } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseRejection } from '../../db/errors';
import { KeyedError } from '../../lib/admin';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { requireAuth } from '../auth';
import { holds } from '../auth/plugin';
import { countOwnViews, deleteOwnView, insertView, selectViews, type SavedViewRow } from './queries';

const tags = ['views'];

/** The declared list the caller may open, else 400 naming `list` (an unknown one) or 403. */
function listOf(req: FastifyRequest, name: string): AnyListDecl {
  const list = findList(name);
  if (!list) throw fieldError('list', 'common.views.unknownList');
  if (!holds(requireAuth(req), list.permission)) throw new KeyedError('FORBIDDEN', 'error.forbidden');
  return list;
}

function viewOf(r: SavedViewRow, userId: number): SavedView {
  return { id: r.id, list: r.list, name: r.name, filters: r.filters, shared: r.shared, owner: r.owner, mine: r.userId === userId };
}

export const viewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/views',
    {
      config: { authenticated: true },
      schema: { tags, summary: "A list's saved views: the caller's own and those shared with the merchant's users", querystring: z.object({ list: z.string().max(40) }), response: { 200: envelopeOf(z.array(savedViewSchema)) } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const list = listOf(req, req.query.list);
      const rows = await selectViews(app.db, { merchantId: auth.merchantId, userId: auth.userId, list: list.name });
      return ok(rows.map((r) => viewOf(r, auth.userId)));
    },
  );

  app.post(
    '/views',
    {
      config: { authenticated: true },
      schema: { tags, summary: "Saves a list's filters under a name (shared: every user of the merchant sees it)", body: savedViewInputSchema, response: { 200: envelopeOf(savedViewSchema) } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const b = req.body;
      const list = listOf(req, b.list);
      const name = b.name.trim();
      if (name === '') throw fieldError('name', 'common.views.nameRequired');
      if (name.length > SAVED_VIEW.NAME_MAX_LENGTH) throw fieldError('name', 'common.views.nameTooLong', { params: { max: SAVED_VIEW.NAME_MAX_LENGTH } });
      const keys = new Set(list.filters.map((f) => f.key));
      const unknown = Object.keys(b.filters).filter((k) => !keys.has(k));
      if (unknown.length > 0) throw fieldError('filters', 'common.views.unknownFilter', { params: { key: unknown.join(', ').slice(0, 80) } });
      const scope = { merchantId: auth.merchantId, userId: auth.userId, list: list.name };
      if ((await countOwnViews(app.db, scope)) >= SAVED_VIEW.PER_LIST_MAX) throw new KeyedError('BUSINESS_RULE', 'common.views.tooMany', { max: SAVED_VIEW.PER_LIST_MAX });
      try {
        const row = await insertView(app.db, { ...scope, owner: auth.username, name, filters: b.filters, shared: b.shared });
        return ok(viewOf(row, auth.userId), t(req.lang, 'common.views.saved'));
      } catch (e) {
        if (databaseRejection(e)?.code === 'DUPLICATE') throw fieldError('name', 'common.views.nameTaken', { params: { name } });
        throw e;
      }
    },
  );

  app.delete(
    '/views/:id',
    {
      config: { authenticated: true },
      schema: { tags, summary: "Deletes one of the caller's own views", params: z.object({ id: z.coerce.number().int().positive() }), response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const gone = await deleteOwnView(app.db, { merchantId: auth.merchantId, userId: auth.userId, id: req.params.id });
      if (!gone) throw new KeyedError('NOT_FOUND', 'common.views.notFound');
      return ok(null, t(req.lang, 'common.views.deleted'));
    },
  );
};
