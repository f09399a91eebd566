/**
 * Role calls (spec §7 "Roles"), as declared in the domain (roles/calls.ts). Its grant calls live under
 * /sys/permission (grant-routes.ts).
 */
import { roleCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { requireAuth } from '../auth';
import * as roles from './service';

const tags = ['roles'];

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, roleCalls.assignable), callRoute(roleCalls.assignable, { tags }), async (req) =>
    ok(await roles.queryAll(app.db, req, req.query.merchantId)),
  );

  app.get(callPathUnder(app, roleCalls.list), callRoute(roleCalls.list, { tags }), async (req) =>
    ok(await roles.listRoles(app.db, req, req.query)),
  );

  app.post(callPathUnder(app, roleCalls.add), callRoute(roleCalls.add, { tags }), async (req) =>
    ok(await roles.addRole(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.put(callPathUnder(app, roleCalls.edit), callRoute(roleCalls.edit, { tags }), async (req) =>
    ok(await roles.editRole(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.get(callPathUnder(app, roleCalls.grantTree), callRoute(roleCalls.grantTree, { tags }), async (req) =>
    ok(await roles.grantTree(app.db, requireAuth(req), req.lang)),
  );
};
