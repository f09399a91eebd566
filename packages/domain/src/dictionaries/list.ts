/** Dictionaries (platform staff), by code (docs/identity-api.md "Dictionaries"). */
import { z } from 'zod';
import { ColumnKind, FilterKind, defineList } from '../lists/define';
import { DICTIONARIES_PERM } from './perm';

/** A dictionary or an item is in use (1) or switched off (0). */
export const DictStatus = { DISABLED: 0, ENABLED: 1 } as const;
export const DICT_STATUSES = [DictStatus.ENABLED, DictStatus.DISABLED] as const;
export const DICT_STATUS_COLORS: Readonly<Record<string, string>> = { 1: 'green', 0: 'red' };
export const DICT_NAME_MAX_LENGTH = 191;
export const DICT_DESCRIPTION_MAX_LENGTH = 255;
export const DICT_ITEM_VALUE_MAX_LENGTH = 128;
export const DICT_ITEM_TEXT_MAX_LENGTH = 255;
export const DICT_SORT_MAX = 9_999;
export const DICT_CODE_MAX_LENGTH = 64;

export const dictionariesList = defineList({
  name: 'dictionaries',
  api: '/sys/dict/list',
  permission: DICTIONARIES_PERM.DICT_MENU,
  record: z.object({
    id: z.number(),
    dictCode: z.string(),
    dictNameKey: z.string().describe('an i18n key, or the name an administrator typed'),
    description: z.string().nullable(),
    status: z.number().describe('1 enabled, 0 disabled'),
    createdAt: z.string().describe('ISO-8601 UTC'),
  }),
  columns: [
    { key: 'dictNameKey', header: 'dictionaries.dictName', kind: ColumnKind.TEXT_KEY, width: 28 },
    { key: 'dictCode', header: 'dictionaries.dictCode', kind: ColumnKind.ID, sortable: true, width: 24 },
    { key: 'description', header: 'dictionaries.description', kind: ColumnKind.TEXT, width: 40 },
    { key: 'status', header: 'dictionaries.status', kind: ColumnKind.STATUS, labels: 'dictionaries.statuses', colors: DICT_STATUS_COLORS, sortable: true, width: 10 },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true, optional: true },
  ],
  filters: [
    { key: 'dictName', label: 'dictionaries.dictName', kind: FilterKind.CONTAINS, maxLength: DICT_NAME_MAX_LENGTH },
    { key: 'dictCode', label: 'dictionaries.dictCode', kind: FilterKind.CONTAINS, maxLength: DICT_CODE_MAX_LENGTH },
  ],
});

/** One item of a dictionary as `/sys/dictItem/list`, add and edit answer it (the items drawer of the screen). */
export const dictItemRecord = z.object({
  id: z.number(),
  dictId: z.number(),
  itemValue: z.string(),
  itemText: z.string().describe('in the caller language'),
  itemTextKey: z.string(),
  itemTextFixed: z.string().nullable().describe('fixed text that wins over the key'),
  sortOrder: z.number(),
  status: z.number().describe('1 enabled, 0 disabled'),
  createTime: z.string().nullable(),
});
export type DictItemRecord = z.output<typeof dictItemRecord>;
