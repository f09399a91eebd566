/** Data of the permissions area: the whole permission tree and its writes (the tree refreshes after each). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../components/list/keys';
import { permissionsApi } from './api';

export const permissionKeys = queryKeys('permissions');

export function usePermissionTree() {
  return useQuery({ queryKey: permissionKeys.other('tree'), queryFn: permissionsApi.tree });
}

/** Adds an entry, or edits the one with `id` (the whole entry travels). Silent: the dialog shows field errors. */
export function useSavePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: Record<string, unknown>) => (entry.id === undefined ? permissionsApi.add(entry) : permissionsApi.edit(entry)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
  });
}
