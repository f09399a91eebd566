/**
 * What the funds lists share: the created-time range filter (at most QUERY_RANGE_MONTHS, checked before the server
 * is asked), the paged request that writes the filters to the URL, and the platform staff's merchant filter.
 */
import { useCallback, useMemo, useState } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, PAGE_SIZE_DEFAULT, PLATFORM_MERCHANT_ID, QUERY_RANGE_ERROR_KEYS, QUERY_RANGE_MONTHS, checkQueryRange } from '@mg/domain';
import { api } from '../../api';
import { shiftDateFields } from '../../api/payload';
import { useSessionZone } from '../../components/format';
import type { ColumnLike } from '../../session/permission';
import { useSession } from '../../session/store';
import { usePermission } from '../system/_permission';
import { cleanParams, sortParams, type Page, type UrlValues } from '../system/_shared';
import { defaultDays, pickerRange } from './range';

type Params = Record<string, unknown> & { current?: number; pageSize?: number };

/** A list column; `fee: true` marks a fee column for the spec §6 column rules. */
export type FundsColumn<T> = ProColumns<T> & { fee?: boolean };

/** The spec §6 column rules (usePermission().columns) for ProTable columns. */
export function useVisibleColumns<T>(): (columns: FundsColumn<T>[]) => ProColumns<T>[] {
  const { columns } = usePermission();
  return useCallback((list: FundsColumn<T>[]) => columns(list as unknown as ColumnLike[]) as unknown as ProColumns<T>[], [columns]);
}

/** The browser's zone, where the pickers run (the API client's default too). */
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
type Sort = Record<string, 'ascend' | 'descend' | null>;

function parseRange(begin: string | undefined, end: string | undefined): [Dayjs, Dayjs] | undefined {
  if (!begin || !end) return undefined;
  const a = dayjs(begin);
  const b = dayjs(end);
  return a.isValid() && b.isValid() ? [a, b] : undefined;
}

function text(v: unknown): string | undefined {
  return dayjs.isDayjs(v) ? v.format(DATE_TIME_FORMAT) : typeof v === 'string' ? v : undefined;
}

/**
 * The search-only created-time column: from the URL, else the longest range the one-month rule allows ending
 * today (whole days of the session zone). Sent as `createTime_begin` / `createTime_end`.
 */
export function useRangeColumn<T>(title: string, initial: UrlValues): ProColumns<T> {
  const zone = useSessionZone();
  const initialValue = useMemo(() => {
    const fromUrl = parseRange(initial.createTime_begin, initial.createTime_end);
    if (fromUrl) return fromUrl;
    const [from, to] = defaultDays(zone);
    return pickerRange(from, to, zone);
  }, [initial, zone]);
  return {
    title,
    dataIndex: 'createTime',
    valueType: 'dateTimeRange',
    hideInTable: true,
    initialValue,
    colSize: 2,
    fieldProps: { format: DATE_TIME_FORMAT, style: { width: '100%' } },
    search: {
      transform: (value: unknown) => {
        const [a, b] = Array.isArray(value) ? value : [];
        return { createTime_begin: text(a), createTime_end: text(b) };
      },
    },
  };
}

/** True for platform staff (merchant 10000), who may look at another merchant's records. */
export function useIsPlatform(): boolean {
  const { userInfo } = useSession();
  return userInfo?.merchantId === PLATFORM_MERCHANT_ID;
}

/** The merchant filter of platform staff (search only); hidden for everyone else. */
export function useMerchantColumn<T>(initial: UrlValues): ProColumns<T> {
  const { t } = useTranslation();
  const platform = useIsPlatform();
  return {
    title: t('screens.funds.common.merchantId'),
    dataIndex: 'merchantId',
    hideInTable: true,
    hideInSearch: !platform,
    initialValue: initial.merchantId,
    fieldProps: { inputMode: 'numeric' },
  };
}

/**
 * A ProTable `request` for a paged funds list: checks the range (spec §5) before asking, writes filters and paging
 * to the URL, and remembers the filters of the last query for the export: as the server receives them, i.e. with
 * the dates already in the session zone (the API client shifts only top-level date fields, not the nested
 * `filters` of an export).
 */
export function useRangedRequest<T>(url: string, write: (values: Record<string, unknown>) => void) {
  const { t } = useTranslation();
  const zone = useSessionZone();
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [filters, setFilters] = useState<Record<string, unknown>>({});

  const request = useCallback(
    async (params: Params, sort?: Sort) => {
      const query = cleanParams(params);
      const pageNo = params.current ?? 1;
      const pageSize = params.pageSize ?? PAGE_SIZE_DEFAULT;
      write({ ...query, pageNo: pageNo > 1 ? pageNo : undefined, pageSize: pageSize !== PAGE_SIZE_DEFAULT ? pageSize : undefined });
      const begin = typeof query.createTime_begin === 'string' ? query.createTime_begin : undefined;
      const end = typeof query.createTime_end === 'string' ? query.createTime_end : undefined;
      if (begin && end) {
        const problem = checkQueryRange(dayjs(begin).toDate(), dayjs(end).toDate(), zone, QUERY_RANGE_MONTHS);
        if (problem) {
          setRangeError(t(QUERY_RANGE_ERROR_KEYS[problem], { months: QUERY_RANGE_MONTHS }));
          return { data: [] as T[], total: 0, success: true };
        }
      }
      setRangeError(null);
      setFilters(shiftDateFields(query, browserZone(), zone));
      const page = await api.get<Page<T>>(url, { ...query, ...sortParams(sort), pageNo, pageSize });
      return { data: page.records ?? [], total: page.total ?? 0, success: true };
    },
    [t, url, write, zone],
  );

  return { request, rangeError, filters };
}
