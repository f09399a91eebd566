/** Department calls (spec §7 "Departments") and the department-role grant calls (/sys/sysDepartPermission). */
import { Perm } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { requireAuth } from '../auth';
import { idSchema, KeyedError, parseIds } from '../../lib/admin';
import { grantTreeSchema, roleGrantBody } from '../permissions/schemas';
import { grantTree, rolePermissionIds, saveRolePermissions } from '../roles/service';
import * as departs from './service';

const tags = ['departments'];

/** Recursive: its component id (meta below) names the cycle in the OpenAPI document, else a dangling ref. */
const departNodeSchema: z.ZodType = z.lazy(() =>
  z.object({
    id: z.number(),
    key: z.number(),
    value: z.number(),
    title: z.string(),
    departName: z.string(),
    orgCode: z.string(),
    parentId: z.number().nullable(),
    merchantId: z.number(),
    sortOrder: z.number(),
    createTime: z.string().nullable(),
    isLeaf: z.boolean(),
    children: z.array(departNodeSchema).optional(),
  }),
).meta({ id: 'DepartmentNode' });
const idNodeSchema: z.ZodType = z.lazy(() =>
  z.object({
    key: z.number(),
    value: z.number(),
    title: z.string(),
    children: z.array(idNodeSchema).optional(),
  }),
).meta({ id: 'DepartmentIdNode' });

const merchantFilter = z.object({
  merchantId: z.coerce.number().int().positive().optional().describe('platform staff: only this merchant'),
});
const departBody = z.object({
  departName: z.string().trim().min(1).max(128),
  parentId: z.coerce.number().int().positive().nullish(),
  sortOrder: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional(),
  merchantId: z.coerce.number().int().positive().optional(),
});

export const departRoutes: FastifyPluginAsyncZod = async (app) => {
  const menu = { config: { permission: Perm.DEPART_MENU } };

  app.get(
    '/queryTreeList',
    {
      ...menu,
      schema: {
        tags,
        summary: "The merchant's department tree",
        querystring: merchantFilter,
        response: { 200: envelopeOf(z.array(departNodeSchema)) },
      },
    },
    async (req) => ok(await departs.departTree(app.db, req, req.query.merchantId)),
  );

  app.get(
    '/queryIdTree',
    {
      ...menu,
      schema: {
        tags,
        summary: 'The department tree as { key, value, title }',
        querystring: merchantFilter,
        response: { 200: envelopeOf(z.array(idNodeSchema)) },
      },
    },
    async (req) => ok(await departs.idTree(app.db, req, req.query.merchantId)),
  );

  app.get(
    '/searchBy',
    {
      ...menu,
      schema: {
        tags,
        summary: 'Departments whose name contains keyWord (flat)',
        querystring: merchantFilter.extend({ keyWord: z.string().max(128).optional() }),
        response: { 200: envelopeOf(z.array(departNodeSchema)) },
      },
    },
    async (req) => ok(await departs.searchDeparts(app.db, req, req.query.keyWord, req.query.merchantId)),
  );

  app.get(
    '/queryMyDeptTreeList',
    {
      config: { authenticated: true },
      schema: {
        tags,
        summary: "The caller's own departments",
        response: { 200: envelopeOf(z.array(departNodeSchema)) },
      },
    },
    async (req) => ok(await departs.myDeparts(app.db, req)),
  );

  app.post(
    '/add',
    {
      config: { permission: Perm.DEPART_ADD },
      schema: {
        tags,
        summary: 'Add a department (org code generated)',
        body: departBody,
        response: { 200: envelopeOf(departNodeSchema) },
      },
    },
    async (req) =>
      ok(await departs.addDepart(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.put(
    '/edit',
    {
      config: { permission: Perm.DEPART_EDIT },
      schema: {
        tags,
        summary: 'Rename or move a department',
        body: departBody.omit({ merchantId: true }).extend({ id: idSchema }),
        response: { 200: envelopeOf(departNodeSchema) },
      },
    },
    async (req) =>
      ok(await departs.editDepart(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.delete(
    '/delete',
    {
      config: { permission: Perm.DEPART_DELETE },
      schema: {
        tags,
        summary: 'Delete a department (refused with 422 while it has users or children)',
        querystring: z.object({ id: idSchema }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await departs.deleteDepart(app.db, req, req.query.id);
      return ok(null, t(req.lang, 'error.operationSucceeded'));
    },
  );
};

/** /sys/sysDepartPermission: roles granted within a department, bounded by the department's permissions. */
export const departPermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/queryTreeListForDeptRole',
    {
      config: { permission: Perm.DEPART_MENU },
      schema: {
        tags,
        summary: "The department's permissions the caller may grant, as a tree",
        querystring: z.object({ departId: idSchema }),
        response: { 200: envelopeOf(grantTreeSchema) },
      },
    },
    async (req) => {
      const allowed = new Set(await departs.departPermissionIds(app.db, req, req.query.departId));
      return ok(await grantTree(app.db, requireAuth(req), req.lang, allowed));
    },
  );

  app.get(
    '/queryDeptRolePermission',
    {
      config: { permission: Perm.DEPART_MENU },
      schema: {
        tags,
        summary: "A role's permissions within the department",
        querystring: z.object({ roleId: idSchema, departId: idSchema }),
        response: { 200: envelopeOf(z.array(z.number())) },
      },
    },
    async (req) => {
      const allowed = new Set(await departs.departPermissionIds(app.db, req, req.query.departId));
      return ok((await rolePermissionIds(app.db, req, req.query.roleId)).filter((id) => allowed.has(id)));
    },
  );

  app.post(
    '/saveDeptRolePermission',
    {
      config: { permission: Perm.DEPART_EDIT },
      schema: {
        tags,
        summary: "Set a role's permissions within the department (the role's other permissions stay)",
        body: roleGrantBody.extend({ departId: idSchema }),
        response: { 200: envelopeOf(z.object({ added: z.array(z.string()), removed: z.array(z.string()) })) },
      },
    },
    async (req) => {
      const allowed = new Set(await departs.departPermissionIds(app.db, req, req.body.departId));
      const requested = parseIds(req.body.permissionIds, 'permissionIds');
      if (requested.some((id) => !allowed.has(id))) {
        throw new KeyedError('FORBIDDEN', 'admin.permission.notGrantable');
      }
      return ok(
        await saveRolePermissions(app.db, req, req.body.roleId, requested, allowed),
        t(req.lang, 'error.operationSucceeded'),
      );
    },
  );
};
