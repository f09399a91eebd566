/** SQL of the permission tree (drizzle query builder: every value is a bound parameter). */
import { asc, eq, inArray } from 'drizzle-orm';
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
