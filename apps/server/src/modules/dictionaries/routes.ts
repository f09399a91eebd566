/** Dictionary calls of spec §7, paths kept exactly (declared in the domain: dictCalls). */
import { dictCalls, translate } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { notifyDictChanged } from './queries';
import { dictKeysOf } from './service';

const tags = ['dictionaries'];

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, dictCalls.items), callRoute(dictCalls.items, { tags }), async (req) => ok(await app.dict.getItems(req.params.dictCode, req.lang)));

  app.get(callPathUnder(app, dictCalls.texts), callRoute(dictCalls.texts, { tags }), async (req) =>
    ok(await app.dict.loadDictItem(req.params.dictCode, dictKeysOf(req.query.key), req.lang)),
  );

  app.get(callPathUnder(app, dictCalls.search), callRoute(dictCalls.search, { tags }), async (req) =>
    ok(await app.dict.loadDict(req.params.dictCode, req.query.keyword, req.lang)),
  );

  app.get(callPathUnder(app, dictCalls.all), callRoute(dictCalls.all, { tags }), async (req) => ok(await app.dict.queryAll(req.lang)));

  app.get(callPathUnder(app, dictCalls.refreshCache), callRoute(dictCalls.refreshCache, { tags }), async (req) => {
    app.dict.clearCache();
    await notifyDictChanged(app.db);
    return ok(null, translate(req.lang, 'error.operationSucceeded'));
  });
};
