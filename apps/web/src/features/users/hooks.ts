/**
 * Data of the users area: the roles and departments a user may be given, and the writes of the users screen. A
 * write refreshes the users list (and a department's users).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../components/list/keys';
import { usersApi } from './api';

export const userKeys = queryKeys('users');
const departmentKeys = queryKeys('departments');

export { useDepartTree } from '../departments/hooks';
export { useAssignableRoles } from '../roles/hooks';

export interface UserInput {
  realname: string;
  email: string | null;
  phone: string | null;
  roleIds: number[];
  departIds: number[];
}

/** Adds a user (username and password) or edits the one with `id`. Silent: the dialog shows field errors. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserInput & ({ id: number } | { username: string; password: string })) =>
      'id' in input ? usersApi.edit(input) : usersApi.add(input),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.all }), queryClient.invalidateQueries({ queryKey: departmentKeys.all })]),
  });
}

/** Freezes (status 2) or unfreezes (1) users. */
export function useFreezeUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: number }) => usersApi.freeze(ids, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useResetPassword() {
  return useMutation({ mutationFn: ({ username, password }: { username: string; password: string }) => usersApi.resetPassword(username, password) });
}

/** The role ids of a user (spec queryUserRole), for its edit form. */
export function useUserRoleIds(userId: number | null) {
  return useQuery({
    queryKey: userKeys.other('roles', userId),
    queryFn: async () => ((await usersApi.rolesOf(userId as number)) ?? []).map(Number),
    enabled: userId !== null,
  });
}

/** Live uniqueness check of a username, e-mail or phone (rejects with the server's message when taken). */
export const checkUnique = usersApi.checkUnique;
