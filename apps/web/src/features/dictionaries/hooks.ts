/**
 * Data of the dictionaries area: a dictionary's items, and the writes of the screen. A write refreshes the list
 * (dictionaries) or the open items; the server clears its dictionary cache, so screens read the change at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dictCalls, type CallBody, type ListRecord, type dictionariesList } from '@mg/domain';
import { callApi } from '../../api';
import { queryKeys } from '../../components/list/keys';

export const dictionaryKeys = queryKeys('dictionaries');

export type DictRecord = ListRecord<typeof dictionariesList>;

/** An item of `/sys/dictItem/list` (domain dictionaries/list.ts). */
export type { DictItemRecord } from '@mg/domain';

/** What the dictionary dialog sends (domain dictCalls.add; an edit adds the `id`). */
export type DictInput = CallBody<typeof dictCalls.add>;

/** What the item dialog sends (domain dictCalls.itemAdd; an edit adds the `id`). */
export type DictItemInput = CallBody<typeof dictCalls.itemAdd>;

/** Every item of a dictionary fits one page of the item list. */
const ITEMS_PAGE_SIZE = 100;

export function useDictItems(dictId: number | null) {
  return useQuery({
    queryKey: dictionaryKeys.other('items', dictId),
    queryFn: () => callApi(dictCalls.itemList, { query: { dictId, pageNo: 1, pageSize: ITEMS_PAGE_SIZE } }),
    enabled: dictId !== null,
  });
}

/** Adds a dictionary, or edits the one with `id` (its code stays). Silent: the dialog shows field errors. */
export function useSaveDict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DictInput & { id?: number }) =>
      id === undefined ? callApi(dictCalls.add, { body }, { silent: true }) : callApi(dictCalls.edit, { body: { id, ...body } }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dictionaryKeys.lists() }),
  });
}

export function useSaveDictItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DictItemInput & { id?: number }) =>
      id === undefined ? callApi(dictCalls.itemAdd, { body }, { silent: true }) : callApi(dictCalls.itemEdit, { body: { id, ...body } }, { silent: true }),
    onSuccess: (_, v) => queryClient.invalidateQueries({ queryKey: dictionaryKeys.other('items', v.dictId) }),
  });
}
