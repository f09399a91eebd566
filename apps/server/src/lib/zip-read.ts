/**
 * Reading a zip held in memory (an uploaded XLSX): its entries from the central directory, each entry's text as it
 * inflates. The sizes a zip declares are checked before anything is inflated, and counted again while it is: a zip
 * that understates what an entry unpacks to is refused at the first byte past its declaration.
 */
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** `malformed`: not a zip this reads; `tooLarge`: it declares, or unpacks to, more than a bound. */
export class ZipReadError extends Error {
  constructor(
    readonly reason: 'malformed' | 'tooLarge',
    detail: string,
  ) {
    super(`zip: ${detail}`);
  }
}

export interface ZipLimits {
  /** All entries together, as the central directory declares them. */
  unzippedBytes: number;
  /** Declared unpacked size over the file's own size. */
  zipRatio: number;
}

const malformed = (detail: string) => new ZipReadError('malformed', detail);
const tooLarge = (detail: string) => new ZipReadError('tooLarge', detail);

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP_END_MIN = 22;
const ZIP_END_SEARCH = 0xffff + ZIP_END_MIN;
const STORED = 0;
const DEFLATED = 8;
const INFLATE_CHUNK = 64 * 1024;

export interface ZipEntry {
  method: number;
  compressed: number;
  size: number;
  /** Where its data starts in the file. */
  data: number;
}

export const isZip = (buf: Buffer): boolean => buf.length >= 4 && buf.readUInt32LE(0) === ZIP_LOCAL;

/**
 * The entries of a zip by lower-case name, from its central directory; refuses one that declares more than
 * `unzippedBytes`, or `zipRatio` times its own size, before anything is unpacked.
 */
export function zipEntries(buf: Buffer, limits: ZipLimits): Map<string, ZipEntry> {
  let end = -1;
  for (let i = buf.length - ZIP_END_MIN; i >= Math.max(0, buf.length - ZIP_END_SEARCH); i--) {
    if (buf.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) throw malformed('no end of central directory');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== ZIP_CENTRAL) throw malformed('central directory');
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const local = buf.readUInt32LE(at + 42);
    // ZIP64 sizes (0xFFFFFFFF) are more than any upload the bounds allow.
    if (size === 0xffffffff || compressed === 0xffffffff) throw tooLarge('zip64 entry');
    total += size;
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength).replace(/^\/+/, '').toLowerCase();
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== ZIP_LOCAL) throw malformed('local header');
    const data = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (data + compressed > buf.length) throw malformed('entry beyond the file');
    entries.set(name, { method, compressed, size, data });
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  if (total > limits.unzippedBytes || total > buf.length * limits.zipRatio) throw tooLarge(`declares ${total} bytes unpacked`);
  return entries;
}

/**
 * An entry's text as it inflates, in chunks; never more bytes than the entry declares or `max` (a zip whose header
 * understates what it unpacks to is refused as soon as it passes its declaration). Stops inflating when the reader
 * stops reading.
 */
export async function* entryText(buf: Buffer, entry: ZipEntry, max: number): AsyncGenerator<string> {
  if (entry.size > max) throw tooLarge(`an entry of ${entry.size} bytes`);
  if (entry.method !== STORED && entry.method !== DEFLATED) throw malformed(`compression method ${entry.method}`);
  const data = buf.subarray(entry.data, entry.data + entry.compressed);
  const pieces = function* () {
    for (let i = 0; i < data.length; i += INFLATE_CHUNK) yield data.subarray(i, i + INFLATE_CHUNK);
  };
  const source = Readable.from(pieces(), { objectMode: false });
  const inflated = entry.method === STORED ? source : source.pipe(zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK }));
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  try {
    for await (const chunk of inflated as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > entry.size || bytes > max) throw tooLarge('an entry unpacks to more than it declares');
      yield decoder.decode(chunk, { stream: true });
    }
  } catch (e) {
    if (e instanceof ZipReadError) throw e;
    throw malformed(`inflate: ${(e as Error).message}`);
  } finally {
    source.destroy();
    inflated.destroy();
  }
  yield decoder.decode();
}

export async function wholeText(buf: Buffer, entry: ZipEntry, max: number): Promise<string> {
  let out = '';
  for await (const chunk of entryText(buf, entry, max)) out += chunk;
  return out;
}
