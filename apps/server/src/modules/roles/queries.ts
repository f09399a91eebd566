/** SQL of roles and their grants (drizzle query builder: every value is a bound parameter). */
import { ASSIGNABLE_ROLES, translate, type Language } from '@mg/domain';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { permission, role, rolePermission } from '../../db/schema';
import type { AuthSession } from '../auth';
import { isPlatformAdmin } from '../../lib/admin';

export interface RoleRow {
  id: number;
  merchantId: number | null;
  roleCode: string;
  roleName: string;
  description: string | null;
  createdAt: Date;
}

export const roleColumns = {
  id: role.id,
  merchantId: role.merchantId,
  roleCode: role.roleCode,
  roleName: role.roleName,
  description: role.description,
  createdAt: role.createdAt,
};

/** A system role's name in the caller's language (`role.<code>`); a merchant role's name as typed. */
export function roleName(
  lang: Language,
  r: { merchantId: number | null; roleCode: string; roleName: string },
): string {
  if (r.merchantId !== null) return r.roleName;
  const key = `role.${r.roleCode}`;
  const text = translate(lang, key);
  return text === key ? r.roleName : text;
}

/**
 * Which roles the caller may hand out: the platform admin any role (merchant roles of `merchantIds` when given);
 * everyone else the merchant-side system roles (ASSIGNABLE_ROLES, never `admin`) and its own merchant's roles.
 */
export function assignableWhere(auth: AuthSession, merchantIds?: readonly number[]): SQL | undefined {
  if (isPlatformAdmin(auth)) {
    return merchantIds && merchantIds.length > 0
      ? or(isNull(role.merchantId), inArray(role.merchantId, [...merchantIds]))
      : undefined;
  }
  return or(
    and(isNull(role.merchantId), inArray(role.roleCode, [...ASSIGNABLE_ROLES])),
    eq(role.merchantId, auth.merchantId),
  );
}

export async function selectAssignableRoles(
  db: Db,
  auth: AuthSession,
  merchantIds?: readonly number[],
): Promise<RoleRow[]> {
  return db
    .select(roleColumns)
    .from(role)
    .where(assignableWhere(auth, merchantIds))
    .orderBy(asc(role.merchantId), asc(role.id));
}

export async function selectRole(db: Db, id: number): Promise<RoleRow | undefined> {
  const rows = await db.select(roleColumns).from(role).where(eq(role.id, id)).limit(1);
  return rows[0];
}

export interface PermissionCodeRow {
  id: number;
  perms: string;
}

export async function selectRolePermissions(db: Db, roleId: number): Promise<PermissionCodeRow[]> {
  return db
    .select({ id: permission.id, perms: permission.perms })
    .from(rolePermission)
    .innerJoin(permission, eq(permission.id, rolePermission.permissionId))
    .where(eq(rolePermission.roleId, roleId))
    .orderBy(asc(permission.id));
}
