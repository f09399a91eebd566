/**
 * Cells of a declared column by its kind (packages/domain lists/define.ts ColumnKind): the table, the card layout
 * and the detail drawers show a value the same way the export writes it. Amounts and times go through the session
 * formatters (currency decimals, session zone).
 */
import { Fragment, useMemo, type ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { auditDetailParts, auditDetailText, ColumnKind, findChannel, payoutDestinationLabel, type ColumnDecl } from '@mg/domain';
import { useLocale } from '../../i18n/LocaleProvider';
import { useFormatters } from '../format';
import { useMoney } from './money';

/** Texts up to this many characters never need an ellipsis (the smallest --mg-cell-cap holds them). */
const SHORT_TEXT = 12;
/** Characters of a text cell whose column declares no width. */
const TEXT_WIDTH = 40;

/**
 * A text that a narrow cell may break between its words only, never inside one at a hyphen ("2026-12-" over "02"):
 * each word is a flex item that does not wrap (styles.css .mg-words); the text reads the same to a screen reader.
 */
export function WordsWrap({ text }: { text: string }) {
  const words = text.split(/(?<= )/);
  if (words.length < 2) return <>{text}</>;
  return (
    <span className="mg-words">
      {words.map((w, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {w}
        </Fragment>
      ))}
    </span>
  );
}

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
          // A narrow column puts the time under the date, never "2026-12-" over "02".
          return <WordsWrap text={instant(v as string | null)} />;
        case ColumnKind.STATUS:
          return <StatusTag value={v} labels={column.labels ?? ''} colors={column.colors} />;
        case ColumnKind.ENUM:
          return v === null || v === undefined ? '-' : t(`${column.labels}.${String(v)}`, { defaultValue: String(v) });
        case ColumnKind.CHANNEL: {
          if (v === null || v === undefined) return '-';
          const ch = findChannel(Number(v));
          return ch ? t(ch.i18nKey, { defaultValue: ch.name }) : String(v);
        }
        case ColumnKind.DESTINATION:
          // "USDT · TRC-20" may go onto two lines, never "TRC-" over "20".
          return v === null || v === undefined || v === '' ? '-' : <WordsWrap text={payoutDestinationLabel(String(v))} />;
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
        default: {
          if (v === null || v === undefined || v === '') return '-';
          const text = String(v);
          // A long text ends in an ellipsis, whole on hover and in the details: one long address or order id
          // widened its column until the columns after it went under the Actions column. At most its declared
          // width, and what the table's width allows (--mg-cell-cap, styles.css).
          // Plain CSS and the title, not antd's measuring ellipsis: a page of rows has many of these.
          return text.length > SHORT_TEXT ? (
            <span className="mg-cell-text" title={text} style={{ maxWidth: `min(${column.width ?? TEXT_WIDTH}ch, var(--mg-cell-cap))` }}>
              {text}
            </span>
          ) : (
            text
          );
        }
      }
    };
  }, [instant, language, money, t]);
}
