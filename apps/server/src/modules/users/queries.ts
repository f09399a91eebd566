/** SQL of the user administration (drizzle query builder: every value is a bound parameter). */
import { and, asc, count, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { appUser, department, role, session, userDepart, userRole } from '../../db/schema';
import { containsPattern, offsetOf, orderOf } from '../../lib/admin';
import { scopeWhere, type Scope } from '../auth/scope';

export const userColumns = {
  id: appUser.id,
  merchantId: appUser.merchantId,
  username: appUser.username,
  realname: appUser.realname,
  avatar: appUser.avatar,
  email: appUser.email,
  phone: appUser.phone,
  frozen: appUser.frozen,
  orgCode: appUser.orgCode,
  totpEnabled: appUser.totpEnabled,
  createdBy: appUser.createdBy,
  createdAt: appUser.createdAt,
};
export type UserRow = { [K in keyof typeof userColumns]: (typeof appUser.$inferSelect)[K] };

/** Sortable columns of the user list (request name -> column). */
const USER_SORT = {
  username: appUser.username,
  realname: appUser.realname,
  email: appUser.email,
  phone: appUser.phone,
  status: appUser.frozen,
  merchantId: appUser.merchantId,
  createTime: appUser.createdAt,
  createdAt: appUser.createdAt,
} as const;

export interface UserFilter {
  username?: string | undefined;
  realname?: string | undefined;
  status?: 1 | 2 | undefined;
}

export async function selectUserPage(
  db: Db,
  scope: Scope,
  f: UserFilter,
  p: { pageNo: number; pageSize: number; column?: string | undefined; order?: 'asc' | 'desc' | undefined },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = and(
    scopeWhere(appUser.merchantId, scope),
    f.username ? ilike(appUser.username, containsPattern(f.username)) : undefined,
    f.realname ? ilike(appUser.realname, containsPattern(f.realname)) : undefined,
    f.status === undefined ? undefined : eq(appUser.frozen, f.status === 2),
  );
  const orderBy = orderOf(USER_SORT, p.column, p.order, [], appUser.id);
  const [totalRow] = await db.select({ n: count() }).from(appUser).where(where);
  const rows = await db
    .select(userColumns)
    .from(appUser)
    .where(where)
    .orderBy(...orderBy)
    .limit(p.pageSize)
    .offset(offsetOf(p));
  return { rows, total: totalRow?.n ?? 0 };
}

/** One user inside the scope (undefined otherwise: the caller answers 404). */
export async function selectScopedUser(db: Db, scope: Scope, where: SQL): Promise<UserRow | undefined> {
  const rows = await db
    .select(userColumns)
    .from(appUser)
    .where(and(where, scopeWhere(appUser.merchantId, scope)))
    .limit(1);
  return rows[0];
}

export async function selectScopedUsers(db: Db, scope: Scope, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(userColumns)
    .from(appUser)
    .where(and(inArray(appUser.id, [...ids]), scopeWhere(appUser.merchantId, scope)));
}

export interface UserRoleRow {
  userId: number;
  id: number;
  merchantId: number | null;
  roleCode: string;
  roleName: string;
}

export async function selectRolesOfUsers(db: Db, userIds: readonly number[]): Promise<UserRoleRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: userRole.userId,
      id: role.id,
      merchantId: role.merchantId,
      roleCode: role.roleCode,
      roleName: role.roleName,
    })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(inArray(userRole.userId, [...userIds]))
    .orderBy(asc(role.id));
}

export interface UserDepartRow {
  userId: number;
  id: number;
  departName: string;
  orgCode: string;
}

export async function selectDepartsOfUsers(db: Db, userIds: readonly number[]): Promise<UserDepartRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: userDepart.userId,
      id: department.id,
      departName: department.departName,
      orgCode: department.orgCode,
    })
    .from(userDepart)
    .innerJoin(department, eq(department.id, userDepart.departId))
    .where(inArray(userDepart.userId, [...userIds]))
    .orderBy(asc(department.id));
}

export type UniqueField = 'username' | 'email' | 'phone';

/** True when another user (not `excludeId`) already has this username / e-mail (case-insensitive) / phone. */
export async function isUserFieldTaken(
  db: Db,
  field: UniqueField,
  value: string,
  excludeId?: number,
): Promise<boolean> {
  const match =
    field === 'phone'
      ? eq(appUser.phone, value)
      : eq(sql`lower(${field === 'email' ? appUser.email : appUser.username})`, value.toLowerCase());
  const rows = await db
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(match, excludeId === undefined ? undefined : ne(appUser.id, excludeId)))
    .limit(1);
  return rows.length > 0;
}

/** Ends every live session of these users at once. */
export async function revokeSessions(db: Db, userIds: readonly number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .update(session)
    .set({ revokedAt: sql`now()` })
    .where(and(inArray(session.userId, [...userIds]), isNull(session.revokedAt)))
    .returning({ h: session.tokenHash });
  return rows.length;
}
