/**
 * Helpers of the payments screens: amounts from decimal strings, status tags, the one-month date range filter and
 * the list request around it. The generic list helpers live in features/system/_shared.tsx and are reused here.
 */
import { useCallback, useMemo, useState } from 'react';
import { Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  DATE_TIME_FORMAT,
  NOTIFY_STATUS,
  PAGE_SIZE_DEFAULT,
  PAYMENT_LINK_STATUSES,
  PAYMENT_STATUS,
  PaymentStatus,
  QUERY_RANGE_ERROR_KEYS,
  QUERY_RANGE_MONTHS,
  REFUND_FUND_STATUS,
  checkQueryRange,
  decimalsOf,
  isCurrencyCode,
  parseAmount,
  parseWallClock,
  shiftWallClock,
  type CurrencyCode,
  type NotifyStatusValue,
  type PaymentLinkStatusValue,
  type PaymentStatusValue,
  type RefundFundStatusValue,
} from '@mg/domain';
import { api } from '../../api';
import { shiftDateFields } from '../../api/payload';
import { useFormatters } from '../../components/format';
import type { ColumnLike } from '../../session/permission';
import { usePermission } from '../../session/usePermission';
import { cleanParams, sortParams, type Page, type UrlValues } from '../system/_shared';

/* ---------------------------------------------------------------------------------------------------------- */
/* Amounts                                                                                                       */

/** Minor units of a decimal string in a currency; null when absent or unreadable. */
export function minorOf(value: string | null | undefined, currency: CurrencyCode): bigint | null {
  if (value === null || value === undefined || value === '') return null;
  const r = parseAmount(value, currency, { allowZero: true, allowNegative: true });
  return r.ok ? r.minor : null;
}

/** The hint under an amount field: whole amounts, or up to N decimals (the currency's). */
export function amountHint(currency: CurrencyCode, t: (key: string, params?: Record<string, unknown>) => string): string {
  const digits = decimalsOf(currency);
  return digits === 0 ? t('screens.payments.amountWhole') : t('screens.payments.amountDecimals', { digits });
}

/** The currency of a record, else the session's. */
export function currencyOr(value: string | null | undefined, fallback: CurrencyCode): CurrencyCode {
  return isCurrencyCode(value) ? value : fallback;
}

/**
 * Formats a decimal-string amount with the money formatter (session language, the currency's decimals):
 * "150000" IDR -> "150,000" in en-US. '-' when absent; the raw text when the server sent something unreadable.
 */
export function useMoney(): { money: (value: string | null | undefined, currency?: string | null) => string; currency: CurrencyCode } {
  const { amount, currency } = useFormatters();
  const money = useCallback(
    (value: string | null | undefined, c?: string | null) => {
      const cur = currencyOr(c, currency);
      const minor = minorOf(value, cur);
      if (minor === null) return value === null || value === undefined || value === '' ? '-' : String(value);
      return amount(minor, cur);
    },
    [amount, currency],
  );
  return { money, currency };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Column rules (spec §6: fee, USD and paidAmount columns)                                                       */

function indexOf(dataIndex: unknown): ColumnLike['dataIndex'] {
  if (typeof dataIndex === 'string' || typeof dataIndex === 'number') return dataIndex;
  if (Array.isArray(dataIndex) && dataIndex.every((k) => typeof k === 'string' || typeof k === 'number')) return dataIndex as (string | number)[];
  return undefined;
}

/** `usePermission().columns` for any column shape (ProTable columns, drawer fields): the same rules, same order. */
export function useColumnRules(): <C extends { dataIndex?: unknown; key?: unknown }>(columns: readonly C[]) => C[] {
  const perm = usePermission();
  return useCallback(
    <C extends { dataIndex?: unknown; key?: unknown }>(columns: readonly C[]) => {
      const likes = columns.map((c, i) => ({ i, dataIndex: indexOf(c.dataIndex), key: typeof c.key === 'string' || typeof c.key === 'number' ? c.key : undefined }));
      const keep = new Set(perm.columns(likes).map((l) => l.i));
      return columns.filter((_, i) => keep.has(i));
    },
    [perm],
  );
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Status tags                                                                                                   */

const PAYMENT_COLORS: Record<PaymentStatusValue, string> = {
  pending: 'gold',
  processing: 'processing',
  success: 'green',
  failed: 'red',
  closed: 'default',
  partial: 'orange',
  rejected: 'volcano',
  refunded: 'purple',
  returned: 'magenta',
  unknown: 'default',
};
const NOTIFY_COLORS: Record<NotifyStatusValue, string> = { pending: 'gold', notified: 'green', failed: 'red' };
const REFUND_COLORS: Record<RefundFundStatusValue, string> = { initialised: 'processing', returned_success: 'green', returned_failed: 'red' };
const LINK_COLORS: Record<PaymentLinkStatusValue, string> = { active: 'processing', paid: 'green', expired: 'default', void: 'red' };

export const paymentStatusKey = (s: string) => `status.payment.${s}`;
export const notifyStatusKey = (s: string) => `status.notify.${s}`;
export const refundStatusKey = (s: string) => `status.refundFund.${s}`;
export const linkStatusKey = (s: string) => `screens.payments.linkStatus.${s}`;

function StatusTag({ value, colors, labelKey }: { value: string | null | undefined; colors: Record<string, string>; labelKey: (s: string) => string }) {
  const { t } = useTranslation();
  if (!value) return <>-</>;
  return <Tag color={colors[value] ?? 'default'}>{t(labelKey(value), { defaultValue: value })}</Tag>;
}

export const PaymentStatusTag = ({ value }: { value: string | null | undefined }) => <StatusTag value={value} colors={PAYMENT_COLORS} labelKey={paymentStatusKey} />;
export const NotifyStatusTag = ({ value }: { value: string | null | undefined }) => <StatusTag value={value} colors={NOTIFY_COLORS} labelKey={notifyStatusKey} />;
export const RefundStatusTag = ({ value }: { value: string | null | undefined }) => <StatusTag value={value} colors={REFUND_COLORS} labelKey={refundStatusKey} />;
export const LinkStatusTag = ({ value }: { value: string | null | undefined }) => <StatusTag value={value} colors={LINK_COLORS} labelKey={linkStatusKey} />;

/** Select options of the status filters, labelled in the user's language. */
export function useStatusOptions() {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      payment: PAYMENT_STATUS.states.map((s) => ({ value: s, label: t(paymentStatusKey(s)) })),
      notify: NOTIFY_STATUS.states.map((s) => ({ value: s, label: t(notifyStatusKey(s)) })),
      refund: REFUND_FUND_STATUS.states.map((s) => ({ value: s, label: t(refundStatusKey(s)) })),
      link: PAYMENT_LINK_STATUSES.map((s) => ({ value: s, label: t(linkStatusKey(s)) })),
    }),
    [t],
  );
}

