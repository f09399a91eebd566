/**
 * The data side of a list page: a ProTable `request` that keeps filters and paging in the URL (a refreshed tab and
 * a shared link keep them), refuses a range the list's rule forbids before asking the server, remembers the filters
 * for the export, and reads through react-query under the area's list key. Invalidating that key (a mutation of
 * the area) reloads the table. The first page is asked for while the table first renders (`prime`), not once
 * ProTable's form has reported (issue 10: the list's first rows).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { LIST_PRIME_FRESH_MS, QUERY_RANGE_ERROR_KEYS, RANGE_FIELDS, parseWallClock, checkQueryRange, rangeMonthsOf, type AnyListDecl, type ListPage, type ListRecord } from '@mg/domain';
import { api } from '../../api';
import { sessionDateFields } from '../../api/payload';
import { useSessionZone } from '../format';
import { queryKeys } from './keys';
import { cleanParams, pagingFrom, pagingOf, sortParams, useUrlFilters, writePaging, type TableParams, type TableSort } from './paging';

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
  /**
   * Asks for the first page as the search form's initial values will (called while the table first renders):
   * ProTable sends its first request only once its form has mounted and reported, ~300 ms later on a 2-core machine.
   * The first `request` with the same query takes this answer instead of asking again.
   */
  prime: (columns: readonly ProColumns<never>[]) => void;
}

type Answer<R> = ListPage<R> | R[];

/** A query as one string, whatever the order of its keys. */
const queryText = (q: Record<string, unknown>) => JSON.stringify(Object.entries(q).sort(([a], [b]) => a.localeCompare(b)));

/** ProTable's params of its first request: the search form's initial values through their transforms, and the paging. */
function initialParams(columns: readonly ProColumns<never>[], initial: Record<string, string>): TableParams {
  const params: TableParams = { ...pagingFrom(initial) };
  for (const c of columns) {
    const name = c.dataIndex ?? c.key;
    if (c.search === false || c.hideInSearch || c.valueType === 'option' || c.initialValue === undefined || typeof name !== 'string') continue;
    const transform = typeof c.search === 'object' ? c.search.transform : undefined;
    if (transform) Object.assign(params, transform(c.initialValue, name, {}));
    else params[name] = c.initialValue;
  }
  return params;
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

  /** The range rule of the list on a query's filters: null when it may be asked. */
  const refusal = useCallback(
    (query: Record<string, unknown>): ListRequest<unknown>['rangeError'] => {
      if (!list.range) return null;
      const begin = query[RANGE_FIELDS.BEGIN];
      const end = query[RANGE_FIELDS.END];
      if (list.range.required && (!begin || !end)) return { message: t('common.messages.rangeRequired'), fix: t('common.messages.rangeChoose') };
      const problem = rangeProblem(begin, end, zone, months);
      return problem ? { message: t(QUERY_RANGE_ERROR_KEYS[problem], { months, count: months }), fix: t('common.messages.rangeFix') } : null;
    },
    [list, months, t, zone],
  );
  const queryOf = useCallback(
    (query: Record<string, unknown>, paging: { pageNo: number; pageSize: number }, sort?: TableSort) => ({ ...query, ...sortParams(sort), ...(list.paged === false ? {} : paging) }),
    [list],
  );

  const primed = useRef<{ text: string; answer: Promise<Answer<ListRecord<L>>> } | null>(null);
  const prime = useCallback(
    (columns: readonly ProColumns<never>[]) => {
      const params = initialParams(columns, initial);
      const query = cleanParams(params);
      if (refusal(query)) return;
      const q = queryOf(query, pagingOf(params));
      // Through the cache, so a render React starts again joins this request. Silent: if it fails, the table's own
      // request asks again and that one says why.
      const answer = queryClient.fetchQuery({
        queryKey: keys.list(q),
        queryFn: () => api.get<Answer<ListRecord<L>>>(list.api, q, { silent: true }),
        staleTime: LIST_PRIME_FRESH_MS,
      });
      answer.catch(() => undefined);
      primed.current = { text: queryText(q), answer };
    },
    [initial, keys, list, queryClient, queryOf, refusal],
  );

  const request = useCallback(
    async (params: TableParams, sort?: TableSort) => {
      const query = cleanParams(params);
      const paging = writePaging(write, query, params);
      const refused = refusal(query);
      setRangeError(refused);
      if (refused) return { data: [] as ListRecord<L>[], total: 0, success: true };
      setFilters(sessionDateFields(query, zone));
      const q = queryOf(query, paging, sort);
      const first = primed.current;
      primed.current = null;
      const ask = () => queryClient.fetchQuery({ queryKey: keys.list(q), queryFn: () => api.get<Answer<ListRecord<L>>>(list.api, q), staleTime: 0 });
      let answer: Answer<ListRecord<L>>;
      // The first page asked for early is this query's answer (already in the cache under its key); failed, it is
      // asked again here, where a failure is shown.
      if (first?.text === queryText(q)) answer = await first.answer.catch(ask);
      else answer = await ask();
      if (Array.isArray(answer)) return { data: answer, total: answer.length, success: true };
      return { data: answer.records ?? [], total: answer.total ?? 0, success: true };
    },
    [list, queryClient, keys, queryOf, refusal, write, zone],
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

  return { request, rangeError, filters, initial, prime };
}
