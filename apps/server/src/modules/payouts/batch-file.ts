/**
 * The files of batch payouts: reading an upload (XLSX or CSV, by its content, never by its name) into rows of text
 * by column, and the result file (every row of the upload with its fate); the template is batch-template.ts.
 * Nothing in a cell is ever evaluated: a formula is refused as such, and a cell a spreadsheet would run is written
 * back escaped.
 */
import { isUtf8 } from 'node:buffer';
import { PassThrough } from 'node:stream';
import { setImmediate as yieldNow } from 'node:timers/promises';
import {
  PAYOUT_BATCH_CELL_MAX_CHARS,
  PAYOUT_BATCH_MAX_BYTES,
  PAYOUT_BATCH_MAX_COLUMNS,
  PAYOUT_BATCH_MAX_ROW_XML_BYTES,
  PAYOUT_BATCH_MAX_ROWS,
  PAYOUT_BATCH_MAX_SHARED_STRINGS_BYTES,
  PAYOUT_BATCH_MAX_UNZIPPED_BYTES,
  PAYOUT_BATCH_MAX_XML_PART_BYTES,
  PAYOUT_BATCH_MAX_ZIP_RATIO,
  BATCH_ROW_ISSUE,
  batchColumnLabelKey,
  batchColumnOfHeader,
  batchColumnsOf,
  escapeSpreadsheetCell,
  isFormulaText,
  type BatchColumn,
  type BatchRowValues,
  type CurrencyCode,
  type Language,
} from '@mg/domain';
import { KeyedError } from '../../lib/admin';
import { t } from '../../lib/i18n';
import { readFirstSheet, XlsxReadError, type XlsxReadLimits } from '../../lib/xlsx-read';
import { isZip } from '../../lib/zip-read';
import { columnLetter, openXlsx, type XlsxCell } from '../../lib/xlsx-stream';
import { toPayoutRecord, type PayoutBatchRow, type PayoutRow } from './queries';

export interface UploadedRow {
  /** 1 = the first row under the header. */
  row: number;
  values: BatchRowValues;
  /** Columns whose cell held a formula (refused; its text is the formula). */
  formulas: BatchColumn[];
  /** Spreadsheet columns holding a value where the header names no column (right of it): reported, never dropped. */
  outside: string[];
}

/** Rows read between two turns of the event loop (a few milliseconds of work). */
const YIELD_EVERY_ROWS = 250;

const fileError = (key: string, params: Record<string, string | number> = {}) => new KeyedError('VALIDATION_FAILED', key, params);
const tooManyRows = () => fileError('payouts.batch.tooManyRows', { max: PAYOUT_BATCH_MAX_ROWS });
/** The upload's size limit, named in MB; counted while the request arrives (batch-routes.ts) and here again. */
export const batchFileTooBig = () => new KeyedError('FILE_TOO_LARGE', 'payouts.batch.tooBig', { max: PAYOUT_BATCH_MAX_BYTES / 1024 / 1024 });

const XLSX_LIMITS: XlsxReadLimits = {
  unzippedBytes: PAYOUT_BATCH_MAX_UNZIPPED_BYTES,
  zipRatio: PAYOUT_BATCH_MAX_ZIP_RATIO,
  sharedStringsBytes: PAYOUT_BATCH_MAX_SHARED_STRINGS_BYTES,
  partBytes: PAYOUT_BATCH_MAX_XML_PART_BYTES,
  rowBytes: PAYOUT_BATCH_MAX_ROW_XML_BYTES,
  columns: PAYOUT_BATCH_MAX_COLUMNS,
};

/** Bytes of a CSV decoded at a time: a file over the row limit is decoded only as far as the row after it. */
const CSV_DECODE_BYTES = 256 * 1024;

/**
 * A CSV's text in pieces, as it is read: valid UTF-8 without NUL bytes (a CSV from any spreadsheet), else refused.
 * The check runs over the whole file (simdutf: milliseconds); the text is made piece by piece, each cut between two
 * characters.
 */
