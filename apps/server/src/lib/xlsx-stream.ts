/**
 * A minimal streaming XLSX writer: one worksheet of inline strings and numbers, a bold header, per-column number
 * formats, a frozen header row. Rows are turned into SpreadsheetML text and deflated straight into the output zip,
 * so memory stays flat whatever the row count.
 *
 * Why not exceljs's streaming writer (DESIGN §3): on these machines it wrote 7 000 rows/s with styles on (19 columns),
 * 19 000 without; the issue asks for more than 40 000 (docs/decisions.md). exceljs stays for the batch template and in
 * tests, which read every file this writer produces back with it; uploads are read by xlsx-read.ts.
 */
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

export type XlsxCell = string | number | null | undefined;

export interface XlsxColumn {
  width: number;
  /** Excel number format of the column's numbers, e.g. `#,##0.00`. */
  numFmt?: string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CHUNK_CHARS = 64 * 1024;
/** Input of one deflate job: big enough that each chunk compresses as well as one stream would (32 KiB window). */
const DEFLATE_CHUNK_BYTES = 1024 * 1024;
/**
 * Chunks deflating at once. Two, on a 2-core machine where the export's thread and PostgreSQL need the cores too:
 * three were no faster (docs/benchmarks.md).
 */
const DEFLATE_IN_FLIGHT = 2;
/** Characters XML 1.0 does not allow (control characters other than tab, newline, carriage return). */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Any character escapeXml changes: most cells (ids, codes, dates) have none and are returned as they are. */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Whitespace inside a cell's text that XML readers may collapse: line breaks, tabs, runs of spaces. */
const COLLAPSIBLE_INSIDE = /[\t\n\r]| {2}/;

/** True when a cell's text must keep its whitespace as written (xml:space="preserve"). */
export function needsPreserve(text: string): boolean {
  return text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32 || COLLAPSIBLE_INSIDE.test(text);
}

export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** Sheet names: at most 31 characters, none of []:*?/\. */
export function sheetName(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31);
  return clean || 'Sheet1';
}

/* Zip container (stored entries are deflated; sizes and CRC follow each entry in a data descriptor) ---------- */

interface ZipEntry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** One chunk being deflated on the thread pool; `settled` never rejects (the error is kept for the writer). */
interface DeflateJob {
  settled: Promise<void>;
  done: boolean;
  out?: Buffer;
  error?: unknown;
}

function deflateJob(data: Buffer, last: boolean): DeflateJob {
  const job: DeflateJob = { settled: Promise.resolve(), done: false };
  job.settled = new Promise<void>((resolve) => {
    // chunkSize: the whole deflated chunk in one output buffer, so one callback and no concatenation per job.
    const options = { level: 1, chunkSize: DEFLATE_CHUNK_BYTES, finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH };
    zlib.deflateRaw(data, options, (error, out) => {
      if (error) job.error = error;
      else job.out = out;
      job.done = true;
      resolve();
    });
  });
  return job;
}

const DOS_TIME = 0;
const DOS_DATE = (1980 - 1980) << 9 | (1 << 5) | 1;
const FLAGS = 0x0008 | 0x0800; // data descriptor follows; UTF-8 names

class ZipWriter {
  private offset = 0;
  private readonly entries: ZipEntry[] = [];

  constructor(private readonly out: Writable) {}

  private async write(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    if (!this.out.write(buf)) await new Promise<void>((resolve, reject) => {
      const onDrain = () => { this.out.off('error', onError); resolve(); };
      const onError = (e: Error) => { this.out.off('drain', onDrain); reject(e); };
      this.out.once('drain', onDrain);
      this.out.once('error', onError);
    });
  }

  /** Starts an entry; returns a function taking text chunks and a closer. */
  async entry(name: string): Promise<{ push: (text: string) => Promise<void>; end: () => Promise<void> }> {
    const nameBuf = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt16LE(nameBuf.length, 26);
    const entry: ZipEntry = { name: nameBuf, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.write(Buffer.concat([header, nameBuf]));

    // Deflated in chunks of DEFLATE_CHUNK_BYTES, several at once on libuv's thread pool, written in order (as pigz
    // does): one streaming deflater was the slowest stage of a big export, and this thread waited for it 60 % of
    // the time. Each chunk is a raw deflate stream of its own, ended by a sync flush (a byte-aligned, non-final
    // block) so the chunks concatenate into one valid stream; the last ends with the final block. Level 1: deflating
    // was half of an export's CPU at level 6; level 1 doubles the speed for files ~25 % larger.
    const queued: DeflateJob[] = [];
    let input: Buffer[] = [];
    let inputBytes = 0;
    const writeOldest = async () => {
      const job = queued.shift() as DeflateJob;
      await job.settled;
      if (job.error !== undefined) throw job.error;
      const out = job.out as Buffer;
      entry.compressed += out.length;
      await this.write(out);
    };
    const deflateInput = async (last: boolean) => {
      const data = input.length === 1 ? (input[0] as Buffer) : Buffer.concat(input, inputBytes);
      input = [];
      inputBytes = 0;
      queued.push(deflateJob(data, last));
      // Finished chunks leave at once; otherwise this thread waits only when DEFLATE_IN_FLIGHT chunks are queued.
      while (queued.length > 0 && (last || queued.length >= DEFLATE_IN_FLIGHT || queued[0]?.done === true)) await writeOldest();
    };
    const push = async (text: string) => {
      const data = Buffer.from(text, 'utf8');
      entry.size += data.length;
      entry.crc = zlib.crc32(data, entry.crc);
      input.push(data);
      inputBytes += data.length;
      if (inputBytes >= DEFLATE_CHUNK_BYTES) await deflateInput(false);
    };
    const end = async () => {
      await deflateInput(true);
      const desc = Buffer.alloc(16);
      desc.writeUInt32LE(0x08074b50, 0);
      desc.writeUInt32LE(entry.crc >>> 0, 4);
      desc.writeUInt32LE(entry.compressed, 8);
      desc.writeUInt32LE(entry.size, 12);
      await this.write(desc);
      this.entries.push(entry);
    };
    return { push, end };
  }

  async file(name: string, text: string): Promise<void> {
    const e = await this.entry(name);
    await e.push(text);
    await e.end();
  }

  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE(20, 4);
      h.writeUInt16LE(20, 6);
      h.writeUInt16LE(FLAGS, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(DOS_TIME, 12);
      h.writeUInt16LE(DOS_DATE, 14);
      h.writeUInt32LE(e.crc >>> 0, 16);
      h.writeUInt32LE(e.compressed, 20);
      h.writeUInt32LE(e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([h, e.name]));
    }
    const size = this.offset - start;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(resolve);
    });
  }
}

