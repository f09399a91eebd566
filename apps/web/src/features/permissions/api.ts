/** Calls and shapes of the permissions screen (docs/identity-api.md "Permissions"). */
import { api } from '../../api';

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

export const permissionsApi = {
  tree: () => api.get<PermissionNode[] | { treeList: PermissionNode[] }>('/sys/permission/list'),
  add: (data: Record<string, unknown>) => api.post<unknown>('/sys/permission/add', data, { silent: true }),
  edit: (data: Record<string, unknown>) => api.put<unknown>('/sys/permission/edit', data, { silent: true }),
};

/** Items of a list answer that may come paged or plain. */
export function listOf<T>(value: T[] | { records?: T[]; treeList?: T[] } | null | undefined): T[] {
  if (Array.isArray(value)) return value;
  return value?.records ?? value?.treeList ?? [];
}
