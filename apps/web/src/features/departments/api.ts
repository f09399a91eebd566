/** Calls and shapes of the departments screen (docs/identity-api.md "Departments"). */
import type { ListRecord, usersList } from '@mg/domain';
import { api } from '../../api';

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

export const departmentsApi = {
  tree: () => api.get<DepartNode[]>('/sys/sysDepart/queryTreeList'),
  /** The users of a department (a /sys/user call: the department screen lists them). */
  users: (id: number) => api.get<ListRecord<typeof usersList>[]>('/sys/user/queryUserByDepId', { id }),
  add: (data: Record<string, unknown>) => api.post<unknown>('/sys/sysDepart/add', data, { silent: true }),
  edit: (data: Record<string, unknown>) => api.put<unknown>('/sys/sysDepart/edit', data, { silent: true }),
  remove: (id: number) => api.delete<unknown>('/sys/sysDepart/delete', { id }, { silent: true }),
};
