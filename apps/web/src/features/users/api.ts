/** Calls of the users screen (docs/identity-api.md "Users"); a user is a record of the declared users list. */
import type { ListRecord, usersList } from '@mg/domain';
import { api } from '../../api';

export type UserRecord = ListRecord<typeof usersList>;

export const usersApi = {
  checkUnique: (field: 'username' | 'email' | 'phone', value: string, id?: number) =>
    api.get<unknown>('/sys/user/checkOnlyUser', { [field]: value, id }, { silent: true }),
  add: (data: object) => api.post<unknown>('/sys/user/add', data, { silent: true }),
  edit: (data: object) => api.put<unknown>('/sys/user/edit', data, { silent: true }),
  freeze: (ids: number[], status: number) => api.put<unknown>('/sys/user/frozenBatch', { ids: ids.join(','), status }),
  resetPassword: (username: string, password: string) => api.put<unknown>('/sys/user/changePassword', { username, password }, { silent: true }),
  rolesOf: (userid: number) => api.get<(number | string)[]>('/sys/user/queryUserRole', { userid }),
};
