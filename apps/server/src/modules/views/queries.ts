/** SQL of saved views: a merchant's views of a list (the caller's own and the shared ones). */
import { and, asc, count, eq, or } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { savedView } from '../../db/schema';

export type SavedViewRow = typeof savedView.$inferSelect;

export async function selectViews(db: DbLike, q: { merchantId: number; userId: number; list: string }): Promise<SavedViewRow[]> {
  return db
    .select()
    .from(savedView)
    .where(and(eq(savedView.merchantId, q.merchantId), eq(savedView.list, q.list), or(eq(savedView.userId, q.userId), eq(savedView.shared, true))))
    .orderBy(asc(savedView.createdAt), asc(savedView.id));
}

export async function countOwnViews(db: DbLike, q: { merchantId: number; userId: number; list: string }): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(savedView)
    .where(and(eq(savedView.merchantId, q.merchantId), eq(savedView.userId, q.userId), eq(savedView.list, q.list)));
  return r?.n ?? 0;
}

export async function insertView(db: DbLike, v: Omit<SavedViewRow, 'id' | 'createdAt'>): Promise<SavedViewRow> {
  const [row] = await db.insert(savedView).values(v).returning();
  if (!row) throw new Error('saved view not inserted');
  return row;
}

/** Deletes the caller's own view; false when there is none of that id (another user's is not the caller's). */
export async function deleteOwnView(db: DbLike, q: { merchantId: number; userId: number; id: number }): Promise<boolean> {
  const rows = await db
    .delete(savedView)
    .where(and(eq(savedView.id, q.id), eq(savedView.merchantId, q.merchantId), eq(savedView.userId, q.userId)))
    .returning({ id: savedView.id });
  return rows.length > 0;
}
