/**
 * Dictionary administration (platform staff). A dictionary code must match the domain's DICT_CODE_RE (the reading
 * calls additionally only serve codes registered in the domain). Every change clears the dictionary cache.
 */
import { translate, type dictionariesList, type Language, type ListRecord } from '@mg/domain';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { dict, dictItem } from '../../db/schema';
import {
  containsPattern,
  iso,
  KeyedError,
  notFound,
  offsetOf,
  orderOf,
  pageOf,
  type Page,
} from '../../lib/admin';

type DictRow = typeof dict.$inferSelect;
type ItemRow = typeof dictItem.$inferSelect;

/** A dictionary as the list answers it (domain dictionaries/list.ts), plus its name in the caller's language. */
export type DictView = ListRecord<typeof dictionariesList> & { dictName: string };

export interface DictItemAdminView {
  id: number;
  dictId: number;
  itemValue: string;
  itemText: string;
  itemTextKey: string;
  itemTextFixed: string | null;
  sortOrder: number;
  status: number;
  createTime: string | null;
}

const dictView = (lang: Language, r: DictRow): DictView => ({
  id: r.id,
  dictCode: r.dictCode,
  dictName: translate(lang, r.dictNameKey),
  dictNameKey: r.dictNameKey,
  description: r.description,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

const itemView = (lang: Language, r: ItemRow): DictItemAdminView => ({
  id: r.id,
  dictId: r.dictId,
  itemValue: r.itemValue,
  itemText: r.itemText ?? translate(lang, r.itemTextKey),
  itemTextKey: r.itemTextKey,
  itemTextFixed: r.itemText,
  sortOrder: r.sortOrder,
  status: r.status,
  createTime: iso(r.createdAt),
});

type Paged = {
  pageNo: number;
  pageSize: number;
  column?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
};

export interface DictInput {
  dictCode: string;
  dictName: string;
  description?: string | null | undefined;
  status?: number | undefined;
}

async function assertDictCodeFree(db: Db, code: string, excludeId?: number): Promise<void> {
  const rows = await db.select({ id: dict.id }).from(dict).where(eq(dict.dictCode, code)).limit(1);
  if (rows[0] && rows[0].id !== excludeId) throw new KeyedError('DUPLICATE', 'error.duplicate');
}

export async function addDict(db: Db, lang: Language, input: DictInput): Promise<DictView> {
  await assertDictCodeFree(db, input.dictCode);
  const [row] = await db
    .insert(dict)
    .values({
      dictCode: input.dictCode,
      dictNameKey: input.dictName,
      description: input.description ?? null,
      status: input.status ?? 1,
    })
    .returning();
  return dictView(lang, row!);
}

export async function editDict(db: Db, lang: Language, input: DictInput & { id: number }): Promise<DictView> {
  await assertDictCodeFree(db, input.dictCode, input.id);
  const [row] = await db
    .update(dict)
    .set({
      dictCode: input.dictCode,
      dictNameKey: input.dictName,
      description: input.description ?? null,
      ...(input.status === undefined ? {} : { status: input.status }),
    })
    .where(eq(dict.id, input.id))
    .returning();
  if (!row) throw notFound();
  return dictView(lang, row);
}

export async function listItems(
  db: Db,
  lang: Language,
  q: Paged & { dictId: number; itemText?: string | undefined; itemValue?: string | undefined },
): Promise<Page<DictItemAdminView>> {
  const where: SQL | undefined = and(
    eq(dictItem.dictId, q.dictId),
    q.itemValue ? ilike(dictItem.itemValue, containsPattern(q.itemValue)) : undefined,
    q.itemText
      ? or(
          ilike(dictItem.itemText, containsPattern(q.itemText)),
          ilike(dictItem.itemTextKey, containsPattern(q.itemText)),
        )
      : undefined,
  );
  const orderBy = orderOf(
    { sortOrder: dictItem.sortOrder, itemValue: dictItem.itemValue, createTime: dictItem.createdAt },
    q.column,
    q.order,
    [asc(dictItem.sortOrder)],
    dictItem.id,
  );
  const [n] = await db.select({ n: count() }).from(dictItem).where(where);
  const rows = await db
    .select()
    .from(dictItem)
    .where(where)
    .orderBy(...orderBy)
    .limit(q.pageSize)
    .offset(offsetOf(q));
  return pageOf(
    rows.map((r) => itemView(lang, r)),
    n?.n ?? 0,
    q,
  );
}

export interface ItemInput {
  dictId: number;
  itemValue: string;
  itemText?: string | null | undefined;
  itemTextKey?: string | undefined;
  sortOrder?: number | undefined;
  status?: number | undefined;
}

async function assertItemFree(db: Db, dictId: number, value: string, excludeId?: number): Promise<void> {
  const d = await db.select({ id: dict.id }).from(dict).where(eq(dict.id, dictId)).limit(1);
  if (!d[0]) throw notFound();
  const rows = await db
    .select({ id: dictItem.id })
    .from(dictItem)
    .where(and(eq(dictItem.dictId, dictId), eq(dictItem.itemValue, value)))
    .limit(1);
  if (rows[0] && rows[0].id !== excludeId) throw new KeyedError('DUPLICATE', 'error.duplicate');
}

export async function addItem(db: Db, lang: Language, input: ItemInput): Promise<DictItemAdminView> {
  await assertItemFree(db, input.dictId, input.itemValue);
  const [row] = await db
    .insert(dictItem)
    .values({
      dictId: input.dictId,
      itemValue: input.itemValue,
      itemTextKey: input.itemTextKey || input.itemText || input.itemValue,
      itemText: input.itemText || null,
      sortOrder: input.sortOrder ?? 0,
      status: input.status ?? 1,
    })
    .returning();
  return itemView(lang, row!);
}

export async function editItem(
  db: Db,
  lang: Language,
  input: ItemInput & { id: number },
): Promise<DictItemAdminView> {
  const before = await db.select().from(dictItem).where(eq(dictItem.id, input.id)).limit(1);
  const b = before[0];
  if (!b) throw notFound();
  await assertItemFree(db, input.dictId, input.itemValue, b.id);
  const [row] = await db
    .update(dictItem)
    .set({
      dictId: input.dictId,
      itemValue: input.itemValue,
      itemTextKey: input.itemTextKey || b.itemTextKey,
      itemText: input.itemText === undefined ? b.itemText : input.itemText || null,
      sortOrder: input.sortOrder ?? b.sortOrder,
      status: input.status ?? b.status,
    })
    .where(eq(dictItem.id, b.id))
    .returning();
  return itemView(lang, row!);
}
