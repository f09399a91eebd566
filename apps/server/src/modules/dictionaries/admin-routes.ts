/** Dictionary administration: /sys/dict/list|add|edit and /sys/dictItem/list|add|edit (platform staff; dictCalls). */
import { dictCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import * as svc from './admin-service';
import { dictionariesSource } from './queries';

const tags = ['dictionaries'];

export const dictAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, dictionariesSource, { tags, summary: 'Dictionaries' });

  app.post(callPathUnder(app, dictCalls.add), callRoute(dictCalls.add, { tags }), async (req) => {
    const v = await svc.addDict(app.db, req.lang, req.body);
    app.dict.clearCache();
    return ok(v, t(req.lang, 'error.operationSucceeded'));
  });

  app.put(callPathUnder(app, dictCalls.edit), callRoute(dictCalls.edit, { tags }), async (req) => {
    const v = await svc.editDict(app.db, req.lang, req.body);
    app.dict.clearCache();
    return ok(v, t(req.lang, 'error.operationSucceeded'));
  });
};

export const dictItemAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, dictCalls.itemList), callRoute(dictCalls.itemList, { tags }), async (req) => ok(await svc.listItems(app.db, req.lang, req.query)));

  app.post(callPathUnder(app, dictCalls.itemAdd), callRoute(dictCalls.itemAdd, { tags }), async (req) => {
    const v = await svc.addItem(app.db, req.lang, req.body);
    app.dict.clearCache();
    return ok(v, t(req.lang, 'error.operationSucceeded'));
  });

  app.put(callPathUnder(app, dictCalls.itemEdit), callRoute(dictCalls.itemEdit, { tags }), async (req) => {
    const v = await svc.editItem(app.db, req.lang, req.body);
    app.dict.clearCache();
    return ok(v, t(req.lang, 'error.operationSucceeded'));
  });
};
