/**
 * User administration calls (spec §7 "Users", docs/identity-api.md "Administration"), as declared in the domain
 * (users/calls.ts); the users list is the declared users list.
 */
import { userCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseIds } from '../../lib/admin';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { usersSource } from './queries';
import * as users from './service';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, usersSource, { tags, summary: 'Users of the caller scope, paged' });

  app.post(callPathUnder(app, userCalls.add), callRoute(userCalls.add, { tags }), async (req) => {
    const b = req.body;
    users.assertPasswordsMatch(b.password, b.confirmpassword);
    const view = await users.addUser(app.db, req, {
      ...b,
      roleIds: parseIds(b.roleIds, 'roleIds'),
      departIds: parseIds(b.departIds, 'departIds'),
    });
    return ok(view, t(req.lang, 'error.operationSucceeded'));
  });

  app.put(callPathUnder(app, userCalls.edit), callRoute(userCalls.edit, { tags }), async (req) => {
    const b = req.body;
    const view = await users.editUser(app.db, req, {
      ...b,
      roleIds: b.roleIds === undefined ? undefined : parseIds(b.roleIds, 'roleIds'),
      departIds: b.departIds === undefined ? undefined : parseIds(b.departIds, 'departIds'),
    });
    return ok(view, t(req.lang, 'error.operationSucceeded'));
  });

  app.put(callPathUnder(app, userCalls.freeze), callRoute(userCalls.freeze, { tags }), async (req) => {
    await users.freezeUsers(app.db, req, parseIds(req.body.ids, 'ids'), req.body.status);
    return ok(null, t(req.lang, 'error.operationSucceeded'));
  });

  app.get(callPathUnder(app, userCalls.checkUnique), callRoute(userCalls.checkUnique, { tags }), async (req) => {
    const taken = await users.checkOnlyUser(app.db, req.lang, req.query);
    return taken === null ? ok(true) : { ...ok(false, taken), success: false };
  });

  app.put(callPathUnder(app, userCalls.resetPassword), callRoute(userCalls.resetPassword, { tags }), async (req) => {
    users.assertPasswordsMatch(req.body.password, req.body.confirmpassword);
    await users.resetPassword(app.db, req, req.body.username, req.body.password);
    return ok(null, t(req.lang, 'error.operationSucceeded'));
  });

  app.get(callPathUnder(app, userCalls.roleIds), callRoute(userCalls.roleIds, { tags }), async (req) =>
    ok(await users.userRoleIds(app.db, req, req.query.userid)),
  );

  app.get(callPathUnder(app, userCalls.ofDepartment), callRoute(userCalls.ofDepartment, { tags }), async (req) =>
    ok(await users.usersOfDepartment(app.db, req, req.query.id)),
  );
};
