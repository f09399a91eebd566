/**
 * The streaming XLSX reader of uploads (lib/xlsx-read.ts): a workbook written by exceljs reads as exceljs read it
 * (shared and rich text, numbers, dates by their style, booleans, formulas as their text, holes between cells, the
 * first sheet in the workbook's order), our own writer's inline strings, namespace prefixes, and the stop after the
 * rows asked for.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readFirstSheet, type XlsxReadLimits } from '../src/lib/xlsx-read';
import { openXlsx } from '../src/lib/xlsx-stream';
import { workbookOf, workbookParts, zipOf } from './helpers/xlsx';

const MB = 1024 * 1024;
const limits: XlsxReadLimits = { unzippedBytes: 200 * MB, zipRatio: 100, sharedStringsBytes: 32 * MB, partBytes: 8 * MB, rowBytes: MB, columns: 64 };
const texts = (rows: { cells: { text: string }[] }[]) => rows.map((r) => r.cells.map((c) => c.text));

describe('reading the first sheet of an XLSX', () => {
  it('reads what exceljs wrote as exceljs read it: text, rich text, numbers, dates, booleans, formulas, holes', async () => {
    const wb = new ExcelJS.Workbook();
    // Added first, shown second: the sheet read is the first in the workbook's order.
    const notes = wb.addWorksheet('Notes');
    notes.addRow(['not this one']);
    const ws = wb.addWorksheet('IDR');
    wb.worksheets.forEach((s) => ((s as unknown as { orderNo: number }).orderNo = s.name === 'IDR' ? 0 : 1));
    ws.addRow(['name', 'amount', 'when', 'ok', 'sum']);
    ws.addRow(['Budi & <Sari>', 100000, new Date('2026-03-04T05:06:07Z'), true, { formula: 'B2*2', result: 200000 }]);
    ws.addRow([{ richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'Name' }] }, 0.25, null, false, { formula: 'SUM(B2:B3)', result: 1 }]);
    ws.getCell('H4').value = 'far right';
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const sheet = await readFirstSheet(file, { maxRows: 100, limits });
    expect(sheet.truncated).toBe(false);
    expect(sheet.rows.map((r) => r.row)).toEqual([1, 2, 3, 4]);
    expect(texts(sheet.rows)).toEqual([
      ['name', 'amount', 'when', 'ok', 'sum'],
      ['Budi & <Sari>', '100000', '2026-03-04T05:06:07.000Z', 'true', '=B2*2'],
      ['Rich Name', '0.25', '', 'false', '=SUM(B2:B3)'],
      ['', '', '', '', '', '', '', 'far right'],
    ]);
    expect(sheet.rows[1]!.cells.map((c) => c.formula)).toEqual([false, false, false, false, true]);
  });

  it('reads the inline strings of our own writer, and elements under a namespace prefix', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const xlsx = await openXlsx(out, { sheetName: 'S', columns: [{ width: 10 }, { width: 10 }], header: ['a', 'b'] });
    await xlsx.addRow(['  spaced  ', 42]);
    await xlsx.finish();
    expect(texts((await readFirstSheet(Buffer.concat(chunks), { maxRows: 10, limits })).rows)).toEqual([['a', 'b'], ['  spaced  ', '42']]);

    const p = workbookParts([['x']]);
    const prefixed = '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row r="1"><x:c r="B1" t="inlineStr"><x:is><x:t>prefixed</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>';
    const file = zipOf([...p.others, { name: 'xl/worksheets/sheet1.xml', data: prefixed }, { name: 'xl/sharedStrings.xml', data: p.sharedStrings }]);
    expect(texts((await readFirstSheet(file, { maxRows: 10, limits })).rows)).toEqual([['', 'prefixed']]);
  });

  it('stops at the row after maxRows rows holding a value; blank rows do not count', async () => {
    const rows = [['h'], ...Array.from({ length: 50 }, (_, i) => [String(i)])];
    expect((await readFirstSheet(workbookOf(rows), { maxRows: 51, limits })).truncated).toBe(false);
    expect(await readFirstSheet(workbookOf(rows), { maxRows: 50, limits })).toEqual({ rows: [], truncated: true });
    const p = workbookParts([['h'], ['v']]);
    const blank = p.sheet.replace('<row r="2">', '<row r="2"><c r="C2" s="1"/></row><row r="3"/><row r="4"><c r="A4" t="inlineStr"><is><t>  </t></is></c></row><row r="5">');
    const file = zipOf([...p.others, { name: 'xl/worksheets/sheet1.xml', data: blank }, { name: 'xl/sharedStrings.xml', data: p.sharedStrings }]);
    const sheet = await readFirstSheet(file, { maxRows: 2, limits });
    expect(sheet.rows.map((r) => [r.row, r.cells[0]?.text])).toEqual([[1, 'h'], [5, 'v']]);
  });
});
