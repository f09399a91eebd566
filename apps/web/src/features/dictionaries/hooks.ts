/**
 * Data of the dictionaries area: a dictionary's items, and the writes of the screen. A write refreshes the list
 * (dictionaries) or the open items; the server clears its dictionary cache, so screens read the change at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DictItemRecord, ListPage as Page, ListRecord, dictionariesList } from '@mg/domain';
import { api } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const dictionaryKeys = queryKeys('dictionaries');

export type DictRecord = ListRecord<typeof dictionariesList>;

/** An item of `/sys/dictItem/list` (domain dictionaries/list.ts). */
export type { DictItemRecord } from '@mg/domain';

export interface DictInput {
  dictCode: string;
  dictName: string;
  description: string | null;
}

export interface DictItemInput {
  dictId: number;
  itemValue: string;
  itemText: string;
  sortOrder: number;
  status: number;
}

/** Every item of a dictionary fits one page of the item list. */
const ITEMS_PAGE_SIZE = 100;

export function useDictItems(dictId: number | null) {
  return useQuery({
    queryKey: dictionaryKeys.other('items', dictId),
    queryFn: () => api.get<Page<DictItemRecord>>('/sys/dictItem/list', { dictId, pageNo: 1, pageSize: ITEMS_PAGE_SIZE }),
    enabled: dictId !== null,
  });
}

/** Adds a dictionary, or edits the one with `id` (its code stays). Silent: the dialog shows field errors. */
export function useSaveDict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DictInput & { id?: number }) =>
      id === undefined ? api.post<unknown>('/sys/dict/add', body, { silent: true }) : api.put<unknown>('/sys/dict/edit', { id, ...body }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dictionaryKeys.lists() }),
  });
}

export function useSaveDictItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DictItemInput & { id?: number }) =>
      id === undefined ? api.post<unknown>('/sys/dictItem/add', body, { silent: true }) : api.put<unknown>('/sys/dictItem/edit', { id, ...body }, { silent: true }),
    onSuccess: (_, v) => queryClient.invalidateQueries({ queryKey: dictionaryKeys.other('items', v.dictId) }),
  });
}
