/** A department's permissions (spec §7, under /sys/permission), as declared in the domain (departments/departmentCalls.ts). */
import { departmentCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseIds } from '../../lib/admin';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { departPermissionIds, saveDepartPermissions } from './service';

const tags = ['permissions'];

export const departGrantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, departmentCalls.permissions), callRoute(departmentCalls.permissions, { tags }), async (req) =>
    ok(await departPermissionIds(app.db, req, req.query.departId)),
  );

  app.post(callPathUnder(app, departmentCalls.savePermissions), callRoute(departmentCalls.savePermissions, { tags }), async (req) => {
    await saveDepartPermissions(app.db, req, req.body.departId, parseIds(req.body.permissionIds, 'permissionIds'));
    return ok(null, t(req.lang, 'error.operationSucceeded'));
  });
};
