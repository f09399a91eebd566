/** Dictionary calls of spec §7, paths kept exactly. */
import { translate } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { notifyDictChanged } from './queries';

const item = z.object({ value: z.string(), text: z.string(), title: z.string(), label: z.string() });
const dictParams = z.object({
  dictCode: z.string().describe('A registered dictionary code, e.g. payment_type. The `table,text,code` form is refused.'),
});
const tags = ['dictionaries'];

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getDictItems/:dictCode',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Items of a dictionary, texts in the caller language',
        params: dictParams,
        response: { 200: envelopeOf(z.array(item)) },
      },
    },
    async (req) => ok(await app.dict.getItems(req.params.dictCode, req.lang)),
  );

  app.get(
    '/loadDictItem/:dictCode',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Texts of the given values (comma separated), in their order',
        params: dictParams,
        querystring: z.object({ key: z.string().max(2000).default('').describe('values, comma separated') }),
        response: { 200: envelopeOf(z.array(z.string())) },
      },
    },
    async (req) => {
      const keys = req.query.key
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      return ok(await app.dict.loadDictItem(req.params.dictCode, keys, req.lang));
    },
  );

  app.get(
    '/loadDict/:dictCode',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Items whose text or value contains the keyword (case-insensitive, at most 50)',
        params: dictParams,
        querystring: z.object({ keyword: z.string().max(100).optional() }),
        response: { 200: envelopeOf(z.array(item)) },
      },
    },
    async (req) => ok(await app.dict.loadDict(req.params.dictCode, req.query.keyword, req.lang)),
  );

  app.get(
    '/queryAllDictItems',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Every dictionary with its items',
        response: { 200: envelopeOf(z.record(z.string(), z.array(item))) },
      },
    },
    async (req) => ok(await app.dict.queryAll(req.lang)),
  );

  app.get(
    '/refleshCache',
    {
      config: { authenticated: true },
      schema: { tags, summary: 'Clears the dictionary cache of every instance', response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      app.dict.clearCache();
      await notifyDictChanged(app.db);
      return ok(null, translate(req.lang, 'error.operationSucceeded'));
    },
  );
};
