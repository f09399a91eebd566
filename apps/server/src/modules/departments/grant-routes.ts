/** A department's permissions (spec §7, under /sys/permission). */
import { Perm } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { idSchema, parseIds } from '../../lib/admin';
import { departGrantBody } from '../permissions/schemas';
import { departPermissionIds, saveDepartPermissions } from './service';

const tags = ['permissions'];

export const departGrantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/queryDepartPermission',
    {
      config: { permission: Perm.DEPART_MENU },
      schema: {
        tags,
        summary: 'Permission ids of a department',
        querystring: z.object({ departId: idSchema }),
        response: { 200: envelopeOf(z.array(z.number())) },
      },
    },
    async (req) => ok(await departPermissionIds(app.db, req, req.query.departId)),
  );

  app.post(
    '/saveDepartPermission',
    {
      config: { permission: Perm.DEPART_EDIT },
      schema: {
        tags,
        summary: "Set a department's permissions (only codes the caller holds)",
        body: departGrantBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await saveDepartPermissions(
        app.db,
        req,
        req.body.departId,
        parseIds(req.body.permissionIds, 'permissionIds'),
      );
      return ok(null, t(req.lang, 'error.operationSucceeded'));
    },
  );
};
