/** Announcement calls (/sys/annountCement, path spelling kept from the spec; declared in the domain: announcementCalls). */
import { AnnouncementStatus, announcementCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { announcementsSource } from './queries';
import * as ann from './service';

const tags = ['announcements'];

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, announcementCalls.ofUser), callRoute(announcementCalls.ofUser, { tags }), async (req) => ok(await ann.listForUser(app.db, req, req.query.pageSize)));

  app.put(callPathUnder(app, announcementCalls.read), callRoute(announcementCalls.read, { tags }), async (req) => {
    await ann.markRead(app.db, req, req.body.id);
    return ok(null);
  });

  registerList(app, announcementsSource, { tags, summary: "The merchant's and the global announcements (platform: all), paged" });

  app.post(callPathUnder(app, announcementCalls.add), callRoute(announcementCalls.add, { tags }), async (req) =>
    ok(await ann.addAnnouncement(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.put(callPathUnder(app, announcementCalls.edit), callRoute(announcementCalls.edit, { tags }), async (req) =>
    ok(await ann.editAnnouncement(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.get(callPathUnder(app, announcementCalls.release), callRoute(announcementCalls.release, { tags }), async (req) =>
    ok(await ann.transition(app.db, req, req.query.id, AnnouncementStatus.RELEASED), t(req.lang, 'error.operationSucceeded')),
  );

  app.get(callPathUnder(app, announcementCalls.revoke), callRoute(announcementCalls.revoke, { tags }), async (req) =>
    ok(await ann.transition(app.db, req, req.query.id, AnnouncementStatus.REVOKED), t(req.lang, 'error.operationSucceeded')),
  );
};
