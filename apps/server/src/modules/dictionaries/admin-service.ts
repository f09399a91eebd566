/**
 * Dictionary administration (platform staff). A dictionary code must match the domain's DICT_CODE_RE (the reading
 * calls additionally only serve codes registered in the domain). Every change clears the dictionary cache.
 */
import { DictStatus, translate, type DictItemRecord, type dictionariesList, type Language, type ListRecord } from '@mg/domain';
import type { Db } from '../../db/pool';
import { iso, KeyedError, notFound, pageOf, type Page } from '../../lib/admin';
import {
  dictExists,
  insertDict,
  insertItem,
  selectDictIdByCode,
  selectItem,
  selectItemIdByValue,
  selectItemPage,
  updateDict,
  updateItem,
  type DictItemAdminRow,
  type DictRow,
  type ItemPageQuery,
} from './queries';

type ItemRow = DictItemAdminRow;

/** A dictionary as the list answers it (domain dictionaries/list.ts), plus its name in the caller's language. */
export type DictView = ListRecord<typeof dictionariesList> & { dictName: string };

export type DictItemAdminView = DictItemRecord;

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

export interface DictInput {
  dictCode: string;
  dictName: string;
  description?: string | null | undefined;
  status?: number | undefined;
}

async function assertDictCodeFree(db: Db, code: string, excludeId?: number): Promise<void> {
  const id = await selectDictIdByCode(db, code);
  if (id !== undefined && id !== excludeId) throw new KeyedError('DUPLICATE', 'error.duplicate');
}

export async function addDict(db: Db, lang: Language, input: DictInput): Promise<DictView> {
  await assertDictCodeFree(db, input.dictCode);
  const row = await insertDict(db, {
    dictCode: input.dictCode,
    dictNameKey: input.dictName,
    description: input.description ?? null,
    status: input.status ?? DictStatus.ENABLED,
  });
  return dictView(lang, row);
}

export async function editDict(db: Db, lang: Language, input: DictInput & { id: number }): Promise<DictView> {
  await assertDictCodeFree(db, input.dictCode, input.id);
  const row = await updateDict(db, input.id, {
    dictCode: input.dictCode,
    dictNameKey: input.dictName,
    description: input.description ?? null,
    ...(input.status === undefined ? {} : { status: input.status }),
  });
  if (!row) throw notFound();
  return dictView(lang, row);
}

export async function listItems(db: Db, lang: Language, q: ItemPageQuery): Promise<Page<DictItemAdminView>> {
  const { rows, total } = await selectItemPage(db, q);
  return pageOf(
    rows.map((r) => itemView(lang, r)),
    total,
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
  if (!(await dictExists(db, dictId))) throw notFound();
  const id = await selectItemIdByValue(db, dictId, value);
  if (id !== undefined && id !== excludeId) throw new KeyedError('DUPLICATE', 'error.duplicate');
}

export async function addItem(db: Db, lang: Language, input: ItemInput): Promise<DictItemAdminView> {
  await assertItemFree(db, input.dictId, input.itemValue);
  const row = await insertItem(db, {
    dictId: input.dictId,
    itemValue: input.itemValue,
    itemTextKey: input.itemTextKey || input.itemText || input.itemValue,
    itemText: input.itemText || null,
    sortOrder: input.sortOrder ?? 0,
    status: input.status ?? DictStatus.ENABLED,
  });
  return itemView(lang, row);
}

export async function editItem(
  db: Db,
  lang: Language,
  input: ItemInput & { id: number },
): Promise<DictItemAdminView> {
  const b = await selectItem(db, input.id);
  if (!b) throw notFound();
  await assertItemFree(db, input.dictId, input.itemValue, b.id);
  const row = await updateItem(db, b.id, {
    dictId: input.dictId,
    itemValue: input.itemValue,
    itemTextKey: input.itemTextKey || b.itemTextKey,
    itemText: input.itemText === undefined ? b.itemText : input.itemText || null,
    sortOrder: input.sortOrder ?? b.sortOrder,
    status: input.status ?? b.status,
  });
  return itemView(lang, row);
}
