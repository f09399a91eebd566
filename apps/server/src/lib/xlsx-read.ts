/**
 * A streaming reader of uploaded XLSX files: the first worksheet's rows, counted as the sheet inflates and stopped
 * after a number of rows, every part's size bounded from the zip's central directory before it is inflated and
 * counted again while it is (zip-read.ts). Nothing is evaluated: a formula is returned as its text and flagged.
 *
 * Why not exceljs (docs/decisions.md, issue 39): `load` builds the whole workbook before a row limit can apply, and
 * its streaming reader keeps the whole shared-strings table. Here the sheet is read first, each text cell keeping
 * only its index in that table, and then only the strings the rows kept use are read, up to the last one needed:
 * memory follows the rows kept, not the file.
 */
import { setImmediate as yieldNow } from 'node:timers/promises';
import { attr, decodeXml, elements, elementsOf, firstOf, nextElement, startOf, stringText } from './xml-elements';
import { entryText, isZip, wholeText, zipEntries, ZipReadError, type ZipEntry, type ZipLimits } from './zip-read';

/** Rows parsed between two turns of the event loop (a few milliseconds of work). */
const YIELD_EVERY_ROWS = 250;

export interface XlsxReadLimits extends ZipLimits {
  /** The shared-strings table, unpacked. */
  sharedStringsBytes: number;
  /** Each part read whole (workbook, its relationships, styles), unpacked. */
  partBytes: number;
  /** One row's XML. */
  rowBytes: number;
  /** Cells right of this many columns are not read: a row holding one says so (`beyond`). */
  columns: number;
}

/** `notXlsx`: not a readable workbook; `tooLarge`: a part is (or unpacks to) more than its bound. */
export class XlsxReadError extends Error {
  constructor(
    readonly reason: 'notXlsx' | 'tooLarge',
    detail: string,
  ) {
    super(`xlsx: ${detail}`);
  }
}

export interface XlsxReadCell {
  text: string;
  formula: boolean;
}

export interface XlsxReadRow {
  /** The sheet's row number (1 = the first row). */
  row: number;
  /** By column (0 = A); columns without a cell are empty. */
  cells: XlsxReadCell[];
  /** A cell right of the columns read holds a value: the caller reports it rather than lose it unseen. */
  beyond: boolean;
}

export interface XlsxSheetRead {
  /** Rows holding at least one value, in sheet order. */
  rows: XlsxReadRow[];
  /**
   * Another row holding a value followed the `maxRows` read: reading stopped there, and `rows` is empty. Counted
   * rows hold a value by their XML: a shared string of spaces and a cell right of the columns read count too.
   */
  truncated: boolean;
}

const notXlsx = (detail: string) => new XlsxReadError('notXlsx', detail);
const tooLarge = (detail: string) => new XlsxReadError('tooLarge', detail);

/* Workbook parts ----------------------------------------------------------------------------------------------- */

/** Number formats Excel shows as a date or a time (its built-in ids, and what a format code spells). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
const isDateCode = (code: string) => /[ymdhsb]/i.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '').replace(/\\./g, ''));

/** For each cell style (`s`), whether a number in it is a date. */
function dateStyles(styles: string): boolean[] {
  const codes = new Map<number, string>();
  for (const f of elementsOf(styles, 'numFmt')) codes.set(Number(attr(f.open, 'numFmtId')), attr(f.open, 'formatCode') ?? '');
  const xfs = firstOf(styles, 'cellXfs');
  if (!xfs) return [];
  return [...elementsOf(xfs.body, 'xf')].map((xf) => {
    const id = Number(attr(xf.open, 'numFmtId') ?? 0);
    const code = codes.get(id);
    return code !== undefined ? isDateCode(code) : BUILTIN_DATE_FORMATS.has(id);
  });
}

const DAY_MS = 86_400_000;
/** 1899-12-30, day 0 of Excel's 1900 date system (its leap-year bug included); 1904 starts 1 462 days later. */
const EXCEL_EPOCH_DAYS = 25_569;

function excelDate(serial: number, date1904: boolean): string {
  const d = new Date(Math.round((serial - EXCEL_EPOCH_DAYS + (date1904 ? 1462 : 0)) * DAY_MS));
  return Number.isNaN(d.getTime()) ? String(serial) : d.toISOString();
}

interface WorkbookParts {
  sheet: ZipEntry;
  sharedStrings?: ZipEntry;
  styles?: ZipEntry;
  date1904: boolean;
}

