/**
 * The roles calls declared once (calls/define.ts): the roles a user may be given, the roles' page, a role's add and
 * edit (/sys/role), the permission tree the caller may grant, and a role's permissions (served under
 * /sys/permission).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { permissionGrantChangeSchema, permissionGrantTreeSchema, roleGrantBodySchema } from '../permissions/schemas';
import { USERS_PERM } from '../users/perm';
import { adminIdSchema, pagingSchema, staffMerchantFilterField, staffMerchantIdField } from '../validation';
import { ROLES_PERM } from './perm';

/** A role as every role call answers it (`system`: seeded, of no merchant). */
export const roleViewSchema = z.object({
  id: z.number(),
  roleCode: z.string(),
  roleName: z.string(),
  description: z.string().nullable(),
  merchantId: z.number().nullable(),
  system: z.boolean(),
  createTime: z.string().nullable(),
});
export type RoleView = z.output<typeof roleViewSchema>;

/** A new merchant role; its edit takes the same, with its id. */
export const roleBodySchema = z.object({
  roleCode: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,63}$/, 'admin.role.codeInvalid'),
  roleName: z.string().trim().min(1).max(128),
  description: z.string().max(255).nullish(),
  merchantId: staffMerchantIdField,
});

export const roleListQuerySchema = pagingSchema.extend({
  merchantId: staffMerchantFilterField,
  roleName: z.string().max(128).optional(),
  roleCode: z.string().max(64).optional(),
});

export const rolePageSchema = z.object({
  records: z.array(roleViewSchema),
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
});

export const roleCalls = {
  assignable: defineCall({
    method: 'GET',
    path: '/sys/role/queryall',
    permission: USERS_PERM.USER_MENU,
    summary: 'Roles the caller may assign',
    query: z.object({ merchantId: staffMerchantIdField }),
    answer: z.array(roleViewSchema),
  }),
  list: defineCall({
    method: 'GET',
    path: '/sys/role/list',
    permission: ROLES_PERM.ROLE_MENU,
    summary: "System roles and the merchant's own roles, paged",
    query: roleListQuerySchema,
    answer: rolePageSchema,
  }),
  add: defineCall({
    method: 'POST',
    path: '/sys/role/add',
    permission: ROLES_PERM.ROLE_ADD,
    summary: 'Create a merchant role',
    body: roleBodySchema,
    answer: roleViewSchema,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/sys/role/edit',
    permission: ROLES_PERM.ROLE_EDIT,
    summary: 'Edit a merchant role (system roles are read-only)',
    body: roleBodySchema.extend({ id: adminIdSchema }),
    answer: roleViewSchema,
  }),
  grantTree: defineCall({
    method: 'GET',
    path: '/sys/role/queryTreeList',
    permission: ROLES_PERM.ROLE_MENU,
    summary: 'The permission tree the caller may grant',
    answer: permissionGrantTreeSchema,
  }),
  permissions: defineCall({
    method: 'GET',
    path: '/sys/permission/queryRolePermission',
    permission: ROLES_PERM.ROLE_MENU,
    summary: 'Permission ids of a role',
    query: z.object({ roleId: adminIdSchema }),
    answer: z.array(z.number()),
  }),
  savePermissions: defineCall({
    method: 'POST',
    path: '/sys/permission/saveRolePermission',
    permission: ROLES_PERM.ROLE_GRANT,
    summary: "Set a role's permissions (only codes the caller holds; only its own merchant's roles)",
    body: roleGrantBodySchema,
    answer: permissionGrantChangeSchema,
  }),
};
