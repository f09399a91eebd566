import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CELL_RULES,
  PAGE_SIZE_MAX,
  amountMinorSchema,
  amountSchema,
  checkCell,
  currencySchema,
  emailSchema,
  googleCodeSchema,
  isStandardPageSize,
  isUniqueInColumn,
  issueParams,
  languageSchema,
  pagingSchema,
  parseNumberCell,
  passwordChangeSchema,
  passwordSchema,
  passwordStrength,
  phoneSchema,
  textSchema,
  timeZoneSchema,
  usernameSchema,
  wallClockSchema,
  walletPhoneSchema,
} from '../src/index';

/** Message keys of a failed parse (empty when it passes). */
function keys(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('passwordSchema', () => {
  it('accepts strong enough passwords', () => {
    for (const p of ['Abcdefg!', 'Passw0rd#', 'xY_12345', 'Ünïcode!aA'])
      expect(keys(passwordSchema, p), p).toEqual([]);
  });
  it('reports each missing rule by key', () => {
    expect(keys(passwordSchema, '')).toContain('validation.password.required');
    expect(keys(passwordSchema, 'Ab!')).toContain('validation.password.tooShort');
    expect(keys(passwordSchema, 'abcdefg!')).toEqual(['validation.password.needUpper']);
    expect(keys(passwordSchema, 'ABCDEFG!')).toEqual(['validation.password.needLower']);
    expect(keys(passwordSchema, 'Abcdefgh')).toEqual(['validation.password.needSymbol']);
    expect(keys(passwordSchema, 'Abcdefg ')).toEqual(['validation.password.needSymbol']); // a space is not a symbol
    expect(keys(passwordSchema, `Aa!${'x'.repeat(200)}`)).toEqual(['validation.password.tooLong']);
    expect(keys(passwordSchema, undefined)).toEqual(['validation.password.required']);
  });
  it('too short carries {{min}}', () => {
    const r = passwordSchema.safeParse('Ab!');
    expect(r.success).toBe(false);
    if (!r.success) expect(issueParams(r.error.issues[0]!)).toEqual({ min: 8 });
  });
  it('change: passwords must match', () => {
    expect(
      passwordChangeSchema.safeParse({ oldpassword: 'x', password: 'Abcdefg!', confirmpassword: 'Abcdefg!' })
        .success,
    ).toBe(true);
    const r = passwordChangeSchema.safeParse({
      oldpassword: 'x',
      password: 'Abcdefg!',
      confirmpassword: 'Abcdefg?',
    });
    expect(r.success).toBe(false);
    if (!r.success)
      expect(r.error.issues.map((i) => [i.message, i.path.join('.')])).toEqual([
        ['validation.password.mismatch', 'confirmpassword'],
      ]);
    expect(
      keys(passwordChangeSchema, { oldpassword: '', password: 'Abcdefg!', confirmpassword: '' }),
    ).toEqual(['validation.password.oldRequired', 'validation.password.confirmRequired']);
  });
});

describe('passwordStrength', () => {
  it('low / medium / strong', () => {
    expect(passwordStrength('')).toBe('low');
    expect(passwordStrength('Ab1!')).toBe('low');
    expect(passwordStrength('abcdefghijkl')).toBe('low');
    expect(passwordStrength('abcdefgh12')).toBe('low');
    expect(passwordStrength('Abcdefg!')).toBe('medium');
    expect(passwordStrength('Abcdefg1')).toBe('medium');
    expect(passwordStrength('Abcdefgh1!')).toBe('strong');
    expect(passwordStrength('Abcdefghijk!')).toBe('strong');
    expect(passwordStrength('Abcdefghi!')).toBe('medium');
  });
  it('every password passing the schema is at least medium', () => {
    for (const p of ['Abcdefg!', 'zZ######', 'Q!qqqqqq']) {
      expect(passwordSchema.safeParse(p).success).toBe(true);
      expect(passwordStrength(p)).not.toBe('low');
    }
  });
});

describe('account fields', () => {
  it('username', () => {
    for (const u of ['a', 'john.doe', 'merchant_01', 'a-b', 'x'.repeat(64)])
      expect(keys(usernameSchema, u), u).toEqual([]);
    expect(keys(usernameSchema, '')).toEqual(['validation.username.required']);
    expect(keys(usernameSchema, 'x'.repeat(65))).toEqual(['validation.username.tooLong']);
    expect(keys(usernameSchema, 'john doe')).toEqual(['validation.username.invalidChars']);
    expect(keys(usernameSchema, 'jöhn')).toEqual(['validation.username.invalidChars']);
    expect(keys(usernameSchema, "a';--")).toEqual(['validation.username.invalidChars']);
  });
  it('email', () => {
    for (const e of ['a@b.co', 'first.last+tag@example.com']) expect(keys(emailSchema, e), e).toEqual([]);
    expect(keys(emailSchema, '')).toEqual(['validation.email.required']);
    for (const e of ['nope', 'a@', '@b.com', 'a b@c.com', 'a@b'])
      expect(keys(emailSchema, e), e).toEqual(['validation.email.invalid']);
    expect(keys(emailSchema, `${'a'.repeat(250)}@b.com`)).toContain('validation.email.invalid');
  });
  it('phone', () => {
    for (const p of ['+6281234567890', '081234567890', '1234567'])
      expect(keys(phoneSchema, p), p).toEqual([]);
    expect(keys(phoneSchema, '')).toEqual(['validation.phone.required']);
    for (const p of ['123456', '+1234567890123456', '0812-3456-789', '+62 812', 'abc'])
      expect(keys(phoneSchema, p), p).toEqual(['validation.phone.invalid']);
  });
  it('wallet phone starts with 08, digits only, 10-13 long', () => {
    for (const p of ['0812345678', '0812345678901']) expect(keys(walletPhoneSchema, p), p).toEqual([]);
    expect(keys(walletPhoneSchema, '0712345678')).toEqual(['validation.walletPhone.mustStart08']);
    expect(keys(walletPhoneSchema, '081234567')).toEqual(['validation.walletPhone.length']);
    expect(keys(walletPhoneSchema, '08123456789012')).toEqual(['validation.walletPhone.length']);
    expect(keys(walletPhoneSchema, '08123-45678')).toEqual(['validation.walletPhone.digitsOnly']);
    expect(keys(walletPhoneSchema, '+62812345678')).toContain('validation.walletPhone.mustStart08');
    expect(keys(walletPhoneSchema, '')).toEqual(['validation.phone.required']);
  });
  it('google code: exactly 6 digits', () => {
    expect(keys(googleCodeSchema, '012345')).toEqual([]);
    expect(keys(googleCodeSchema, '')).toEqual(['validation.googleCode.required']);
    for (const c of ['12345', '1234567', '12345a', ' 12345', '١٢٣٤٥٦'])
      expect(keys(googleCodeSchema, c), c).toEqual(['validation.googleCode.invalid']);
  });
  it('text 0-255', () => {
    expect(keys(textSchema, '')).toEqual([]);
    expect(keys(textSchema, 'x'.repeat(255))).toEqual([]);
    expect(keys(textSchema, 'x'.repeat(256))).toEqual(['validation.text.tooLong']);
    expect(keys(textSchema, 5)).toEqual(['validation.text.invalid']);
  });
});

describe('amountSchema', () => {
  it('passes and trims', () => {
    expect(amountSchema('THB').parse(' 12.50 ')).toBe('12.50');
    expect(amountMinorSchema('THB', { allowGrouping: true }).parse('1,234.5')).toBe(123450n);
    expect(keys(amountSchema('THB'), '1,234.5')).toEqual(['validation.amount.grouping']);
    expect(amountMinorSchema('IDR', { allowZero: true }).parse('0')).toBe(0n);
  });
  it('maps every money error to its key, with {{digits}}', () => {
    expect(keys(amountSchema('THB'), '')).toEqual(['validation.amount.required']);
    expect(keys(amountSchema('THB'), undefined)).toEqual(['validation.amount.required']);
    expect(keys(amountSchema('THB'), 12.5)).toEqual(['validation.amount.notANumber']);
    expect(keys(amountSchema('THB'), '1e5')).toEqual(['validation.amount.notANumber']);
    expect(keys(amountSchema('IDR'), '12.5')).toEqual(['validation.amount.mustBeInteger']);
    expect(keys(amountSchema('THB'), '-1')).toEqual(['validation.amount.negative']);
    expect(keys(amountSchema('THB'), '0')).toEqual(['validation.amount.zero']);
    expect(keys(amountSchema('IDR'), '9999999999999999')).toEqual(['validation.amount.tooLarge']);
    const r = amountSchema('USDT').safeParse('1.0000001');
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(r.error.issues[0]!.message).toBe('validation.amount.tooManyDecimals');
      expect(issueParams(r.error.issues[0]!)).toEqual({ moneyError: 'AMOUNT_TOO_MANY_DECIMALS', digits: 6 });
    }
  });
});

