import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  MAX_AMOUNT_MINOR,
  canonicalAmount,
  addMinor,
  formatAmount,
  isWithinAmountBound,
  parseAmount,
  sumMinor,
  toMajorString,
  minorTextToMajor,
  localeAmountText,
  type CurrencyCode,
} from '../src/index';

const ok = (minor: bigint) => ({ ok: true, minor });
const err = (error: string) => ({ ok: false, error });

/** Deterministic PRNG (mulberry32) so a failure reproduces. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomMinor(r: () => number): bigint {
  // Mix magnitudes: small values, values near the bound, and everything between.
  const digits = 1 + Math.floor(r() * 16);
  let s = '';
  for (let i = 0; i < digits; i++) s += Math.floor(r() * 10);
  let v = BigInt(s);
  if (r() < 0.05) v = MAX_AMOUNT_MINOR - BigInt(Math.floor(r() * 1000));
  if (v > MAX_AMOUNT_MINOR) v = v % (MAX_AMOUNT_MINOR + 1n);
  return r() < 0.5 ? -v : v;
}

describe('parseAmount', () => {
  it('accepts the documented shapes', () => {
    expect(parseAmount('15000', 'IDR')).toEqual(ok(15000n));
    expect(parseAmount('12.50', 'THB')).toEqual(ok(1250n));
    expect(parseAmount('12.5', 'THB')).toEqual(ok(1250n));
    // Thousands groups only where a form of ours reads what a person typed; the API refuses them.
    expect(parseAmount('1,234.50', 'THB', { allowGrouping: true })).toEqual(ok(123450n));
    expect(parseAmount('12,345,678', 'IDR', { allowGrouping: true })).toEqual(ok(12345678n));
    expect(parseAmount('1,000', 'BRL')).toEqual(err('AMOUNT_GROUPING'));
    expect(parseAmount('1,234.50', 'THB')).toEqual(err('AMOUNT_GROUPING'));
    expect(canonicalAmount(' 1,234.5 ', 'THB')).toBe('1234.50');
    expect(canonicalAmount('12,345,678', 'IDR')).toBe('12345678');
    expect(canonicalAmount('abc', 'IDR')).toBe('abc');
    expect(parseAmount('  42  ', 'IDR')).toEqual(ok(42n));
    expect(parseAmount('007', 'IDR')).toEqual(ok(7n));
    expect(parseAmount('0.000001', 'USDT')).toEqual(ok(1n));
    expect(parseAmount('1.5', 'USDT')).toEqual(ok(1_500_000n));
  });

  it('accepts trailing zeros beyond the currency decimals', () => {
    expect(parseAmount('12.500', 'THB')).toEqual(ok(1250n));
    expect(parseAmount('15000.00', 'IDR')).toEqual(ok(15000n));
  });

  it('rejects malformed input', () => {
    for (const s of [
      '1e5',
      '0x10',
      '12.',
      '.5',
      'NaN',
      'Infinity',
      '-Infinity',
      '+5',
      '1 000',
      '1,23.4',
      '1,2345',
      ',123',
      '12,',
      '1.2.3',
      'abc',
      '١٢',
      '12a',
      '--5',
      '5-',
      '1_000',
    ])
      expect(parseAmount(s, 'THB'), s).toEqual(err('AMOUNT_NOT_A_NUMBER'));
  });

  it('empty input is required', () => {
    for (const s of ['', ' ', '\t\n']) expect(parseAmount(s, 'THB')).toEqual(err('AMOUNT_REQUIRED'));
    expect(parseAmount(undefined as unknown as string, 'THB')).toEqual(err('AMOUNT_REQUIRED'));
  });

  it('decimals per currency', () => {
    expect(parseAmount('12.345', 'THB')).toEqual(err('AMOUNT_TOO_MANY_DECIMALS'));
    expect(parseAmount('12.5', 'IDR')).toEqual(err('AMOUNT_MUST_BE_INTEGER'));
    expect(parseAmount('12.01', 'JPY')).toEqual(err('AMOUNT_MUST_BE_INTEGER'));
    expect(parseAmount('1.0000001', 'USDT')).toEqual(err('AMOUNT_TOO_MANY_DECIMALS'));
  });

  it('sign and zero', () => {
    expect(parseAmount('-5', 'IDR')).toEqual(err('AMOUNT_NEGATIVE'));
    expect(parseAmount('-5', 'IDR', { allowNegative: true })).toEqual(ok(-5n));
    expect(parseAmount('-1,234.56', 'MYR', { allowNegative: true, allowGrouping: true })).toEqual(ok(-123456n));
    expect(parseAmount('0', 'IDR')).toEqual(err('AMOUNT_ZERO'));
    expect(parseAmount('0.00', 'THB')).toEqual(err('AMOUNT_ZERO'));
    expect(parseAmount('-0', 'IDR')).toEqual(err('AMOUNT_ZERO'));
    expect(parseAmount('0', 'IDR', { allowZero: true })).toEqual(ok(0n));
    expect(parseAmount('-0', 'IDR', { allowZero: true })).toEqual(ok(0n));
  });

  it('size bound', () => {
    expect(parseAmount('1000000000000000', 'IDR')).toEqual(ok(MAX_AMOUNT_MINOR));
    expect(parseAmount('1000000000000001', 'IDR')).toEqual(err('AMOUNT_TOO_LARGE'));
    expect(parseAmount('10000000000000.00', 'THB')).toEqual(ok(MAX_AMOUNT_MINOR));
    expect(parseAmount('10000000000000.01', 'THB')).toEqual(err('AMOUNT_TOO_LARGE'));
    expect(parseAmount('9'.repeat(5000), 'THB')).toEqual(err('AMOUNT_TOO_LARGE'));
    expect(parseAmount('-1000000000000001', 'IDR', { allowNegative: true })).toEqual(err('AMOUNT_TOO_LARGE'));
    expect(MAX_AMOUNT_MINOR < BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isWithinAmountBound(MAX_AMOUNT_MINOR)).toBe(true);
    expect(isWithinAmountBound(-MAX_AMOUNT_MINOR - 1n)).toBe(false);
  });

  it('reads an amount written in a language too: decimal comma in pt-BR and id-ID, comma groups elsewhere', () => {
    const br = { locale: 'pt-BR' as const };
    expect(parseAmount('1.234,56', 'BRL', br)).toEqual(ok(123456n));
    expect(parseAmount('1234,5', 'BRL', br)).toEqual(ok(123450n));
    expect(parseAmount('1.234', 'BRL', br)).toEqual(ok(123400n));
    expect(parseAmount('12.000.000,00', 'BRL', br)).toEqual(ok(1_200_000_000n));
    // The API's own form still reads the same.
    expect(parseAmount('1234.56', 'BRL', br)).toEqual(ok(123456n));
    expect(parseAmount('12.50', 'BRL', br)).toEqual(ok(1250n));
    // Without the locale nothing changes: the API refuses the decimal comma.
    expect(parseAmount('1.234,56', 'BRL')).toEqual(err('AMOUNT_NOT_A_NUMBER'));
    // "100,000" is a thousand groups in one writing and a decimal in the other: refused, never guessed.
    expect(parseAmount('100,000', 'IDR', { locale: 'id-ID' })).toEqual(err('AMOUNT_GROUPING'));
    expect(parseAmount('100.000', 'IDR', { locale: 'id-ID' })).toEqual(ok(100_000n));
    expect(parseAmount('1,5', 'IDR', { locale: 'id-ID' })).toEqual(err('AMOUNT_MUST_BE_INTEGER'));
    expect(parseAmount('1,234.50', 'THB', { locale: 'th-TH' })).toEqual(ok(123450n));
    expect(parseAmount('1.234,50', 'THB', { locale: 'th-TH' })).toEqual(err('AMOUNT_NOT_A_NUMBER'));
    // A three-decimal currency cannot tell "1.234" the thousand from 1.234: refused.
    expect(localeAmountText('1.234', 'pt-BR', 3)).toBe('ambiguous');
  });
});

describe('toMajorString / formatAmount', () => {
  it('canonical strings', () => {
    expect(toMajorString(1250n, 'THB')).toBe('12.50');
    expect(toMajorString(15000n, 'IDR')).toBe('15000');
    expect(toMajorString(1n, 'USDT')).toBe('0.000001');
    expect(toMajorString(0n, 'THB')).toBe('0.00');
    expect(toMajorString(-5n, 'BRL')).toBe('-0.05');
    expect(toMajorString(MAX_AMOUNT_MINOR, 'USDT')).toBe('1000000000.000000');
  });

  it('grouping without locale is fixed , and .', () => {
    expect(formatAmount(123456789n, 'IDR')).toBe('123,456,789');
    expect(formatAmount(1234550n, 'THB')).toBe('12,345.50');
    expect(formatAmount(-1234550n, 'THB')).toBe('-12,345.50');
    expect(formatAmount(999n, 'IDR')).toBe('999');
    expect(formatAmount(1000n, 'IDR')).toBe('1,000');
    expect(formatAmount(1234567890123n, 'USDT')).toBe('1,234,567.890123');
    expect(formatAmount(1234550n, 'THB', { grouping: false })).toBe('12345.50');
  });

  it('locale formatting is exact for big values (no float)', () => {
    expect(formatAmount(1234550n, 'BRL', { locale: 'pt-BR' })).toBe('12.345,50');
    expect(formatAmount(1234550n, 'THB', { locale: 'en-US' })).toBe('12,345.50');
    expect(formatAmount(999999999999999n, 'IDR', { locale: 'id-ID' })).toBe('999.999.999.999.999');
    expect(formatAmount(999999999999999n, 'USDT', { locale: 'en-US' })).toBe('999,999,999.999999');
    expect(formatAmount(1234550n, 'THB', { locale: 'en-US', grouping: false })).toBe('12345.50');
  });

  it('property: toMajorString -> parseAmount is the identity for every currency', () => {
    const r = rng(20260101);
    for (const c of CURRENCY_CODES) {
      for (let i = 0; i < 400; i++) {
        const v = randomMinor(r);
        const major = toMajorString(v, c);
        expect(parseAmount(major, c, { allowNegative: true, allowZero: true }), `${c} ${v}`).toEqual(ok(v));
        // The grouped display form parses back too, where grouping is allowed (a form of ours).
        expect(
          parseAmount(formatAmount(v, c), c, { allowNegative: true, allowZero: true, allowGrouping: true }),
          `${c} ${v} grouped`,
        ).toEqual(ok(v));
        // The canonical string has exactly the currency's decimals.
        const decimals = CURRENCIES[c as CurrencyCode].decimals;
        expect(major.split('.')[1]?.length ?? 0).toBe(decimals);
      }
    }
  });

  it('property: parse -> toMajorString normalises', () => {
    const r = rng(7);
    for (let i = 0; i < 500; i++) {
      const whole = Math.floor(r() * 1e9);
      const cents = Math.floor(r() * 100);
      const s = `${whole}.${String(cents).padStart(2, '0')}`;
      const p = parseAmount(s, 'MYR', { allowZero: true });
      expect(p.ok).toBe(true);
      if (p.ok) expect(toMajorString(p.minor, 'MYR')).toBe(s);
    }
  });

  it('sum helpers', () => {
    expect(addMinor(1n, 2n)).toBe(3n);
    expect(sumMinor([1n, 2n, -3n, 10n])).toBe(10n);
    expect(sumMinor([])).toBe(0n);
  });
});

describe('minorTextToMajor', () => {
  it('writes the text of minor units as toMajorString writes the bigint, in every currency', () => {
    const samples = [0n, 1n, 5n, 10n, 99n, 100n, 101n, 1250n, 123456789n, -1n, -1250n, MAX_AMOUNT_MINOR];
    for (const c of CURRENCY_CODES) for (const v of samples) expect(minorTextToMajor(v.toString(), c)).toBe(toMajorString(v, c));
  });
});
