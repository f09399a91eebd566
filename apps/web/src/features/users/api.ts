/** Calls and shapes of the administration screens (docs/identity-api.md). Everything goes through the API client. */
import { api } from '../../api';

export interface RoleRef {
  id: number;
  roleCode: string;
  roleName: string;
}

/** A user row of `/sys/user/list`. Status 1 normal, 2 frozen. */
export interface UserRecord {
  id: number;
  username: string;
  realname: string;
  email: string | null;
  phone: string | null;
  status: number;
  frozen?: boolean;
  merchantId?: number;
  twoFactorEnabled?: boolean;
  roles?: (RoleRef | string)[];
  departIds?: number[];
  createTime?: string;
  createdAt?: string;
}

export const UserStatus = { NORMAL: 1, FROZEN: 2 } as const;

export function isFrozen(u: Pick<UserRecord, 'status' | 'frozen'>): boolean {
  return u.frozen === true || Number(u.status) === UserStatus.FROZEN;
}

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

export interface TreeNode {
  key: string | number;
  id?: string | number;
  title: string;
  value?: string | number;
  children?: TreeNode[];
  [k: string]: unknown;
}

export interface DepartNode {
  id: number;
  key?: string | number;
  value?: string | number;
  title?: string;
  departName: string;
  orgCode: string;
  parentId: number | null;
  sortOrder?: number;
  children?: DepartNode[];
}

export interface PermissionNode {
  id: number;
  parentId: number | null;
  menuType: number;
  perms: string;
  permsType: string;
  status: string;
  name: string;
  titleKey?: string;
  title?: string;
  titles?: Record<string, string> | null;
  path?: string | null;
  component?: string | null;
  icon?: string | null;
  url?: string | null;
  sortNo?: number;
  hidden?: boolean;
  children?: PermissionNode[];
}

/** Created time of a record, whichever name the server uses. */
export function createdOf(r: { createTime?: string; createdAt?: string }): string | undefined {
  return r.createTime ?? r.createdAt;
}

export const sysApi = {
  checkOnlyUser: (field: 'username' | 'email' | 'phone', value: string, id?: number) =>
    api.get<unknown>('/sys/user/checkOnlyUser', { [field]: value, id }, { silent: true }),
  addUser: (data: Record<string, unknown>) => api.post<unknown>('/sys/user/add', data, { silent: true }),
  editUser: (data: Record<string, unknown>) => api.put<unknown>('/sys/user/edit', data, { silent: true }),
  frozenBatch: (ids: number[], status: number) => api.put<unknown>('/sys/user/frozenBatch', { ids: ids.join(','), status }),
  resetPassword: (username: string, password: string) => api.put<unknown>('/sys/user/changePassword', { username, password }, { silent: true }),
  queryUserRole: (userid: number) => api.get<(number | string)[]>('/sys/user/queryUserRole', { userid }),
  rolesAll: () => api.get<RoleRecord[]>('/sys/role/queryall'),
  departTree: () => api.get<DepartNode[]>('/sys/sysDepart/queryTreeList'),
  usersOfDepart: (id: number) => api.get<UserRecord[]>('/sys/user/queryUserByDepId', { id }),
  addDepart: (data: Record<string, unknown>) => api.post<unknown>('/sys/sysDepart/add', data, { silent: true }),
  editDepart: (data: Record<string, unknown>) => api.put<unknown>('/sys/sysDepart/edit', data, { silent: true }),
  deleteDepart: (id: number) => api.delete<unknown>('/sys/sysDepart/delete', { id }, { silent: true }),
  addRole: (data: Record<string, unknown>) => api.post<unknown>('/sys/role/add', data, { silent: true }),
  editRole: (data: Record<string, unknown>) => api.put<unknown>('/sys/role/edit', data, { silent: true }),
  roleTree: () => api.get<{ treeList: TreeNode[]; ids: (number | string)[] }>('/sys/role/queryTreeList'),
  rolePermissions: (roleId: number) => api.get<(number | string)[]>('/sys/permission/queryRolePermission', { roleId }),
  saveRolePermissions: (roleId: number, permissionIds: string, lastpermissionIds: string) =>
    api.post<unknown>('/sys/permission/saveRolePermission', { roleId, permissionIds, lastpermissionIds }),
  permissionTree: () => api.get<PermissionNode[] | { treeList: PermissionNode[] }>('/sys/permission/list'),
  addPermission: (data: Record<string, unknown>) => api.post<unknown>('/sys/permission/add', data, { silent: true }),
  editPermission: (data: Record<string, unknown>) => api.put<unknown>('/sys/permission/edit', data, { silent: true }),
};

/** Items of a list answer that may come paged or plain. */
export function listOf<T>(value: T[] | { records?: T[]; treeList?: T[] } | null | undefined): T[] {
  if (Array.isArray(value)) return value;
  return value?.records ?? value?.treeList ?? [];
}
