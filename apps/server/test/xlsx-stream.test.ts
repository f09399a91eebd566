/**
 * The streaming XLSX writer (lib/xlsx-stream.ts), read back with exceljs: a sheet many deflate chunks long (they are
 * deflated apart, several at once, and must join into one valid stream in order), and cell text whose whitespace must
 * survive while plain text is written without xml:space.
 */
import { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openXlsx, type XlsxCell } from '../src/lib/xlsx-stream';
import { readXlsx } from './helpers/xlsx';

/** Collects what the writer sends. */
function sink(): { out: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk);
      cb();
    },
  });
  return { out, bytes: () => Buffer.concat(chunks) };
}

async function write(rows: readonly (readonly XlsxCell[])[], header: string[]): Promise<Buffer> {
  const { out, bytes } = sink();
  const sheet = await openXlsx(out, { sheetName: 'Orders', columns: header.map(() => ({ width: 12, numFmt: '#,##0.00' })), header });
  for (const r of rows) {
    const flushed = sheet.addRow(r);
    if (flushed) await flushed;
  }
  await sheet.finish();
  return bytes();
}

/** The sheet's XML, inflated from the zip by hand (local header, then the raw deflate stream). */
function sheetXml(file: Buffer): string {
  const name = 'xl/worksheets/sheet1.xml';
  const at = file.indexOf(Buffer.from(name));
  expect(at).toBeGreaterThan(0);
  return zlib.inflateRawSync(file.subarray(at + name.length)).toString('utf8');
}

describe('xlsx stream', () => {
  it('writes a sheet of many deflate chunks that reads back row for row, in order', async () => {
    const header = ['id', 'amount', 'status', 'note'];
    const n = 60_000; // ~6 MB of XML: six chunks and more, several deflating at once
    const rows = Array.from({ length: n }, (_, i) => [`C${String(i).padStart(9, '0')}`, i + 0.25, i % 7 === 0 ? 'failed' : 'success', i % 5 === 0 ? null : `order ${i}`]);
    const file = await write(rows, header);
    const xml = sheetXml(file);
    expect(xml.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(xml.endsWith('</sheetData></worksheet>')).toBe(true);

    const sheet = await readXlsx(file);
    expect(sheet.rowCount).toBe(n + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, ...header]);
    for (const i of [0, 1, 4_999, 17_123, 31_337, n - 1]) {
      const r = rows[i] as XlsxCell[];
      const got = sheet.getRow(i + 2);
      expect(got.getCell(1).value, `row ${i}`).toBe(r[0]);
      expect(got.getCell(2).value).toBe(r[1]);
      expect(got.getCell(3).value).toBe(r[2]);
      expect(got.getCell(4).value).toBe(r[3] ?? null);
    }
  });

  it('keeps the whitespace of text that has some, and writes plain text without xml:space', async () => {
    const texts = ['plain text', ' leading', 'trailing ', 'two  spaces', 'line\nbreak', 'tab\there'];
    const file = await write([texts], texts.map((_, i) => `h${i}`));
    const xml = sheetXml(file);
    expect(xml).toContain('<t>plain text</t>');
    for (const t of texts.slice(1)) expect(xml).toContain(`<t xml:space="preserve">${t}</t>`);
    const sheet = await readXlsx(file);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(texts);
  });

  it('an empty sheet is a valid file with its header', async () => {
    const sheet = await readXlsx(await write([], ['a', 'b']));
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).values).toEqual([undefined, 'a', 'b']);
  });
});
