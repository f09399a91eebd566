/**
 * Whether a file of a sniffed type is whole enough for a viewer to open (issue 39: a 40-byte header-only PDF and a
 * fake WebM were accepted). The first bytes only say what a file claims to be; this walks its structure as far as a
 * viewer needs before it can show anything, and no further (no decoding):
 *
 * - PDF: the header, an object, and at its end `startxref` pointing at an xref table (with its trailer) or an xref
 *   stream, then `%%EOF`;
 * - JPEG: SOI, segments up to a frame header (SOF) and a scan (SOS), an EOI after the scan;
 * - PNG: the signature, IHDR first, IDAT, IEND, every chunk within the file;
 * - WebP: a RIFF no longer than the file, holding an image chunk (VP8, VP8L, or VP8X with one);
 * - WebM/Matroska: an EBML header of DocType webm or matroska, then a Segment holding Tracks and a first Cluster,
 *   each within the file where it declares its size (a live recording's Segment and Clusters may not);
 * - MP4 (ISO base media): `ftyp` first, a whole `moov` and an `mdat` (or fragments) among the top-level boxes.
 *
 * The file is read where needed (`readAt`), never whole, except the images, which strip.ts reads whole anyway.
 */
import { FileType, type FileTypeValue } from '@mg/domain';

/** Up to `length` bytes at `position` (fewer at the end of the file). */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

const latin1 = (b: Buffer) => b.toString('latin1');

/* PDF ---------------------------------------------------------------------------------------------------------- */

/** How far from the end `%%EOF` and `startxref` may be (viewers look in the last kilobyte; writers pad a little). */
const PDF_TAIL = 4096;
const PDF_HEAD = 64 * 1024;

async function pdfOpenable(size: number, readAt: ReadAt): Promise<boolean> {
  const head = latin1(await readAt(0, Math.min(size, PDF_HEAD)));
  if (!/^%PDF-\d\.\d/.test(head) || !/(?:^|[\s>\]])\d+\s+\d+\s+obj\b/.test(head)) return false;
  const tailAt = Math.max(0, size - PDF_TAIL);
  const tail = latin1(await readAt(tailAt, size - tailAt));
  const eof = tail.lastIndexOf('%%EOF');
  if (eof < 0) return false;
  const start = /startxref\s+(\d+)\s*$/.exec(tail.slice(0, eof).trimEnd());
  if (!start) return false;
  const at = Number(start[1]);
  if (!Number.isSafeInteger(at) || at <= 0 || at >= size) return false;
  const xref = latin1(await readAt(at, 1024));
  // A cross-reference table (a subsection header follows the keyword) closed by a trailer...
  if (/^xref\s+\d+\s+\d+/.test(xref)) return /trailer\s*<</.test(tail) || /trailer\s*<</.test(xref);
  // ... or a cross-reference stream: an object of /Type /XRef.
  return /^\d+\s+\d+\s+obj\s*<<[\s\S]*\/Type\s*\/XRef\b/.test(xref);
}

/* Images ------------------------------------------------------------------------------------------------------- */

const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegOpenable(b: Buffer): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  let frame = false;
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return false;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    if (len < 2 || i + 2 + len > b.length) return false;
    if (isSof(marker)) {
      // Height (0 allowed: given by a later DNL marker) and width, which must not be 0.
      if (len < 8 || b.readUInt16BE(i + 7) === 0) return false;
      frame = true;
    }
    if (marker === 0xda) {
      // The scan's coded data; FF D9 cannot occur inside it (an FF there is followed by 00 or a restart marker).
      return frame && b.indexOf(Buffer.from([0xff, 0xd9]), i + 2 + len) >= 0;
    }
    i += 2 + len;
  }
  return false;
}

function pngOpenable(b: Buffer): boolean {
  let i = 8;
  let first = true;
  let data = false;
  while (i + 12 <= b.length) {
    const len = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    if (i + 12 + len > b.length) return false;
    if (first && (type !== 'IHDR' || len !== 13 || b.readUInt32BE(i + 8) === 0 || b.readUInt32BE(i + 12) === 0)) return false;
    first = false;
    if (type === 'IDAT') data = true;
    if (type === 'IEND') return data;
    i += 12 + len;
  }
  return false;
}

function webpOpenable(b: Buffer): boolean {
  if (b.length < 20) return false;
  const riffEnd = 8 + b.readUInt32LE(4);
  if (riffEnd > b.length) return false;
  let i = 12;
  const types: string[] = [];
  while (i + 8 <= riffEnd) {
    const type = b.toString('latin1', i, i + 4);
    const len = b.readUInt32LE(i + 4);
    if (i + 8 + len > riffEnd) return false;
    types.push(type);
    i += 8 + len + (len % 2);
  }
  if (types[0] === 'VP8 ' || types[0] === 'VP8L') return true;
  return types[0] === 'VP8X' && types.some((t) => t === 'VP8 ' || t === 'VP8L' || t === 'ANMF');
}

