/**
 * Helpers of the payments screens: amounts from decimal strings, status tags, the one-month date range filter and
 * the list request around it. The generic list helpers live in features/system/_shared.tsx and are reused here.
 */
import { useCallback, useMemo } from 'react';
import { Form, Input, Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  NOTIFY_STATUS,
  PAYMENT_LINK_STATUSES,
  PAYMENT_STATUS,
  PaymentStatus,
  REFUND_FUND_STATUS,
  TEXT_MAX_LENGTH,
  decimalsOf,
  isCurrencyCode,
  parseAmount,
  textSchema,
  type CurrencyCode,
  type NotifyStatusValue,
  type PaymentLinkStatusValue,
  type PaymentStatusValue,
  type RefundFundStatusValue,
} from '@mg/domain';
import { useFormatters } from '../../components/format';
import { zodRule } from '../../components/zodRule';
import { parseRange, rangeColumn, useRangedList } from '../../components/list/ListTable';
import type { ColumnLike } from '../../session/permission';
import { usePermission } from '../../session/usePermission';
import type { UrlValues } from '../../components/list/paging';

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
  return digits === 0 ? t('common.hints.amountWhole') : t('common.hints.amountDecimals', { digits });
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
export const linkStatusKey = (s: string) => `payment-links.status.${s}`;

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
/* Date range filter (at most QUERY_RANGE_MONTHS) and the list request: shared with the funds lists (components/list) */

export { rangeProblem } from '../../components/list/ListTable';

/** The created-time range filter of a list: a date-time range picker sent as createTime_begin / createTime_end. */
export function createdRangeColumn<T>(title: string, initial: UrlValues, placeholder: [string, string]): ProColumns<T> {
  return rangeColumn<T>(title, parseRange(initial.createTime_begin, initial.createTime_end), placeholder);
}

/** The paged request of a payments list: the shared ranged list request. */
export const usePaymentsList = useRangedList;

/** A required free-text field (description, reason): trimmed non-empty, at most TEXT_MAX_LENGTH, with a counter. */
export function RequiredTextItem({ name, label, requiredMessage }: { name: string; label: string; requiredMessage: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, whitespace: true, message: requiredMessage }, zodRule(textSchema, t)]}>
      <Input.TextArea rows={3} maxLength={TEXT_MAX_LENGTH} showCount />
    </Form.Item>
  );
}

/** Clicks on buttons, links and copy icons inside a row do their own thing, not the row's. */
export function isInnerControl(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, .ant-typography-copy, .ant-popover') !== null;
}
