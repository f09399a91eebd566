/** SQL of roles and their grants (drizzle query builder: every value is a bound parameter). */
import { ASSIGNABLE_ROLES, translate, type Language } from '@mg/domain';
import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { permission, role, rolePermission } from '../../db/schema';
import type { AuthSession } from '../auth';
import { containsPattern, isPlatformAdmin, offsetOf, orderOf } from '../../lib/admin';
import type { Scope } from '../auth/scope';

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

/* The roles screen ------------------------------------------------------------------------------------------ */

/** System roles plus the merchant roles of the scope. */
function visibleWhere(scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return or(isNull(role.merchantId), scope.ids.length > 0 ? inArray(role.merchantId, scope.ids) : sql`false`);
}

const ROLE_SORT = { roleCode: role.roleCode, roleName: role.roleName, createTime: role.createdAt, createdAt: role.createdAt } as const;

export interface RolePageQuery {
  pageNo: number;
  pageSize: number;
  column?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  roleName?: string | undefined;
  roleCode?: string | undefined;
}

/** Roles of the scope, system roles first unless the caller sorts. */
export async function selectRolePage(db: Db, scope: Scope, q: RolePageQuery): Promise<{ rows: RoleRow[]; total: number }> {
  const where = and(
    visibleWhere(scope),
    q.roleName ? ilike(role.roleName, containsPattern(q.roleName)) : undefined,
    q.roleCode ? ilike(role.roleCode, containsPattern(q.roleCode)) : undefined,
  );
  const orderBy = orderOf(ROLE_SORT, q.column, q.order, [sql`${role.merchantId} asc nulls first`], role.id);
  const [n] = await db.select({ n: count() }).from(role).where(where);
  const rows = await db.select(roleColumns).from(role).where(where).orderBy(...orderBy).limit(q.pageSize).offset(offsetOf(q));
  return { rows, total: n?.n ?? 0 };
}

/** True when the merchant has a role with this code (other than `excludeId`). */
export async function roleCodeTaken(db: Db, merchantId: number, code: string, excludeId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.merchantId, merchantId), eq(role.roleCode, code), excludeId === undefined ? undefined : sql`${role.id} <> ${excludeId}`))
    .limit(1);
  return rows.length > 0;
}

export async function insertRole(db: Db, values: { merchantId: number; roleCode: string; roleName: string; description: string | null }): Promise<RoleRow> {
  const [row] = await db.insert(role).values(values).returning(roleColumns);
  return row!;
}

/** Updates a role of its own merchant (or a system role); undefined when it is gone. */
export async function updateRole(db: Db, r: { id: number; merchantId: number | null }, set: { roleCode: string; roleName: string; description: string | null }): Promise<RoleRow | undefined> {
  const [row] = await db
    .update(role)
    .set(set)
    .where(and(eq(role.id, r.id), r.merchantId === null ? isNull(role.merchantId) : eq(role.merchantId, r.merchantId)))
    .returning(roleColumns);
  return row;
}

/** Removes and adds grants of a role in one transaction. */
export async function changeRoleGrants(db: Db, roleId: number, add: readonly number[], remove: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (remove.length > 0) await tx.delete(rolePermission).where(and(eq(rolePermission.roleId, roleId), inArray(rolePermission.permissionId, [...remove])));
    if (add.length > 0) await tx.insert(rolePermission).values(add.map((permissionId) => ({ roleId, permissionId }))).onConflictDoNothing();
  });
}
