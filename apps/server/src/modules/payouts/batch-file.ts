/**
 * The files of batch payouts: reading an upload (XLSX or CSV, by its content, never by its name) into rows of text
 * by column, the template of a currency, and the per-row result file. Nothing in a cell is ever evaluated: a formula
 * is refused as such, and a cell a spreadsheet would run is written back escaped.
 */
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  PAYOUT_BATCH_CELL_MAX_CHARS,
  PAYOUT_BATCH_MAX_BYTES,
  PAYOUT_BATCH_MAX_ROWS,
  PAYOUT_BATCH_MAX_UNZIPPED_BYTES,
  PAYOUT_BATCH_MAX_ZIP_RATIO,
  batchColumnLabelKey,
  batchColumnOfHeader,
  batchColumnsOf,
  escapeSpreadsheetCell,
  payoutDestinationsOf,
  type BatchColumn,
  type BatchRowValues,
  type CurrencyCode,
  type Language,
  type PayoutBatchFormat,
} from '@mg/domain';
import { KeyedError } from '../../lib/admin';
import { t } from '../../lib/i18n';
import { openXlsx, type XlsxCell } from '../../lib/xlsx-stream';

export interface UploadedRow {
  /** 1 = the first row under the header. */
  row: number;
  values: BatchRowValues;
  /** Columns whose cell held a formula (refused; its text is the formula). */
  formulas: BatchColumn[];
}

const fileError = (key: string, params: Record<string, string | number> = {}) => new KeyedError('VALIDATION_FAILED', key, params);

const ZIP_LOCAL = 0x04034b50;
const ZIP_END = 0x06054b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END_MIN = 22;
const ZIP_END_SEARCH = 0xffff + ZIP_END_MIN;

/** What kind of file the bytes are: a zip (XLSX), or text (CSV); anything else is refused. */
export function sniffFormat(buf: Buffer): PayoutBatchFormat {
  if (buf.length >= 4 && buf.readUInt32LE(0) === ZIP_LOCAL) return 'xlsx';
  // Text: valid UTF-8 without NUL bytes (a CSV from any spreadsheet).
  if (buf.includes(0)) throw fileError('payouts.batch.badFormat');
  if (new TextDecoder('utf-8', { fatal: false }).decode(buf).includes('\uFFFD')) throw fileError('payouts.batch.badFormat');
  return 'csv';
}

/**
 * Refuses a zip that would unpack to more than PAYOUT_BATCH_MAX_UNZIPPED_BYTES or PAYOUT_BATCH_MAX_ZIP_RATIO times
 * its size, from the sizes its central directory declares, before anything is unpacked.
 */
export function checkZipSizes(buf: Buffer): void {
  let end = -1;
  for (let i = buf.length - ZIP_END_MIN; i >= Math.max(0, buf.length - ZIP_END_SEARCH); i--) {
    if (buf.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw fileError('payouts.batch.badFormat');
  const entries = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== ZIP_CENTRAL) throw fileError('payouts.batch.badFormat');
    const size = buf.readUInt32LE(at + 24);
    // ZIP64 sizes (0xFFFFFFFF) are more than any sheet of 10 000 rows needs.
    if (size === 0xffffffff) throw fileError('payouts.batch.zipBomb');
    total += size;
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  if (total > PAYOUT_BATCH_MAX_UNZIPPED_BYTES || total > buf.length * PAYOUT_BATCH_MAX_ZIP_RATIO) throw fileError('payouts.batch.zipBomb');
}

/** RFC 4180 CSV (quotes, doubled quotes, CR/LF), comma or semicolon as the spreadsheet's locale wrote it. */
export function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

interface Cell {
  text: string;
  formula: boolean;
}

/** A cell's text as typed; a formula is kept as its text and flagged. */
function cellOf(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return { text: '', formula: false };
  if (typeof v === 'string') return { text: v, formula: false };
  if (typeof v === 'number') return { text: Number.isInteger(v) ? String(v) : String(v), formula: false };
  if (typeof v === 'boolean') return { text: String(v), formula: false };
  if (v instanceof Date) return { text: v.toISOString(), formula: false };
  if ('formula' in v || 'sharedFormula' in v) return { text: `=${(v as { formula?: string }).formula ?? ''}`, formula: true };
  if ('richText' in v) return { text: v.richText.map((r) => r.text).join(''), formula: false };
  if ('text' in v) return { text: String(v.text), formula: false };
  if ('error' in v) return { text: String(v.error), formula: false };
  return { text: '', formula: false };
}

/** exceljs is loaded by the first batch file read or template written, not at start (~25 MB an idle server kept). */
async function workbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}

