/** SQL of the dictionaries (drizzle query builder: every value is a bound parameter). */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { dict, dictItem, STATUS_ENABLED } from '../../db/schema';

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
