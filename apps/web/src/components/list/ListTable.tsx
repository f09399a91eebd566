/**
 * What the money lists (transactions, refunds, payment links, balance records, settlements) share: the created-time
 * range filter limited to QUERY_RANGE_MONTHS (checked before the server is asked), the paged request that writes the
 * filters to the URL and remembers them for the export, and the table around it (range error, export first in the
 * toolbar). The generic list helpers of features/system/_shared.tsx are reused, not copied.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { Alert } from 'antd';
import { ProTable, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT, QUERY_RANGE_ERROR_KEYS, QUERY_RANGE_MONTHS, checkQueryRange, parseWallClock, shiftWallClock, type ExportKindValue } from '@mg/domain';
import { shiftDateFields } from '../../api/payload';
import { cleanParams, fetchPage, tablePagination, writePaging, type TableParams, type TableSort, type UrlValues } from './paging';
import { ExportButton } from '../export';
import { useFormatters } from '../format';

/** The browser's zone, where the pickers run (the API client's default too). */
function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A range from URL values; undefined unless both ends are readable. */
export function parseRange(begin: string | undefined, end: string | undefined): [Dayjs, Dayjs] | undefined {
  if (!begin || !end) return undefined;
  const a = dayjs(begin);
  const b = dayjs(end);
  return a.isValid() && b.isValid() ? [a, b] : undefined;
}

function text(v: unknown): string | undefined {
  return dayjs.isDayjs(v) ? v.format(DATE_TIME_FORMAT) : typeof v === 'string' ? v : undefined;
}

/** The search-only created-time range picker of a list, sent as `createTime_begin` / `createTime_end`. */
export function rangeColumn<T>(title: string, initialValue: [Dayjs, Dayjs] | undefined, placeholder?: [string, string]): ProColumns<T> {
  return {
    title,
    dataIndex: 'createTime',
    valueType: 'dateTimeRange',
    hideInTable: true,
    initialValue,
    colSize: 2,
    fieldProps: { format: DATE_TIME_FORMAT, style: { width: '100%' }, ...(placeholder ? { placeholder } : {}) },
    search: {
      transform: (value: unknown) => {
        const [a, b] = Array.isArray(value) ? value : [];
        return { createTime_begin: text(a), createTime_end: text(b) };
      },
    },
  };
}

/**
 * Spec §5 range rule as the server applies it: the picked browser wall clocks are shifted to the session zone (as
 * the API client sends them) and checked there. Null when fine or incomplete (no range: the server's default).
 */
export function rangeProblem(begin: unknown, end: unknown, sessionZone: string): null | keyof typeof QUERY_RANGE_ERROR_KEYS {
  if (typeof begin !== 'string' || typeof end !== 'string' || !begin || !end) return null;
  const from = browserZone();
  const a = parseWallClock(shiftWallClock(begin, from, sessionZone) ?? begin, sessionZone);
  const b = parseWallClock(shiftWallClock(end, from, sessionZone) ?? end, sessionZone);
  if (!a || !b) return null;
  return checkQueryRange(a, b, sessionZone, QUERY_RANGE_MONTHS);
}

/**
 * A ProTable `request` for a paged list with a created-time range: writes filters and paging to the URL, refuses a
 * range over QUERY_RANGE_MONTHS before asking the server (the message is in `rangeError`), remembers the filters sent
 * with the dates in the session zone (`filters`, for the export button: it posts them nested, so the API client does
 * not shift them).
 */
export function useRangedList<T>(url: string, write: (values: Record<string, unknown>) => void) {
  const { t } = useTranslation();
  const { zone } = useFormatters();
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const request = useCallback(
    async (params: TableParams, sort?: TableSort) => {
      const query = cleanParams(params);
      const paging = writePaging(write, query, params);
      const problem = rangeProblem(query.createTime_begin, query.createTime_end, zone);
      if (problem) {
        setRangeError(t(QUERY_RANGE_ERROR_KEYS[problem], { months: QUERY_RANGE_MONTHS }));
        return { data: [] as T[], total: 0, success: true };
      }
      setRangeError(null);
      setFilters(shiftDateFields(query, browserZone(), zone));
      return fetchPage<T>(url, query, sort, paging);
    },
    [t, url, write, zone],
  );
  return { request, rangeError, filters };
}

/**
 * The table of a money list: the range error above it, paging from the URL, search and options as on every list,
 * and the export (with the filters of the last query) first in the toolbar, then `tools`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ProTable's own constraint on its rows
export function ListTable<T extends Record<string, any>>({
  list,
  initial,
  exportKind,
  tools = [],
  ...table
}: Omit<ProTableProps<T, Record<string, unknown>>, 'request' | 'pagination' | 'toolBarRender'> & {
  list: { request: NonNullable<ProTableProps<T, Record<string, unknown>>['request']>; rangeError: string | null; filters: Record<string, unknown> };
  initial: UrlValues;
  exportKind: ExportKindValue;
  tools?: ReactNode[];
}) {
  return (
    <>
      {list.rangeError && <Alert type="error" showIcon message={list.rangeError} style={{ marginBottom: 12 }} data-testid="range-error" />}
      <ProTable<T>
        rowKey="id"
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        scroll={{ x: 'max-content' }}
        {...table}
        request={list.request}
        pagination={tablePagination(initial)}
        toolBarRender={() => [<ExportButton key="export" kind={exportKind} filters={list.filters} />, ...tools]}
      />
    </>
  );
}
