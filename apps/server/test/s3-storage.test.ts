/**
 * The optional S3-compatible file store (lib/files/s3-storage.ts, issue 41) against s3rver, an S3 API server that
 * installs from npm and runs in this process on a loopback port with a temporary directory: the same calls as the
 * database's store, and an upload through the app served from it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3FileStorage, s3LocationOf } from '../src/lib/files/s3-storage';
import type { FileStorage } from '../src/lib/files/storage';
import { buildTestApp } from './helpers/app';
import { login } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { PDF, upload } from './helpers/files';

let server: S3rver;
let dir: string;
let storage: FileStorage;
let endpoint: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-s3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const addr = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${addr.port}`;
  // s3rver's default credentials.
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
  await client.send(new CreateBucketCommand({ Bucket: 'mg-files' }));
  storage = await s3FileStorage(s3LocationOf(`s3://mg-files/uploads?endpoint=${encodeURIComponent(endpoint)}&forcePathStyle=true`));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const readAll = async (s: NodeJS.ReadableStream) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return Buffer.concat(parts);
};

describe('S3-compatible file store (s3rver)', () => {
  it('stores a stream of 6 MB (a multipart upload) and reads it back the same; removed, it is gone (null)', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 5);
    async function* pieces() {
      for (let at = 0; at < bytes.length; at += 65_537) yield bytes.subarray(at, at + 65_537);
    }
    const key = randomUUID();
    expect(await storage.put(key, pieces())).toEqual({ size: bytes.length });
    const got = await storage.get(key);
    expect(got?.size).toBe(bytes.length);
    expect((await readAll(got!.stream)).equals(bytes)).toBe(true);
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.get(randomUUID())).toBeNull();
  });

  it('an upload through the app is served from it', async () => {
    const tdb: TestDatabase = await createTestDatabase();
    const app = await buildTestApp(tdb, { fileStorage: storage, rateLimitPerMinute: 100_000 });
    try {
      await app.ready();
      const token = await login(app, 'demo_admin');
      const up = await upload(app, token, { data: PDF, filename: 'deed.pdf' }, 'document');
      expect(up.statusCode).toBe(200);
      const { id, url } = up.json().result as { id: string; url: string };
      // Nothing of it in the database's store.
      expect((await tdb.pool.query('select count(*)::int n from file_blob where key = $1', [id])).rows[0].n).toBe(0);
      const got = await app.inject({ url });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PDF)).toBe(true);
      await storage.remove(id);
      expect((await app.inject({ url })).statusCode).toBe(404);
    } finally {
      await app.close();
      await tdb.drop();
    }
  });
});
