/**
 * Permission calls (spec §7 "Permissions"): the platform's permission admin, as declared in the domain
 * (permissions/calls.ts). The role and department grants served under the same path live with their areas
 * (roles/grant-routes.ts, departments/grant-routes.ts).
 */
import { permissionCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseIds } from '../../lib/admin';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import * as perms from './service';

const tags = ['permissions'];

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, permissionCalls.tree), callRoute(permissionCalls.tree, { tags }), async (req) =>
    ok(await perms.permissionTree(app.db, req.lang)),
  );

  app.get(callPathUnder(app, permissionCalls.grantTree), callRoute(permissionCalls.grantTree, { tags }), async (req) =>
    ok(await perms.fullGrantTree(app.db, req.lang)),
  );

  app.get(callPathUnder(app, permissionCalls.systemMenus), callRoute(permissionCalls.systemMenus, { tags }), async (req) =>
    ok(await perms.systemMenus(app.db, req.lang)),
  );

  app.get(callPathUnder(app, permissionCalls.submenu), callRoute(permissionCalls.submenu, { tags }), async (req) =>
    ok(await perms.submenu(app.db, req.lang, req.query.parentId)),
  );

  app.get(callPathUnder(app, permissionCalls.submenuBatch), callRoute(permissionCalls.submenuBatch, { tags }), async (req) =>
    ok(await perms.submenus(app.db, req.lang, parseIds(req.query.parentIds, 'parentIds'))),
  );

  app.post(callPathUnder(app, permissionCalls.add), callRoute(permissionCalls.add, { tags }), async (req) =>
    ok(await perms.addPermission(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.put(callPathUnder(app, permissionCalls.edit), callRoute(permissionCalls.edit, { tags }), async (req) =>
    ok(await perms.editPermission(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  // This system keeps no data rules: both data-rule calls answer an empty list.
  app.get(callPathUnder(app, permissionCalls.rulesByPermId), callRoute(permissionCalls.rulesByPermId, { tags }), async () => ok([]));
  app.get(callPathUnder(app, permissionCalls.rules), callRoute(permissionCalls.rules, { tags }), async () => ok([]));
};
