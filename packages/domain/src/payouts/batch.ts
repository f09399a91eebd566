/**
 * Batch payouts from a file: the columns of a currency's template, how a header cell (a label in any of the six
 * languages, or the stable key) names its column, the limits, and the check of one row with the single payout's
 * rules (destination, amount and its limits, order id). Pure: the server checks uploads with it, the preview shows
 * its messages, a fixed cell is checked again the same way.
 */
import type { CurrencyCode } from '../currencies';
import { LANGUAGES, type Language } from '../languages';
import { MERCHANT_ORDER_ID_PATTERN } from '../collections/vocabulary';
import { MONEY_ERROR_KEYS, decimalsOf, parseAmount } from '../money';
import { translate } from '../i18n';
import { DestinationKind, destinationIssues, findPayoutDestination, payoutDestinationsOf, PAYOUT_DESTINATION_FIELDS, type PayoutDestinationField } from './destinations';
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
/** Columns read from a sheet; cells further right are ignored (a template has at most 10). */
export const PAYOUT_BATCH_MAX_COLUMNS = 64;
/** A cell is read up to this length: longer than any payout field, so its rule still names it as too long. */
export const PAYOUT_BATCH_CELL_MAX_CHARS = 300;
export const PAYOUT_BATCH_FORMATS = ['xlsx', 'csv'] as const;
export type PayoutBatchFormat = (typeof PAYOUT_BATCH_FORMATS)[number];

export type BatchColumn = 'merchantOrderId' | 'bankCode' | PayoutDestinationField | 'amount' | 'description';

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

/** A problem of one cell: the i18n key and its parameters (the `field` parameter is the column's label). */
export interface BatchCellIssue {
  column: BatchColumn;
  key: string;
  params?: Record<string, string | number>;
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
  const amount = parseAmount(amountText, currency);
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
  return out;
}

/** A cell a spreadsheet would run as a formula when opened: written back with a leading apostrophe. */
export function escapeSpreadsheetCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
