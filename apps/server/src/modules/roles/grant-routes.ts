/** A role's permissions (spec §7, under /sys/permission), as declared in the domain (roles/calls.ts). */
import { roleCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseIds } from '../../lib/admin';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { rolePermissionIds, saveRolePermissions } from './service';

const tags = ['permissions'];

export const roleGrantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, roleCalls.permissions), callRoute(roleCalls.permissions, { tags }), async (req) =>
    ok(await rolePermissionIds(app.db, req, req.query.roleId)),
  );

  app.post(callPathUnder(app, roleCalls.savePermissions), callRoute(roleCalls.savePermissions, { tags }), async (req) =>
    ok(
      await saveRolePermissions(app.db, req, req.body.roleId, parseIds(req.body.permissionIds, 'permissionIds')),
      t(req.lang, 'error.operationSucceeded'),
    ),
  );
};
