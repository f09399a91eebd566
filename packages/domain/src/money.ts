/**
 * Money (DESIGN §4): integer minor units (bigint) inside, decimal strings in major units outside, with the
 * currency's decimals ("15000" IDR, "12.50" THB, "1.000000" USDT). Nothing here goes through a float.
 */
import { CURRENCIES, type CurrencyCode } from './currencies';
import type { Language } from './languages';

/**
 * Largest absolute amount accepted, in minor units: 10^15.
 * - It is below Number.MAX_SAFE_INTEGER (2^53 - 1 ~ 9.007 * 10^15), so an amount survives any consumer that reads
 *   JSON numbers as doubles (spreadsheets, charts, a careless JS client) without silent rounding, and a sum of up
 *   to nine maximal amounts still does.
 * - It is far inside PostgreSQL bigint (9.22 * 10^18), so ledger sums of millions of entries cannot overflow.
 * - It is still generous: 10^15 IDR (~60 billion USD), 10^13 THB, 10^9 USDT (6 decimals) in a single amount.
 */
export const MAX_AMOUNT_MINOR = 10n ** 15n;

export const MONEY_ERROR_CODES = [
  'AMOUNT_REQUIRED',
  'AMOUNT_NOT_A_NUMBER',
  'AMOUNT_TOO_MANY_DECIMALS',
  'AMOUNT_MUST_BE_INTEGER',
  'AMOUNT_NEGATIVE',
  'AMOUNT_ZERO',
  'AMOUNT_TOO_LARGE',
  'AMOUNT_GROUPING',
] as const;
export type MoneyErrorCode = (typeof MONEY_ERROR_CODES)[number];

/** i18n keys of the money errors; AMOUNT_TOO_MANY_DECIMALS takes {{digits}}. */
export const MONEY_ERROR_KEYS: Readonly<Record<MoneyErrorCode, string>> = {
  AMOUNT_REQUIRED: 'validation.amount.required',
  AMOUNT_NOT_A_NUMBER: 'validation.amount.notANumber',
  AMOUNT_TOO_MANY_DECIMALS: 'validation.amount.tooManyDecimals',
  AMOUNT_MUST_BE_INTEGER: 'validation.amount.mustBeInteger',
  AMOUNT_NEGATIVE: 'validation.amount.negative',
  AMOUNT_ZERO: 'validation.amount.zero',
  AMOUNT_TOO_LARGE: 'validation.amount.tooLarge',
  AMOUNT_GROUPING: 'validation.amount.grouping',
};

export type ParseAmountResult = { ok: true; minor: bigint } | { ok: false; error: MoneyErrorCode };

export interface ParseAmountOptions {
  allowZero?: boolean;
  allowNegative?: boolean;
  /**
   * Accept thousands groups ("1,234.50"): only where a person types into a form of ours, which then sends the
   * canonical decimal (canonicalAmount). The API refuses them (AMOUNT_GROUPING): in pt-BR and id-ID the comma is the
   * decimal mark, so "1,000" may mean one, and reading it as a thousand would charge 1000 times.
   */
  allowGrouping?: boolean;
  /**
   * Also read the amount as this language writes it (`localeAmountText`): pt-BR "1.234,56", th-TH "1,234.56". Only
   * where the language is known from the data itself: a batch file is read in its currency's language
   * (languageOfCurrency), since a spreadsheet saved in Brazil writes "1.234,56" in a text cell.
   */
  locale?: Language;
}

export function decimalsOf(currency: CurrencyCode): number {
  return CURRENCIES[currency].decimals;
}