describe('currency, language, zone, wall clock', () => {
  it('currency', () => {
    expect(currencySchema.parse('IDR')).toBe('IDR');
    expect(keys(currencySchema, 'idr')).toEqual(['validation.currency.invalid']);
    expect(keys(currencySchema, 'EUR')).toEqual(['validation.currency.invalid']);
    expect(keys(currencySchema, undefined)).toEqual(['validation.currency.invalid']);
  });
  it('language', () => {
    expect(languageSchema.parse('pt-BR')).toBe('pt-BR');
    expect(keys(languageSchema, 'pt')).toEqual(['validation.language.invalid']);
  });
  it('time zone', () => {
    expect(timeZoneSchema.parse('Asia/Yangon')).toBe('Asia/Yangon');
    expect(keys(timeZoneSchema, 'GMT+7 please')).toEqual(['validation.timeZone.invalid']);
    expect(keys(timeZoneSchema, 7)).toEqual(['validation.timeZone.invalid']);
  });
  it('wall clock', () => {
    expect(keys(wallClockSchema, '2026-01-31 23:59:59')).toEqual([]);
    expect(keys(wallClockSchema, '2026-01-31')).toEqual([]);
    expect(keys(wallClockSchema, '2026-02-30')).toEqual(['validation.date.invalid']);
    expect(keys(wallClockSchema, '2026-01-31T23:59:59Z')).toEqual(['validation.date.format']);
    expect(keys(wallClockSchema, '31/01/2026')).toEqual(['validation.date.format']);
  });
});

