/** SQL of uploaded files (their bytes are in the file store, lib/files/storage.ts). */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { fileBlob, storedFile } from '../../db/schema';

export type StoredFileRow = typeof storedFile.$inferSelect;

export async function insertFile(db: DbLike, row: Omit<typeof storedFile.$inferInsert, 'createdAt' | 'deletedAt'> & { id: string }): Promise<StoredFileRow> {
  const [r] = await db.insert(storedFile).values(row).returning();
  return r!;
}

export async function selectFile(db: DbLike, id: string): Promise<StoredFileRow | undefined> {
  const [r] = await db.select().from(storedFile).where(and(eq(storedFile.id, id), isNull(storedFile.deletedAt))).limit(1);
  return r;
}

/** The live files among `ids` that belong to the merchant. */
export async function selectMerchantFiles(db: DbLike, merchantId: number, ids: readonly string[]): Promise<StoredFileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.merchantId, merchantId), inArray(storedFile.id, [...ids]), isNull(storedFile.deletedAt)));
}

/** Among `ids`, the uploads that have a record and no bytes in the file store (the start-up import of local files). */
export async function filesWithoutBytes(db: DbLike, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: storedFile.id })
    .from(storedFile)
    .leftJoin(fileBlob, eq(fileBlob.key, storedFile.id))
    .where(and(inArray(storedFile.id, [...ids]), isNull(fileBlob.key)));
  return rows.map((r) => r.id);
}
