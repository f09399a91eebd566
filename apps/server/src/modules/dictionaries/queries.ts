/** SQL of the dictionaries (drizzle query builder: every value is a bound parameter). */
import { dictionariesList } from '@mg/domain';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { dict, dictItem, STATUS_ENABLED } from '../../db/schema';
import { containsPattern, offsetOf, orderOf } from '../../lib/admin';
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

/* Administration -------------------------------------------------------------------------------------------- */

export type DictRow = typeof dict.$inferSelect;
export type DictItemAdminRow = typeof dictItem.$inferSelect;

export async function selectDictIdByCode(db: Db, code: string): Promise<number | undefined> {
  const rows = await db.select({ id: dict.id }).from(dict).where(eq(dict.dictCode, code)).limit(1);
  return rows[0]?.id;
}

export async function dictExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: dict.id }).from(dict).where(eq(dict.id, id)).limit(1)).length > 0;
}

export async function insertDict(db: Db, values: typeof dict.$inferInsert): Promise<DictRow> {
  const [row] = await db.insert(dict).values(values).returning();
  return row!;
}

export async function updateDict(db: Db, id: number, set: Partial<typeof dict.$inferInsert>): Promise<DictRow | undefined> {
  const [row] = await db.update(dict).set(set).where(eq(dict.id, id)).returning();
  return row;
}

export interface ItemPageQuery {
  dictId: number;
  itemText?: string | undefined;
  itemValue?: string | undefined;
  pageNo: number;
  pageSize: number;
  column?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** Items of a dictionary, in display order unless the caller sorts (sortOrder, itemValue, createTime). */
export async function selectItemPage(db: Db, q: ItemPageQuery): Promise<{ rows: DictItemAdminRow[]; total: number }> {
  const where: SQL | undefined = and(
    eq(dictItem.dictId, q.dictId),
    q.itemValue ? ilike(dictItem.itemValue, containsPattern(q.itemValue)) : undefined,
    q.itemText ? or(ilike(dictItem.itemText, containsPattern(q.itemText)), ilike(dictItem.itemTextKey, containsPattern(q.itemText))) : undefined,
  );
  const orderBy = orderOf({ sortOrder: dictItem.sortOrder, itemValue: dictItem.itemValue, createTime: dictItem.createdAt }, q.column, q.order, [asc(dictItem.sortOrder)], dictItem.id);
  const [n] = await db.select({ n: count() }).from(dictItem).where(where);
  const rows = await db.select().from(dictItem).where(where).orderBy(...orderBy).limit(q.pageSize).offset(offsetOf(q));
  return { rows, total: n?.n ?? 0 };
}

export async function selectItemIdByValue(db: Db, dictId: number, value: string): Promise<number | undefined> {
  const rows = await db.select({ id: dictItem.id }).from(dictItem).where(and(eq(dictItem.dictId, dictId), eq(dictItem.itemValue, value))).limit(1);
  return rows[0]?.id;
}

export async function selectItem(db: Db, id: number): Promise<DictItemAdminRow | undefined> {
  const [row] = await db.select().from(dictItem).where(eq(dictItem.id, id)).limit(1);
  return row;
}

export async function insertItem(db: Db, values: typeof dictItem.$inferInsert): Promise<DictItemAdminRow> {
  const [row] = await db.insert(dictItem).values(values).returning();
  return row!;
}

export async function updateItem(db: Db, id: number, set: Partial<typeof dictItem.$inferInsert>): Promise<DictItemAdminRow> {
  const [row] = await db.update(dictItem).set(set).where(eq(dictItem.id, id)).returning();
  return row!;
}

/** Tells every instance to read the dictionaries again (db/change-listener.ts; the tables' triggers do it for writes). */
export async function notifyDictChanged(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify('mg_config_changed', 'dict')`);
}
