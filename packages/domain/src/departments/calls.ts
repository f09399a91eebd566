/**
 * The departments calls declared once (calls/define.ts): the department tree of a merchant (/sys/sysDepart), a
 * department's permissions (/sys/permission) and the roles granted within a department, bounded by the department's
 * permissions (/sys/sysDepartPermission). The trees are recursive: each schema's component id (`meta`) names the
 * cycle in the OpenAPI document, else a dangling ref.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { departmentGrantBodySchema, permissionGrantChangeSchema, permissionGrantTreeSchema, roleGrantBodySchema } from '../permissions/schemas';
import { adminIdSchema, staffMerchantFilterField, staffMerchantIdField } from '../validation';
import { DEPARTMENTS_PERM } from './perm';

/** A department with its sub-departments below it. */
export const departmentNodeSchema = z
  .object({
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
    get children(): z.ZodOptional<z.ZodArray<typeof departmentNodeSchema>> {
      return z.array(departmentNodeSchema).optional();
    },
  })
  .meta({ id: 'DepartmentNode' });
export type DepartmentNode = z.output<typeof departmentNodeSchema>;

/** The department tree as `{ key, value, title }`. */
export const departmentIdNodeSchema = z
  .object({
    key: z.number(),
    value: z.number(),
    title: z.string(),
    get children(): z.ZodOptional<z.ZodArray<typeof departmentIdNodeSchema>> {
      return z.array(departmentIdNodeSchema).optional();
    },
  })
  .meta({ id: 'DepartmentIdNode' });
export type DepartmentIdNode = z.output<typeof departmentIdNodeSchema>;

const departmentMerchantFilter = z.object({
  merchantId: staffMerchantFilterField,
});

/** A new department (its org code is generated); its edit takes the same, with its id and without the merchant. */
export const departmentBodySchema = z.object({
  departName: z.string().trim().min(1).max(128),
  parentId: z.coerce.number().int().positive().nullish(),
  sortOrder: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional(),
  merchantId: staffMerchantIdField,
});

export const departmentCalls = {
  tree: defineCall({
    method: 'GET',
    path: '/sys/sysDepart/queryTreeList',
    permission: DEPARTMENTS_PERM.DEPART_MENU,
    summary: "The merchant's department tree",
    query: departmentMerchantFilter,
    answer: z.array(departmentNodeSchema),
  }),
  idTree: defineCall({
    method: 'GET',
    path: '/sys/sysDepart/queryIdTree',
    permission: DEPARTMENTS_PERM.DEPART_MENU,
    summary: 'The department tree as { key, value, title }',
    query: departmentMerchantFilter,
    answer: z.array(departmentIdNodeSchema),
  }),
  search: defineCall({
    method: 'GET',
    path: '/sys/sysDepart/searchBy',
    permission: DEPARTMENTS_PERM.DEPART_MENU,
    summary: 'Departments whose name contains keyWord (flat)',
    query: departmentMerchantFilter.extend({ keyWord: z.string().max(128).optional() }),
    answer: z.array(departmentNodeSchema),
  }),
  mine: defineCall({
    method: 'GET',
    path: '/sys/sysDepart/queryMyDeptTreeList',
    summary: "The caller's own departments",
    answer: z.array(departmentNodeSchema),
  }),
  add: defineCall({
    method: 'POST',
    path: '/sys/sysDepart/add',
    permission: DEPARTMENTS_PERM.DEPART_ADD,
    summary: 'Add a department (org code generated)',
    body: departmentBodySchema,
    answer: departmentNodeSchema,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/sys/sysDepart/edit',
    permission: DEPARTMENTS_PERM.DEPART_EDIT,
    summary: 'Rename or move a department',
    body: departmentBodySchema.omit({ merchantId: true }).extend({ id: adminIdSchema }),
    answer: departmentNodeSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/sys/sysDepart/delete',
    permission: DEPARTMENTS_PERM.DEPART_DELETE,
    summary: 'Delete a department (refused with 422 while it has users or children)',
    query: z.object({ id: adminIdSchema }),
    answer: z.null(),
  }),
  permissions: defineCall({
    method: 'GET',
    path: '/sys/permission/queryDepartPermission',
    permission: DEPARTMENTS_PERM.DEPART_MENU,
    summary: 'Permission ids of a department',
    query: z.object({ departId: adminIdSchema }),
    answer: z.array(z.number()),
  }),
  savePermissions: defineCall({
    method: 'POST',
    path: '/sys/permission/saveDepartPermission',
    permission: DEPARTMENTS_PERM.DEPART_EDIT,
    summary: "Set a department's permissions (only codes the caller holds)",
    body: departmentGrantBodySchema,
    answer: z.null(),
  }),
  roleGrantTree: defineCall({
    method: 'GET',
    path: '/sys/sysDepartPermission/queryTreeListForDeptRole',
    permission: DEPARTMENTS_PERM.DEPART_MENU,
    summary: "The department's permissions the caller may grant, as a tree",
    query: z.object({ departId: adminIdSchema }),
    answer: permissionGrantTreeSchema,
  }),
  rolePermissions: defineCall({
    method: 'GET',
    path: '/sys/sysDepartPermission/queryDeptRolePermission',
    permission: DEPARTMENTS_PERM.DEPART_MENU,
    summary: "A role's permissions within the department",
    query: z.object({ roleId: adminIdSchema, departId: adminIdSchema }),
    answer: z.array(z.number()),
  }),
  saveRolePermissions: defineCall({
    method: 'POST',
    path: '/sys/sysDepartPermission/saveDeptRolePermission',
    permission: DEPARTMENTS_PERM.DEPART_EDIT,
    summary: "Set a role's permissions within the department (the role's other permissions stay)",
    body: roleGrantBodySchema.extend({ departId: adminIdSchema }),
    answer: permissionGrantChangeSchema,
  }),
};
