/**
 * Batch payouts from a file: the columns of a currency's template, how a header cell (a label in any of the six
 * languages, or the stable key) names its column, the limits, and the check of one row with the single payout's
 * rules (destination, amount and its limits, order id). Pure: the server checks uploads with it, the preview shows
 * its messages, a fixed cell is checked again the same way.
 */
import type { CurrencyCode } from '../currencies';
import { LANGUAGES, languageOfCurrency, type Language } from '../languages';
import { MERCHANT_ORDER_ID_PATTERN } from '../collections/vocabulary';
import { MONEY_ERROR_KEYS, decimalsOf, formatAmount, parseAmount, toMajorString, type ParseAmountResult } from '../money';
import { translate } from '../i18n';
import {
  BANK_ACCOUNT_TYPES,
  DestinationKind,
  PIX_KEY_TYPES,
  PixKeyType,
  destinationIssues,
  findPayoutDestination,
  payoutDestinationsOf,
  PAYOUT_DESTINATION_FIELDS,
  type AccountRule,
  type PayoutDestination,
  type PayoutDestinationField,
} from './destinations';
import { PAYOUT_DESCRIPTION_MAX_LENGTH } from './vocabulary';

/** Rows of a batch; a file with more is refused as soon as the next row is read (the rest is never read). */
export const PAYOUT_BATCH_MAX_ROWS = 10_000;
/** An upload's size, counted while it arrives: the request is refused at the first byte over it. */
export const PAYOUT_BATCH_MAX_BYTES = 10 * 1024 * 1024;
/** An XLSX (a zip) may unpack to at most this much, and at most this many times its own size: a zip bomb is refused. */
export const PAYOUT_BATCH_MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
export const PAYOUT_BATCH_MAX_ZIP_RATIO = 100;
/**
 * An XLSX's shared-strings table (the text of its cells) may unpack to at most this: the text of 10 000 rows is a few
 * MB. Refused from the size the zip declares, before it is unpacked, and again if it unpacks to more.
 */
export const PAYOUT_BATCH_MAX_SHARED_STRINGS_BYTES = 32 * 1024 * 1024;
/** Each XLSX part read whole (workbook, relationships, styles) may unpack to at most this. */
export const PAYOUT_BATCH_MAX_XML_PART_BYTES = 8 * 1024 * 1024;
/** One row of a sheet (or one string of its table) as XML: a batch row is a few hundred bytes. */
export const PAYOUT_BATCH_MAX_ROW_XML_BYTES = 1024 * 1024;
/** Columns read from a sheet; a value further right is reported on its row (a template has at most 10). */
export const PAYOUT_BATCH_MAX_COLUMNS = 64;
/** A cell is read up to this length: longer than any payout field, so its rule still names it as too long. */
export const PAYOUT_BATCH_CELL_MAX_CHARS = 300;
export const PAYOUT_BATCH_FORMATS = ['xlsx', 'csv'] as const;
export type PayoutBatchFormat = (typeof PAYOUT_BATCH_FORMATS)[number];

/** Every column a template can have (a currency's template: batchColumnsOf). */
export const BATCH_COLUMNS = ['merchantOrderId', 'bankCode', ...PAYOUT_DESTINATION_FIELDS, 'amount', 'description'] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/** The columns of a currency's template: always these, plus the extra fields any of its destinations needs. */
export function batchColumnsOf(currency: CurrencyCode): BatchColumn[] {
  const extras = new Set(payoutDestinationsOf(currency).flatMap((d) => d.extra));
  const own = PAYOUT_DESTINATION_FIELDS.filter((f) => f !== 'accountName' && f !== 'accountNumber' && extras.has(f));
  return ['merchantOrderId', 'bankCode', 'accountNumber', 'accountName', ...own, 'amount', 'description'];
}

export const batchColumnLabelKey = (c: BatchColumn) => `payouts.batch.column.${c}`;

const normal = (s: string) => s.normalize('NFKC').trim().toLowerCase().replace(/[\s_*:：()（）-]+/g, '');

/** The column a header cell names: its stable key or its label in any language; undefined when none. */
export function batchColumnOfHeader(header: string, columns: readonly BatchColumn[]): BatchColumn | undefined {
  const h = normal(header);
  if (h === '') return undefined;
  return columns.find((c) => normal(c) === h || (LANGUAGES as readonly Language[]).some((lang) => normal(translate(lang, batchColumnLabelKey(c))) === h));
}

/** One row as uploaded (or fixed in the preview), by column; absent cells are empty strings. */
export type BatchRowValues = Partial<Record<BatchColumn, string>>;

/** Where a problem of a row stands: a column's cell, or the row as a whole (a value outside the template's columns). */
export const BATCH_ROW_ISSUE = 'row' as const;
export type BatchIssueColumn = BatchColumn | typeof BATCH_ROW_ISSUE;

