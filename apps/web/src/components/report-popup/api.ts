/** The online report calls (docs/api.md "Online reports", domain reportCalls) the popup picker reads. */
import { REPORT_CACHE_MS, reportCalls } from '@mg/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api';

/**
 * The popup's own state of a page, not the call's query: paging and sorting, and what is typed in each query field
 * (sent beside them when not blank).
 */
export interface ReportDataQuery {
  pageNo: number;
  pageSize: number;
  column?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  fields: Record<string, string>;
}

export function useReportConfig(code: string, enabled: boolean) {
  const columns = useQuery({ queryKey: ['report', code, 'columns'], queryFn: () => callApi(reportCalls.columns, { params: { code } }), enabled, staleTime: REPORT_CACHE_MS });
  const fields = useQuery({ queryKey: ['report', code, 'fields'], queryFn: () => callApi(reportCalls.queryInfo, { params: { configId: code } }), enabled, staleTime: REPORT_CACHE_MS });
  return { columns, fields };
}

export function useReportData(code: string, q: ReportDataQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['report', code, 'data', q],
    queryFn: () => {
      const filled = Object.fromEntries(Object.entries(q.fields).filter(([, v]) => v.trim() !== ''));
      return callApi(reportCalls.data, { params: { configId: code }, query: { pageNo: String(q.pageNo), pageSize: String(q.pageSize), column: q.column, order: q.order, ...filled } });
    },
    enabled,
    staleTime: REPORT_CACHE_MS,
  });
}