/* WebM / Matroska ---------------------------------------------------------------------------------------------- */

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;
const VOID = 0xec;
/** Elements looked at in a Segment before giving up on finding its tracks and first cluster. */
const MAX_ELEMENTS = 4096;

interface EbmlHeader {
  id: number;
  /** Where the element's data starts. */
  data: number;
  /** Its data size; null when unknown (a live recording's Segment and Clusters: to the end of the parent). */
  size: number | null;
}

/** An EBML variable-length integer at `at`: its length in bytes and value (null: all ones, "unknown"). */
function vint(b: Buffer, at: number, keepMarker: boolean): { length: number; value: number | null } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let k = 1; k < length; k++) {
    const byte = b[at + k]!;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { length, value: !keepMarker && allOnes ? null : value };
}

async function ebmlElement(readAt: ReadAt, at: number): Promise<EbmlHeader | null> {
  const b = await readAt(at, 12);
  const id = vint(b, 0, true);
  if (!id || id.length > 4) return null;
  const size = vint(b, id.length, false);
  if (!size) return null;
  return { id: id.value!, data: at + id.length + size.length, size: size.value };
}

async function webmOpenable(size: number, readAt: ReadAt): Promise<boolean> {
  const header = await ebmlElement(readAt, 0);
  if (!header || header.id !== EBML || header.size === null || header.size > 4096) return false;
  const body = await readAt(header.data, header.size);
  if (body.length < header.size) return false;
  let docType: string | undefined;
  for (let i = 0; i < body.length; ) {
    const id = vint(body, i, true);
    const len = id ? vint(body, i + id.length, false) : null;
    if (!id || !len || len.value === null) return false;
    const start = i + id.length + len.length;
    if (id.value === DOC_TYPE) docType = body.toString('latin1', start, start + len.value).replace(/\0+$/, '');
    i = start + len.value;
  }
  if (docType !== 'webm' && docType !== 'matroska') return false;

  let at = header.data + header.size;
  let segment = await ebmlElement(readAt, at);
  while (segment && segment.id === VOID && segment.size !== null) segment = await ebmlElement(readAt, (at = segment.data + segment.size));
  if (!segment || segment.id !== SEGMENT) return false;
  // A Segment that says how long it is and is longer than the file was cut short (a recording's may not say).
  if (segment.size !== null && segment.data + segment.size > size) return false;
  const end = segment.size === null ? size : segment.data + segment.size;
  let tracks = false;
  at = segment.data;
  for (let n = 0; n < MAX_ELEMENTS && at < end; n++) {
    const el = await ebmlElement(readAt, at);
    if (!el) return false;
    if (el.id === TRACKS) tracks = el.size !== null && el.size > 0 && el.data + el.size <= end;
    // The first cluster, whole when it says how long it is: its frames are what a player shows first. Tracks come
    // before it in every file a player can start.
    if (el.id === CLUSTER) return tracks && (el.size === null || el.data + el.size <= end);
    if (el.size === null) return false;
    at = el.data + el.size;
  }
  return false;
}

/* MP4 ---------------------------------------------------------------------------------------------------------- */

const MAX_BOXES = 4096;

async function mp4Openable(size: number, readAt: ReadAt): Promise<boolean> {
  let at = 0;
  let moov = false;
  let media = false;
  for (let n = 0; n < MAX_BOXES && at + 8 <= size; n++) {
    const h = await readAt(at, 16);
    if (h.length < 8) return false;
    const type = h.toString('latin1', 4, 8);
    let length = h.readUInt32BE(0);
    if (length === 1) {
      if (h.length < 16) return false;
      length = Number(h.readBigUInt64BE(8));
    } else if (length === 0) length = size - at;
    if (n === 0 && type !== 'ftyp') return false;
    if (length < 8 || at + length > size) return false;
    if (type === 'moov') moov = true;
    if (type === 'mdat' || type === 'moof') media = true;
    at += length;
  }
  return moov && media;
}

/** Whether a file sniffed as `type` has the structure a viewer needs to open it. */
export async function isOpenable(type: FileTypeValue, size: number, readAt: ReadAt): Promise<boolean> {
  switch (type) {
    case FileType.PDF:
      return pdfOpenable(size, readAt);
    case FileType.JPEG:
      return jpegOpenable(await readAt(0, size));
    case FileType.PNG:
      return pngOpenable(await readAt(0, size));
    case FileType.WEBP:
      return webpOpenable(await readAt(0, size));
    case FileType.WEBM:
      return webmOpenable(size, readAt);
    case FileType.MP4:
      return mp4Openable(size, readAt);
  }
}
