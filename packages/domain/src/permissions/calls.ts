/**
 * The permissions calls declared once (calls/define.ts): the platform's permission admin under /sys/permission
 * (the tree with every field, the tree as antd Tree data, menus and submenus, an entry's add and edit, and the two
 * data-rule calls, always empty: this system has no data rules). The role and department grants served under the
 * same path are declared with their areas (roles/calls.ts, departments/calls.ts).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { adminIdSchema } from '../validation';
import { PERMISSIONS_PERM } from './perm';
import { permissionBodySchema, permissionGrantTreeSchema, permissionNodeSchema } from './schemas';

const permissionRuleQuery = z.object({ permissionId: z.string().max(32).optional(), permId: z.string().max(32).optional() }).loose();
const permissionRuleSummary = 'Data rules of an entry: always empty (this system has no data rules)';

export const permissionCalls = {
  tree: defineCall({
    method: 'GET',
    path: '/sys/permission/list',
    permission: PERMISSIONS_PERM.PERMISSION_MENU,
    summary: 'The whole permission tree with every field',
    answer: z.array(permissionNodeSchema),
  }),
  grantTree: defineCall({
    method: 'GET',
    path: '/sys/permission/queryTreeList',
    permission: PERMISSIONS_PERM.PERMISSION_MENU,
    summary: 'The whole tree as antd Tree data',
    answer: permissionGrantTreeSchema,
  }),
  systemMenus: defineCall({
    method: 'GET',
    path: '/sys/permission/getSystemMenuList',
    permission: PERMISSIONS_PERM.PERMISSION_MENU,
    summary: 'Top-level menus',
    answer: z.array(permissionNodeSchema),
  }),
  submenu: defineCall({
    method: 'GET',
    path: '/sys/permission/getSystemSubmenu',
    permission: PERMISSIONS_PERM.PERMISSION_MENU,
    summary: 'Children of one entry',
    query: z.object({ parentId: adminIdSchema }),
    answer: z.array(permissionNodeSchema),
  }),
  submenuBatch: defineCall({
    method: 'GET',
    path: '/sys/permission/getSystemSubmenuBatch',
    permission: PERMISSIONS_PERM.PERMISSION_MENU,
    summary: 'Children of several entries, by parent id',
    query: z.object({ parentIds: z.string().max(2000) }),
    answer: z.record(z.string(), z.array(permissionNodeSchema)),
  }),
  add: defineCall({
    method: 'POST',
    path: '/sys/permission/add',
    permission: PERMISSIONS_PERM.PERMISSION_EDIT,
    summary: 'Add a menu, button or column entry',
    body: permissionBodySchema,
    answer: permissionNodeSchema,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/sys/permission/edit',
    permission: PERMISSIONS_PERM.PERMISSION_EDIT,
    summary: "Edit an entry (status '0' disables the code everywhere)",
    body: permissionBodySchema.extend({ id: adminIdSchema }),
    answer: permissionNodeSchema,
  }),
  rulesByPermId: defineCall({
    method: 'GET',
    path: '/sys/permission/getPermRuleListByPermId',
    permission: PERMISSIONS_PERM.PERMISSION_MENU,
    summary: permissionRuleSummary,
    query: permissionRuleQuery,
    answer: z.array(z.never()),
  }),
  rules: defineCall({
    method: 'GET',
    path: '/sys/permission/queryPermissionRule',
    permission: PERMISSIONS_PERM.PERMISSION_MENU,
    summary: permissionRuleSummary,
    query: permissionRuleQuery,
    answer: z.array(z.never()),
  }),
};
