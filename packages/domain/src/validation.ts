/**
 * Zod schemas shared by server and web (spec §5). Every message is an i18n KEY (`validation.*`), never display
 * text; parameters (e.g. {{digits}}) travel in the issue's `params`.
 */
import { z } from 'zod';
import { CURRENCY_CODES, type CurrencyCode } from './currencies';
import {
  GOOGLE_CODE_LENGTH,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  PAGE_SIZE_OPTIONS,
  PASSWORD_MIN_LENGTH,
  TEXT_MAX_LENGTH,
} from './constants';
import { LANGUAGES } from './languages';
import { MONEY_ERROR_KEYS, decimalsOf, parseAmount, type ParseAmountOptions } from './money';
import { isValidTimeZone, parseWallClockParts, WALL_CLOCK_RE } from './time';

export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;

/* ---------------------------------------------------------------------------------------------------------- */
/* Accounts                                                                                                     */

const SYMBOL_RE = /[^A-Za-z0-9\s]/;

/** Spec §5: at least 8 characters, case-sensitive, upper and lower case and a special symbol. */
export const passwordSchema = z
  .string({ error: 'validation.password.required' })
  .min(1, { error: 'validation.password.required', abort: true })
  .min(PASSWORD_MIN_LENGTH, 'validation.password.tooShort')
  .max(PASSWORD_MAX_LENGTH, 'validation.password.tooLong')
  .regex(/[A-Z]/, 'validation.password.needUpper')
  .regex(/[a-z]/, 'validation.password.needLower')
  .regex(SYMBOL_RE, 'validation.password.needSymbol');

export type PasswordStrength = 'low' | 'medium' | 'strong';

export const PASSWORD_STRENGTH_KEYS: Readonly<Record<PasswordStrength, string>> = {
  low: 'validation.password.strength.low',
  medium: 'validation.password.strength.medium',
  strong: 'validation.password.strength.strong',
};

/**
 * Strength meter (spec §5: low, medium, strong). Character classes: lower, upper, digit, symbol.
 * - low: shorter than 8, or fewer than 3 classes;
 * - strong: 12+ characters with 3+ classes, or 10+ with all 4;
 * - medium otherwise (every password passing passwordSchema is at least medium).
 */
export function passwordStrength(pw: string): PasswordStrength {
  const classes = [/[a-z]/, /[A-Z]/, /\d/, SYMBOL_RE].filter((re) => re.test(pw)).length;
  const len = [...pw].length;
  if (len < PASSWORD_MIN_LENGTH || classes < 3) return 'low';
  if ((len >= 12 && classes >= 3) || (len >= 10 && classes === 4)) return 'strong';
  return 'medium';
}

export const usernameSchema = z
  .string({ error: 'validation.username.required' })
  .min(1, { error: 'validation.username.required', abort: true })
  .max(USERNAME_MAX_LENGTH, 'validation.username.tooLong')
  .regex(/^[A-Za-z0-9_.-]*$/, 'validation.username.invalidChars');

export const emailSchema = z
  .string({ error: 'validation.email.required' })
  .min(1, { error: 'validation.email.required', abort: true })
  .max(EMAIL_MAX_LENGTH, 'validation.email.invalid')
  .pipe(z.email({ error: 'validation.email.invalid' }));

/** E.164-ish: optional leading +, then 7-15 digits (local forms with a leading 0 are allowed). */
export const phoneSchema = z
  .string({ error: 'validation.phone.required' })
  .min(1, { error: 'validation.phone.required', abort: true })
  .regex(/^\+?\d{7,15}$/, 'validation.phone.invalid');

/** Spec §5: a wallet payout phone must start with 08; digits only, 10-13 long. */
export const walletPhoneSchema = z
  .string({ error: 'validation.phone.required' })
  .min(1, { error: 'validation.phone.required', abort: true })
  .regex(/^\d*$/, 'validation.walletPhone.digitsOnly')
  .regex(/^08/, 'validation.walletPhone.mustStart08')
  .regex(/^.{10,13}$/, 'validation.walletPhone.length');

export const googleCodeSchema = z
  .string({ error: 'validation.googleCode.required' })
  .min(1, { error: 'validation.googleCode.required', abort: true })
  .regex(new RegExp(`^\\d{${GOOGLE_CODE_LENGTH}}$`), 'validation.googleCode.invalid');

export const textSchema = z
  .string({ error: 'validation.text.invalid' })
  .max(TEXT_MAX_LENGTH, 'validation.text.tooLong');

/* ---------------------------------------------------------------------------------------------------------- */
/* Money, currency, language, time                                                                              */

function amountString(currency: CurrencyCode, opts: ParseAmountOptions) {
  return z
    .string({
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? 'validation.amount.required'
          : 'validation.amount.notANumber',
    })
    .superRefine((value, ctx) => {
      const r = parseAmount(value, currency, opts);
      if (!r.ok) {
        ctx.addIssue({
          code: 'custom',
          message: MONEY_ERROR_KEYS[r.error],
          params: { moneyError: r.error, digits: decimalsOf(currency) },
        });
      }
    });
}