/** Statuses whose collections can be refunded (while something is left). */
export const REFUNDABLE_STATUSES: readonly PaymentStatusValue[] = [PaymentStatus.SUCCESS, PaymentStatus.PARTIAL];

/* ---------------------------------------------------------------------------------------------------------- */
/* Date range filter (at most QUERY_RANGE_MONTHS)                                                               */

function parseRange(begin: string | undefined, end: string | undefined): [Dayjs, Dayjs] | undefined {
  if (!begin || !end) return undefined;
  const a = dayjs(begin);
  const b = dayjs(end);
  return a.isValid() && b.isValid() ? [a, b] : undefined;
}

/** The created-time range filter of a list: a date-time range picker sent as createTime_begin / createTime_end. */
export function createdRangeColumn<T>(title: string, initial: UrlValues, placeholder: [string, string]): ProColumns<T> {
  return {
    title,
    dataIndex: 'createTime',
    valueType: 'dateTimeRange',
    hideInTable: true,
    initialValue: parseRange(initial.createTime_begin, initial.createTime_end),
    colSize: 2,
    fieldProps: { format: DATE_TIME_FORMAT, style: { width: '100%' }, placeholder },
    search: {
      transform: (value: unknown) => {
        const [a, b] = Array.isArray(value) ? value : [];
        const text = (v: unknown) => (dayjs.isDayjs(v) ? v.format(DATE_TIME_FORMAT) : typeof v === 'string' ? v : undefined);
        return { createTime_begin: text(a), createTime_end: text(b) };
      },
    },
  };
}

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
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
 * A ProTable `request` for a payments list: writes filters and paging to the URL, refuses a range over one month
 * before asking the server (the message is in `rangeError`), remembers the filters sent with the dates in the session
 * zone (`filters`, for the export button).
 */
export function usePaymentsList<T>(url: string, write: (values: Record<string, unknown>) => void) {
  const { t } = useTranslation();
  const { zone } = useFormatters();
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const request = useCallback(
    async (params: Record<string, unknown> & { current?: number; pageSize?: number }, sort?: Record<string, 'ascend' | 'descend' | null>) => {
      const query = cleanParams(params);
      const pageNo = params.current ?? 1;
      const pageSize = params.pageSize ?? PAGE_SIZE_DEFAULT;
      write({ ...query, pageNo: pageNo > 1 ? pageNo : undefined, pageSize: pageSize !== PAGE_SIZE_DEFAULT ? pageSize : undefined });
      const problem = rangeProblem(query.createTime_begin, query.createTime_end, zone);
      if (problem) {
        setRangeError(t(QUERY_RANGE_ERROR_KEYS[problem], { months: QUERY_RANGE_MONTHS }));
        return { data: [] as T[], total: 0, success: true };
      }
      setRangeError(null);
      // The export posts these as they are (nested, so the client does not shift them): session-zone wall clocks.
      setFilters(shiftDateFields(query, browserZone(), zone));
      const page = await api.get<Page<T>>(url, { ...query, ...sortParams(sort), pageNo, pageSize });
      return { data: page.records ?? [], total: page.total ?? 0, success: true };
    },
    [t, url, write, zone],
  );
  return { request, rangeError, filters };
}

/** Clicks on buttons, links and copy icons inside a row do their own thing, not the row's. */
export function isInnerControl(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, .ant-typography-copy, .ant-popover') !== null;
}
