/** SQL of the user administration (drizzle query builder: every value is a bound parameter). */
import { UserStatus, usersList, type Language, type ListRecord } from '@mg/domain';
import { and, asc, eq, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, DbLike } from '../../db/pool';
import { appUser, department, merchant, role, session, userDepart, userRole } from '../../db/schema';
import { containsPattern } from '../../lib/admin';
import { newestFirst } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { scopeWhere, userScope, type Scope } from '../auth/scope';
import { roleName } from '../roles/queries';

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

export async function selectRolesOfUsers(db: DbLike, userIds: readonly number[]): Promise<UserRoleRow[]> {
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

export async function selectDepartsOfUsers(db: DbLike, userIds: readonly number[]): Promise<UserDepartRow[]> {
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

/* The users list (its source: lib/list/source.ts) ---------------------------------------------------------- */

export type UserRecord = ListRecord<typeof usersList>;

/** Users as the list, its export and every user call answer them: with their roles and departments. */
export async function toUserRecords(db: DbLike, lang: Language, rows: UserRow[]): Promise<UserRecord[]> {
  const ids = rows.map((r) => r.id);
  const [roles, departs] = await Promise.all([selectRolesOfUsers(db, ids), selectDepartsOfUsers(db, ids)]);
  return rows.map((u) => {
    const myRoles = roles.filter((r) => r.userId === u.id).map((r) => ({ id: r.id, roleCode: r.roleCode, roleName: roleName(lang, r) }));
    const myDeparts = departs.filter((d) => d.userId === u.id).map((d) => ({ id: d.id, departName: d.departName, orgCode: d.orgCode }));
    return {
      id: u.id,
      username: u.username,
      realname: u.realname,
      avatar: u.avatar,
      email: u.email,
      phone: u.phone,
      merchantId: u.merchantId,
      orgCode: u.orgCode,
      status: u.frozen ? UserStatus.FROZEN : UserStatus.NORMAL,
      twoFactorEnabled: u.totpEnabled,
      createdBy: u.createdBy,
      createdAt: u.createdAt.toISOString(),
      roles: myRoles,
      roleNames: myRoles.map((r) => r.roleName),
      roleIds: myRoles.map((r) => r.id),
      departs: myDeparts,
      departIds: myDeparts.map((d) => d.id),
    };
  });
}

export const usersSource = pagedSource({
  list: usersList,
  // A merchant's users and its sub-merchants' (the users it may administer).
  scope: userScope,
  where: (q, ctx) => {
    const statuses = q.status ?? [];
    return and(
      scopeWhere(appUser.merchantId, ctx.scope),
      q.username ? ilike(appUser.username, containsPattern(q.username)) : undefined,
      q.realname ? ilike(appUser.realname, containsPattern(q.realname)) : undefined,
      statuses.length === 1 ? eq(appUser.frozen, statuses[0] === UserStatus.FROZEN) : undefined,
    );
  },
  order: newestFirst(appUser, appUser.createdAt, appUser.id),
  sort: {
    username: appUser.username,
    realname: appUser.realname,
    email: appUser.email,
    status: appUser.frozen,
    merchantId: appUser.merchantId,
    createdAt: appUser.createdAt,
  },
  countFrom: sql`${appUser}`,
  read: async (db, where, o) =>
    toUserRecords(db, o.lang, await db.select(userColumns).from(appUser).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0)),
});

/* Writes of the user administration -------------------------------------------------------------------------- */

/** A user by id inside the scope. */
export function selectScopedUserById(db: Db, scope: Scope, id: number): Promise<UserRow | undefined> {
  return selectScopedUser(db, scope, eq(appUser.id, id));
}

/** A user by username (any case) inside the scope. */
export function selectScopedUserByName(db: Db, scope: Scope, username: string): Promise<UserRow | undefined> {
  return selectScopedUser(db, scope, eq(sql`lower(${appUser.username})`, username.toLowerCase()));
}

export async function merchantExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, id)).limit(1)).length > 0;
}

/** How many of these departments belong to the merchant. */
export async function countDepartsOf(db: Db, merchantId: number, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.select({ id: department.id }).from(department).where(and(inArray(department.id, [...ids]), eq(department.merchantId, merchantId)));
  return rows.length;
}

/** A department's merchant (undefined: no such department). */
export async function departmentMerchant(db: Db, departId: number): Promise<{ id: number; merchantId: number } | undefined> {
  const [d] = await db.select({ id: department.id, merchantId: department.merchantId }).from(department).where(eq(department.id, departId)).limit(1);
  return d;
}

export async function userIdsOfDepartment(db: Db, departId: number): Promise<number[]> {
  return (await db.select({ id: userDepart.userId }).from(userDepart).where(eq(userDepart.departId, departId))).map((r) => r.id);
}

/** Creates a user with its roles and departments in one transaction; answers its id. */
export async function insertUser(db: Db, values: typeof appUser.$inferInsert, roleIds: readonly number[], departIds: readonly number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appUser)
      .values({ ...values, passwordChangedAt: sql`now()` as unknown as Date })
      .returning({ id: appUser.id });
    const id = row!.id;
    if (roleIds.length > 0) await tx.insert(userRole).values(roleIds.map((roleId) => ({ userId: id, roleId })));
    if (departIds.length > 0) await tx.insert(userDepart).values(departIds.map((departId) => ({ userId: id, departId })));
    return id;
  });
}

/** Updates a user's fields, and replaces its roles and departments where given, in one transaction. */
export async function updateUser(
  db: Db,
  user: { id: number; merchantId: number },
  set: Partial<typeof appUser.$inferInsert>,
  roleIds: readonly number[] | undefined,
  departIds: readonly number[] | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({ ...set, updatedAt: sql`now()` as unknown as Date })
      .where(and(eq(appUser.id, user.id), eq(appUser.merchantId, user.merchantId)));
    if (roleIds !== undefined) {
      await tx.delete(userRole).where(eq(userRole.userId, user.id));
      if (roleIds.length > 0) await tx.insert(userRole).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
    }
    if (departIds !== undefined) {
      await tx.delete(userDepart).where(eq(userDepart.userId, user.id));
      if (departIds.length > 0) await tx.insert(userDepart).values(departIds.map((departId) => ({ userId: user.id, departId })));
    }
  });
}

export async function setFrozen(db: Db, users: readonly { id: number; merchantId: number }[], frozen: boolean): Promise<void> {
  await db
    .update(appUser)
    .set({ frozen, updatedAt: sql`now()` as unknown as Date })
    .where(and(inArray(appUser.id, users.map((u) => u.id)), inArray(appUser.merchantId, [...new Set(users.map((u) => u.merchantId))])));
}

/** A new password: the lockout cleared. */
export async function setPassword(db: Db, user: { id: number; merchantId: number }, passwordHash: string): Promise<void> {
  await db
    .update(appUser)
    .set({ passwordHash, passwordChangedAt: sql`now()` as unknown as Date, failedLogins: 0, lockedUntil: null, updatedAt: sql`now()` as unknown as Date })
    .where(and(eq(appUser.id, user.id), eq(appUser.merchantId, user.merchantId)));
}