/** Amount as a major-unit decimal string, validated with parseAmount; the output is the trimmed input string. */
export function amountSchema(currency: CurrencyCode, opts: ParseAmountOptions = {}) {
  return amountString(currency, opts).transform((v) => v.trim());
}

/** Same checks as amountSchema, output in minor units (bigint). */
export function amountMinorSchema(currency: CurrencyCode, opts: ParseAmountOptions = {}) {
  return amountString(currency, opts).transform((v) => {
    const r = parseAmount(v, currency, opts);
    return r.ok ? r.minor : 0n; // unreachable: refined above
  });
}

export const currencySchema = z.enum(CURRENCY_CODES, { error: 'validation.currency.invalid' });
export const languageSchema = z.enum(LANGUAGES, { error: 'validation.language.invalid' });
export const timeZoneSchema = z
  .string({ error: 'validation.timeZone.invalid' })
  .refine((v) => isValidTimeZone(v), 'validation.timeZone.invalid');

/** `YYYY-MM-DD HH:mm:ss` or `YYYY-MM-DD`, a real calendar date and time. Zone-free: conversion is the caller's. */
export const wallClockSchema = z
  .string({ error: 'validation.date.invalid' })
  .regex(WALL_CLOCK_RE, 'validation.date.format')
  .refine((v) => !WALL_CLOCK_RE.test(v) || parseWallClockParts(v) !== null, 'validation.date.invalid');

/* ---------------------------------------------------------------------------------------------------------- */
/* Paging (DESIGN §6)                                                                                           */

export const PAGE_NO_MAX = 1_000_000;
export const SORT_COLUMN_RE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * pageNo >= 1 (coerced from the query string), pageSize 1..PAGE_SIZE_MAX (the web offers 10/20/30; API callers may
 * ask for more), default 10; column: identifier characters only (it ends up in ORDER BY through a whitelist, but the
 * shape is checked here too); order asc|desc (antd's ascend/descend are accepted and normalised).
 */
export const pagingSchema = z.object({
  pageNo: z.coerce
    .number({ error: 'validation.paging.pageNo' })
    .int('validation.paging.pageNo')
    .min(1, 'validation.paging.pageNo')
    .max(PAGE_NO_MAX, 'validation.paging.pageNo')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'validation.paging.pageSize' })
    .int('validation.paging.pageSize')
    .min(1, 'validation.paging.pageSize')
    .max(PAGE_SIZE_MAX, 'validation.paging.pageSize')
    .default(PAGE_SIZE_DEFAULT),
  column: z.string().regex(SORT_COLUMN_RE, 'validation.paging.column').optional(),
  order: z
    .preprocess(
      (v) => (v === 'ascend' ? 'asc' : v === 'descend' ? 'desc' : v),
      z.enum(['asc', 'desc'], { error: 'validation.paging.order' }),
    )
    .optional(),
});
export type Paging = z.infer<typeof pagingSchema>;

/* ---------------------------------------------------------------------------------------------------------- */
/* Ids in calls                                                                                               */

/** A row id as the calls take it (users, roles, dictionaries, announcements, deliveries…): a positive integer,
 *  coerced from the query string or the path. */
export const adminIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The merchant a call acts for, sent by platform staff (or a parent merchant for its sub-merchant); a merchant's
 *  own user sends none: the session names its merchant, and the server refuses one it may not act for. */
export const staffMerchantIdField = z.coerce.number().int().positive().optional().describe('platform staff: the merchant acted for (none: the session\'s)');

/** A list's filter to one merchant, for platform staff; a merchant's own user sees only its own whatever it sends. */
export const staffMerchantFilterField = z.coerce.number().int().positive().optional().describe('platform staff: only this merchant');

/** Comma-separated ids or an array of ids, as the Jeecg screens send them. */
export const adminIdListSchema = z.union([
  z.string().max(20_000),
  z.array(z.union([z.number().int().positive(), z.string().max(20)])).max(2000),
]);

