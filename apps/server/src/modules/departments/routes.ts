/**
 * Department calls (spec §7 "Departments") and the department-role grant calls (/sys/sysDepartPermission), as
 * declared in the domain (departments/departmentCalls.ts).
 */
import { departmentCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import * as departs from './service';

const tags = ['departments'];

export const departRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, departmentCalls.tree), callRoute(departmentCalls.tree, { tags }), async (req) =>
    ok(await departs.departTree(app.db, req, req.query.merchantId)),
  );

  app.get(callPathUnder(app, departmentCalls.idTree), callRoute(departmentCalls.idTree, { tags }), async (req) =>
    ok(await departs.idTree(app.db, req, req.query.merchantId)),
  );

  app.get(callPathUnder(app, departmentCalls.search), callRoute(departmentCalls.search, { tags }), async (req) =>
    ok(await departs.searchDeparts(app.db, req, req.query.keyWord, req.query.merchantId)),
  );

  app.get(callPathUnder(app, departmentCalls.mine), callRoute(departmentCalls.mine, { tags }), async (req) =>
    ok(await departs.myDeparts(app.db, req)),
  );

  app.post(callPathUnder(app, departmentCalls.add), callRoute(departmentCalls.add, { tags }), async (req) =>
    ok(await departs.addDepart(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.put(callPathUnder(app, departmentCalls.edit), callRoute(departmentCalls.edit, { tags }), async (req) =>
    ok(await departs.editDepart(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.delete(callPathUnder(app, departmentCalls.remove), callRoute(departmentCalls.remove, { tags }), async (req) => {
    await departs.deleteDepart(app.db, req, req.query.id);
    return ok(null, t(req.lang, 'error.operationSucceeded'));
  });
};

/** /sys/sysDepartPermission: roles granted within a department, bounded by the department's permissions. */
export const departPermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, departmentCalls.roleGrantTree), callRoute(departmentCalls.roleGrantTree, { tags }), async (req) =>
    ok(await departs.departRoleGrantTree(app.db, req, req.query.departId)),
  );

  app.get(callPathUnder(app, departmentCalls.rolePermissions), callRoute(departmentCalls.rolePermissions, { tags }), async (req) =>
    ok(await departs.departRolePermissionIds(app.db, req, req.query.roleId, req.query.departId)),
  );

  app.post(callPathUnder(app, departmentCalls.saveRolePermissions), callRoute(departmentCalls.saveRolePermissions, { tags }), async (req) =>
    ok(await departs.saveDepartRolePermissions(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );
};