/** A problem of one cell: the i18n key and its parameters (the `field` parameter is the column's label). */
export interface BatchCellIssue {
  column: BatchIssueColumn;
  key: string;
  params?: Record<string, string | number>;
}

/**
 * A cell a spreadsheet runs as a formula when it opens the file: its text starts with `=`. The same rule for a CSV
 * cell, an XLSX text cell and an XLSX formula (read as `=` and its formula), and for a cell fixed in the preview: the
 * value is refused, never evaluated. (`+` and `-` start phone numbers and PIX keys, so only `=` counts.)
 */
export function isFormulaText(text: string): boolean {
  return text.trim().startsWith('=');
}

/**
 * An amount of a batch row: the API's form ("1234.56"), or as the currency's country writes it ("1.234,56" in a BRL
 * file, `localeAmountText`): a file is typed in a spreadsheet of that country, as its screens show amounts.
 */
export function parseBatchAmount(text: string, currency: CurrencyCode): ParseAmountResult {
  const locale = languageOfCurrency(currency);
  return parseAmount(text.trim(), currency, locale ? { locale } : {});
}

/** Whether a currency pays out from files: crypto goes one by one to whitelisted addresses (issue 13). */
export function isBatchCurrency(currency: CurrencyCode): boolean {
  return payoutDestinationsOf(currency).some((d) => d.kind !== DestinationKind.CRYPTO);
}

/** Every problem of one row (empty: valid), with the single payout's rules. */
export function batchRowIssues(currency: CurrencyCode, row: BatchRowValues): BatchCellIssue[] {
  const out: BatchCellIssue[] = [];
  const v = (c: BatchColumn) => (row[c] ?? '').trim();
  const orderId = v('merchantOrderId');
  if (orderId === '') out.push({ column: 'merchantOrderId', key: 'payouts.validation.required' });
  else if (!MERCHANT_ORDER_ID_PATTERN.test(orderId)) out.push({ column: 'merchantOrderId', key: 'collections.merchantOrderIdInvalid' });
  const bankCode = v('bankCode').toUpperCase();
  if (bankCode === '') out.push({ column: 'bankCode', key: 'payouts.validation.required' });
  // A crypto payout goes one by one to a whitelisted address (issue 13): never from a file.
  else if (findPayoutDestination(currency, bankCode)?.kind === DestinationKind.CRYPTO) out.push({ column: 'bankCode', key: 'crypto.batchUnsupported' });
  else {
    for (const i of destinationIssues(currency, bankCode, row)) out.push({ column: i.field, key: i.key, ...(i.params ? { params: i.params } : {}) });
  }
  const amountText = v('amount');
  const amount = parseBatchAmount(amountText, currency);
  if (amountText === '') out.push({ column: 'amount', key: 'payouts.validation.required' });
  else if (!amount.ok) out.push({ column: 'amount', key: MONEY_ERROR_KEYS[amount.error], params: { digits: decimalsOf(currency) } });
  else {
    const d = findPayoutDestination(currency, bankCode);
    if (d) {
      const min = parseAmount(d.minAmount, currency);
      const max = parseAmount(d.maxAmount, currency);
      const params = { currency, bank: d.name, min: d.minAmount, max: d.maxAmount };
      if (min.ok && amount.minor < min.minor) out.push({ column: 'amount', key: 'payouts.amountBelowMin', params });
      if (max.ok && amount.minor > max.minor) out.push({ column: 'amount', key: 'payouts.amountAboveMax', params });
    }
  }
  if (v('description').length > PAYOUT_DESCRIPTION_MAX_LENGTH) out.push({ column: 'description', key: 'payouts.validation.tooLong', params: { max: PAYOUT_DESCRIPTION_MAX_LENGTH } });
  // A formula's cell says only that: what else its text breaks is beside the point.
  const formulas = (Object.keys(row) as BatchColumn[]).filter((c) => isFormulaText(row[c] ?? ''));
  if (formulas.length === 0) return out;
  return [...out.filter((i) => !formulas.includes(i.column as BatchColumn)), ...formulas.map((column) => ({ column, key: 'payouts.batch.formula' }))];
}

/** A cell a spreadsheet would run as a formula when opened: written back with a leading apostrophe. */
export function escapeSpreadsheetCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/* The template's guidance ------------------------------------------------------------------------------------ */

/** A sentence of guidance: its i18n key and parameters. */
export interface RuleText {
  key: string;
  params?: Record<string, string | number>;
}

