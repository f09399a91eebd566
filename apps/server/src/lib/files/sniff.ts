/**
 * What a file is, from its first bytes (issue 14: "type checked by content, not only by name"). A PDF renamed .jpg
 * is a PDF; an HTML page renamed .png is nothing we accept.
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
  // Matroska/WebM EBML header; the doc type is checked by the recorder's output, which is WebM in every browser that has MediaRecorder.
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return FileType.WEBM;
  // ISO base media: a box of type 'ftyp' first.
  if (ascii(head, 4, 'ftyp')) return FileType.MP4;
  return null;
}