describe('pagingSchema', () => {
  it('defaults and coercion', () => {
    expect(pagingSchema.parse({})).toEqual({ pageNo: 1, pageSize: 10 });
    expect(pagingSchema.parse({ pageNo: '3', pageSize: '30', column: 'createTime', order: 'desc' })).toEqual({
      pageNo: 3,
      pageSize: 30,
      column: 'createTime',
      order: 'desc',
    });
    expect(pagingSchema.parse({ order: 'ascend' }).order).toBe('asc');
    expect(pagingSchema.parse({ order: 'descend' }).order).toBe('desc');
    expect(pagingSchema.parse({ pageSize: String(PAGE_SIZE_MAX) }).pageSize).toBe(PAGE_SIZE_MAX);
  });
  it('rejects bad values', () => {
    expect(keys(pagingSchema, { pageNo: '0' })).toEqual(['validation.paging.pageNo']);
    expect(keys(pagingSchema, { pageNo: '1.5' })).toEqual(['validation.paging.pageNo']);
    expect(keys(pagingSchema, { pageNo: 'abc' })).toEqual(['validation.paging.pageNo']);
    expect(keys(pagingSchema, { pageSize: String(PAGE_SIZE_MAX + 1) })).toEqual([
      'validation.paging.pageSize',
    ]);
    expect(keys(pagingSchema, { pageSize: '0' })).toEqual(['validation.paging.pageSize']);
    expect(keys(pagingSchema, { column: 'name; drop table' })).toEqual(['validation.paging.column']);
    expect(keys(pagingSchema, { column: '1abc' })).toEqual(['validation.paging.column']);
    expect(keys(pagingSchema, { order: 'up' })).toEqual(['validation.paging.order']);
  });
  it('standard page sizes', () => {
    expect([10, 20, 30, 40, 100].map(isStandardPageSize)).toEqual([true, true, true, false, false]);
  });
});

