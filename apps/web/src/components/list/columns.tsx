/**
 * A list's declaration (packages/domain lists/define.ts) as ProTable columns: the created-time range first, the
 * declared columns with their headers, cells, sorting and the spec §6 rules, and the declared filters (on the column
 * of the same key, else search-only). Filter options that depend on the session (its currency's channels and
 * payment types) are computed here; a screen may add its own for other keys.
 */
import { useMemo, type ReactNode } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  identifiedBy,
  ColumnKind,
  CURRENCY_CODES,
  DATE_TIME_FORMAT,
  FilterKind,
  PAYMENT_TYPES,
  productChannels,
  PLATFORM_MERCHANT_ID,
  PaymentType,
  RANGE_FIELDS,
  ReportCode,
  amountSchema,
  canonicalAmount,
  channelsForCurrency,
  visibleColumns,
  type AnyListDecl,
  type ColumnDecl,
  type CurrencyCode,
  type FilterDecl,
  type ListRecord,
} from '@mg/domain';
import { usePermission } from '../../session/usePermission';
import { useSession } from '../../session/store';
import { useFormatters, useSessionZone } from '../format';
import { zodMessage } from '../zodRule';
import { useCellRenderer } from './cells';
import { ReportPickerInput } from '../report-popup/ReportPickerInput';
import { addDays, defaultDays, pickerRange, todayIn } from './range';

export type Option = { value: string; label: string };
type Row = Record<string, unknown>;

export interface ColumnOverrides<R> {
  /** Cells replacing the kind's default (a composite payer, a bold net amount ...). */
  render?: Partial<Record<keyof R & string, (record: R) => ReactNode>>;
  /** Extra ProTable props of a column (width, ellipsis ...). */
  props?: Partial<Record<keyof R & string, Partial<ProColumns<R>>>>;
  /** Options of select filters whose values are not declared (or are session-dependent). */
  options?: Partial<Record<string, Option[]>>;
  /** Extra validation rules of filter fields. */
  rules?: Partial<Record<string, Rule[]>>;
  /** Amount columns whose `render` names the currency itself (the phone cards add it to the others). */
  currencyShown?: readonly (keyof R & string)[];
}

/** A range from URL values; undefined unless both ends are readable. */
export function parseRange(begin: string | undefined, end: string | undefined): [Dayjs, Dayjs] | undefined {
  if (!begin || !end) return undefined;
  const a = dayjs(begin);
  const b = dayjs(end);
  return a.isValid() && b.isValid() ? [a, b] : undefined;
}

const wallText = (v: unknown): string | undefined => (dayjs.isDayjs(v) ? v.format(DATE_TIME_FORMAT) : typeof v === 'string' ? v : undefined);

/** The created-time range picker of a list, sent as `createTime_begin` / `createTime_end`. */
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
        return { [RANGE_FIELDS.BEGIN]: wallText(a), [RANGE_FIELDS.END]: wallText(b) };
      },
    },
  };
}

