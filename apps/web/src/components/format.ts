import { useCallback } from 'react';
import { collectionFailureKey, formatAmount, formatOffset, formatWallClock, isCollectionFailureReason, zoneOf, zoneOffsetMinutes, type CurrencyCode, type Language } from '@mg/domain';
import { useBrand } from '../brands';
import { useLocale } from '../i18n/LocaleProvider';
import { getSessionCurrency } from '../session/storage';
import { useSession } from '../session/store';

/** The session currency (the stored country; the server's answer after sign-in). */
export function useSessionCurrency(): CurrencyCode {
  const { brand } = useBrand();
  useSession(); // re-render on session changes
  return getSessionCurrency(brand);
}

/** IANA zone of the session currency. */
export function useSessionZone(): string {
  return zoneOf(useSessionCurrency());
}

/** An instant as `YYYY-MM-DD HH:mm:ss` in a zone; '-' when absent, the raw value when unreadable. */
export function formatInstant(value: string | number | Date | null | undefined, zone: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  try {
    return formatWallClock(d, zone);
  } catch {
    return String(value);
  }
}

/** "UTC+07:00" of a zone at an instant. */
export function utcOffsetLabel(zone: string, at: Date): string {
  return `UTC${formatOffset(zoneOffsetMinutes(zone, at))}`;
}

export function useFormatters(): {
  zone: string;
  currency: CurrencyCode;
  instant: (value: string | number | Date | null | undefined) => string;
  amount: (minor: bigint, currency?: CurrencyCode) => string;
} {
  const currency = useSessionCurrency();
  const zone = zoneOf(currency);
  const { language } = useLocale();
  const instant = useCallback((value: string | number | Date | null | undefined) => formatInstant(value, zone), [zone]);
  const amount = useCallback((minor: bigint, c: CurrencyCode = currency) => formatAmount(minor, c, { locale: language as Language }), [currency, language]);
  return { zone, currency, instant, amount };
}

/** Whole seconds, minutes or hours, each as the language abbreviates it: `5 s`, `5 min`, `2 h` ("2 jam", "2 小时"). */
export function formatDuration(seconds: number, language: Language): string {
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [seconds / 60, 'minute'] : [seconds / 3600, 'hour'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** Items listed as the language lists things: "A, B, and C", "A、B和C". */
export function formatList(items: readonly string[], language: Language): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
}

/** Durations listed as the language lists things: "5 sec, 5 min, and 2 hr", "5秒、5分钟和2小时". */
export function formatDurations(seconds: readonly number[], language: Language): string {
  return formatList(seconds.map((s) => formatDuration(s, language)), language);
}

/** A failure reason in the user's language (a known code's text; anything else as it came), or null. */
export function failureReasonText(t: (key: string) => string, reason: string | null | undefined): string | null {
  if (!reason) return null;
  return isCollectionFailureReason(reason) ? t(collectionFailureKey(reason)) : reason;
}
