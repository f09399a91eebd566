/**
 * The upload widget's checks before anything is sent (domain FILE_BIZ_RULES): the browser's MIME type against the
 * biz's types, the size against its limit, and image-only fields (spec §5 "Image-type upload fields accept only
 * files whose type contains image"). The server checks the bytes again; these only spare a useless upload.
 */
import { FILE_BIZ_RULES, acceptOf, FILE_NAME_TRUNCATE, FILE_TYPE_MIME, IMAGE_FILE_TYPES, type FileBizValue, type FileTypeValue } from '@mg/domain';

/** MIME types browsers give that are not the registered name of the type. */
const MIME_ALIASES: Readonly<Record<string, FileTypeValue>> = {
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/x-png': 'png',
};

/** The file type a browser MIME type names (parameters such as `;codecs=vp8` ignored), else undefined. */
export function fileTypeOfMime(mime: string): FileTypeValue | undefined {
  const bare = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  const found = (Object.entries(FILE_TYPE_MIME) as [FileTypeValue, string][]).find(([, m]) => m === bare);
  return found?.[0] ?? MIME_ALIASES[bare];
}

/** The types a field takes: the biz's, only its images when the field is image-only. */
export function allowedTypes(biz: FileBizValue, imageOnly: boolean): readonly FileTypeValue[] {
  const types = FILE_BIZ_RULES[biz].types;
  return imageOnly ? types.filter((t) => IMAGE_FILE_TYPES.includes(t)) : types;
}

/** The `accept` attribute of the field (acceptOf(biz), narrowed to images for an image-only field). */
export function acceptFor(biz: FileBizValue, imageOnly: boolean): string {
  if (!imageOnly) return acceptOf(biz);
  return allowedTypes(biz, true)
    .map((t) => FILE_TYPE_MIME[t])
    .join(',');
}

/** "PDF, JPEG, PNG": type names as users know them (format names, the same in every language). */
export function typeNames(types: readonly FileTypeValue[]): string {
  return types.map((t) => t.toUpperCase()).join(', ');
}

export type Refusal = { key: 'files.pleaseUploadPictures' } | { key: 'files.typeNotAllowed'; types: string } | { key: 'files.tooLarge'; maxBytes: number };

/** Why a picked file may not be uploaded for this field, or null when it may. */
export function refusalOf(file: Pick<File, 'type' | 'size'>, biz: FileBizValue, imageOnly: boolean): Refusal | null {
  if (imageOnly && !file.type.includes('image')) return { key: 'files.pleaseUploadPictures' };
  const types = allowedTypes(biz, imageOnly);
  const type = fileTypeOfMime(file.type);
  if (!type || !types.includes(type)) return { key: 'files.typeNotAllowed', types: typeNames(types) };
  const { maxBytes } = FILE_BIZ_RULES[biz];
  if (file.size > maxBytes) return { key: 'files.tooLarge', maxBytes };
  return null;
}

const KB = 1024;
const MB = 1024 * KB;

/** A size in the language's way: "850 B", "12.5 kB", "10 MB" (binary multiples, as the limits are). */
export function formatBytes(bytes: number, language: string): string {
  const [value, unit] = bytes >= MB ? [bytes / MB, 'megabyte'] : bytes >= KB ? [bytes / KB, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'narrow' : 'short', maximumFractionDigits: value < 10 && unit !== 'byte' ? 1 : 0 }).format(value);
}

/** A name for a narrow card (spec §9 "file name truncated at 5 characters"): the first characters and the extension. */
export function shortName(name: string, keep: number = FILE_NAME_TRUNCATE): string {
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const chars = [...base];
  return chars.length <= keep ? name : `${chars.slice(0, keep).join('')}…${ext}`;
}
