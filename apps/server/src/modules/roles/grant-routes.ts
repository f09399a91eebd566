/** A role's permissions (spec §7, under /sys/permission). */
import { Perm } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { idSchema, parseIds } from '../../lib/admin';
import { roleGrantBody } from '../permissions/schemas';
import { rolePermissionIds, saveRolePermissions } from './service';

const tags = ['permissions'];

export const roleGrantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/queryRolePermission',
    {
      config: { permission: Perm.ROLE_MENU },
      schema: {
        tags,
        summary: 'Permission ids of a role',
        querystring: z.object({ roleId: idSchema }),
        response: { 200: envelopeOf(z.array(z.number())) },
      },
    },
    async (req) => ok(await rolePermissionIds(app.db, req, req.query.roleId)),
  );

  app.post(
    '/saveRolePermission',
    {
      config: { permission: Perm.ROLE_GRANT },
      schema: {
        tags,
        summary: "Set a role's permissions (only codes the caller holds; only its own merchant's roles)",
        body: roleGrantBody,
        response: { 200: envelopeOf(z.object({ added: z.array(z.string()), removed: z.array(z.string()) })) },
      },
    },
    async (req) =>
      ok(
        await saveRolePermissions(
          app.db,
          req,
          req.body.roleId,
          parseIds(req.body.permissionIds, 'permissionIds'),
        ),
        t(req.lang, 'error.operationSucceeded'),
      ),
  );
};