/**
 * Accepted shape, after trimming surrounding white space:
 *   [-] integer-part [ . fraction ]
 * - integer-part: plain digits ("1234", leading zeros allowed: "007" is 7), or well-formed thousands groups
 *   ("1,234", "12,345,678": 1-3 digits then groups of exactly three).
 * - fraction: one or more digits. "12." and ".5" are rejected: a dangling or missing side of the point is almost
 *   always a typo in a money field, and both sides being present keeps exactly one spelling per value family.
 * - No "+", no exponent ("1e5"), no hex ("0x10"), no inner spaces, no "NaN" / "Infinity", ASCII digits only.
 * Fraction digits beyond the currency's decimals are accepted only when they are zeros ("12.500" THB, "15000.00"
 * IDR: same value, often pasted from spreadsheets). A significant digit beyond them is AMOUNT_MUST_BE_INTEGER for
 * 0-decimal currencies and AMOUNT_TOO_MANY_DECIMALS otherwise.
 * Check order: required, shape, decimals, negative, zero, size. "-0" is zero, not negative.
 */
const AMOUNT_RE = /^(-)?(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

export function parseAmount(
  input: string,
  currency: CurrencyCode,
  opts: ParseAmountOptions = {},
): ParseAmountResult {
  if (typeof input !== 'string') return { ok: false, error: 'AMOUNT_REQUIRED' };
  const s = input.trim();
  if (s === '') return { ok: false, error: 'AMOUNT_REQUIRED' };
  if (opts.locale) {
    const local = localeAmountText(s, opts.locale, decimalsOf(currency));
    if (local === 'ambiguous') return { ok: false, error: 'AMOUNT_GROUPING' };
    if (local !== undefined) return parseAmount(local, currency, { ...opts, locale: undefined, allowGrouping: false });
  }
  const m = AMOUNT_RE.exec(s);
  if (!m) return { ok: false, error: 'AMOUNT_NOT_A_NUMBER' };
  if (!opts.allowGrouping && (m[2] ?? '').includes(',')) return { ok: false, error: 'AMOUNT_GROUPING' };
  const negative = m[1] === '-';
  const intDigits = (m[2] ?? '').replace(/,/g, '').replace(/^0+(?=\d)/, '');
  const fracRaw = m[3] ?? '';
  const decimals = decimalsOf(currency);

  const significantFrac = fracRaw.replace(/0+$/, '');
  if (significantFrac.length > decimals) {
    return { ok: false, error: decimals === 0 ? 'AMOUNT_MUST_BE_INTEGER' : 'AMOUNT_TOO_MANY_DECIMALS' };
  }
  // Digit count bound before BigInt so a huge string costs nothing: 10^15 has 16 digits.
  if (intDigits.length + decimals > 16) {
    return { ok: false, error: negative && !opts.allowNegative ? 'AMOUNT_NEGATIVE' : 'AMOUNT_TOO_LARGE' };
  }
  const abs = BigInt(intDigits + significantFrac.padEnd(decimals, '0'));
  if (negative && abs !== 0n && !opts.allowNegative) return { ok: false, error: 'AMOUNT_NEGATIVE' };
  if (abs === 0n && !opts.allowZero) return { ok: false, error: 'AMOUNT_ZERO' };
  if (abs > MAX_AMOUNT_MINOR) return { ok: false, error: 'AMOUNT_TOO_LARGE' };
  return { ok: true, minor: negative ? -abs : abs };
}

const MARKS = new Map<Language, { group: string; decimal: string }>();

/** A language's thousands and decimal marks (pt-BR and id-ID: "." and ","; the others "," and "."), from Intl. */
function marksOf(locale: Language): { group: string; decimal: string } {
  let m = MARKS.get(locale);
  if (!m) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    m = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    MARKS.set(locale, m);
  }
  return m;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `s` in the canonical form when it is written with the language's marks ("1.234,56" in pt-BR -> "1234.56"),
 * undefined when it is not (plain digits, or the canonical form itself: read as they are), 'ambiguous' when the two
 * writings would read it differently and nothing in it says which is meant:
 * - in a decimal-comma language, dots in groups of three ("1.234", "100.000") are thousands: the canonical reading
 *   would have three decimals, more than any such currency has; unless the currency has three or more;
 * - a comma followed by exactly three digits and nothing else ("100,000") is a thousands group in the canonical
 *   writing and a decimal in the language's: refused when the currency has fewer than three decimals.
 */
export function localeAmountText(s: string, locale: Language, decimals: number): string | 'ambiguous' | undefined {
  const { group, decimal } = marksOf(locale);
  const m = new RegExp(`^(-?)(\\d{1,3}(?:${escapeRe(group)}\\d{3})+|\\d+)(?:${escapeRe(decimal)}(\\d+))?$`).exec(s);
  if (!m) return undefined;
  const intPart = m[2] ?? '';
  const fraction = m[3];
  const grouped = intPart.includes(group);
  if (!grouped && fraction === undefined) return undefined;
  if (decimal !== '.') {
    if (grouped && fraction === undefined && decimals >= 3) return 'ambiguous';
    if (!grouped && fraction?.length === 3 && decimals < 3) return 'ambiguous';
  }
  return `${m[1]}${intPart.split(group).join('')}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/** What a form sends for what the person typed: the canonical decimal when it reads, else the text as typed. */
export function canonicalAmount(input: string, currency: CurrencyCode, opts: ParseAmountOptions = {}): string {
  const r = parseAmount(input, currency, { ...opts, allowGrouping: true });
  return r.ok ? toMajorString(r.minor, currency) : input.trim();
}

/** Canonical major-unit string: no grouping, exactly the currency's decimals. 1250n THB -> "12.50". */
export function toMajorString(minor: bigint, currency: CurrencyCode): string {
  const negative = minor < 0n;
  return majorOfDigits((negative ? -minor : minor).toString(), negative, decimalsOf(currency));
}

/** `toMajorString` of minor units given as the decimal text PostgreSQL answers for a bigint (no BigInt per cell). */
export function minorTextToMajor(minor: string, currency: CurrencyCode): string {
  const negative = minor.startsWith('-');
  return majorOfDigits(negative ? minor.slice(1) : minor, negative, decimalsOf(currency));
}

function majorOfDigits(digits: string, negative: boolean, decimals: number): string {
  let out: string;
  if (decimals === 0) {
    out = digits;
  } else {
    const padded = digits.padStart(decimals + 1, '0');
    out = `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
  }
  return negative ? `-${out}` : out;
}