function* csvText(buf: Buffer): Generator<string> {
  if (buf.includes(0) || !isUtf8(buf)) throw fileError('payouts.batch.badFormat');
  for (let at = 0; at < buf.length; ) {
    let end = Math.min(buf.length, at + CSV_DECODE_BYTES);
    // Not inside a character: back to the byte that starts one.
    while (end < buf.length && (buf[end]! & 0xc0) === 0x80) end--;
    yield buf.toString('utf8', at, end);
    at = end;
  }
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/**
 * RFC 4180 CSV (quotes, doubled quotes, CR/LF), comma or semicolon as the spreadsheet's first line has more of, one
 * row at a time from text arriving in pieces: a reader that stops early has not decoded or split the rest.
 */
export function* csvRows(pieces: Iterable<string>): Generator<string[]> {
  const source = pieces[Symbol.iterator]();
  let text = '';
  let last = false;
  const more = (): boolean => {
    const next = source.next();
    if (next.done) last = true;
    else text += next.value;
    return !last;
  };
  // Text before `from` is read: drop it and append the next piece.
  const refill = (from: number): boolean => {
    text = text.slice(from);
    return more();
  };
  // The first line (to its LF) decides the separator.
  for (let from = 0; text.indexOf('\n', from) < 0; ) {
    from = text.length;
    if (!more()) break;
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const special = sep === ';' ? /[";\r\n]/g : /[",\r\n]/g;
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  for (;;) {
    if (i >= text.length) {
      if (!refill(i)) break;
      i = 0;
      continue;
    }
    if (quoted) {
      const q = text.indexOf('"', i);
      if (q < 0) {
        cell += text.slice(i);
        i = text.length;
        continue;
      }
      cell += text.slice(i, q);
      // Whether this quote is doubled is in the next piece.
      if (q + 1 === text.length && !last) {
        refill(q);
        i = 0;
        continue;
      }
      if (text.charCodeAt(q + 1) === QUOTE) {
        cell += '"';
        i = q + 2;
      } else {
        quoted = false;
        i = q + 1;
      }
      continue;
    }
    special.lastIndex = i;
    const m = special.exec(text);
    const at = m ? m.index : text.length;
    cell += text.slice(i, at);
    if (!m) {
      i = text.length;
      continue;
    }
    const ch = text.charCodeAt(at);
    // Whether this CR ends its line with an LF is in the next piece.
    if (ch === CR && at + 1 === text.length && !last) {
      refill(at);
      i = 0;
      continue;
    }
    i = at + 1;
    // A quote opens a quoted cell only at the cell's start; elsewhere it is a character of the cell.
    if (ch === QUOTE) {
      if (cell === '') quoted = true;
      else cell += '"';
    } else if (m[0] === sep) {
      row.push(cell);
      cell = '';
    } else {
      if (ch === CR && text.charCodeAt(i) === LF) i++;
      row.push(cell);
      yield row;
      row = [];
      cell = '';
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    yield row;
  }
}

interface Cell {
  text: string;
  formula: boolean;
}

/** A grid row: 0 is the header. */
interface GridRow {
  index: number;
  cells: Cell[];
  /** A value right of the columns read (PAYOUT_BATCH_MAX_COLUMNS). */
  beyond?: boolean;
}

/** The first sheet's rows; a sheet of more than PAYOUT_BATCH_MAX_ROWS rows is refused at the row after them. */
async function xlsxRows(buf: Buffer): Promise<GridRow[]> {
  try {
    const sheet = await readFirstSheet(buf, { maxRows: PAYOUT_BATCH_MAX_ROWS + 1, limits: XLSX_LIMITS });
    if (sheet.truncated) throw tooManyRows();
    return sheet.rows.map((r) => ({ index: r.row - 1, cells: r.cells, beyond: r.beyond }));
  } catch (e) {
    if (!(e instanceof XlsxReadError)) throw e;
    throw fileError(e.reason === 'tooLarge' ? 'payouts.batch.zipBomb' : 'payouts.batch.badFormat');
  }
}

/** A CSV's rows as they are split; a cell starting with `=` is a formula to any spreadsheet that opens the file. */
function* csvGrid(text: Iterable<string>): Generator<GridRow> {
  let index = 0;
  for (const r of csvRows(text)) yield { index: index++, cells: r.map((t) => ({ text: t, formula: isFormulaText(t) })) };
}

/**
 * The rows of an uploaded file by column, blank rows dropped; refuses a file that cannot be a batch, and one of more
 * than PAYOUT_BATCH_MAX_ROWS rows as soon as the row after them is read.
 */
export async function readBatchFile(buf: Buffer, currency: CurrencyCode): Promise<UploadedRow[]> {
  if (buf.length === 0) throw fileError('payouts.batch.empty');
  if (buf.length > PAYOUT_BATCH_MAX_BYTES) throw batchFileTooBig();
  // The kind is what the bytes are, never the name: a zip is an XLSX, anything else must be CSV text.
  const grid: Iterable<GridRow> = isZip(buf) ? await xlsxRows(buf) : csvGrid(csvText(buf));
  const columns = batchColumnsOf(currency);
  let byIndex: (BatchColumn | undefined)[] | null = null;
  let headerTexts: string[] = [];
  const rows: UploadedRow[] = [];
  let seen = 0;
  for (const { index, cells, beyond } of grid) {
    // Other requests go on between slices of rows (a CSV is split here, as the loop asks for its rows).
    if (++seen % YIELD_EVERY_ROWS === 0) await yieldNow();
    if (byIndex === null) {
      const header = index === 0 ? cells : [];
      byIndex = header.map((h) => batchColumnOfHeader(h.text, columns));
      headerTexts = header.map((h) => h.text.trim());
      const missing = columns.filter((c) => c !== 'description' && !byIndex!.includes(c));
      if (missing.length > 0) throw fileError('payouts.batch.missingColumns', { columns: missing.join(', ') });
      if (index === 0) continue;
    }
    if (!beyond && cells.every((c) => c.text.trim() === '')) continue;
    const values: BatchRowValues = {};
    const formulas: BatchColumn[] = [];
    const outside: string[] = [];
    cells.forEach((c, j) => {
      const col = byIndex![j];
      if (!col) {
        // Under no header cell (right of the header, or a blank one): a value typed one column too far is
        // reported on its row, not lost. A column the person named (say "Notes") is theirs and ignored.
        if (c.text.trim() !== '' && (headerTexts[j] ?? '') === '') outside.push(columnLetter(j));
        return;
      }
      // Longer than any field takes: kept long enough to be refused by its rule, not to fill the answer.
      values[col] = c.text.trim().slice(0, PAYOUT_BATCH_CELL_MAX_CHARS);
      if (c.formula) formulas.push(col);
    });
    if (beyond) outside.push(`${columnLetter(PAYOUT_BATCH_MAX_COLUMNS)}+`);
    rows.push({ row: index, values, formulas, outside });
    if (rows.length > PAYOUT_BATCH_MAX_ROWS) throw tooManyRows();
  }
  if (byIndex === null) throw fileError('payouts.batch.missingColumns', { columns: columns.filter((c) => c !== 'description').join(', ') });
  if (rows.length === 0) throw fileError('payouts.batch.empty');
  return rows;
}

/** The fate of an upload's row, as the result file names it. */
export const BatchRowFate = { SUBMITTED: 'submitted', EXCLUDED: 'excluded', FAILED_CHECK: 'failedCheck' } as const;

/**
 * The result file of a batch: every row of the upload, in file order, with its fate: submitted (its payout, status
 * and any failure or rejection reason), failed the check (excluded with its problems, each in the reader's
 * language) or excluded by choice in the preview.
 */
export async function batchResultFile(lang: Language, batch: Pick<PayoutBatchRow, 'excludedRows'>, payouts: readonly PayoutRow[]): Promise<Buffer> {
  const label = (c: string) => (c === BATCH_ROW_ISSUE ? t(lang, 'payouts.batch.row') : t(lang, batchColumnLabelKey(c as BatchColumn)));
  const header = [
    t(lang, 'payouts.batch.row'),
    t(lang, 'payouts.batch.fateColumn'),
    t(lang, 'payouts.fields.id'),
    t(lang, 'common.fields.status'),
    t(lang, 'payouts.batch.reason'),
    ...(['merchantOrderId', 'bankCode', 'accountNumber', 'accountName', 'amount'] as const).map(label),
    t(lang, 'payouts.fields.fee'),
  ];
  const lines: { row: number; cells: XlsxCell[] }[] = payouts.map((p) => {
    const rec = toPayoutRecord(p);
    const reason = rec.failureReason ? t(lang, rec.failureReason) : (rec.rejectReason ?? '');
    return {
      row: p.batchRow ?? 0,
      cells: [p.batchRow ?? 0, t(lang, `payouts.batch.fate.${BatchRowFate.SUBMITTED}`), rec.id, t(lang, `status.payout.${rec.status}`), reason, rec.merchantOrderId, rec.bankCode, rec.accountNumber, rec.accountName, Number(rec.amount), Number(rec.fee)],
    };
  });
  for (const x of batch.excludedRows) {
    const failed = x.issues.length > 0;
    const reason = failed ? x.issues.map((i) => t(lang, i.key, { ...i.params, field: label(i.column) })).join('; ') : t(lang, 'payouts.batch.excludedByChoice');
    const v = (c: BatchColumn) => x.values[c] ?? '';
    lines.push({
      row: x.row,
      cells: [x.row, t(lang, `payouts.batch.fate.${failed ? BatchRowFate.FAILED_CHECK : BatchRowFate.EXCLUDED}`), '', '', reason, v('merchantOrderId'), v('bankCode'), v('accountNumber'), v('accountName'), v('amount'), ''],
    });
  }
  lines.sort((a, b) => a.row - b.row);
  return resultFile(header, lines.map((l) => l.cells));
}

/** The per-row result file of a batch, every text cell escaped (nothing a spreadsheet would run). */
export async function resultFile(header: readonly string[], rows: readonly XlsxCell[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const xlsx = await openXlsx(out, { sheetName: 'Result', columns: header.map(() => ({ width: 20 })), header });
  for (const r of rows) await xlsx.addRow(r.map((c) => (typeof c === 'string' ? escapeSpreadsheetCell(c) : c)));
  await xlsx.finish();
  await done;
  return Buffer.concat(chunks);
}
