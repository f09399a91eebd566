/**
 * Currencies and countries (BRANDS-AND-COUNTRIES.md). Zones are IANA names: the UTC offsets in the spec
 * disagree in places (MXN), the zone database does not.
 */
export const CURRENCY_CODES = [
  'IDR', 'THB', 'PHP', 'MYR', 'VND', 'MMK', 'MXN', 'BRL', 'PKR',
  'USDT', 'INR', 'COP', 'BND', 'SGD', 'JPY', 'KRW',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export interface Currency {
  /** Same as the currency code; the spec's `value` field. */
  value: CurrencyCode;
  currency: CurrencyCode;
  /** ISO 3166 numeric country code, zero-padded to three digits ('000' for the stablecoin). */
  countryCode: string;
  /** i18n key of the country name. */
  countryKey: string;
  /** English country name, for logs and docs; screens use countryKey. */
  country: string;
  timeZone: string;
  /** Minor-unit digits accepted and shown; 0 means whole amounts only. */
  decimals: number;
  /** i18n key of the description. */
  descriptionKey: string;
}

function c(currency: CurrencyCode, countryCode: string, country: string, timeZone: string, decimals: number): Currency {
  const slug = currency.toLowerCase();
  return {
    value: currency,
    currency,
    countryCode,
    countryKey: `country.${slug}`,
    country,
    timeZone,
    decimals,
    descriptionKey: `currency.${slug}`,
  };
}

export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = {
  IDR: c('IDR', '360', 'Indonesia', 'Asia/Jakarta', 0),
  THB: c('THB', '764', 'Thailand', 'Asia/Bangkok', 2),
  PHP: c('PHP', '608', 'Philippines', 'Asia/Manila', 2),
  MYR: c('MYR', '458', 'Malaysia', 'Asia/Kuala_Lumpur', 2),
  VND: c('VND', '704', 'Vietnam', 'Asia/Ho_Chi_Minh', 0),
  MMK: c('MMK', '104', 'Myanmar', 'Asia/Yangon', 0),
  MXN: c('MXN', '484', 'Mexico', 'America/Mexico_City', 2),
  BRL: c('BRL', '076', 'Brazil', 'America/Sao_Paulo', 2),
  PKR: c('PKR', '586', 'Pakistan', 'Asia/Karachi', 0),
  USDT: c('USDT', '000', 'Stablecoin', 'UTC', 6),
  INR: c('INR', '356', 'India', 'Asia/Kolkata', 2),
  COP: c('COP', '170', 'Colombia', 'America/Bogota', 0),
  BND: c('BND', '096', 'Brunei', 'Asia/Brunei', 2),
  SGD: c('SGD', '702', 'Singapore', 'Asia/Singapore', 2),
  JPY: c('JPY', '392', 'Japan', 'Asia/Tokyo', 0),
  KRW: c('KRW', '410', 'South Korea', 'Asia/Seoul', 0),
};

/** Spec §1: a non-production platform admin gets these in addition to the brand's countries. */
export const ADMIN_EXTRA_CURRENCIES: readonly CurrencyCode[] = ['USDT', 'INR', 'COP', 'BND'];

/** Spec §1: the platform admin's currencies: the brand's countries, plus ADMIN_EXTRA_CURRENCIES outside production. */
export function platformAdminCurrencies(brandCurrencies: readonly CurrencyCode[], production: boolean): CurrencyCode[] {
  const out = [...brandCurrencies];
  if (!production) for (const c of ADMIN_EXTRA_CURRENCIES) if (!out.includes(c)) out.push(c);
  return out;
}

/** Spec §9 default zone (GMT+7). */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

export function getCurrency(code: CurrencyCode): Currency {
  return CURRENCIES[code];
}

/** Zone of a currency, or the default zone for an unknown one. */
export function zoneOf(code: string | null | undefined): string {
  return isCurrencyCode(code) ? CURRENCIES[code].timeZone : DEFAULT_TIME_ZONE;
}
