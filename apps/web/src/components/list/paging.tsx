import { useCallback, useRef } from 'react';
import { useFormatters } from '../format';
import { useSearchParams } from 'react-router';
import { LIST_COUNT_CAP, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, isStandardPageSize } from '@mg/domain';
import { i18n } from '../../i18n';
import { api } from '../../api';

/** Paged answer of every list call (docs/identity-api.md). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Session zone and instant formatting: the shared helpers of components/format. */
export { useSessionZone, formatInstant } from '../format';

/** An ISO instant from the server as `YYYY-MM-DD HH:mm:ss` in the session zone; '-' when absent. */
export function useFormatInstant(): (value: string | number | null | undefined) => string {
  return useFormatters().instant;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Filters in the URL (DESIGN §8): a refreshed tab and a shared link keep them.                                   */

export type UrlValues = Record<string, string>;

/**
 * The list's filters and paging as URL query values. `initial` is the snapshot at mount (what the table starts
 * with); `write` replaces the query with the given values (empty ones dropped) when they changed.
 */
export function useUrlFilters(): { initial: UrlValues; write: (values: Record<string, unknown>) => void } {
  const [params, setParams] = useSearchParams();
  const snapshot = useRef<UrlValues | null>(null);
  if (snapshot.current === null) snapshot.current = Object.fromEntries(params.entries());
  const latest = useRef(params);
  latest.current = params;
  const write = useCallback(
    (values: Record<string, unknown>) => {
      const next = new URLSearchParams();
      for (const [k, v] of Object.entries(values)) {
        if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
        next.set(k, Array.isArray(v) ? v.join(',') : String(v));
      }
      next.sort();
      const current = new URLSearchParams(latest.current);
      current.sort();
      if (next.toString() !== current.toString()) setParams(next, { replace: true });
    },
    [setParams],
  );
  return { initial: snapshot.current, write };
}

/** Page number and size from URL values, with the spec's sizes only. */
export function pagingFrom(values: UrlValues): { current: number; pageSize: number } {
  const current = Math.max(1, Number.parseInt(values.pageNo ?? '1', 10) || 1);
  const size = Number.parseInt(values.pageSize ?? '', 10);
  return { current, pageSize: isStandardPageSize(size) ? size : PAGE_SIZE_DEFAULT };
}

/** ProTable pagination of every list: sizes 10/20/30, quick jump, size changer, started from the URL. */
export function tablePagination(values: UrlValues) {
  const { current, pageSize } = pagingFrom(values);
  return {
    defaultCurrent: current,
    defaultPageSize: pageSize,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showQuickJumper: true,
    showSizeChanger: true,
    // Payment lists count at most LIST_COUNT_CAP rows (a count over millions of rows would cost more than the page),
    // and pages reach that deep only (the server refuses deeper ones): the total says so.
    showTotal: (total: number) =>
      total >= LIST_COUNT_CAP
        ? i18n.t('common.messages.totalCapped', { total: LIST_COUNT_CAP.toLocaleString() })
        : i18n.t('common.messages.total', { total: total.toLocaleString() }),
  };
}

/** Drops ProTable's own keys and empty values from a request's params. */
export function cleanParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'current' || k === 'pageSize' || k === '_timestamp' || k === 'keyword') continue;
    if (v === undefined || v === null || v === '') continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** Sort of a ProTable request as `column` / `order`. */
export function sortParams(sort: Record<string, 'ascend' | 'descend' | null> | undefined): Record<string, string> {
  const entry = Object.entries(sort ?? {}).find(([, v]) => v);
  return entry ? { column: entry[0], order: entry[1] === 'ascend' ? 'asc' : 'desc' } : {};
}

/** ProTable's request params: the filters plus its own paging keys. */
export type TableParams = Record<string, unknown> & { current?: number; pageSize?: number };
/** ProTable's sort of a request. */
export type TableSort = Record<string, 'ascend' | 'descend' | null>;

/** The paging a ProTable request asks for. */
export function pagingOf(params: TableParams): { pageNo: number; pageSize: number } {
  return { pageNo: params.current ?? 1, pageSize: params.pageSize ?? PAGE_SIZE_DEFAULT };
}

/** Writes a request's filters and paging to the URL (default page and size left out); answers the paging to ask. */
export function writePaging(write: (values: Record<string, unknown>) => void, filters: Record<string, unknown>, params: TableParams): { pageNo: number; pageSize: number } {
  const paging = pagingOf(params);
  const { pageNo, pageSize } = paging;
  write({ ...filters, pageNo: pageNo > 1 ? pageNo : undefined, pageSize: pageSize !== PAGE_SIZE_DEFAULT ? pageSize : undefined });
  return paging;
}

/** One page of a paged GET as ProTable wants it. */
export async function fetchPage<T>(url: string, query: Record<string, unknown>, sort: TableSort | undefined, paging: { pageNo: number; pageSize: number }) {
  const page = await api.get<Page<T>>(url, { ...query, ...sortParams(sort), ...paging });
  return { data: page.records ?? [], total: page.total ?? 0, success: true };
}

/**
 * A ProTable `request` for a paged GET: writes filters and paging to the URL, then asks the server.
 */
export function usePagedRequest<T>(url: string, write: (values: Record<string, unknown>) => void, extra?: (params: Record<string, unknown>) => Record<string, unknown>) {
  return useCallback(
    async (params: TableParams, sort?: TableSort) => {
      const filters = cleanParams(params);
      const paging = writePaging(write, filters, params);
      return fetchPage<T>(url, extra ? extra(filters) : filters, sort, paging);
    },
    [url, write, extra],
  );
}