function groupThousands(intDigits: string, sep: string): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

export interface FormatAmountOptions {
  /** Thousands separators (default true). */
  grouping?: boolean;
  /** Locale-aware separators via Intl.NumberFormat; without it the output is fixed: ',' groups and '.' decimals. */
  locale?: Language;
}

/**
 * Display string (spec §9 number filter): 123456789n IDR -> "123,456,789"; 1234550n THB -> "12,345.50".
 * With a locale, Intl.NumberFormat formats the exact decimal string (never a float), e.g. pt-BR "12.345,50".
 */
export function formatAmount(minor: bigint, currency: CurrencyCode, opts: FormatAmountOptions = {}): string {
  const grouping = opts.grouping ?? true;
  const major = toMajorString(minor, currency);
  if (opts.locale) {
    const decimals = decimalsOf(currency);
    const nf = new Intl.NumberFormat(opts.locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouping,
    });
    return nf.format(major as `${number}`);
  }
  if (!grouping) return major;
  const negative = major.startsWith('-');
  const body = negative ? major.slice(1) : major;
  const [intPart = '', frac] = body.split('.');
  const grouped = groupThousands(intPart, ',') + (frac !== undefined ? `.${frac}` : '');
  return negative ? `-${grouped}` : grouped;
}

export function addMinor(a: bigint, b: bigint): bigint {
  return a + b;
}

export function sumMinor(values: Iterable<bigint>): bigint {
  let total = 0n;
  for (const v of values) total += v;
  return total;
}

/** True when |minor| is within MAX_AMOUNT_MINOR. */
export function isWithinAmountBound(minor: bigint): boolean {
  return minor <= MAX_AMOUNT_MINOR && minor >= -MAX_AMOUNT_MINOR;
}