/** What the account number (phone, CLABE, PIX key ...) of a destination must be, as the check refuses it. */
export function accountRuleText(rule: AccountRule): RuleText {
  switch (rule.kind) {
    case 'digits':
      return rule.min === rule.max ? { key: 'payouts.rules.digitsExact', params: { min: rule.min } } : { key: 'payouts.rules.digitsBetween', params: { min: rule.min, max: rule.max } };
    case 'phone':
      return rule.min === rule.max ? { key: 'payouts.rules.phoneExact', params: { prefix: rule.prefix, min: rule.min } } : { key: 'payouts.rules.phoneBetween', params: { prefix: rule.prefix, min: rule.min, max: rule.max } };
    case 'clabe':
      return { key: 'payouts.rules.clabe' };
    case 'iban':
      return { key: 'payouts.rules.iban', params: { country: rule.country, length: rule.length } };
    case 'upi':
      return { key: 'payouts.rules.upi' };
    case 'pix':
      return { key: 'payouts.rules.pix', params: { types: PIX_KEY_TYPES.join(', ') } };
    case 'crypto':
      return { key: 'payouts.rules.crypto' };
  }
}

/** What a field other than the account number takes at a destination of a currency (the values a list allows). */
export function fieldRuleText(currency: CurrencyCode, field: Exclude<PayoutDestinationField, 'accountNumber'>): RuleText {
  switch (field) {
    case 'accountName':
      return { key: 'payouts.rules.accountName' };
    case 'accountType':
      return { key: 'payouts.rules.oneOf', params: { values: BANK_ACCOUNT_TYPES.join(', ') } };
    case 'pixKeyType':
      return { key: 'payouts.rules.oneOf', params: { values: PIX_KEY_TYPES.join(', ') } };
    case 'documentId':
      return currency === 'BRL' ? { key: 'payouts.rules.documentIdBrazil' } : { key: 'payouts.rules.documentIdDigits' };
    case 'bankAgency':
      return currency === 'INR' ? { key: 'payouts.rules.ifsc' } : currency === 'JPY' ? { key: 'payouts.rules.branchCode' } : { key: 'payouts.rules.bankAgency' };
  }
}

/**
 * How an amount may be written in a file of the currency (parseBatchAmount): the API's form, and where the country
 * has its own writing, that one too ("1.234,56" in a BRL file).
 */
export function batchAmountRule(currency: CurrencyCode): RuleText {
  const digits = decimalsOf(currency);
  const sample = digits === 0 ? 1234567n : 123456n * 10n ** BigInt(Math.max(0, digits - 2));
  const plain = toMajorString(sample, currency);
  const locale = languageOfCurrency(currency);
  return locale ? { key: 'payouts.rules.amountLocal', params: { plain, local: formatAmount(sample, currency, { locale }) } } : { key: 'payouts.rules.amountPlain', params: { plain } };
}

/** The batch destinations of a currency (crypto pays one by one, never from a file). */
export function batchDestinationsOf(currency: CurrencyCode): PayoutDestination[] {
  return payoutDestinationsOf(currency).filter((d) => d.kind !== DestinationKind.CRYPTO);
}

/** The CLABE check digit over 17 digits (weights 3, 7, 1). */
function clabeOf(first17: string): string {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * (weights[i % 3] ?? 0)) % 10;
  return `${first17}${(10 - (sum % 10)) % 10}`;
}

/** A number that passes a destination's account rule, for the template's example row. */
function exampleAccount(rule: AccountRule): string {
  const digits = (n: number) => '1234567890'.repeat(4).slice(0, n);
  switch (rule.kind) {
    case 'digits':
      return digits(rule.min);
    case 'phone':
      return `${rule.prefix}${'12345678901234'.slice(0, rule.min - rule.prefix.length)}`;
    case 'clabe':
      return clabeOf('00218001234567890');
    case 'iban':
      return `${rule.country}36${'SCBL0000001123456702'.padEnd(rule.length - 4, '0').slice(0, rule.length - 4)}`;
    case 'upi':
      return 'budi@okhdfc';
    case 'pix':
      return '52998224725';
    case 'crypto':
      return '';
  }
}

/**
 * The example row of a currency's template: its first batch destination with values that pass every rule (a test
 * checks each currency's), so a person who copies it starts from a row that is accepted.
 */
export function batchExampleRow(currency: CurrencyCode): BatchRowValues {
  const d = batchDestinationsOf(currency)[0];
  if (!d) return {};
  const row: BatchRowValues = { merchantOrderId: 'INV-0001', bankCode: d.bankCode, accountNumber: exampleAccount(d.account), accountName: 'Budi Santoso', amount: d.minAmount, description: 'Supplier invoice' };
  for (const f of d.extra) {
    if (f === 'accountType') row.accountType = BANK_ACCOUNT_TYPES[0];
    if (f === 'pixKeyType') row.pixKeyType = PixKeyType.CPF;
    if (f === 'documentId') row.documentId = currency === 'BRL' ? '52998224725' : '1234567';
    if (f === 'bankAgency') row.bankAgency = currency === 'INR' ? 'SBIN0001234' : currency === 'JPY' ? '001' : '0001';
  }
  return row;
}
