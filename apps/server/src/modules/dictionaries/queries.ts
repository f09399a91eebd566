/** SQL of the dictionaries (drizzle query builder: every value is a bound parameter). */
import { dictionariesList } from '@mg/domain';
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { dict, dictItem, STATUS_ENABLED } from '../../db/schema';
import { containsPattern } from '../../lib/admin';
import { newestFirst } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';

export interface DictItemRow {
  dictCode: string;
  value: string;
  textKey: string;
  text: string | null;
}

const itemColumns = {
  dictCode: dict.dictCode,
  value: dictItem.itemValue,
  textKey: dictItem.itemTextKey,
  text: dictItem.itemText,
};

/** Enabled items of one enabled dictionary in display order; null when the dictionary is not in the database. */
export async function selectDictItems(db: Db, dictCode: string): Promise<DictItemRow[] | null> {
  const found = await db
    .select({ id: dict.id })
    .from(dict)
    .where(and(eq(dict.dictCode, dictCode), eq(dict.status, STATUS_ENABLED)))
    .limit(1);
  const head = found[0];
  if (!head) return null;
  return db
    .select(itemColumns)
    .from(dictItem)
    .innerJoin(dict, eq(dict.id, dictItem.dictId))
    .where(and(eq(dictItem.dictId, head.id), eq(dictItem.status, STATUS_ENABLED)))
    .orderBy(asc(dictItem.sortOrder), asc(dictItem.id));
}

/** Enabled items of every enabled dictionary. */
export async function selectAllDictItems(db: Db): Promise<DictItemRow[]> {
  return db
    .select(itemColumns)
    .from(dictItem)
    .innerJoin(dict, eq(dict.id, dictItem.dictId))
    .where(and(eq(dict.status, STATUS_ENABLED), eq(dictItem.status, STATUS_ENABLED)))
    .orderBy(asc(dict.dictCode), asc(dictItem.sortOrder), asc(dictItem.id));
}

/** Codes of the enabled dictionaries (a dictionary may have no items yet). */
export async function selectDictCodes(db: Db): Promise<string[]> {
  const rows = await db.select({ code: dict.dictCode }).from(dict).where(eq(dict.status, STATUS_ENABLED)).orderBy(asc(dict.dictCode));
  return rows.map((r) => r.code);
}

/* The dictionaries list (its source: lib/list/source.ts); the newest first order is only the export's continuation. */

export const dictionariesSource = pagedSource({
  list: dictionariesList,
  // Dictionaries belong to the platform: every reader with the menu sees all of them (no merchant column).
  where: (q) =>
    and(
      q.dictCode ? ilike(dict.dictCode, containsPattern(q.dictCode)) : undefined,
      q.dictName ? ilike(dict.dictNameKey, containsPattern(q.dictName)) : undefined,
    ),
  order: newestFirst(dict, dict.createdAt, dict.id),
  sort: { dictCode: dict.dictCode, status: dict.status, createdAt: dict.createdAt },
  countFrom: sql`${dict}`,
  read: async (db, where, o) =>
    (await db.select().from(dict).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0)).map((r) => ({
      id: r.id,
      dictCode: r.dictCode,
      dictNameKey: r.dictNameKey,
      description: r.description,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
});
