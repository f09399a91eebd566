/** Role calls (spec §7 "Roles"). Its grant calls live under /sys/permission (grant-routes.ts). */
import { Perm } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { requireAuth } from '../auth';
import { idSchema, pageQuery, pageSchema } from '../../lib/admin';
import { grantTreeSchema } from '../permissions/schemas';
import * as roles from './service';

const tags = ['roles'];

export const roleViewSchema = z.object({
  id: z.number(),
  roleCode: z.string(),
  roleName: z.string(),
  description: z.string().nullable(),
  merchantId: z.number().nullable(),
  system: z.boolean(),
  createTime: z.string().nullable(),
});


const roleBody = z.object({
  roleCode: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,63}$/, 'admin.role.codeInvalid'),
  roleName: z.string().trim().min(1).max(128),
  description: z.string().max(255).nullish(),
  merchantId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe('platform staff: the merchant the role belongs to'),
});

export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/queryall',
    {
      config: { permission: Perm.USER_MENU },
      schema: {
        tags,
        summary: 'Roles the caller may assign',
        querystring: z.object({ merchantId: z.coerce.number().int().positive().optional() }),
        response: { 200: envelopeOf(z.array(roleViewSchema)) },
      },
    },
    async (req) => ok(await roles.queryAll(app.db, req, req.query.merchantId)),
  );

  app.get(
    '/list',
    {
      config: { permission: Perm.ROLE_MENU },
      schema: {
        tags,
        summary: "System roles and the merchant's own roles, paged",
        querystring: pageQuery.extend({
          roleName: z.string().max(128).optional(),
          roleCode: z.string().max(64).optional(),
        }),
        response: { 200: envelopeOf(pageSchema(roleViewSchema)) },
      },
    },
    async (req) => ok(await roles.listRoles(app.db, req, req.query)),
  );

  app.post(
    '/add',
    {
      config: { permission: Perm.ROLE_ADD },
      schema: {
        tags,
        summary: 'Create a merchant role',
        body: roleBody,
        response: { 200: envelopeOf(roleViewSchema) },
      },
    },
    async (req) => ok(await roles.addRole(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.put(
    '/edit',
    {
      config: { permission: Perm.ROLE_EDIT },
      schema: {
        tags,
        summary: 'Edit a merchant role (system roles are read-only)',
        body: roleBody.extend({ id: idSchema }),
        response: { 200: envelopeOf(roleViewSchema) },
      },
    },
    async (req) => ok(await roles.editRole(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.get(
    '/queryTreeList',
    {
      config: { permission: Perm.ROLE_MENU },
      schema: {
        tags,
        summary: 'The permission tree the caller may grant',
        response: { 200: envelopeOf(grantTreeSchema) },
      },
    },
    async (req) => ok(await roles.grantTree(app.db, requireAuth(req), req.lang)),
  );
};
