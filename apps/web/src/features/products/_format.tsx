import { useCallback } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { findChannel, formatAmount, parseAmount, type CurrencyCode, type Language } from '@mg/domain';
import { useLocale } from '../../i18n/LocaleProvider';
import { BPS_PER_UNIT, type ProductFee } from './api';


/** A decimal amount string from the server shown with the money formatter of the language; the raw text if unreadable. */
export function formatMajor(
  value: string | null | undefined,
  currency: CurrencyCode,
  language: Language,
): string {
  if (value === null || value === undefined || value === '') return '-';
  const parsed = parseAmount(String(value), currency, { allowZero: true, allowNegative: true });
  return parsed.ok ? formatAmount(parsed.minor, currency, { locale: language }) : String(value);
}

function isZero(value: string, currency: CurrencyCode): boolean {
  const parsed = parseAmount(value, currency, { allowZero: true });
  return parsed.ok && parsed.minor === 0n;
}

/** Money and fee formatting in the page's language. */
export function useProductFormat(currency: CurrencyCode) {
  const { t } = useTranslation();
  const { language } = useLocale();
  const money = useCallback(
    (value: string | null | undefined) => formatMajor(value, currency, language),
    [currency, language],
  );
  const percent = useCallback(
    (bps: number) =>
      new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(
        bps / BPS_PER_UNIT,
      ),
    [language],
  );
  /** "1.5% + 4,000 · minimum 5,000"; "No fee" when every part is zero; "-" when no rule applies. */
  const fee = useCallback(
    (rule: ProductFee | null | undefined) => {
      if (!rule) return '-';
      const parts: string[] = [];
      if (rule.rateBps > 0) parts.push(percent(rule.rateBps));
      if (!isZero(rule.fixedFee, currency)) parts.push(money(rule.fixedFee));
      const main = parts.length ? parts.join(' + ') : t('products.noFee');
      return isZero(rule.minFee, currency)
        ? main
        : `${main} · ${t('products.minFee', { amount: money(rule.minFee) })}`;
    },
    [currency, money, percent, t],
  );
  return { money, percent, fee, language };
}

/** The fee text with a "your rate" mark when the merchant has its own rule. */
/**
 * The columns every product table shows the same way: minimum and maximum amount (headed with the currency) and,
 * signed in, the fee. `width` is each column's share of a fixed-width table.
 */
export function limitAndFeeColumns<T extends { minAmount: string; maxAmount: string; fee?: ProductFee | null }>(
  t: (key: string, params?: Record<string, unknown>) => string,
  currency: CurrencyCode,
  format: { money: (v: string) => string; fee: (rule: ProductFee | null | undefined) => string },
  publicMode: boolean,
  width?: string,
): ColumnsType<T> {
  const sized = width ? { width } : {};
  return [
    { title: t('products.minAmount', { currency }), dataIndex: 'minAmount', ...sized, align: 'right', render: (v: string) => format.money(v) },
    { title: t('products.maxAmount', { currency }), dataIndex: 'maxAmount', ...sized, align: 'right', render: (v: string) => format.money(v) },
    ...(publicMode
      ? []
      : [{ title: t('products.fee'), key: 'fee', ...sized, render: (_: unknown, r: T) => <FeeCell rule={r.fee} text={format.fee(r.fee)} /> }]),
  ];
}

export function FeeCell({ rule, text }: { rule: ProductFee | null | undefined; text: string }) {
  const { t } = useTranslation();
  return (
    <span>
      {text}
      {rule?.own && (
        <Tag color="blue" style={{ marginInlineStart: 8 }}>
          {t('products.ownRate')}
        </Tag>
      )}
    </span>
  );
}

/** A channel's name: the dictionary's (translated for the generic ones), else the server's. */
export function useChannelName() {
  const { t } = useTranslation();
  return useCallback(
    (code: number, fallback: string) => {
      const channel = findChannel(code);
      return channel
        ? t(channel.i18nKey, { defaultValue: fallback || channel.name })
        : fallback || String(code);
    },
    [t],
  );
}
