/**
 * XLSX files in tests: reading one the server wrote back with exceljs (which also checks the file is valid), and
 * building zips and workbooks byte by byte, so that a test can make one exactly as large, as packed or as lying
 * about its sizes as it needs.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';

/** The first sheet of an XLSX file. */
export async function readXlsx(body: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.read(Readable.from(body));
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** Stored as it is instead of deflated. */
  store?: boolean;
  /** The unpacked size the zip declares, when it is to lie about it. */
  declaredSize?: number;
  /** The bytes stored for it, instead of its data packed (bytes no inflater would take, say). */
  packed?: Buffer;
}

/** A zip of these entries, sizes declared in the local headers and the central directory. */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const data = Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8');
    const packed = p.packed ?? (p.store ? data : zlib.deflateRawSync(data, { level: 9 }));
    const name = Buffer.from(p.name);
    const crc = zlib.crc32(data);
    const size = p.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.store ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(p.store ? 0 : 8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    chunks.push(local, name, packed);
    central.push(dir, name);
    offset += local.length + name.length + packed.length;
  }
  const dirSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dirSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...central, end]);
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number) => String.fromCharCode(65 + i);

/** The parts of a one-sheet workbook, as Excel lays them out; the sheet's text in the shared-strings table. */
export function workbookParts(rows: readonly (readonly string[])[]): { sheet: string; sharedStrings: string; others: ZipPart[] } {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const sheetRows = rows.map((r, i) => {
    const cells = r.map((text, j) => {
      let n = index.get(text);
      if (n === undefined) index.set(text, (n = strings.push(text) - 1));
      return `<c r="${column(j)}${i + 1}" t="s"><v>${n}</v></c>`;
    });
    return `<row r="${i + 1}">${cells.join('')}</row>`;
  });
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return {
    sheet: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    sharedStrings: `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${ns}" count="${strings.length}">${strings.map((s) => `<si><t>${xmlText(s)}</t></si>`).join('')}</sst>`,
    others: [
      { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
      { name: '_rels/.rels', data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
      { name: 'xl/workbook.xml', data: `<?xml version="1.0"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="IDR" sheetId="1" r:id="rId1"/></sheets></workbook>` },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      },
    ],
  };
}

/** A one-sheet workbook of these rows of text. */
export function workbookOf(rows: readonly (readonly string[])[]): Buffer {
  const p = workbookParts(rows);
  return zipOf([...p.others, { name: 'xl/worksheets/sheet1.xml', data: p.sheet }, { name: 'xl/sharedStrings.xml', data: p.sharedStrings }]);
}
