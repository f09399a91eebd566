/**
 * Shapes of the permission calls (spec §7 "Permissions"): an entry of the permission tree with every field (the
 * permission admin), the tree as antd Tree data (granting), and the bodies of the role and department grants.
 * The trees are recursive: each schema's component id (`meta`) names the cycle in the OpenAPI document, else a
 * dangling ref.
 */
import { z } from 'zod';
import { adminIdListSchema, adminIdSchema } from '../validation';

/** An entry of the permission tree with every field, its children below it. */
export const permissionNodeSchema = z
  .object({
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
    get children(): z.ZodOptional<z.ZodArray<typeof permissionNodeSchema>> {
      return z.array(permissionNodeSchema).optional();
    },
  })
  .meta({ id: 'PermissionNode' });
export type PermissionNode = z.output<typeof permissionNodeSchema>;

const nullableText = (max: number) => z.string().max(max).nullish();

/** What the permission admin writes of an entry (its edit: the whole entry, with its id). */
export const permissionBodySchema = z.object({
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

/** A node of the permission tree as antd Tree data, what a role or a department is granted from. */
export const permissionTreeNodeSchema = z
  .object({
    key: z.number(),
    value: z.number(),
    title: z.string(),
    code: z.string(),
    permsType: z.string(),
    menuType: z.number(),
    status: z.string(),
    isLeaf: z.boolean(),
    get children(): z.ZodOptional<z.ZodArray<typeof permissionTreeNodeSchema>> {
      return z.array(permissionTreeNodeSchema).optional();
    },
  })
  .meta({ id: 'PermissionTreeNode' });
export type PermissionTreeNode = z.output<typeof permissionTreeNodeSchema>;

/** The tree a grant screen shows, and the ids in it. */
export const permissionGrantTreeSchema = z.object({ treeList: z.array(permissionTreeNodeSchema), ids: z.array(z.number()) });
export type PermissionGrantTree = z.output<typeof permissionGrantTreeSchema>;

const grantFields = {
  permissionIds: adminIdListSchema.describe("'1,2,3': the complete new set"),
  lastpermissionIds: adminIdListSchema.optional().describe('the set the screen loaded (informational)'),
};
/** A role's new permission set. */
export const roleGrantBodySchema = z.object({ roleId: adminIdSchema, ...grantFields });
/** A department's new permission set. */
export const departmentGrantBodySchema = z.object({ departId: adminIdSchema, ...grantFields });

/** What a role grant answers: the codes it added and removed. */
export const permissionGrantChangeSchema = z.object({ added: z.array(z.string()), removed: z.array(z.string()) });
