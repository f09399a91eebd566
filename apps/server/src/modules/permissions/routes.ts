/**
 * Permission calls (spec §7 "Permissions"): the platform's permission admin. The role and department grants served
 * under the same path live with their areas (roles/grant-routes.ts, departments/grant-routes.ts).
 */
import { Perm } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { idSchema, parseIds } from '../../lib/admin';
import { grantTreeSchema } from './schemas';
import * as perms from './service';

const tags = ['permissions'];

/** Recursive: its component id (meta below) names the cycle in the OpenAPI document, else a dangling ref. */
export const permissionViewSchema: z.ZodType = z.lazy(() =>
  z.object({
    id: z.number(),
    parentId: z.number().nullable(),
    menuType: z.number().describe('0 group, 1 page, 2 button or column'),
    perms: z.string().describe('the permission code'),
    permsType: z.string().describe("'1' menu or column, '2' button"),
    status: z.string().describe("'1' enabled, '0' disabled everywhere"),
    name: z.string(),
    title: z.string(),
    titleKey: z.string(),
    titles: z.record(z.string(), z.string()).nullable(),
    path: z.string().nullable(),
    component: z.string().nullable(),
    redirect: z.string().nullable(),
    icon: z.string().nullable(),
    url: z.string().nullable(),
    sortNo: z.number(),
    hidden: z.boolean(),
    route: z.enum(['1', '0']),
    alwaysShow: z.boolean(),
    keepAlive: z.boolean(),
    internalOrExternal: z.boolean(),
    leaf: z.boolean(),
    createTime: z.string().nullable(),
    children: z.array(permissionViewSchema).optional(),
  }),
).meta({ id: 'PermissionNode' });

const nullableText = (max: number) => z.string().max(max).nullish();
const permissionBody = z.object({
  parentId: z.coerce.number().int().positive().nullish(),
  menuType: z.coerce.number().int().min(0).max(2),
  perms: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9:_.-]{0,127}$/, 'admin.permission.codeInvalid'),
  permsType: z.enum(['1', '2']),
  status: z.enum(['0', '1']).optional(),
  name: z.string().trim().min(1).max(128),
  titleKey: z.string().max(191).optional(),
  titles: z.record(z.string().max(8), z.string().max(128)).nullish(),
  path: nullableText(255),
  component: nullableText(128),
  redirect: nullableText(255),
  icon: nullableText(64),
  url: nullableText(500),
  sortNo: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional(),
  hidden: z.boolean().optional(),
  route: z.boolean().optional(),
  alwaysShow: z.boolean().optional(),
  keepAlive: z.boolean().optional(),
  internalOrExternal: z.boolean().optional(),
});

export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const menu = { config: { permission: Perm.PERMISSION_MENU } };

  app.get(
    '/list',
    {
      ...menu,
      schema: {
        tags,
        summary: 'The whole permission tree with every field',
        response: { 200: envelopeOf(z.array(permissionViewSchema)) },
      },
    },
    async (req) => ok(await perms.permissionTree(app.db, req.lang)),
  );

  app.get(
    '/queryTreeList',
    {
      ...menu,
      schema: {
        tags,
        summary: 'The whole tree as antd Tree data',
        response: { 200: envelopeOf(grantTreeSchema) },
      },
    },
    async (req) => ok(await perms.fullGrantTree(app.db, req.lang)),
  );

  app.get(
    '/getSystemMenuList',
    {
      ...menu,
      schema: {
        tags,
        summary: 'Top-level menus',
        response: { 200: envelopeOf(z.array(permissionViewSchema)) },
      },
    },
    async (req) => ok(await perms.systemMenus(app.db, req.lang)),
  );

  app.get(
    '/getSystemSubmenu',
    {
      ...menu,
      schema: {
        tags,
        summary: 'Children of one entry',
        querystring: z.object({ parentId: idSchema }),
        response: { 200: envelopeOf(z.array(permissionViewSchema)) },
      },
    },
    async (req) =>
      ok((await perms.submenus(app.db, req.lang, [req.query.parentId]))[String(req.query.parentId)] ?? []),
  );

  app.get(
    '/getSystemSubmenuBatch',
    {
      ...menu,
      schema: {
        tags,
        summary: 'Children of several entries, by parent id',
        querystring: z.object({ parentIds: z.string().max(2000) }),
        response: { 200: envelopeOf(z.record(z.string(), z.array(permissionViewSchema))) },
      },
    },
    async (req) => ok(await perms.submenus(app.db, req.lang, parseIds(req.query.parentIds, 'parentIds'))),
  );

  app.post(
    '/add',
    {
      config: { permission: Perm.PERMISSION_EDIT },
      schema: {
        tags,
        summary: 'Add a menu, button or column entry',
        body: permissionBody,
        response: { 200: envelopeOf(permissionViewSchema) },
      },
    },
    async (req) =>
      ok(await perms.addPermission(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  app.put(
    '/edit',
    {
      config: { permission: Perm.PERMISSION_EDIT },
      schema: {
        tags,
        summary: "Edit an entry (status '0' disables the code everywhere)",
        body: permissionBody.extend({ id: idSchema }),
        response: { 200: envelopeOf(permissionViewSchema) },
      },
    },
    async (req) =>
      ok(await perms.editPermission(app.db, req, req.body), t(req.lang, 'error.operationSucceeded')),
  );

  for (const path of ['/getPermRuleListByPermId', '/queryPermissionRule']) {
    app.get(
      path,
      {
        ...menu,
        schema: {
          tags,
          summary: 'Data rules of an entry: always empty (this system has no data rules)',
          querystring: z
            .object({ permissionId: z.string().max(32).optional(), permId: z.string().max(32).optional() })
            .loose(),
          response: { 200: envelopeOf(z.array(z.never())) },
        },
      },
      async () => ok([]),
    );
  }
};