describe('table cells', () => {
  const cases: Record<string, { good: string[]; bad: string[] }> = {
    required: { good: ['x', ' a '], bad: ['', '   '] },
    digits6to16: { good: ['123456', '1234567890123456'], bad: ['12345', '12345678901234567', '12345a'] },
    chars6to16: { good: ['abc!@#', '中文中文中文', 'x'.repeat(16)], bad: ['abcde', 'x'.repeat(17)] },
    letters6to18: { good: ['abcdef', 'ABCDEFGHIJKLMNOPQR'], bad: ['abcde', 'abcdef1', 'x'.repeat(19)] },
    url: {
      good: ['https://example.com', 'http://a.b/c?d=1'],
      bad: ['example.com', 'ftp://x.y', 'javascript:alert(1)', 'http://'],
    },
    email: { good: ['a@b.co'], bad: ['a@b', 'a.b.co'] },
    mobile: { good: ['13812345678', '19912345678'], bad: ['12812345678', '1381234567', '138123456789'] },
    postalCode: { good: ['100000', '518000'], bad: ['10000', '1000000', '10000a'] },
    letters: { good: ['abc', 'ABC'], bad: ['ab1', 'a b'] },
    number: { good: ['1', '-1.5', '+0.25', '.5'], bad: ['1e5', 'abc', '1.', '--1'] },
    integer: { good: ['0', '-12', '+7'], bad: ['1.0', 'a', ''] },
    money: { good: ['0', '0.5', '12.34', '100'], bad: ['12.345', '-1', '01', '1.'] },
  };
  it.each(Object.entries(cases))('%s', (rule, { good, bad }) => {
    const messageKey = CELL_RULES.find((r) => r.key === rule)!.messageKey;
    for (const v of good) expect(checkCell(rule, v), `${rule} ${v}`).toBeNull();
    for (const v of bad) {
      if (v === '' && rule !== 'required') {
        expect(checkCell(rule, v)).toBeNull(); // empty passes non-required rules
        continue;
      }
      expect(checkCell(rule, v), `${rule} ${JSON.stringify(v)}`).toBe(messageKey);
    }
  });
  it('every rule has a key and a message key', () => {
    expect(CELL_RULES.map((r) => r.key)).toEqual([
      'required',
      'digits6to16',
      'chars6to16',
      'letters6to18',
      'url',
      'email',
      'mobile',
      'postalCode',
      'letters',
      'number',
      'integer',
      'money',
      'unique',
    ]);
    expect(() => checkCell('nope', 'x')).toThrow();
  });
  it('parseNumberCell', () => {
    expect(parseNumberCell('12')).toBe(12);
    expect(parseNumberCell('-12.5')).toBe(-12.5);
    expect(parseNumberCell('+3')).toBe(3);
    expect(parseNumberCell(' 7. ')).toBe(7);
    expect(parseNumberCell('.5')).toBe(0.5);
    for (const s of ['', 'abc', '1e5', '0x10', 'NaN', 'Infinity', '1,000', '--1', '.', '-', null, undefined])
      expect(parseNumberCell(s as string), String(s)).toBeUndefined();
  });
  it('isUniqueInColumn', () => {
    expect(isUniqueInColumn(['a', 'b', 'c'])).toBe(true);
    expect(isUniqueInColumn(['a', 'b', 'a'])).toBe(false);
    expect(isUniqueInColumn(['', '', 'a', null, undefined])).toBe(true);
    expect(isUniqueInColumn([1, 2, 1])).toBe(false);
    expect(isUniqueInColumn([1, '1'])).toBe(false); // cells compare as displayed text
    expect(isUniqueInColumn([])).toBe(true);
  });
});
