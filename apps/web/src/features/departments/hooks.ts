/**
 * Data of the departments area: the department tree, the users of a department, and the tree's writes. A write
 * refreshes the tree (and the users lists that show departments).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../components/list/keys';
import { departmentsApi } from './api';

export const departmentKeys = queryKeys('departments');
const userKeys = queryKeys('users');

export function useDepartTree(enabled = true) {
  return useQuery({ queryKey: departmentKeys.other('tree'), queryFn: departmentsApi.tree, enabled });
}

export function useDepartUsers(id: number | null) {
  return useQuery({ queryKey: departmentKeys.other('users', id), queryFn: () => departmentsApi.users(id as number), enabled: id !== null });
}

export interface DepartInput {
  departName: string;
  parentId: number | null;
  sortOrder: number;
}

/** Adds a department, or edits the one with `id`. Silent: the dialog shows field errors. */
export function useSaveDepart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DepartInput & { id?: number }) => (input.id === undefined ? departmentsApi.add({ ...input }) : departmentsApi.edit({ ...input })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: departmentKeys.all }), queryClient.invalidateQueries({ queryKey: userKeys.all })]),
  });
}

/** Deletes a department (422 while it has users or sub-departments: the caller explains). */
export function useDeleteDepart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => departmentsApi.remove(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: departmentKeys.all }),
  });
}
