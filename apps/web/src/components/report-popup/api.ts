/** The online report calls (docs/api.md "Online reports") the popup picker reads. */
import { REPORT_CACHE_MS } from '@mg/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

export interface ReportColumns {
  cgRpConfigId: string;
  cgRpConfigName: string;
  rowKey: string;
  columns: { dataIndex: string; title: string; sorter: boolean }[];
  dictOptions: Record<string, { value: string; text: string }[]>;
}
export interface ReportField {
  field: string;
  label: string;
  type: 'text' | 'number' | 'currency';
}
export interface ReportData {
  records: Record<string, unknown>[];
  total: number;
}
export interface ReportDataQuery {
  pageNo: number;
  pageSize: number;
  column?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
  fields: Record<string, string>;
}

const BASE = '/online/cgreport/api';

export function useReportConfig(code: string, enabled: boolean) {
  const columns = useQuery({ queryKey: ['report', code, 'columns'], queryFn: () => api.get<ReportColumns>(`${BASE}/getRpColumns/${encodeURIComponent(code)}`), enabled, staleTime: REPORT_CACHE_MS });
  const fields = useQuery({ queryKey: ['report', code, 'fields'], queryFn: () => api.get<ReportField[]>(`${BASE}/getQueryInfo/${encodeURIComponent(code)}`), enabled, staleTime: REPORT_CACHE_MS });
  return { columns, fields };
}

export function useReportData(code: string, q: ReportDataQuery, enabled: boolean) {
  return useQuery({
    queryKey: ['report', code, 'data', q],
    queryFn: () => {
      const filled = Object.fromEntries(Object.entries(q.fields).filter(([, v]) => v.trim() !== ''));
      return api.get<ReportData>(`${BASE}/getData/${encodeURIComponent(code)}`, { pageNo: q.pageNo, pageSize: q.pageSize, column: q.column, order: q.order, ...filled });
    },
    enabled,
    staleTime: REPORT_CACHE_MS,
  });
}
