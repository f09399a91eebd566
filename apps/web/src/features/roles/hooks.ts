/**
 * Data of the roles area (domain roleCalls): the roles a user may be given, the permission tree a role is granted
 * from, a role's permissions, and the writes of the roles screen.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleCalls, type CallAnswer, type CallBody } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const roleKeys = queryKeys('roles');

/** A role as the role calls answer it (`system`: seeded, of no merchant). */
export type RoleRecord = CallAnswer<typeof roleCalls.assignable>[number];

/** A node of the permission tree a role is granted from. */
export type TreeNode = CallAnswer<typeof roleCalls.grantTree>['treeList'][number];

export function isSystemRole(r: RoleRecord): boolean {
  return r.system || r.merchantId === null || r.merchantId === undefined;
}

export function useAssignableRoles(enabled = true) {
  return useQuery({ queryKey: roleKeys.other('all'), queryFn: () => callApi(roleCalls.assignable), enabled });
}

export function useGrantTree(enabled: boolean) {
  return useQuery({ queryKey: roleKeys.other('grantTree'), queryFn: () => callApi(roleCalls.grantTree), enabled });
}

export function useRolePermissions(roleId: number | null) {
  return useQuery({ queryKey: roleKeys.other('permissions', roleId), queryFn: () => callApi(roleCalls.permissions, { query: { roleId } }), enabled: roleId !== null });
}

/** Saves a role's whole permission set (with the set it started from, for the audit's diff). */
export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, ids, before }: { roleId: number; ids: string[]; before: string[] }) =>
      callApi(roleCalls.savePermissions, { body: { roleId, permissionIds: ids.join(','), lastpermissionIds: before.join(',') } }),
    onSuccess: (_, v) => queryClient.invalidateQueries({ queryKey: roleKeys.other('permissions', v.roleId) }),
  });
}

/** What the role dialog sends (domain roleCalls.add; its edit adds the id). */
export type RoleInput = CallBody<typeof roleCalls.add>;

/** Adds a role, or edits the one with `id` (its code stays). Silent: the dialog shows field errors. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: RoleInput & { id?: number }) =>
      id === undefined ? callApi(roleCalls.add, { body: { ...values } }, { silent: true }) : callApi(roleCalls.edit, { body: { ...values, id } }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
