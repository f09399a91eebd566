/**
 * Where uploaded bytes live (DESIGN §10 "Files"): behind an interface, so an S3-compatible store can replace the
 * local directory. Keys are the server's own file ids (uuids), checked here again: no name or path from a client
 * ever reaches the file system.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface FileStorage {
  /** A place to write an upload to before it is checked; `commit` moves it under its key, `discard` drops it. */
  staging(): { path: string; commit(key: string): Promise<void>; discard(): Promise<void> };
  read(key: string): Readable;
  size(key: string): Promise<number>;
}

function checked(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a file key: ${key.slice(0, 40)}`);
  return key;
}

export function localFileStorage(root: string): FileStorage {
  fs.mkdirSync(path.join(root, 'staging'), { recursive: true, mode: 0o700 });
  const at = (key: string) => path.join(root, checked(key).slice(0, 2), checked(key));
  return {
    staging() {
      const tmp = path.join(root, 'staging', `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
      return {
        path: tmp,
        async commit(key) {
          await fsp.mkdir(path.dirname(at(key)), { recursive: true, mode: 0o700 });
          await fsp.rename(tmp, at(key));
        },
        async discard() {
          await fsp.rm(tmp, { force: true });
        },
      };
    },
    read: (key) => fs.createReadStream(at(key)),
    size: async (key) => (await fsp.stat(at(key))).size,
  };
}
