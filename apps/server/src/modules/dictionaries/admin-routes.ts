/** Dictionary administration: /sys/dict/list|add|edit and /sys/dictItem/list|add|edit (platform staff). */
import { DICT_CODE_RE, Perm, dictItemRecord, dictionariesList } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { idSchema, pageQuery, pageSchema } from '../../lib/admin';
import { registerList } from '../../lib/list/route';
import * as svc from './admin-service';
import { dictionariesSource } from './queries';

const tags = ['dictionaries'];

const dictViewSchema = dictionariesList.record.extend({ dictName: z.string().describe('in the caller language') });
const itemViewSchema = dictItemRecord;

const statusSchema = z.coerce.number().int().min(0).max(1);
const dictBody = z.object({
  dictCode: z.string().trim().regex(DICT_CODE_RE, 'admin.dict.codeInvalid'),
  dictName: z.string().trim().min(1).max(191).describe('a name, or an i18n key'),
  description: z.string().max(2000).nullish(),
  status: statusSchema.optional(),
});
const itemBody = z.object({
  dictId: idSchema,
  itemValue: z.string().trim().min(1).max(128),
  itemText: z.string().max(255).nullish(),
  itemTextKey: z.string().max(191).optional(),
  sortOrder: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional(),
  status: statusSchema.optional(),
});

export const dictAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, dictionariesSource, { tags, summary: 'Dictionaries' });

  app.post(
    '/add',
    {
      config: { permission: Perm.DICT_EDIT },
      schema: {
        tags,
        summary: 'Add a dictionary',
        body: dictBody,
        response: { 200: envelopeOf(dictViewSchema) },
      },
    },
    async (req) => {
      const v = await svc.addDict(app.db, req.lang, req.body);
      app.dict.clearCache();
      return ok(v, t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.put(
    '/edit',
    {
      config: { permission: Perm.DICT_EDIT },
      schema: {
        tags,
        summary: 'Edit a dictionary',
        body: dictBody.extend({ id: idSchema }),
        response: { 200: envelopeOf(dictViewSchema) },
      },
    },
    async (req) => {
      const v = await svc.editDict(app.db, req.lang, req.body);
      app.dict.clearCache();
      return ok(v, t(req.lang, 'error.operationSucceeded'));
    },
  );
};

export const dictItemAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/list',
    {
      config: { permission: Perm.DICT_MENU },
      schema: {
        tags,
        summary: 'Items of a dictionary, paged',
        querystring: pageQuery.extend({
          dictId: idSchema,
          itemText: z.string().max(255).optional(),
          itemValue: z.string().max(128).optional(),
        }),
        response: { 200: envelopeOf(pageSchema(itemViewSchema)) },
      },
    },
    async (req) => ok(await svc.listItems(app.db, req.lang, req.query)),
  );

  app.post(
    '/add',
    {
      config: { permission: Perm.DICT_EDIT },
      schema: { tags, summary: 'Add an item', body: itemBody, response: { 200: envelopeOf(itemViewSchema) } },
    },
    async (req) => {
      const v = await svc.addItem(app.db, req.lang, req.body);
      app.dict.clearCache();
      return ok(v, t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.put(
    '/edit',
    {
      config: { permission: Perm.DICT_EDIT },
      schema: {
        tags,
        summary: 'Edit an item',
        body: itemBody.extend({ id: idSchema }),
        response: { 200: envelopeOf(itemViewSchema) },
      },
    },
    async (req) => {
      const v = await svc.editItem(app.db, req.lang, req.body);
      app.dict.clearCache();
      return ok(v, t(req.lang, 'error.operationSucceeded'));
    },
  );
};
