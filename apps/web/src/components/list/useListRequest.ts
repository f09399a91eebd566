/**
 * The data side of a list page: a ProTable `request` that keeps filters and paging in the URL (a refreshed tab and
 * a shared link keep them), refuses a range the list's rule forbids before asking the server, remembers the filters
 * for the export, and reads through react-query under the area's list key. Invalidating that key (a mutation of
 * the area) reloads the table.
 */
import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ActionType } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { QUERY_RANGE_ERROR_KEYS, RANGE_FIELDS, parseWallClock, checkQueryRange, rangeMonthsOf, type AnyListDecl, type ListPage, type ListRecord } from '@mg/domain';
import { api } from '../../api';
import { sessionDateFields } from '../../api/payload';
import { useSessionZone } from '../format';
import { queryKeys } from './keys';
import { cleanParams, sortParams, useUrlFilters, writePaging, type TableParams, type TableSort } from './paging';

/**
 * Spec §5 range rule as the server applies it, on the picked session-zone wall clocks (as the API client sends
 * them). Null when fine or incomplete.
 */
export function rangeProblem(begin: unknown, end: unknown, sessionZone: string, months: number): null | keyof typeof QUERY_RANGE_ERROR_KEYS {
  if (typeof begin !== 'string' || typeof end !== 'string' || !begin || !end) return null;
  const a = parseWallClock(begin, sessionZone);
  const b = parseWallClock(end, sessionZone);
  if (!a || !b) return null;
  return checkQueryRange(a, b, sessionZone, months);
}

export interface ListRequest<R> {
  request: (params: TableParams, sort?: TableSort) => Promise<{ data: R[]; total: number; success: boolean }>;
  /** The range problem of the last query and how to fix it, in the user's language. */
  rangeError: { message: string; fix: string } | null;
  /** The filters of the last query with their dates in the session zone (what the export posts). */
  filters: Record<string, unknown>;
  /** The URL values the page started with (the form's initial values). */
  initial: Record<string, string>;
}

export function useListRequest<L extends AnyListDecl>(list: L, actionRef: RefObject<ActionType | undefined>): ListRequest<ListRecord<L>> {
  const { t } = useTranslation();
  const zone = useSessionZone();
  const queryClient = useQueryClient();
  const { initial, write } = useUrlFilters();
  const [rangeError, setRangeError] = useState<ListRequest<unknown>['rangeError']>(null);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const keys = useMemo(() => queryKeys(list.name), [list.name]);
  const months = rangeMonthsOf(list);

  const request = useCallback(
    async (params: TableParams, sort?: TableSort) => {
      const query = cleanParams(params);
      const paging = writePaging(write, query, params);
      const empty = { data: [] as ListRecord<L>[], total: 0, success: true };
      if (list.range) {
        const begin = query[RANGE_FIELDS.BEGIN];
        const end = query[RANGE_FIELDS.END];
        if (list.range.required && (!begin || !end)) {
          setRangeError({ message: t('common.messages.rangeRequired'), fix: t('common.messages.rangeChoose') });
          return empty;
        }
        const problem = rangeProblem(begin, end, zone, months);
        if (problem) {
          setRangeError({ message: t(QUERY_RANGE_ERROR_KEYS[problem], { months, count: months }), fix: t('common.messages.rangeFix') });
          return empty;
        }
      }
      setRangeError(null);
      setFilters(sessionDateFields(query, zone));
      const q = { ...query, ...sortParams(sort), ...(list.paged === false ? {} : paging) };
      const answer = await queryClient.fetchQuery({ queryKey: keys.list(q), queryFn: () => api.get<ListPage<ListRecord<L>> | ListRecord<L>[]>(list.api, q), staleTime: 0 });
      if (Array.isArray(answer)) return { data: answer, total: answer.length, success: true };
      return { data: answer.records ?? [], total: answer.total ?? 0, success: true };
    },
    [list, months, queryClient, keys, t, write, zone],
  );

  // A mutation of the area invalidates its lists: reload the table once, whatever number of pages was cached.
  useEffect(() => {
    let scheduled = false;
    const prefix = keys.lists();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate' || scheduled) return;
      const key = event.query.queryKey;
      if (key[0] !== prefix[0] || key[1] !== prefix[1]) return;
      scheduled = true;
      queueMicrotask(() => {
        scheduled = false;
        void actionRef.current?.reload();
      });
    });
  }, [actionRef, keys, queryClient]);

  return { request, rangeError, filters, initial };
}
