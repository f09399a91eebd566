/**
 * Uploaded files (spec §3 "Uploaded file", §7 `POST /sys/common/upload`, issue 14): what a purpose accepts and how
 * large, decided here once for the upload widget, the server's content check and the docs. A file's type is what
 * its bytes say (the server sniffs them); the name and the browser's MIME type are only hints.
 */
import { z } from 'zod';
import { UPLOAD_BIZ_PATH_DEFAULT } from '../constants';

/** Types the server recognises by their first bytes. */
export const FileType = {
  PDF: 'pdf',
  JPEG: 'jpeg',
  PNG: 'png',
  WEBP: 'webp',
  WEBM: 'webm',
  MP4: 'mp4',
} as const;
export type FileTypeValue = (typeof FileType)[keyof typeof FileType];
export const FILE_TYPES = Object.values(FileType);

export const FILE_TYPE_MIME: Readonly<Record<FileTypeValue, string>> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  webm: 'video/webm',
  mp4: 'video/mp4',
};

export const IMAGE_FILE_TYPES: readonly FileTypeValue[] = [FileType.JPEG, FileType.PNG, FileType.WEBP];

const MB = 1024 * 1024;

/**
 * The `biz` of an upload (spec §7, default 'temp'): what the file is for, which decides the types and the size it
 * may have. Never a path: the server stores every file under an id of its own.
 */
export const FileBiz = {
  TEMP: 'temp',
  /** KYB documents: certificates, articles, proofs of address, bank statements, ID documents. */
  DOCUMENT: 'document',
  IMAGE: 'image',
  /** Video identification recordings. */
  VIDEO: 'video',
} as const;
export type FileBizValue = (typeof FileBiz)[keyof typeof FileBiz];
export const FILE_BIZ = Object.values(FileBiz);
/** Spec §9 "bizPath default 'temp'". */
export const UPLOAD_BIZ_DEFAULT: FileBizValue = UPLOAD_BIZ_PATH_DEFAULT;

export const FILE_BIZ_RULES: Readonly<Record<FileBizValue, { maxBytes: number; types: readonly FileTypeValue[] }>> = {
  temp: { maxBytes: 10 * MB, types: [FileType.PDF, ...IMAGE_FILE_TYPES] },
  document: { maxBytes: 10 * MB, types: [FileType.PDF, ...IMAGE_FILE_TYPES] },
  image: { maxBytes: 10 * MB, types: IMAGE_FILE_TYPES },
  video: { maxBytes: 50 * MB, types: [FileType.WEBM, FileType.MP4] },
};

/** The largest upload of any biz: the server's multipart limit. */
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(FILE_BIZ_RULES).map((r) => r.maxBytes));
export const FILE_NAME_MAX_LENGTH = 200;
/**
 * What a stored or displayed file name may not hold: C0 and C1 control characters, DEL, line and paragraph
 * separators, and the Unicode bidi controls (embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069, the
 * marks U+200E, U+200F and U+061C). A right-to-left override shows `invoice\u202Efdp.exe` as "invoiceexe.pdf".
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

/**
 * A client's file name made safe to store and show: the last path segment only (never a path), without the
 * characters above (the rest reads as typed, in its own order), at most `max` characters; `fallback` when nothing
 * is left.
 */
export function cleanFileName(name: string | undefined, fallback = 'file', max = FILE_NAME_MAX_LENGTH): string {
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(UNSAFE_NAME_CHARACTERS, '').normalize('NFC').trim();
  let out = (base || fallback).slice(0, max);
  // A cut through a surrogate pair would leave half a character.
  if (/[\ud800-\udbff]$/.test(out)) out = out.slice(0, -1);
  return out;
}

/** An authorised file URL works this long after it was handed out. */
export const FILE_URL_TTL_SECONDS = 15 * 60;

/** The `accept` attribute of a file input for a biz. */
export function acceptOf(biz: FileBizValue): string {
  return FILE_BIZ_RULES[biz].types.map((t) => FILE_TYPE_MIME[t]).join(',');
}

export function isImageType(type: string): boolean {
  return (IMAGE_FILE_TYPES as readonly string[]).includes(type);
}

/** A stored file as screens see it: `url` is authorised by itself (no session token) and expires. */
export const fileViewSchema = z.object({
  id: z.string().describe('uuid'),
  name: z.string().describe('the name it was uploaded with'),
  type: z.enum(FILE_TYPES as [FileTypeValue, ...FileTypeValue[]]).describe('what its bytes are'),
  size: z.number().int(),
  biz: z.string(),
  url: z.string().describe(`GET this to read the file, for ${FILE_URL_TTL_SECONDS} s`),
  createdAt: z.string(),
});
export type FileView = z.infer<typeof fileViewSchema>;

/** Spec §4 upload item states. */
export const UploadStatus = { UPLOADING: 'uploading', DONE: 'done', ERROR: 'error', REMOVED: 'removed' } as const;
export type UploadStatusValue = (typeof UploadStatus)[keyof typeof UploadStatus];
