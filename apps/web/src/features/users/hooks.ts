/**
 * Data of the users area: the roles and departments a user may be given, and the writes of the users screen
 * (domain userCalls). A write refreshes the users list (and a department's users).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userCalls, type CallBody, type CallQuery, type ListRecord, type usersList } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const userKeys = queryKeys('users');
const departmentKeys = queryKeys('departments');

export { useDepartTree } from '../departments/hooks';
export { useAssignableRoles } from '../roles/hooks';

/** A user: a record of the declared users list. */
export type UserRecord = ListRecord<typeof usersList>;

/** What the user dialog sends: a new user (username and password), or the edit of the one with `id`. */
export type UserInput = CallBody<typeof userCalls.add> | CallBody<typeof userCalls.edit>;

/** Adds a user (username and password) or edits the one with `id`. Silent: the dialog shows field errors. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserInput) =>
      'id' in input ? callApi(userCalls.edit, { body: input }, { silent: true }) : callApi(userCalls.add, { body: input }, { silent: true }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.all }), queryClient.invalidateQueries({ queryKey: departmentKeys.all })]),
  });
}

/** Freezes (status 2) or unfreezes (1) users. */
export function useFreezeUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: number }) => callApi(userCalls.freeze, { body: { ids: ids.join(','), status } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: ({ username, password }: { username: string; password: string }) => callApi(userCalls.resetPassword, { body: { username, password } }, { silent: true }),
  });
}

/** The role ids of a user (spec queryUserRole), for its edit form. */
export function useUserRoleIds(userId: number | null) {
  return useQuery({
    queryKey: userKeys.other('roles', userId),
    queryFn: async () => ((await callApi(userCalls.roleIds, { query: { userid: userId } })) ?? []).map(Number),
    enabled: userId !== null,
  });
}

/** Live uniqueness check of a username, e-mail or phone (rejects with the server's message when taken). */
export function checkUnique(field: 'username' | 'email' | 'phone', value: string, id?: number) {
  const query: CallQuery<typeof userCalls.checkUnique> = { id };
  query[field] = value;
  return callApi(userCalls.checkUnique, { query }, { silent: true });
}
