/** Calls and shapes of the roles screen (docs/identity-api.md "Roles"). */
import { api } from '../../api';

export interface RoleRecord {
  id: number;
  roleCode: string;
  roleName: string;
  description?: string | null;
  merchantId?: number | null;
  /** System roles (seeded, no merchant). */
  system?: boolean;
  createTime?: string;
  createdAt?: string;
}

export function isSystemRole(r: RoleRecord): boolean {
  return r.system === true || r.merchantId === null || r.merchantId === undefined;
}

/** A node of the permission tree a role is granted from. */
export interface TreeNode {
  key: string | number;
  id?: string | number;
  title: string;
  value?: string | number;
  children?: TreeNode[];
  [k: string]: unknown;
}

export const rolesApi = {
  all: () => api.get<RoleRecord[]>('/sys/role/queryall'),
  add: (data: Record<string, unknown>) => api.post<unknown>('/sys/role/add', data, { silent: true }),
  edit: (data: Record<string, unknown>) => api.put<unknown>('/sys/role/edit', data, { silent: true }),
  grantTree: () => api.get<{ treeList: TreeNode[]; ids: (number | string)[] }>('/sys/role/queryTreeList'),
  permissions: (roleId: number) => api.get<(number | string)[]>('/sys/permission/queryRolePermission', { roleId }),
  savePermissions: (roleId: number, permissionIds: string, lastpermissionIds: string) =>
    api.post<unknown>('/sys/permission/saveRolePermission', { roleId, permissionIds, lastpermissionIds }),
};
