/** Announcement calls (/sys/annountCement, path spelling kept from the spec). */
import { ANNOUNCEMENT_CONTENT_MAX_LENGTH, ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_TITLE_MAX_LENGTH, AnnouncementStatus, Perm, announcementsList } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { idSchema } from '../../lib/admin';
import { registerList } from '../../lib/list/route';
import { announcementsSource } from './queries';
import * as ann from './service';

const tags = ['announcements'];

const viewSchema = announcementsList.record;
const body = z.object({
  title: z.string().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX_LENGTH),
  content: z.string().min(1).max(ANNOUNCEMENT_CONTENT_MAX_LENGTH),
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

  registerList(app, announcementsSource, { tags, summary: "The merchant's and the global announcements (platform: all), paged" });

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
