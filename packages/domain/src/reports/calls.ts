/**
 * The online report calls (spec §7 `/online/cgreport/api/...`) declared once (calls/define.ts): a report's popup
 * configuration, its query fields, and a page of its data. Exported by the domain's root (index.ts): `./index` holds
 * the report vocabulary these use, and an area index that re-exports its calls cannot be imported by them.
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { ReportParamType, type ReportParamTypeValue } from './index';

const reportCode = z.string().min(1).max(64);

export const reportColumnsSchema = z.object({
  cgRpConfigId: z.string(),
  cgRpConfigName: z.string(),
  rowKey: z.string(),
  columns: z.array(z.object({ dataIndex: z.string(), title: z.string(), sorter: z.boolean() })),
  dictOptions: z.record(z.string(), z.array(z.object({ value: z.string(), text: z.string() }))),
});

export const reportFieldSchema = z.object({
  field: z.string(),
  label: z.string(),
  type: z.enum(Object.values(ReportParamType) as [ReportParamTypeValue, ...ReportParamTypeValue[]]),
});

export const reportDataSchema = z.object({ records: z.array(z.record(z.string(), z.unknown())), total: z.number() });

export const reportCalls = {
  columns: defineCall({
    method: 'GET',
    path: '/online/cgreport/api/getRpColumns/:code',
    summary: "A report's popup configuration: cgRpConfigId, cgRpConfigName, columns, dictOptions",
    params: z.object({ code: reportCode }),
    answer: reportColumnsSchema,
  }),
  queryInfo: defineCall({
    method: 'GET',
    path: '/online/cgreport/api/getQueryInfo/:configId',
    summary: "A report's query fields and their types",
    params: z.object({ configId: reportCode }),
    answer: z.array(reportFieldSchema),
  }),
  data: defineCall({
    method: 'GET',
    path: '/online/cgreport/api/getData/:configId',
    summary: 'A page of a report: pageNo, pageSize, column and order (asc / desc), and its query fields; anything else is 400',
    params: z.object({ configId: reportCode }),
    // Documented fields; the report's own query fields pass through (the server checks every name).
    query: z.looseObject({
      pageNo: z.string().optional().describe('page, from 1'),
      pageSize: z.string().optional(),
      column: z.string().optional().describe('a column of the report to sort by'),
      order: z.string().optional().describe('asc or desc'),
    }),
    answer: reportDataSchema,
  }),
};