async function xlsxCells(buf: Buffer): Promise<Cell[][]> {
  checkZipSizes(buf);
  const wb = await workbook();
  try {
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw fileError('payouts.batch.badFormat');
  }
  const sheet = wb.worksheets[0];
  if (!sheet) throw fileError('payouts.batch.empty');
  if (sheet.rowCount > PAYOUT_BATCH_MAX_ROWS + 1) throw fileError('payouts.batch.tooManyRows', { max: PAYOUT_BATCH_MAX_ROWS });
  const out: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (r) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= r.cellCount; c++) cells.push(cellOf(r.getCell(c).value));
    out[r.number - 1] = cells;
  });
  return Array.from(out, (r) => r ?? []);
}

/**
 * The rows of an uploaded file by column, blank rows dropped; refuses a file that cannot be a batch. A CSV cell
 * starting with `=` is a formula to any spreadsheet that opens the file: flagged like an XLSX formula.
 */
export async function readBatchFile(buf: Buffer, currency: CurrencyCode): Promise<UploadedRow[]> {
  if (buf.length === 0) throw fileError('payouts.batch.empty');
  if (buf.length > PAYOUT_BATCH_MAX_BYTES) throw fileError('payouts.batch.tooBig', { max: PAYOUT_BATCH_MAX_BYTES / 1024 / 1024 });
  const format = sniffFormat(buf);
  const grid: Cell[][] = format === 'xlsx' ? await xlsxCells(buf) : parseCsv(buf.toString('utf8')).map((r) => r.map((text) => ({ text, formula: text.trim().startsWith('=') })));
  const columns = batchColumnsOf(currency);
  const header = grid[0] ?? [];
  const byIndex = header.map((h) => batchColumnOfHeader(h.text, columns));
  const missing = columns.filter((c) => c !== 'description' && !byIndex.includes(c));
  if (missing.length > 0) throw fileError('payouts.batch.missingColumns', { columns: missing.join(', ') });
  const rows: UploadedRow[] = [];
  for (let i = 1; i < grid.length; i++) {
    const cells = grid[i] ?? [];
    if (cells.every((c) => c.text.trim() === '')) continue;
    const values: BatchRowValues = {};
    const formulas: BatchColumn[] = [];
    cells.forEach((c, j) => {
      const col = byIndex[j];
      if (!col) return;
      // Longer than any field takes: kept long enough to be refused by its rule, not to fill the answer.
      values[col] = c.text.trim().slice(0, PAYOUT_BATCH_CELL_MAX_CHARS);
      if (c.formula) formulas.push(col);
    });
    rows.push({ row: i, values, formulas });
    if (rows.length > PAYOUT_BATCH_MAX_ROWS) throw fileError('payouts.batch.tooManyRows', { max: PAYOUT_BATCH_MAX_ROWS });
  }
  if (rows.length === 0) throw fileError('payouts.batch.empty');
  return rows;
}

/** An example row of a currency's template: its first destination, a valid-looking account. */
function exampleRow(currency: CurrencyCode, columns: readonly BatchColumn[]): string[] {
  const d = payoutDestinationsOf(currency)[0];
  const sample: Partial<Record<BatchColumn, string>> = {
    merchantOrderId: 'INV-0001',
    bankCode: d?.bankCode ?? '',
    accountNumber: d?.account.kind === 'digits' ? '1234567890'.padEnd(d.account.min, '0').slice(0, d.account.max) : '',
    accountName: 'Budi Santoso',
    amount: d?.minAmount ?? '',
    description: 'Supplier invoice',
  };
  return columns.map((c) => sample[c] ?? '');
}

/** The template of a currency: localised header labels, every column formatted as text (account numbers keep their zeros). */
export async function templateFile(currency: CurrencyCode, lang: Language, format: PayoutBatchFormat): Promise<Buffer> {
  const columns = batchColumnsOf(currency);
  const header = columns.map((c) => t(lang, batchColumnLabelKey(c)));
  const example = exampleRow(currency, columns);
  if (format === 'csv') {
    const line = (cells: string[]) => cells.map((c) => (/[",;\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
    return Buffer.from(`\uFEFF${line(header)}\r\n${line(example)}\r\n`, 'utf8');
  }
  const wb = await workbook();
  const ws = wb.addWorksheet(currency);
  ws.columns = columns.map((c, i) => ({ header: header[i], key: c, width: Math.max(14, (header[i] ?? '').length + 4), style: { numFmt: '@' } }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(example);
  return Buffer.from(await wb.xlsx.writeBuffer());
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
