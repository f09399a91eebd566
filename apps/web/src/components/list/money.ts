import { useCallback } from 'react';
import { decimalsOf, formatAmount, isCurrencyCode, parseAmount, type CurrencyCode, type Language } from '@mg/domain';
import { useFormatters } from '../format';
import { useLocale } from '../../i18n/LocaleProvider';

/** Minor units of a decimal string from the server (signed, zero allowed); null when it is not an amount. */
export function minorOf(value: string | null | undefined, currency: CurrencyCode): bigint | null {
  if (value === null || value === undefined || value === '') return null;
  const r = parseAmount(String(value), currency, { allowZero: true, allowNegative: true, allowGrouping: true });
  return r.ok ? r.minor : null;
}

/** A server amount (decimal string) in the user's number format for its currency; '-' when absent. */
export function formatDecimal(value: string | null | undefined, currency: string, language: Language): string {
  if (!isCurrencyCode(currency)) return value ?? '-';
  const minor = minorOf(value, currency);
  if (minor === null) return value ? String(value) : '-';
  return formatAmount(minor, currency, { locale: language });
}

/**
 * The money formatter of the funds and home screens: a decimal string of the server in the session language's
 * number format, with the currency's decimals (domain formatAmount; never through a float). Defaults to the session
 * currency.
 */
export function useMoney(): (value: string | null | undefined, currency?: string) => string {
  const { currency: sessionCurrency } = useFormatters();
  const { language } = useLocale();
  return useCallback(
    (value: string | null | undefined, currency: string = sessionCurrency) => formatDecimal(value, currency, language),
    [sessionCurrency, language],
  );
}

/** Sign of a decimal string: -1, 0 or 1 (0 for anything unreadable). */
export function signOf(value: string | null | undefined): -1 | 0 | 1 {
  const s = String(value ?? '').trim();
  if (!/^-?\d/.test(s)) return 0;
  if (/^-?[0.,]*$/.test(s)) return 0;
  return s.startsWith('-') ? -1 : 1;
}

/** The currency of a record, else the session's. */
export function currencyOr(value: string | null | undefined, fallback: CurrencyCode): CurrencyCode {
  return isCurrencyCode(value) ? value : fallback;
}

/** The hint under an amount field: whole amounts, or up to N decimals (the currency's). */
export function amountHint(currency: CurrencyCode, t: (key: string, params?: Record<string, unknown>) => string): string {
  const digits = decimalsOf(currency);
  return digits === 0 ? t('common.hints.amountWhole') : t('common.hints.amountDecimals', { digits });
}