/** `worksheets/sheet1.xml` relative to xl/, or an absolute part name, as a lower-case entry name. */
function partName(target: string): string {
  const parts: string[] = [];
  for (const seg of (target.startsWith('/') ? target.slice(1) : `xl/${target}`).split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/').toLowerCase();
}

/** The first sheet in the workbook's order (what a spreadsheet opens on), the shared strings and the styles. */
async function workbookParts(buf: Buffer, entries: Map<string, ZipEntry>, limits: XlsxReadLimits): Promise<WorkbookParts> {
  const wbEntry = entries.get('xl/workbook.xml');
  const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
  if (!wbEntry || !relsEntry) throw notXlsx('no workbook');
  const workbook = await wholeText(buf, wbEntry, limits.partBytes);
  const rels = await wholeText(buf, relsEntry, limits.partBytes);
  const targets = new Map<string, { type: string; part: string }>();
  for (const r of elementsOf(rels, 'Relationship')) {
    targets.set(attr(r.open, 'Id') ?? '', { type: attr(r.open, 'Type') ?? '', part: partName(attr(r.open, 'Target') ?? '') });
  }
  const first = firstOf(workbook, 'sheet');
  const rid = first ? /\s[\w.-]+:id\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(first.open) : null;
  const sheet = rid ? entries.get(targets.get(rid[1] ?? rid[2] ?? '')?.part ?? '') : undefined;
  if (!sheet) throw notXlsx('no first sheet');
  const ofType = (suffix: string) => [...targets.values()].find((t) => t.type.endsWith(suffix))?.part;
  const pr = firstOf(workbook, 'workbookPr');
  const d1904 = pr ? attr(pr.open, 'date1904') : undefined;
  return {
    sheet,
    sharedStrings: entries.get(ofType('/sharedStrings') ?? 'xl/sharedstrings.xml'),
    styles: entries.get(ofType('/styles') ?? 'xl/styles.xml'),
    date1904: d1904 === '1' || d1904 === 'true',
  };
}

/* The sheet ---------------------------------------------------------------------------------------------------- */

/** A cell as the sheet holds it: its text, or the index of its text in the shared-strings table. */
interface RawCell {
  text: string;
  shared: number;
  formula: boolean;
}

function columnIndex(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n > 0 ? n - 1 : undefined;
}

const CELL = startOf('c');
/**
 * Whether a row's XML holds a value: a formula, or a value or text element with something other than spaces in it.
 * What rowCells reads as a value passes; a cell right of the columns read passes too (it counts towards the limit).
 */
const HOLDS_VALUE = /<(?:[\w.-]+:)?(?:f[\s/>]|[vt](?:\s[^>]*)?>[^<]*[^\s<])/;
/** The attributes of a cell's start tag that matter: its reference, type and style. */
const CELL_ATTRIBUTES = /\s(?:[\w.-]+:)?([rts])\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
/** A cell's value as Excel writes it, `<v>...</v>` and nothing else: read without a search. */
const PLAIN_VALUE = /^<v>([^<]*)<\/v>$/;

/** One row's cells (empty cells left out), and whether one right of the columns read holds a value. */
function rowCells(body: string, limits: XlsxReadLimits, dates: boolean[], date1904: boolean): { cells: RawCell[]; beyond: boolean } {
  const cells: RawCell[] = [];
  let beyond = false;
  let col = -1;
  let from = 0;
  for (;;) {
    const next = nextElement(body, from, CELL);
    if (!next || next.end < 0) break;
    from = next.end;
    const { open, body: inner } = next.element!;
    let ref: string | undefined;
    let type = 'n';
    let style = 0;
    CELL_ATTRIBUTES.lastIndex = 0;
    for (let m = CELL_ATTRIBUTES.exec(open); m; m = CELL_ATTRIBUTES.exec(open)) {
      const value = m[2] ?? m[3] ?? '';
      if (m[1] === 'r') ref = value;
      else if (m[1] === 't') type = value;
      else style = Number(value);
    }
    col = columnIndex(ref) ?? col + 1;
    if (inner === '') continue;
    if (col >= limits.columns) {
      beyond ||= HOLDS_VALUE.test(inner);
      continue;
    }
    const plain = PLAIN_VALUE.exec(inner);
    const f = plain ? undefined : firstOf(inner, 'f');
    const v = plain ? plain[1]! : firstOf(inner, 'v')?.body;
    const raw = v ? decodeXml(v) : '';
    const cell: RawCell = { text: '', shared: -1, formula: f !== undefined };
    if (f) cell.text = `=${decodeXml(f.body)}`;
    else if (type === 's') cell.shared = raw === '' ? -1 : Number(raw);
    else if (type === 'inlineStr') cell.text = stringText(firstOf(inner, 'is')?.body ?? '');
    else if (type === 'b') cell.text = raw === '' ? '' : String(raw === '1' || raw === 'true');
    else if (type === 'str' || type === 'e') cell.text = raw;
    else if (type === 'd') cell.text = Number.isNaN(Date.parse(raw)) ? raw : new Date(raw).toISOString();
    else if (raw !== '') {
      const n = Number(raw);
      cell.text = !Number.isFinite(n) ? raw : dates[style] ? excelDate(n, date1904) : String(n);
    }
    // Blank text is no value (a batch trims every cell); a shared string is one until it is read.
    if (cell.text.trim() === '' && cell.shared < 0 && !cell.formula) continue;
    cells[col] = cell;
  }
  return { cells, beyond };
}

/** The strings of the shared-strings table at the indexes asked, read up to the last one asked. */
async function sharedStrings(buf: Buffer, entry: ZipEntry | undefined, wanted: Set<number>, limits: XlsxReadLimits): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!entry || wanted.size === 0) return out;
  let last = 0;
  for (const w of wanted) if (w > last) last = w;
  let i = 0;
  for await (const items of elements(entryText(buf, entry, limits.sharedStringsBytes), 'si', limits.rowBytes, tooLarge)) {
    for (const si of items) {
      if (wanted.has(i)) out.set(i, stringText(si.body));
      i++;
    }
    if (i > last) break;
  }
  return out;
}

