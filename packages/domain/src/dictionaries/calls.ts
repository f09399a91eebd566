/**
 * The dictionaries calls declared once (calls/define.ts): the reading calls of spec §7 (public, texts in the caller
 * language, paths kept exactly: `refleshCache` too) and the administration of platform staff (dictionaries and their
 * items, each write answered as the record it wrote).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { adminIdSchema, pagingSchema, staffMerchantFilterField } from '../validation';
import { DICT_CODE_RE } from './catalogue';
import { dictItemRecord, dictionariesList } from './list';
import { DICTIONARIES_PERM } from './perm';


/** One item as the reading calls answer it: `title` and `label` repeat `text` for the old front end. */
export const dictItemViewSchema = z.object({ value: z.string(), text: z.string(), title: z.string(), label: z.string() });

const dictParams = z.object({
  dictCode: z.string().describe('A registered dictionary code, e.g. payment_type. The `table,text,code` form is refused.'),
});

/** A dictionary as its add and edit answer it: the list's record, with its name in the caller's language. */
export const dictViewSchema = dictionariesList.record.extend({ dictName: z.string().describe('in the caller language') });

const dictStatusField = z.coerce.number().int().min(0).max(1);

export const dictBodySchema = z.object({
  dictCode: z.string().trim().regex(DICT_CODE_RE, 'admin.dict.codeInvalid'),
  dictName: z.string().trim().min(1).max(191).describe('a name, or an i18n key'),
  description: z.string().max(2000).nullish(),
  status: dictStatusField.optional(),
});

export const dictItemBodySchema = z.object({
  dictId: adminIdSchema,
  itemValue: z.string().trim().min(1).max(128),
  itemText: z.string().max(255).nullish(),
  itemTextKey: z.string().max(191).optional(),
  sortOrder: z.coerce.number().int().min(-1_000_000).max(1_000_000).optional(),
  status: dictStatusField.optional(),
});

export const dictItemListQuerySchema = pagingSchema.extend({
  merchantId: staffMerchantFilterField,
  dictId: adminIdSchema,
  itemText: z.string().max(255).optional(),
  itemValue: z.string().max(128).optional(),
});

export const dictItemPageSchema = z.object({
  records: z.array(dictItemRecord),
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
});

export const dictCalls = {
  items: defineCall({
    method: 'GET',
    path: '/sys/dict/getDictItems/:dictCode',
    public: true,
    summary: 'Items of a dictionary, texts in the caller language',
    params: dictParams,
    answer: z.array(dictItemViewSchema),
  }),
  texts: defineCall({
    method: 'GET',
    path: '/sys/dict/loadDictItem/:dictCode',
    public: true,
    summary: 'Texts of the given values (comma separated), in their order',
    params: dictParams,
    query: z.object({ key: z.string().max(2000).default('').describe('values, comma separated') }),
    answer: z.array(z.string()),
  }),
  search: defineCall({
    method: 'GET',
    path: '/sys/dict/loadDict/:dictCode',
    public: true,
    summary: 'Items whose text or value contains the keyword (case-insensitive, at most 50)',
    params: dictParams,
    query: z.object({ keyword: z.string().max(100).optional() }),
    answer: z.array(dictItemViewSchema),
  }),
  all: defineCall({
    method: 'GET',
    path: '/sys/dict/queryAllDictItems',
    public: true,
    summary: 'Every dictionary with its items',
    answer: z.record(z.string(), z.array(dictItemViewSchema)),
  }),
  refreshCache: defineCall({
    method: 'GET',
    path: '/sys/dict/refleshCache',
    summary: 'Clears the dictionary cache of every instance',
    answer: z.null(),
  }),
  add: defineCall({
    method: 'POST',
    path: '/sys/dict/add',
    permission: DICTIONARIES_PERM.DICT_EDIT,
    summary: 'Add a dictionary',
    body: dictBodySchema,
    answer: dictViewSchema,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/sys/dict/edit',
    permission: DICTIONARIES_PERM.DICT_EDIT,
    summary: 'Edit a dictionary',
    body: dictBodySchema.extend({ id: adminIdSchema }),
    answer: dictViewSchema,
  }),
  itemList: defineCall({
    method: 'GET',
    path: '/sys/dictItem/list',
    permission: DICTIONARIES_PERM.DICT_MENU,
    summary: 'Items of a dictionary, paged',
    query: dictItemListQuerySchema,
    answer: dictItemPageSchema,
  }),
  itemAdd: defineCall({
    method: 'POST',
    path: '/sys/dictItem/add',
    permission: DICTIONARIES_PERM.DICT_EDIT,
    summary: 'Add an item',
    body: dictItemBodySchema,
    answer: dictItemRecord,
  }),
  itemEdit: defineCall({
    method: 'PUT',
    path: '/sys/dictItem/edit',
    permission: DICTIONARIES_PERM.DICT_EDIT,
    summary: 'Edit an item',
    body: dictItemBodySchema.extend({ id: adminIdSchema }),
    answer: dictItemRecord,
  }),
};
