/**
 * Data of the permissions area (domain permissionCalls): the whole permission tree and its writes (the tree
 * refreshes after each).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { permissionCalls, type CallAnswer, type CallBody } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const permissionKeys = queryKeys('permissions');

/** An entry of the permission tree with every field, its children below it. */
export type PermissionNode = CallAnswer<typeof permissionCalls.tree>[number];

/** What the permission dialog sends: a new entry, or the whole entry with its `id`. */
export type PermissionInput = CallBody<typeof permissionCalls.add> | CallBody<typeof permissionCalls.edit>;

export function usePermissionTree() {
  return useQuery({ queryKey: permissionKeys.other('tree'), queryFn: () => callApi(permissionCalls.tree) });
}

/** Adds an entry, or edits the one with `id` (the whole entry travels). Silent: the dialog shows field errors. */
export function useSavePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: PermissionInput) =>
      'id' in entry ? callApi(permissionCalls.edit, { body: entry }, { silent: true }) : callApi(permissionCalls.add, { body: entry }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: permissionKeys.all }),
  });
}
