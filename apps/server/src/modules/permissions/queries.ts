/** SQL of the permission tree (drizzle query builder: every value is a bound parameter). */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { permission } from '../../db/schema';

export type PermissionRow = typeof permission.$inferSelect;

export async function selectAllPermissions(db: Db): Promise<PermissionRow[]> {
  return db.select().from(permission).orderBy(asc(permission.sortNo), asc(permission.id));
}

export async function selectPermission(db: Db, id: number): Promise<PermissionRow | undefined> {
  const rows = await db.select().from(permission).where(eq(permission.id, id)).limit(1);
  return rows[0];
}

export async function selectPermissionsByIds(db: Db, ids: readonly number[]): Promise<PermissionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(permission)
    .where(inArray(permission.id, [...ids]));
}

/** The id of the entry with this code, if any. */
export async function selectIdByCode(db: Db, code: string): Promise<number | undefined> {
  const [row] = await db.select({ id: permission.id }).from(permission).where(eq(permission.perms, code)).limit(1);
  return row?.id;
}

export async function insertPermission(db: Db, values: typeof permission.$inferInsert): Promise<PermissionRow> {
  const [row] = await db.insert(permission).values(values).returning();
  return row!;
}

export async function updatePermission(db: Db, id: number, set: Partial<typeof permission.$inferInsert>): Promise<PermissionRow> {
  const [row] = await db.update(permission).set(set).where(eq(permission.id, id)).returning();
  return row!;
}

export async function countChildren(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(permission).where(eq(permission.parentId, id));
  return Number(row?.n ?? 0);
}
