/**
 * The three online report calls (spec §7): a report's columns, its query parameters, and a page of its data. Only
 * reports declared in the domain exist; a parameter, sort column or order the report does not declare is a 400
 * naming it, and parameters reach SQL as bound values only (./queries.ts).
 */
import {
  CHANNELS,
  REPORT_MAX_PAGE_SIZE,
  POPUP_PAGE_SIZE,
  REPORT_PARAM_MAX_LENGTH,
  ReportAudience,
  ReportCode,
  ReportParamType,
  SESSION_QUERY_FIELDS,
  findReport,
  isCurrencyCode,
  translate,
  type Language,
  type ReportDecl,
} from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { DbLike } from '../../db/pool';
import { fieldError } from '../../lib/errors';
import { AuthError } from '../auth/errors';
import { requireAuth } from '../auth/index';
import { ownScope } from '../auth/scope';
import { merchantsReport, subMerchantsReport, type ReportPage, type ReportQuery } from './queries';

/** The report of a code or config id the caller may run; 400 naming `field` for one that does not exist. */
export function reportFor(req: FastifyRequest, code: string, field: string): ReportDecl {
  const report = findReport(code);
  if (!report) throw fieldError(field, 'reports.unknown', { params: { value: code.slice(0, REPORT_PARAM_MAX_LENGTH) } });
  if (report.audience === ReportAudience.PLATFORM && !requireAuth(req).isPlatform) throw new AuthError('FORBIDDEN');
  return report;
}

/** getRpColumns: the spec's popup configuration (cgRpConfigId, cgRpConfigName, columns, dictOptions). */
export function columnsOf(report: ReportDecl, lang: Language) {
  const dictOptions: Record<string, { value: string; text: string }[]> = {};
  for (const c of report.columns) {
    if (c.labels) dictOptions[c.key] = c.labels.values.map((v) => ({ value: v, text: translate(lang, `${c.labels?.prefix}.${v}`) }));
  }
  return {
    cgRpConfigId: report.code,
    cgRpConfigName: translate(lang, report.titleKey),
    rowKey: report.rowKey,
    columns: report.columns.map((c) => ({ dataIndex: c.key, title: translate(lang, c.titleKey), sorter: report.sortable.includes(c.key) })),
    dictOptions,
  };
}

/** getQueryInfo: the report's query fields. */
export function queryInfoOf(report: ReportDecl, lang: Language) {
  return report.params.map((p) => ({ field: p.key, label: translate(lang, p.titleKey), type: p.type }));
}

/** Query keys that are not report fields: paging and sorting, and the session fields every dashboard call carries. */
const NOT_FIELDS = new Set<string>(['pageNo', 'pageSize', 'column', 'order', ...SESSION_QUERY_FIELDS]);

/** The request's query as the report's parameters, each checked against its declared type. */
function paramsOf(report: ReportDecl, query: Readonly<Record<string, unknown>>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, raw] of Object.entries(query)) {
    if (NOT_FIELDS.has(key)) continue;
    const decl = report.params.find((p) => p.key === key);
    if (!decl) throw fieldError(key.slice(0, REPORT_PARAM_MAX_LENGTH), 'reports.unknownField', { params: { value: key.slice(0, REPORT_PARAM_MAX_LENGTH) } });
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (typeof raw !== 'string' || text.length > REPORT_PARAM_MAX_LENGTH) throw fieldError(key, 'error.fieldInvalid');
    if (text === '') continue;
    if (decl.type === ReportParamType.NUMBER) {
      if (!/^\d{1,9}$/.test(text)) throw fieldError(key, 'error.fieldInvalid');
      out[key] = Number(text);
    } else if (decl.type === ReportParamType.CURRENCY) {
      if (!isCurrencyCode(text.toUpperCase())) throw fieldError(key, 'error.fieldInvalid');
      out[key] = text.toUpperCase();
    } else {
      out[key] = text;
    }
  }
  return out;
}

function intOf(v: unknown, field: string, fallback: number, max: number): number {
  if (v === undefined || v === '') return fallback;
  const n = typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > max) throw fieldError(field, 'error.fieldInvalid');
  return n;
}

/** The channels of the domain catalogue, filtered and sorted in memory (no table holds them). */
function channelsReport(q: ReportQuery, lang: Language): ReportPage {
  const name = typeof q.params.name === 'string' ? q.params.name.toLowerCase() : null;
  const rows = CHANNELS.filter(
    (c) =>
      (name === null || c.name.toLowerCase().includes(name)) &&
      (q.params.currency === undefined || (c.countries as readonly string[]).includes(String(q.params.currency))) &&
      (q.params.paymentType === undefined || c.paymentType === q.params.paymentType),
  ).map((c) => {
    const translated = translate(lang, c.i18nKey);
    return { code: c.code, name: c.generic && translated !== c.i18nKey ? translated : c.name, paymentType: c.paymentType, currencies: [...c.countries] };
  });
  const dir = q.order === 'desc' ? -1 : 1;
  rows.sort((a, b) => dir * (q.sort === 'name' ? a.name.localeCompare(b.name) : a.code - b.code));
  return { records: rows.slice(q.offset, q.offset + q.limit), total: rows.length };
}

/** getData: one page of the report under the caller's scope. */
export async function dataOf(db: DbLike, req: FastifyRequest, report: ReportDecl, query: Readonly<Record<string, unknown>>): Promise<ReportPage> {
  const params = paramsOf(report, query);
  const sort = typeof query.column === 'string' && query.column !== '' ? query.column : (report.sortable[0] as string);
  if (!report.sortable.includes(sort)) throw fieldError('column', 'validation.paging.column', { params: { value: sort.slice(0, REPORT_PARAM_MAX_LENGTH) } });
  const order = query.order === undefined || query.order === '' || query.order === 'asc' ? 'asc' : query.order === 'desc' ? 'desc' : null;
  if (!order) throw fieldError('order', 'error.fieldInvalid');
  const pageSize = intOf(query.pageSize, 'pageSize', POPUP_PAGE_SIZE, REPORT_MAX_PAGE_SIZE);
  const pageNo = intOf(query.pageNo, 'pageNo', 1, 1_000_000);
  const q: ReportQuery = { params, sort, order, limit: pageSize, offset: (pageNo - 1) * pageSize, scope: ownScope(req) };
  switch (report.code) {
    case ReportCode.MERCHANTS:
      return merchantsReport(db, q);
    case ReportCode.SUB_MERCHANTS:
      return subMerchantsReport(db, q);
    case ReportCode.CHANNELS:
      return channelsReport(q, req.lang);
    default:
      throw new Error(`report ${report.code} has no query`);
  }
}
