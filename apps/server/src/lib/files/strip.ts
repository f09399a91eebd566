/**
 * Images lose their metadata before they are stored (issue 14): EXIF carries the camera and often the GPS position
 * of a photographed ID card, and text chunks may carry anything. The pixels are kept byte for byte (no re-encoding,
 * so no quality loss); what tells a decoder how to read them (JFIF, ICC profile, Adobe colour transform) is kept.
 * An image these parsers cannot walk is refused rather than stored with its metadata.
 */
import { FileType, type FileTypeValue } from '@mg/domain';

export class UnreadableImageError extends Error {}

/** JPEG: drop APP1 (EXIF, XMP), APP3-APP13, APP15 and comments; keep APP0 (JFIF), APP2 (ICC) and APP14 (Adobe). */
function stripJpeg(b: Buffer): Buffer {
  const keep: Buffer[] = [b.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) throw new UnreadableImageError('jpeg: marker expected');
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Start of scan: the entropy-coded data and everything after it is image data.
    if (marker === 0xda) {
      keep.push(b.subarray(i));
      return Buffer.concat(keep);
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      keep.push(b.subarray(i, i + 2));
      i += 2;
      continue;
    }
    const len = b.readUInt16BE(i + 2);
    if (len < 2 || i + 2 + len > b.length) throw new UnreadableImageError('jpeg: segment length');
    const app = marker >= 0xe0 && marker <= 0xef ? marker - 0xe0 : -1;
    const drop = marker === 0xfe || (app >= 0 && app !== 0 && app !== 2 && app !== 14);
    if (!drop) keep.push(b.subarray(i, i + 2 + len));
    i += 2 + len;
  }
  throw new UnreadableImageError('jpeg: no image data');
}

const PNG_DROP = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

/** PNG: drop text, EXIF and time chunks (each chunk is length, type, data, CRC: dropping one needs no rewrite). */
function stripPng(b: Buffer): Buffer {
  const keep: Buffer[] = [b.subarray(0, 8)];
  let i = 8;
  while (i + 12 <= b.length) {
    const len = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    const end = i + 12 + len;
    if (end > b.length) throw new UnreadableImageError('png: chunk length');
    if (!PNG_DROP.has(type)) keep.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') return Buffer.concat(keep);
  }
  throw new UnreadableImageError('png: no IEND');
}

const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/** WebP: drop the EXIF and XMP chunks, clear their flags in VP8X, and write the new RIFF size. */
function stripWebp(b: Buffer): Buffer {
  const keep: Buffer[] = [];
  let i = 12;
  while (i + 8 <= b.length) {
    const type = b.toString('latin1', i, i + 4);
    const len = b.readUInt32LE(i + 4);
    const end = i + 8 + len + (len % 2);
    if (i + 8 + len > b.length) throw new UnreadableImageError('webp: chunk length');
    if (type === 'VP8X') {
      const chunk = Buffer.from(b.subarray(i, Math.min(end, b.length)));
      chunk[8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
      keep.push(chunk);
    } else if (type !== 'EXIF' && type !== 'XMP ') keep.push(b.subarray(i, Math.min(end, b.length)));
    i = end;
  }
  const body = Buffer.concat(keep);
  const head = Buffer.from(b.subarray(0, 12));
  head.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([head, body]);
}

/** The image without its metadata; other types unchanged. */
export function stripMetadata(type: FileTypeValue, bytes: Buffer): Buffer {
  if (type === FileType.JPEG) return stripJpeg(bytes);
  if (type === FileType.PNG) return stripPng(bytes);
  if (type === FileType.WEBP) return stripWebp(bytes);
  return bytes;
}
