/** Reading an XLSX the server wrote back with exceljs (which also checks the file is valid). */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** The first sheet of an XLSX file. */
export async function readXlsx(body: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.read(Readable.from(body));
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}
