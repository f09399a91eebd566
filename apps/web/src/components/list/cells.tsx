/**
 * Cells of a declared column by its kind (packages/domain lists/define.ts ColumnKind): the table, the card layout
 * and the detail drawers show a value the same way the export writes it. Amounts and times go through the session
 * formatters (currency decimals, session zone).
 */
import { useMemo, type ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditDetailParts, auditDetailText, ColumnKind, findChannel, type ColumnDecl } from '@mg/domain';
import { useLocale } from '../../i18n/LocaleProvider';
import { useFormatters } from '../format';
import { useMoney } from './money';

/** A status tag: the state's label (`<labels>.<value>`) in its declared colour. */
export function StatusTag({ value, labels, colors }: { value: unknown; labels: string; colors?: Readonly<Record<string, string>> | undefined }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return <>-</>;
  const v = String(value);
  return <Tag color={colors?.[v] ?? 'default'}>{t(`${labels}.${v}`, { defaultValue: v })}</Tag>;
}

/** The facts of a detail in the reader's language: labels muted, values as they read; the whole line on hover. */
export function DetailFacts({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  if (value === null || typeof value !== 'object') return <>-</>;
  const parts = auditDetailParts(value as Record<string, unknown>, { t: (key) => t(key), instant: (iso) => instant(iso) });
  if (parts.length === 0) return <>-</>;
  return (
    <Typography.Text ellipsis={{ tooltip: auditDetailText(parts) }} className="mg-facts" style={{ maxWidth: 420 }}>
      {parts.map((p, i) => (
        <span key={p.key}>
          {i > 0 && ' · '}
          <span className="mg-muted">{p.label}:</span> {p.value}
        </span>
      ))}
    </Typography.Text>
  );
}

/** Renders the value of `column` of a record. */
export function useCellRenderer(): (column: ColumnDecl, record: Record<string, unknown>) => ReactNode {
  const { t } = useTranslation();
  const { instant } = useFormatters();
  const money = useMoney();
  const { language } = useLocale();
  // One function while the language and session stay: the list's columns are built from it, and a new one on each
  // render rebuilt them and made ProTable redo its table and filter form on every render of the page (issue 10).
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(language);
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    return (column: ColumnDecl, record: Record<string, unknown>): ReactNode => {
      const v = record[column.key];
      switch (column.kind) {
        case ColumnKind.MONEY:
          return money(v as string | null, (record[column.currencyField ?? 'currency'] as string | undefined) ?? undefined);
        case ColumnKind.DATE:
          return instant(v as string | null);
        case ColumnKind.STATUS:
          return <StatusTag value={v} labels={column.labels ?? ''} colors={column.colors} />;
        case ColumnKind.ENUM:
          return v === null || v === undefined ? '-' : t(`${column.labels}.${String(v)}`, { defaultValue: String(v) });
        case ColumnKind.CHANNEL: {
          if (v === null || v === undefined) return '-';
          const ch = findChannel(Number(v));
          return ch ? t(ch.i18nKey, { defaultValue: ch.name }) : String(v);
        }
        case ColumnKind.BOOLEAN:
          return v === null || v === undefined ? '-' : t(v ? 'common.status.yes' : 'common.status.no');
        case ColumnKind.TEXT_KEY:
          return v === null || v === undefined || v === '' ? '-' : t(String(v), { defaultValue: String(v) });
        case ColumnKind.DETAIL:
          return <DetailFacts value={v} />;
        case ColumnKind.TAGS:
          return Array.isArray(v) && v.length > 0 ? v.map((x) => <Tag key={String(x)}>{String(x)}</Tag>) : '-';
        case ColumnKind.ID:
          return v === null || v === undefined || v === '' ? '-' : (
            <Typography.Text copyable className="mg-id">
              {String(v)}
            </Typography.Text>
          );
        case ColumnKind.PERCENT:
          return v === null || v === undefined ? '-' : percent.format(Number(v));
        case ColumnKind.NUMBER:
          return v === null || v === undefined ? '-' : numbers.format(Number(v));
        default:
          return v === null || v === undefined || v === '' ? '-' : String(v);
      }
    };
  }, [instant, language, money, t]);
}