/** An optional amount filter: empty is fine, anything else must be an amount of the currency. */
export function optionalAmountRule(currency: CurrencyCode, t: Parameters<typeof zodMessage>[2]): Rule {
  const schema = amountSchema(currency, { allowZero: true, allowGrouping: true });
  return {
    validator: (_: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return Promise.resolve();
      const message = zodMessage(schema, text, t);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

/** Collection payment types of a currency: those of its channels (payouts are not collections). */
export function collectionPaymentTypes(currency: CurrencyCode): typeof PAYMENT_TYPES {
  const used = new Set(channelsForCurrency(currency).map((c) => c.paymentType));
  return PAYMENT_TYPES.filter((p) => used.has(p.value) && p.value !== PaymentType.PAYOUT && p.value !== PaymentType.BATCH_PAYOUT);
}

/** Payment types a payer can pay with in a currency: those of its products (top-ups, mandates pay like collections). */
export function productPaymentTypes(currency: CurrencyCode): typeof PAYMENT_TYPES {
  const offered = new Set(productChannels().filter((p) => p.currency === currency).map((p) => p.channel.paymentType));
  return PAYMENT_TYPES.filter((p) => offered.has(p.value));
}

/** The declared columns this session may see (spec §6 rules, domain visibleColumns). */
export function useVisibleColumns<L extends AnyListDecl>(list: L): ColumnDecl[] {
  const { columnAccess } = usePermission();
  return useMemo(() => visibleColumns(list.columns as readonly ColumnDecl[], columnAccess), [list, columnAccess]);
}

/** True for platform staff (merchant 10000), who may look at another merchant's records. */
export function useIsPlatform(): boolean {
  const { userInfo } = useSession();
  return userInfo?.merchantId === PLATFORM_MERCHANT_ID;
}

/** ProTable search props of a filter field. */
function useFilterProps(overrides: ColumnOverrides<Row>, initial: Record<string, string>) {
  const { t } = useTranslation();
  const { currency } = useFormatters();
  const platform = useIsPlatform();
  const { userInfo } = useSession();
  const currencies = userInfo?.currencies;
  return useMemo(() => {
    const channelOptions = channelsForCurrency(currency).map((c) => ({ value: String(c.code), label: t(c.i18nKey) }));
    const paymentTypeOptions = collectionPaymentTypes(currency).map((p) => ({ value: String(p.value), label: t(p.i18nKey) }));
    const amountRule = optionalAmountRule(currency, t);
    return (f: FilterDecl): Partial<ProColumns<Row>> => {
      const base: Partial<ProColumns<Row>> = { initialValue: initial[f.key], formItemProps: { rules: overrides.rules?.[f.key] ?? [] } };
      const select = (options: Option[], search = false): Partial<ProColumns<Row>> => ({
        ...base,
        valueType: 'select',
        fieldProps: { options, ...(search ? { showSearch: true, optionFilterProp: 'label' } : {}) },
      });
      switch (f.kind) {
        case FilterKind.SELECT:
          return select(overrides.options?.[f.key] ?? (f.options ?? []).map((v) => ({ value: String(v), label: t(`${f.labels}.${String(v)}`, { defaultValue: String(v) }) })));
        case FilterKind.CHANNEL:
          return select(overrides.options?.[f.key] ?? channelOptions, true);
        case FilterKind.PAYMENT_TYPE:
          return select(overrides.options?.[f.key] ?? paymentTypeOptions);
        case FilterKind.BOOLEAN:
          return select([
            { value: 'true', label: t('common.status.yes') },
            { value: 'false', label: t('common.status.no') },
          ]);
        case FilterKind.AMOUNT:
          return {
            ...base,
            formItemProps: { rules: [amountRule, ...(overrides.rules?.[f.key] ?? [])] },
            fieldProps: { inputMode: 'decimal' },
            // Typed as the person likes ("1,000"), sent as the canonical decimal the API takes.
            search: { transform: (v: unknown) => ({ [f.key]: typeof v === 'string' && v.trim() ? canonicalAmount(v, currency, { allowZero: true }) : undefined }) },
          };
        case FilterKind.CURRENCY: {
          const own = (currencies ?? []).filter((c) => (CURRENCY_CODES as readonly string[]).includes(c));
          return {
            ...base,
            // The session's, whatever the address says: a `currency` there is from the address the tab was
            // opened or left with (a reload after a country switch, a restored tab, a link), and a list of another
            // currency under the header's country is the wrong money on screen (issue 40). The first query writes
            // it to the address.
            initialValue: currency,
            valueType: 'select',
            fieldProps: { options: (own.length ? own : [currency]).map((c) => ({ value: c, label: c })), allowClear: false },
          };
        }
        case FilterKind.MERCHANT:
          // Provider staff pick the merchant from the merchants report (or type its id).
          return { ...base, hideInSearch: !platform, renderFormItem: () => <ReportPickerInput code={ReportCode.MERCHANTS} field="id" inputMode="numeric" testId={`filter-${f.key}`} /> };
        case FilterKind.NUMBER:
          return { ...base, fieldProps: { inputMode: 'numeric' } };
        default:
          return base;
      }
    };
  }, [currencies, currency, initial, overrides, platform, t]);
}

/** The range column's initial value: from the URL, else the list's default in the session zone. */
function useInitialRange(list: AnyListDecl, initial: Record<string, string>): [Dayjs, Dayjs] | undefined {
  const zone = useSessionZone();
  return useMemo(() => {
    const fromUrl = parseRange(initial[RANGE_FIELDS.BEGIN], initial[RANGE_FIELDS.END]);
    if (fromUrl || !list.range) return fromUrl;
    // Opened to find a record (a link with its id): any date, as the server does without a range.
    if (identifiedBy(list, initial)) return undefined;
    if (list.range.initial === 'month') return pickerRange(...defaultDays(zone, new Date(), list.range.months));
    const today = todayIn(zone);
    return pickerRange(addDays(today, -list.range.initial), today);
  }, [initial, list, zone]);
}

const RIGHT_ALIGNED: readonly string[] = [ColumnKind.MONEY, ColumnKind.NUMBER, ColumnKind.PERCENT];

/** The ProTable columns of a list (without its actions column). */
export function useListColumns<L extends AnyListDecl>(list: L, initial: Record<string, string>, overrides: ColumnOverrides<ListRecord<L>> = {}): ProColumns<ListRecord<L>>[] {
  const { t } = useTranslation();
  const cell = useCellRenderer();
  const visible = useVisibleColumns(list);
  const filterProps = useFilterProps(overrides as ColumnOverrides<Row>, initial);
  const initialRange = useInitialRange(list, initial);
  return useMemo(() => {
    const filters = new Map<string, FilterDecl>((list.filters as readonly FilterDecl[]).map((f) => [f.key, f]));
    const shown = new Set(visible.map((c) => c.key));
    const out: ProColumns<Row>[] = [];
    if (list.range) out.push(rangeColumn<Row>(t('common.fields.createdAt'), initialRange, [t('common.fields.rangeStart'), t('common.fields.rangeEnd')]));
    for (const col of visible) {
      const f = filters.get(col.key);
      const render = (overrides.render as ColumnOverrides<Row>['render'])?.[col.key];
      out.push({
        title: t(col.header),
        dataIndex: col.key,
        key: col.key,
        ...(col.sortable ? { sorter: true } : {}),
        ...(RIGHT_ALIGNED.includes(col.kind) ? { align: 'right' as const } : {}),
        render: (_: unknown, r: Row) => (render ? render(r) : cell(col, r)),
        ...(f ? filterProps(f) : { search: false as const }),
        ...((overrides.props as ColumnOverrides<Row>['props'])?.[col.key] ?? {}),
      });
    }
    for (const f of filters.values()) {
      if (shown.has(f.key)) continue;
      out.push({ title: t(f.label), dataIndex: f.key, key: f.key, hideInTable: true, ...filterProps(f) });
    }
    return out as ProColumns<ListRecord<L>>[];
  }, [cell, filterProps, initialRange, list, overrides, t, visible]);
}