/**
 * The first worksheet's rows holding a value, at most `maxRows` of them: reading stops at the next one (`truncated`).
 * Throws XlsxReadError for a file that is not a workbook or exceeds a bound.
 */
export async function readFirstSheet(buf: Buffer, opts: { maxRows: number; limits: XlsxReadLimits }): Promise<XlsxSheetRead> {
  try {
    return await firstSheet(buf, opts);
  } catch (e) {
    if (e instanceof ZipReadError) throw new XlsxReadError(e.reason === 'tooLarge' ? 'tooLarge' : 'notXlsx', e.message);
    throw e;
  }
}

async function firstSheet(buf: Buffer, opts: { maxRows: number; limits: XlsxReadLimits }): Promise<XlsxSheetRead> {
  const { limits } = opts;
  if (!isZip(buf)) throw notXlsx('not a zip');
  const entries = zipEntries(buf, limits);
  const parts = await workbookParts(buf, entries, limits);
  // Refused before anything of it is unpacked: a table larger than any batch's text.
  if (parts.sharedStrings && parts.sharedStrings.size > limits.sharedStringsBytes) throw tooLarge(`a shared-strings table of ${parts.sharedStrings.size} bytes`);
  const dates = parts.styles ? dateStyles(await wholeText(buf, parts.styles, limits.partBytes)) : [];

  // Rows are counted by a look at their XML and parsed once the sheet is known to fit: a file over the limit is
  // refused for the cost of a search per row.
  const kept: { row: number; body: string }[] = [];
  let rowNo = 0;
  for await (const batch of elements(entryText(buf, parts.sheet, limits.unzippedBytes), 'row', limits.rowBytes, tooLarge)) {
    for (const r of batch) {
      rowNo = Number(attr(r.open, 'r')) || rowNo + 1;
      if (!HOLDS_VALUE.test(r.body)) continue;
      if (kept.length === opts.maxRows) return { rows: [], truncated: true };
      kept.push({ row: rowNo, body: r.body });
    }
  }
  const raw: { row: number; cells: RawCell[]; beyond: boolean }[] = [];
  for (let i = 0; i < kept.length; i++) {
    // Other requests go on between slices of rows: four uploads at once must not hold the server for their parse.
    if (i > 0 && i % YIELD_EVERY_ROWS === 0) await yieldNow();
    const r = kept[i]!;
    const { cells, beyond } = rowCells(r.body, limits, dates, parts.date1904);
    if (cells.length > 0 || beyond) raw.push({ row: r.row, cells, beyond });
  }

  const wanted = new Set<number>();
  for (const r of raw) for (const c of r.cells) if (c && c.shared >= 0) wanted.add(c.shared);
  const strings = await sharedStrings(buf, parts.sharedStrings, wanted, limits);
  const rows = raw.map((r) => ({
    row: r.row,
    cells: Array.from(r.cells, (c) => (c ? { text: c.shared >= 0 ? (strings.get(c.shared) ?? '') : c.text, formula: c.formula } : { text: '', formula: false })),
    beyond: r.beyond,
  }));
  return { rows, truncated: false };
}
