/**
 * Data of the roles area: the roles a user may be given, the permission tree a role is granted from, a role's
 * permissions, and the writes of the roles screen.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../components/list/keys';
import { rolesApi } from './api';

export const roleKeys = queryKeys('roles');

export function useAssignableRoles(enabled = true) {
  return useQuery({ queryKey: roleKeys.other('all'), queryFn: rolesApi.all, enabled });
}

export function useGrantTree(enabled: boolean) {
  return useQuery({ queryKey: roleKeys.other('grantTree'), queryFn: rolesApi.grantTree, enabled });
}

export function useRolePermissions(roleId: number | null) {
  return useQuery({ queryKey: roleKeys.other('permissions', roleId), queryFn: () => rolesApi.permissions(roleId as number), enabled: roleId !== null });
}

/** Saves a role's whole permission set (with the set it started from, for the audit's diff). */
export function useSaveRolePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, ids, before }: { roleId: number; ids: string[]; before: string[] }) => rolesApi.savePermissions(roleId, ids.join(','), before.join(',')),
    onSuccess: (_, v) => queryClient.invalidateQueries({ queryKey: roleKeys.other('permissions', v.roleId) }),
  });
}

export interface RoleInput {
  roleCode: string;
  roleName: string;
  description?: string;
}

/** Adds a role, or edits the one with `id` (its code stays). Silent: the dialog shows field errors. */
export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...values }: RoleInput & { id?: number }) => (id === undefined ? rolesApi.add({ ...values }) : rolesApi.edit({ ...values, id })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