export function isStandardPageSize(n: number): boolean {
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(n);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Table cells (spec §5 "Table cells")                                                                         */

export interface CellRule {
  key: string;
  pattern?: RegExp;
  test?: (value: string) => boolean;
  messageKey: string;
}

const CELL_EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

export const CELL_RULES: readonly CellRule[] = [
  { key: 'required', test: (v) => v.trim().length > 0, messageKey: 'validation.cell.required' },
  { key: 'digits6to16', pattern: /^\d{6,16}$/, messageKey: 'validation.cell.digits6to16' },
  { key: 'chars6to16', pattern: /^[\s\S]{6,16}$/u, messageKey: 'validation.cell.chars6to16' },
  { key: 'letters6to18', pattern: /^[A-Za-z]{6,18}$/, messageKey: 'validation.cell.letters6to18' },
  { key: 'url', test: isHttpUrl, messageKey: 'validation.cell.url' },
  { key: 'email', pattern: CELL_EMAIL_RE, messageKey: 'validation.cell.email' },
  { key: 'mobile', pattern: /^1[3-9]\d{9}$/, messageKey: 'validation.cell.mobile' },
  { key: 'postalCode', pattern: /^\d{6}$/, messageKey: 'validation.cell.postalCode' },
  { key: 'letters', pattern: /^[A-Za-z]+$/, messageKey: 'validation.cell.letters' },
  { key: 'number', pattern: /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/, messageKey: 'validation.cell.number' },
  { key: 'integer', pattern: /^[+-]?\d+$/, messageKey: 'validation.cell.integer' },
  { key: 'money', pattern: /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/, messageKey: 'validation.cell.money' },
  { key: 'unique', messageKey: 'validation.cell.unique' },
];

export function findCellRule(key: string): CellRule | undefined {
  return CELL_RULES.find((r) => r.key === key);
}

/**
 * Checks one cell value against a rule: null when it passes, else the rule's message key. Rules other than
 * `required` pass an empty value (combine with `required` to demand one). `unique` is a column rule: use
 * isUniqueInColumn.
 */
export function checkCell(ruleKey: string, value: string | null | undefined): string | null {
  const rule = findCellRule(ruleKey);
  if (!rule) throw new Error(`unknown cell rule ${ruleKey}`);
  const v = value ?? '';
  if (rule.key !== 'required' && v === '') return null;
  if (rule.pattern) return rule.pattern.test(v) ? null : rule.messageKey;
  if (rule.test) return rule.test(v) ? null : rule.messageKey;
  return null;
}

/** A number cell accepts an optionally signed decimal ("-12.5", "+3", ".5", "7."), else undefined (emptied). */
export function parseNumberCell(s: string | null | undefined): number | undefined {
  if (typeof s !== 'string') return undefined;
  const t = s.trim();
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** True when no non-empty value repeats (empty cells are ignored; the `required` rule handles them). */
export function isUniqueInColumn(values: readonly unknown[]): boolean {
  const seen = new Set<string>();
  for (const v of values) {
    if (v === null || v === undefined || v === '') continue;
    const k = typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (seen.has(k)) return false;
    seen.add(k);
  }
  return true;
}

/** Every i18n key a schema of this file can produce, for the catalogue completeness test. */
export const VALIDATION_MESSAGE_KEYS: readonly string[] = [
  'validation.password.required',
  'validation.password.tooShort',
  'validation.password.tooLong',
  'validation.password.needUpper',
  'validation.password.needLower',
  'validation.password.needSymbol',
  'validation.password.mismatch',
  'validation.password.oldRequired',
  'validation.password.confirmRequired',
  ...Object.values(PASSWORD_STRENGTH_KEYS),
  'validation.username.required',
  'validation.username.tooLong',
  'validation.username.invalidChars',
  'validation.email.required',
  'validation.email.invalid',
  'validation.phone.required',
  'validation.phone.invalid',
  'validation.walletPhone.digitsOnly',
  'validation.walletPhone.mustStart08',
  'validation.walletPhone.length',
  'validation.googleCode.required',
  'validation.googleCode.invalid',
  'validation.text.invalid',
  'validation.text.tooLong',
  ...Object.values(MONEY_ERROR_KEYS),
  'validation.currency.invalid',
  'validation.language.invalid',
  'validation.timeZone.invalid',
  'validation.date.format',
  'validation.date.invalid',
  'validation.date.startAfterEnd',
  'validation.date.rangeTooLong',
  'validation.paging.pageNo',
  'validation.paging.pageSize',
  'validation.paging.column',
  'validation.paging.order',
  ...CELL_RULES.map((r) => r.messageKey),
];

/** i18n keys of the query-range errors of time.ts (the range message takes the months as `count`, for its plural). */
export const QUERY_RANGE_ERROR_KEYS = {
  DATE_START_AFTER_END: 'validation.date.startAfterEnd',
  DATE_RANGE_TOO_LONG: 'validation.date.rangeTooLong',
} as const;

/** Password + confirmation (spec §5: the two entries must match). */
export const passwordChangeSchema = z
  .object({
    oldpassword: z
      .string({ error: 'validation.password.oldRequired' })
      .min(1, { error: 'validation.password.oldRequired', abort: true }),
    password: passwordSchema,
    confirmpassword: z
      .string({ error: 'validation.password.confirmRequired' })
      .min(1, { error: 'validation.password.confirmRequired', abort: true }),
  })
  .refine((v) => v.confirmpassword === '' || v.password === v.confirmpassword, {
    error: 'validation.password.mismatch',
    path: ['confirmpassword'],
  });

/**
 * Interpolation parameters of a zod issue for its message key: `{{min}}` / `{{max}}` from the size checks, plus
 * whatever the check put in `params` (`{{digits}}` of the amount checks).
 */
export function issueParams(issue: z.core.$ZodIssue): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (issue.code === 'too_small') out.min = Number(issue.minimum);
  if (issue.code === 'too_big') out.max = Number(issue.maximum);
  if (issue.code === 'custom' && issue.params) {
    for (const [k, v] of Object.entries(issue.params))
      if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  }
  return out;
}
