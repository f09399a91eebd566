/** SQL of the departments: the trees of the merchants, the caller's own departments, and a department's grants. */
import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { departPermission, department, userDepart } from '../../db/schema';
import { containsPattern } from '../../lib/admin';
import { scopeWhere, type Scope } from '../auth/scope';

export type DepartRow = typeof department.$inferSelect;

const treeOrder = [asc(department.merchantId), asc(department.sortOrder), asc(department.id)];

/** The departments of the scope (optionally whose name contains `keyWord`), in tree order. */
export function selectDeparts(db: Db, scope: Scope, keyWord?: string): Promise<DepartRow[]> {
  return db
    .select()
    .from(department)
    .where(and(scopeWhere(department.merchantId, scope), keyWord ? ilike(department.departName, containsPattern(keyWord)) : undefined))
    .orderBy(...treeOrder);
}

export function selectDepartsOfMerchant(db: Db, merchantId: number): Promise<DepartRow[]> {
  return db.select().from(department).where(eq(department.merchantId, merchantId)).orderBy(...treeOrder);
}

export async function selectDepartsOfUser(db: Db, userId: number): Promise<DepartRow[]> {
  const rows = await db
    .select({ d: department })
    .from(userDepart)
    .innerJoin(department, eq(department.id, userDepart.departId))
    .where(eq(userDepart.userId, userId))
    .orderBy(asc(department.sortOrder), asc(department.id));
  return rows.map((r) => r.d);
}

export async function selectScopedDepart(db: Db, scope: Scope, id: number): Promise<DepartRow | undefined> {
  const [row] = await db.select().from(department).where(and(eq(department.id, id), scopeWhere(department.merchantId, scope))).limit(1);
  return row;
}

/** Inserts a department; undefined when its generated org code collided (the caller draws another). */
export async function insertDepart(db: Db, values: typeof department.$inferInsert): Promise<DepartRow | undefined> {
  const [row] = await db.insert(department).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateDepart(db: Db, d: { id: number; merchantId: number }, set: Partial<typeof department.$inferInsert>): Promise<DepartRow> {
  const [row] = await db.update(department).set(set).where(and(eq(department.id, d.id), eq(department.merchantId, d.merchantId))).returning();
  return row!;
}

/** What keeps a department from being deleted: its users and its sub-departments. */
export async function departUsage(db: Db, id: number): Promise<{ users: number; children: number }> {
  const [users] = await db.select({ n: count() }).from(userDepart).where(eq(userDepart.departId, id));
  const [children] = await db.select({ n: count() }).from(department).where(eq(department.parentId, id));
  return { users: users?.n ?? 0, children: children?.n ?? 0 };
}

export async function deleteDepartRow(db: Db, d: { id: number; merchantId: number }): Promise<void> {
  await db.delete(department).where(and(eq(department.id, d.id), eq(department.merchantId, d.merchantId)));
}

export async function selectDepartPermissionIds(db: Db, departId: number): Promise<number[]> {
  const rows = await db.select({ id: departPermission.permissionId }).from(departPermission).where(eq(departPermission.departId, departId)).orderBy(asc(departPermission.permissionId));
  return rows.map((r) => r.id);
}

/** Removes and adds a department's permissions in one transaction. */
export async function changeDepartGrants(db: Db, departId: number, add: readonly number[], remove: readonly number[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (remove.length > 0) await tx.delete(departPermission).where(and(eq(departPermission.departId, departId), inArray(departPermission.permissionId, [...remove])));
    if (add.length > 0) await tx.insert(departPermission).values(add.map((permissionId) => ({ departId, permissionId }))).onConflictDoNothing();
  });
}
