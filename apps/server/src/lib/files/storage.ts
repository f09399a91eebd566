/**
 * Where stored files' bytes live (DESIGN §10 "Files", issue 41): uploads under their stored_file id, export files
 * under their export_job's file_id. Behind one interface, so every instance reads what any instance wrote:
 *
 * - default, PostgreSQL (`pgFileStorage`): a `file_blob` row and its `file_chunk` rows of FILE_CHUNK_BYTES, written
 *   in one transaction as the bytes stream in and read back a few chunks at a time, so a file is never whole in
 *   memory, one database backup holds every file, and the embedded default needs nothing more. Migration 0033's
 *   triggers remove the bytes with their record.
 * - optional, S3-compatible object storage (`./s3-storage.ts`, FILE_STORAGE_URL=s3://...).
 *
 * Keys are the server's own uuids, checked here again: no name or path from a client ever names stored bytes.
 * docs/decisions.md "Nothing kept by one instance alone" says why chunks and not large objects.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { isDatabaseUnavailable } from '../../db/errors';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One chunk row: large enough that a 10 MB upload is 40 rows, small enough that a read holds ~1 MB at a time. */
export const FILE_CHUNK_BYTES = 256 * 1024;
/** Chunks read per statement while a file streams out. */
const CHUNKS_PER_READ = 4;

export interface StoredBytes {
  size: number;
  stream: Readable;
}

export interface FileStorage {
  /** Stores `body` under `key`, all or nothing; resolves with its size once it is stored. */
  put(key: string, body: AsyncIterable<Buffer | Uint8Array>): Promise<{ size: number }>;
  /** The bytes under `key`, or null when nothing is stored there (the caller answers 404). */
  get(key: string): Promise<StoredBytes | null>;
  /** Removes the bytes under `key`; nothing there is not an error. */
  remove(key: string): Promise<void>;
}

export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a file key: ${key.slice(0, 40)}`);
  return key;
}

/** Cuts a stream of pieces of any size into pieces of exactly `size` bytes (the last one shorter). */
export async function* rechunk(body: AsyncIterable<Buffer | Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let held = 0;
  for await (const piece of body) {
    let buf = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
    while (held + buf.length >= size) {
      const take = size - held;
      parts.push(buf.subarray(0, take));
      yield Buffer.concat(parts, size);
      parts = [];
      held = 0;
      buf = buf.subarray(take);
    }
    if (buf.length > 0) {
      parts.push(buf);
      held += buf.length;
    }
  }
  if (held > 0) yield Buffer.concat(parts, held);
}

export function pgFileStorage(pool: pg.Pool): FileStorage {
  return {
    async put(key, body) {
      checkedKey(key);
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        await client.query('insert into file_blob (key, size, chunks) values ($1, 0, 0)', [key]);
        let size = 0;
        let seq = 0;
        for await (const chunk of rechunk(body, FILE_CHUNK_BYTES)) {
          await client.query('insert into file_chunk (key, seq, data) values ($1, $2, $3)', [key, seq, chunk]);
          seq++;
          size += chunk.length;
        }
        await client.query('update file_blob set size = $2, chunks = $3 where key = $1', [key, size, seq]);
        await client.query('COMMIT');
        return { size };
      } catch (err) {
        if (isDatabaseUnavailable(err)) broken = err instanceof Error ? err : new Error(String(err));
        else await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release(broken);
      }
    },

    async get(key) {
      checkedKey(key);
      const { rows } = await pool.query<{ size: string; chunks: number }>('select size, chunks from file_blob where key = $1', [key]);
      const blob = rows[0];
      if (!blob) return null;
      const chunks = blob.chunks;
      async function* read(): AsyncGenerator<Buffer> {
        for (let from = 0; from < chunks; from += CHUNKS_PER_READ) {
          const to = Math.min(chunks, from + CHUNKS_PER_READ);
          // Each read is its own statement: a slow download holds no connection of the pool between reads.
          const part = await pool.query<{ data: Buffer }>('select data from file_chunk where key = $1 and seq >= $2 and seq < $3 order by seq', [key, from, to]);
          // Removed while it was being read: the download ends with an error, not with a silently short file.
          if (part.rows.length !== to - from) throw new Error(`file ${key} was removed while it was read`);
          for (const r of part.rows) yield r.data;
        }
      }
      return { size: Number(blob.size), stream: Readable.from(read(), { objectMode: false, highWaterMark: FILE_CHUNK_BYTES }) };
    },

    async remove(key) {
      checkedKey(key);
      await pool.query('delete from file_blob where key = $1', [key]);
    },
  };
}

/**
 * A scratch file of this instance for the time of one request or job (an upload being checked, an export being
 * written), under `dir`; never where a stored file lives.
 */
export function scratchFile(dir: string, ext = ''): { path: string; discard(): Promise<void> } {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${process.pid}-${randomUUID()}${ext}`);
  return { path: file, discard: () => fsp.rm(file, { force: true }) };
}
