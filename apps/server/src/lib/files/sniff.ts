/**
 * What a file is, from its first bytes (issue 14: "type checked by content, not only by name"). A PDF renamed .jpg
 * is a PDF; an HTML page renamed .png is nothing we accept. What the first bytes claim is then checked further by
 * structure.ts (issue 39): a header alone is not a file.
 */
import { FileType, type FileTypeValue } from '@mg/domain';

/** Bytes of the head sniff() needs. */
export const SNIFF_BYTES = 16;

const startsWith = (b: Buffer, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, at: number, s: string) => b.length >= at + s.length && b.toString('latin1', at, at + s.length) === s;

export function sniff(head: Buffer): FileTypeValue | null {
  if (ascii(head, 0, '%PDF-')) return FileType.PDF;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return FileType.JPEG;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FileType.PNG;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return FileType.WEBP;
  // Matroska/WebM EBML header; its DocType and the rest a player needs are checked by structure.ts.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return FileType.WEBM;
  // ISO base media: a box of type 'ftyp' first.
  if (ascii(head, 4, 'ftyp')) return FileType.MP4;
  return null;
}