/* The workbook ----------------------------------------------------------------------------------------------- */

function stylesXml(formats: string[]): string {
  const numFmts = formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(f)}"/>`).join('');
  const xfs = formats.map((_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('');
  return (
    `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
    (formats.length ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : '') +
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${2 + formats.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
    `<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${xfs}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

export interface XlsxSheetWriter {
  /**
   * Appends one row (null/undefined cells stay empty). A number in a column with a format uses that format. The
   * cells are read before it returns (the array may be reused). Returns a promise only when the row's XML went out
   * to the file, to be awaited before the next row: a promise per row was a million allocations in a big export.
   */
  addRow(cells: readonly XlsxCell[], opts?: { numFmts?: readonly (string | undefined)[] }): Promise<void> | undefined;
  /** Writes the rest of the file and ends the output stream. */
  finish(): Promise<void>;
}

/**
 * Opens a workbook with one sheet on `out`: header row in bold, then rows added one by one. `out` is ended by finish().
 */
export async function openXlsx(out: Writable, opts: { sheetName: string; columns: readonly XlsxColumn[]; header: readonly string[] }): Promise<XlsxSheetWriter> {
  const zip = new ZipWriter(out);
  const formats: string[] = [];
  const styleOf = (fmt: string | undefined): number => {
    if (!fmt) return 0;
    let i = formats.indexOf(fmt);
    if (i < 0) i = formats.push(fmt) - 1;
    return 2 + i;
  };
  const columnStyles = opts.columns.map((c) => styleOf(c.numFmt));
  const letters = opts.columns.map((_, i) => columnLetter(i));
  const sheet = await zip.entry('xl/worksheets/sheet1.xml');

  const cols = opts.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  let buffer =
    `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
    `<cols>${cols}</cols><sheetData>`;
  let rowNo = 0;

  // A cell's markup around its row number and value, built once per column and style instead of per cell (a million
  // rows of 20 columns).
  const opens: string[] = [];
  const openOf = (i: number) => (opens[i] ??= `<c r="${letters[i] ?? columnLetter(i)}`);
  const numberMids = new Map<number, string>();
  const textMids = new Map<number, string>();
  const preservedMids = new Map<number, string>();
  const numberMid = (s: number) => {
    let m = numberMids.get(s);
    if (m === undefined) numberMids.set(s, (m = s ? `" s="${s}"><v>` : '"><v>'));
    return m;
  };
  // xml:space="preserve" only where whitespace would otherwise be dropped: on every cell it was a fifth of the XML
  // (so of the deflating) of a big export.
  const textMid = (s: number, preserve: boolean) => {
    const mids = preserve ? preservedMids : textMids;
    let m = mids.get(s);
    if (m === undefined) mids.set(s, (m = `"${s ? ` s="${s}"` : ''} t="inlineStr"><is><t${preserve ? ' xml:space="preserve"' : ''}>`));
    return m;
  };

  const rowXml = (cells: readonly XlsxCell[], styles: readonly number[]): string => {
    rowNo += 1;
    const r = String(rowNo);
    let xml = '<row r="' + r + '">';
    for (let i = 0; i < cells.length; i++) {
      const v = cells[i];
      if (v === null || v === undefined || v === '') continue;
      const s = styles[i] ?? 0;
      if (typeof v === 'number') {
        if (Number.isFinite(v)) xml += openOf(i) + r + numberMid(s) + v + '</v></c>';
      } else {
        xml += openOf(i) + r + textMid(s, needsPreserve(v)) + escapeXml(v) + '</t></is></c>';
      }
    }
    return xml + '</row>';
  };

  buffer += rowXml(opts.header, opts.header.map(() => 1));

  return {
    addRow(cells, rowOpts) {
      const styles = rowOpts?.numFmts ? rowOpts.numFmts.map((f, i) => (f ? styleOf(f) : (columnStyles[i] ?? 0))) : columnStyles;
      buffer += rowXml(cells, styles);
      if (buffer.length < CHUNK_CHARS) return undefined;
      const chunk = buffer;
      buffer = '';
      return sheet.push(chunk);
    },
    async finish() {
      await sheet.push(`${buffer}</sheetData></worksheet>`);
      buffer = '';
      await sheet.end();
      const name = escapeXml(sheetName(opts.sheetName));
      await zip.file(
        '[Content_Types].xml',
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '</Types>',
      );
      await zip.file(
        '_rels/.rels',
        `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${NS_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      );
      await zip.file(
        'xl/workbook.xml',
        `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      );
      await zip.file(
        'xl/_rels/workbook.xml.rels',
        `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${NS_REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${NS_REL}/styles" Target="styles.xml"/></Relationships>`,
      );
      await zip.file('xl/styles.xml', stylesXml(formats));
      await zip.finish();
    },
  };
}
