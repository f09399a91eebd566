/**
 * Online reports (spec §7 `/online/cgreport/api/...`, issue 15): the popup pickers' data sources, declared in code.
 * A report names its columns, its query parameters with their types and the columns it sorts by; the server runs a
 * query written for it with the parameters bound, so nothing from a request ever becomes SQL text (the classic hole of
 * the system the spec came from: reports whose SQL was stored and filled in from the request).
 */
import { MERCHANT_STATUSES } from '../onboarding/vocabulary';

export const ReportCode = { MERCHANTS: 'merchants', SUB_MERCHANTS: 'sub-merchants', CHANNELS: 'channels' } as const;
export type ReportCodeValue = (typeof ReportCode)[keyof typeof ReportCode];

export const ReportParamType = { TEXT: 'text', NUMBER: 'number', CURRENCY: 'currency' } as const;
export type ReportParamTypeValue = (typeof ReportParamType)[keyof typeof ReportParamType];

/** Who may run a report: provider staff only, or any signed-in user (their own merchant's rows). */
export const ReportAudience = { PLATFORM: 'platform', SIGNED_IN: 'signed-in' } as const;
export type ReportAudienceValue = (typeof ReportAudience)[keyof typeof ReportAudience];

export interface ReportColumnDecl {
  key: string;
  titleKey: string;
  /** Values shown through these labels (`<labels>.<value>`), sent as the spec's dictOptions. */
  labels?: { prefix: string; values: readonly string[] };
}

export interface ReportParamDecl {
  key: string;
  titleKey: string;
  type: ReportParamTypeValue;
}

export interface ReportDecl {
  /** The report's code and config id (one id: the popup asks by code, then by config id). */
  code: string;
  titleKey: string;
  audience: ReportAudienceValue;
  rowKey: string;
  columns: readonly ReportColumnDecl[];
  params: readonly ReportParamDecl[];
  /** Columns the data call may sort by; the first is the default (ascending). */
  sortable: readonly string[];
}


const merchantStatus: ReportColumnDecl = {
  key: 'status',
  titleKey: 'common.fields.status',
  labels: { prefix: 'reports.merchantStatus', values: MERCHANT_STATUSES },
};

/** The columns both merchant reports show, and their name search. */
const merchantColumns: readonly ReportColumnDecl[] = [
  { key: 'id', titleKey: 'common.fields.merchantId' },
  { key: 'name', titleKey: 'reports.columns.name' },
  merchantStatus,
  { key: 'currencies', titleKey: 'reports.columns.currencies' },
];
const nameParam: ReportParamDecl = { key: 'name', titleKey: 'reports.columns.name', type: ReportParamType.TEXT };
const currencyParam: ReportParamDecl = { key: 'currency', titleKey: 'common.fields.currency', type: ReportParamType.CURRENCY };

export const REPORTS: Readonly<Record<ReportCodeValue, ReportDecl>> = {
  merchants: {
    code: ReportCode.MERCHANTS,
    titleKey: 'reports.merchants',
    audience: ReportAudience.PLATFORM,
    rowKey: 'id',
    columns: [...merchantColumns, { key: 'parentId', titleKey: 'reports.columns.parentId' }],
    params: [nameParam, currencyParam],
    sortable: ['id', 'name'],
  },
  'sub-merchants': {
    code: ReportCode.SUB_MERCHANTS,
    titleKey: 'reports.subMerchants',
    audience: ReportAudience.SIGNED_IN,
    rowKey: 'id',
    columns: merchantColumns,
    params: [nameParam],
    sortable: ['id', 'name'],
  },
  channels: {
    code: ReportCode.CHANNELS,
    titleKey: 'reports.channels',
    audience: ReportAudience.SIGNED_IN,
    rowKey: 'code',
    columns: [
      { key: 'code', titleKey: 'reports.columns.code' },
      { key: 'name', titleKey: 'reports.columns.name' },
      { key: 'paymentType', titleKey: 'reports.columns.paymentType' },
      { key: 'currencies', titleKey: 'reports.columns.currencies' },
    ],
    params: [nameParam, currencyParam, { key: 'paymentType', titleKey: 'reports.columns.paymentType', type: ReportParamType.NUMBER }],
    sortable: ['code', 'name'],
  },
};

export function findReport(code: string): ReportDecl | undefined {
  return Object.hasOwn(REPORTS, code) ? REPORTS[code as ReportCodeValue] : undefined;
}

/** The largest page the data call answers (the popup asks POPUP_PAGE_SIZE, constants.ts). */
export const REPORT_MAX_PAGE_SIZE = 100;
/** Longest text a report parameter takes. */
export const REPORT_PARAM_MAX_LENGTH = 64;