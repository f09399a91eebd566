/** Announcement calls (/sys/annountCement, path spelling kept from the spec). */
import { ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_STATUSES, AnnouncementStatus, Perm } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { idSchema, pageQuery, pageSchema } from '../../lib/admin';
import * as ann from './service';

const tags = ['announcements'];

const viewSchema = z.object({
  id: z.number(),
  merchantId: z.number().nullable().describe('null: every merchant'),
  title: z.string(),
  content: z.string(),
  priority: z.string().describe('L, M, H'),
  status: z.string().describe('draft, released, revoked'),
  releasedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createTime: z.string().nullable(),
});
const body = z.object({
  title: z.string().trim().min(1).max(255),
  content: z.string().min(1).max(20_000),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES).optional(),
  merchantId: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .describe('platform staff: one merchant, or null for all'),
});

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/listByUser',
    {
      config: { authenticated: true },
      schema: {
        tags,
        summary: "Released announcements for the caller's merchant or all, newest first, with read flags",
        querystring: z.object({ pageSize: z.coerce.number().int().min(1).max(100).default(20) }),
        response: {
          200: envelopeOf(
            z.object({ unreadCount: z.number(), records: z.array(viewSchema.extend({ read: z.boolean() })) }),
          ),
        },
      },
    },
    async (req) => ok(await ann.listForUser(app.db, req, req.query.pageSize)),
  );

  app.put(
    '/read',
    {
      config: { authenticated: true },
      schema: {
        tags,
        summary: 'Mark one announcement read',
        body: z.object({ id: idSchema }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await ann.markRead(app.db, req, req.body.id);
      return ok(null);
    },
  );

  app.get(
    '/list',
    {
      config: { permission: Perm.ANNOUNCEMENT_MENU },
      schema: {
        tags,
        summary: "The merchant's and the global announcements (platform: all), paged",
        querystring: pageQuery.extend({
          title: z.string().max(255).optional(),
          status: z.enum(ANNOUNCEMENT_STATUSES).optional(),
        }),
        response: { 200: envelopeOf(pageSchema(viewSchema)) },
      },
    },
    async (req) => ok(await ann.listAnnouncements(app.db, req, req.query)),
  );

  app.post(
    '/add',
    {
      config: { permission: Perm.ANNOUNCEMENT_PUBLISH },
      schema: { tags, summary: 'Write a draft', body, response: { 200: envelopeOf(viewSchema) } },
    },
    async (req) =>
      ok(await ann.addAnnouncement(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.put(
    '/edit',
    {
      config: { permission: Perm.ANNOUNCEMENT_PUBLISH },
      schema: {
        tags,
        summary: 'Edit a draft',
        body: body.extend({ id: idSchema }),
        response: { 200: envelopeOf(viewSchema) },
      },
    },
    async (req) =>
      ok(await ann.editAnnouncement(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.get(
    '/doReleaseData',
    {
      config: { permission: Perm.ANNOUNCEMENT_PUBLISH },
      schema: {
        tags,
        summary: 'Release a draft',
        querystring: z.object({ id: idSchema }),
        response: { 200: envelopeOf(viewSchema) },
      },
    },
    async (req) =>
      ok(
        await ann.transition(app.db, req, req.query.id, AnnouncementStatus.RELEASED),
        t(req.lang, 'error.operationSucceeded'),
      ),
  );

  app.get(
    '/doReovkeData',
    {
      config: { permission: Perm.ANNOUNCEMENT_PUBLISH },
      schema: {
        tags,
        summary: 'Revoke a released announcement',
        querystring: z.object({ id: idSchema }),
        response: { 200: envelopeOf(viewSchema) },
      },
    },
    async (req) =>
      ok(await ann.transition(app.db, req, req.query.id, AnnouncementStatus.REVOKED), t(req.lang, 'error.operationSucceeded')),
  );
};
