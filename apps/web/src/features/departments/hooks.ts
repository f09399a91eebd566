/**
 * Data of the departments area: the department tree, the users of a department, and the tree's writes (domain
 * departmentCalls). A write refreshes the tree (and the users lists that show departments).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { departmentCalls, userCalls, type CallAnswer, type CallBody } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const departmentKeys = queryKeys('departments');
const userKeys = queryKeys('users');

/** A department of the tree, its sub-departments below it (domain departmentCalls.tree). */
export type DepartNode = CallAnswer<typeof departmentCalls.tree>[number];

export function useDepartTree(enabled = true) {
  return useQuery({ queryKey: departmentKeys.other('tree'), queryFn: () => callApi(departmentCalls.tree), enabled });
}

/** The users of a department (a /sys/user call: the department screen lists them). */
export function useDepartUsers(id: number | null) {
  return useQuery({ queryKey: departmentKeys.other('users', id), queryFn: () => callApi(userCalls.ofDepartment, { query: { id } }), enabled: id !== null });
}

/** What the department dialog sends: a new department, or the edit of the one with `id`. */
export type DepartInput = CallBody<typeof departmentCalls.add> | CallBody<typeof departmentCalls.edit>;

/** Adds a department, or edits the one with `id`. Silent: the dialog shows field errors. */
export function useSaveDepart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DepartInput) =>
      'id' in input ? callApi(departmentCalls.edit, { body: input }, { silent: true }) : callApi(departmentCalls.add, { body: input }, { silent: true }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: departmentKeys.all }), queryClient.invalidateQueries({ queryKey: userKeys.all })]),
  });
}

/** Deletes a department (422 while it has users or sub-departments: the caller explains). */
export function useDeleteDepart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(departmentCalls.remove, { query: { id } }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}
