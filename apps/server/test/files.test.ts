/**
 * Uploads (issue 14) through the HTTP API on real PostgreSQL: the type is what the bytes are (a spoofed name or MIME
 * type is refused), each biz has its size limit, images lose their metadata, names never become paths, and a file is
 * read only through an authorised URL by its merchant's users or platform staff.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_BIZ_RULES, FILE_URL_TTL_SECONDS } from '@mg/domain';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { isOpenable } from '../src/lib/files/structure';
import { FILE_CHUNK_BYTES, pgFileStorage } from '../src/lib/files/storage';
import { importLocalUploads, uploadScratchDir } from '../src/modules/files/service';
import { FAKE_WEBM, HEADER_ONLY_PDF, JPEG, PDF, PNG, WEBM, WEBP, jpegWithExif, multipart, pngWithText, upload } from './helpers/files';

let tdb: TestDatabase;
let app: FastifyInstance;
let merchant: Client;
let other: Client;
let staff: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
  [merchant, other, staff] = await Promise.all([signIn(app, 'demo_admin'), signIn(app, 'br_admin'), signIn(app, 'admin')]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const view = (res: LightMyRequestResponse) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body) as { success: boolean; message: string; result: { id: string; name: string; type: string; size: number; biz: string; url: string } };
};
const code = (res: LightMyRequestResponse) => JSON.parse(res.body).errorCode as string;
const fetchUrl = (url: string) => app.inject({ method: 'GET', url });

describe('upload', () => {
  it('answers the spec envelope: success, message the stored path, the file view; biz defaults to temp', async () => {
    const r = view(await upload(app, merchant.token, { data: PDF, filename: 'contract.pdf', contentType: 'application/pdf' }));
    expect(r.success).toBe(true);
    expect(r.message).toBe(`files/${r.result.id}`);
    expect(r.result).toMatchObject({ name: 'contract.pdf', type: 'pdf', size: PDF.length, biz: 'temp' });
    const got = await fetchUrl(r.result.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(PDF)).toBe(true);
  });

  it('decides the type by the bytes: an HTML page named .pdf, and a PDF sent as an image, are refused', async () => {
    const html = await upload(app, merchant.token, { data: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'invoice.pdf', contentType: 'application/pdf' }, 'document');
    expect(html.statusCode).toBe(400);
    expect(code(html)).toBe('FILE_TYPE_NOT_ALLOWED');
    const pdfAsImage = await upload(app, merchant.token, { data: PDF, filename: 'photo.png', contentType: 'image/png' }, 'image');
    expect(pdfAsImage.statusCode).toBe(400);
    expect(code(pdfAsImage)).toBe('FILE_TYPE_NOT_ALLOWED');
    // A video is only a video upload's.
    expect(code(await upload(app, merchant.token, { data: WEBM, filename: 'a.webm' }, 'document'))).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(view(await upload(app, merchant.token, { data: WEBM, filename: 'a.webm' }, 'video')).result.type).toBe('webm');
  });

  it('refuses a file over its biz limit (413) and keeps nothing of it', async () => {
    const before = await tdb.pool.query('select count(*)::int n from stored_file');
    const big = Buffer.concat([PDF, Buffer.alloc(FILE_BIZ_RULES.document.maxBytes)]);
    const res = await upload(app, merchant.token, { data: big, filename: 'big.pdf' }, 'document');
    expect(res.statusCode).toBe(413);
    expect(code(res)).toBe('FILE_TOO_LARGE');
    const after = await tdb.pool.query('select count(*)::int n from stored_file');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    expect(fs.readdirSync(uploadScratchDir(app))).toEqual([]);
  });

  it('takes biz before or after the file, next to the session fields the web adds', async () => {
    const { body, contentType } = multipart([
      { name: 'countryCurrency', value: 'IDR' },
      { name: 'timeZoneOffset', value: '-420' },
      { name: 'lang', value: 'en-US' },
      { name: 'paymentBrand', value: 'tikipay' },
      { name: '_t', value: '1' },
      { name: 'file', filename: 'deed.pdf', contentType: 'application/pdf', data: PDF },
      { name: 'biz', value: 'document' },
    ]);
    const res = await app.inject({ method: 'POST', url: '/api/sys/common/upload', headers: { 'x-access-token': merchant.token, 'content-type': contentType }, payload: body });
    expect(view(res).result).toMatchObject({ biz: 'document', type: 'pdf', name: 'deed.pdf' });
  });

  it('refuses a request without a file, and an unknown biz', async () => {
    const empty = await upload(app, merchant.token, { data: Buffer.alloc(0), filename: 'empty.pdf' });
    expect(code(empty)).toBe('NO_FILE_UPLOADED');
    expect((await upload(app, merchant.token, { data: PDF }, '../../etc')).statusCode).toBe(400);
  });

  it('strips the metadata of images: the EXIF of a JPEG, the text chunks of a PNG', async () => {
    const jpeg = view(await upload(app, merchant.token, { data: jpegWithExif('GPS 13.7563 100.5018'), filename: 'id.jpg' }, 'image'));
    const jpegBytes = (await fetchUrl(jpeg.result.url)).rawPayload;
    expect(jpegBytes.includes(Buffer.from('GPS 13.7563'))).toBe(false);
    expect(jpegBytes.includes(Buffer.from('JFIF'))).toBe(true);
    // Nothing else changed: the image as it was before the EXIF went in, byte for byte.
    expect(jpegBytes.equals(JPEG)).toBe(true);
    expect(jpeg.result.size).toBe(jpegBytes.length);
    const png = view(await upload(app, merchant.token, { data: pngWithText('Home address 12 Secret St'), filename: 'id.png' }, 'image'));
    const pngBytes = (await fetchUrl(png.result.url)).rawPayload;
    expect(pngBytes.includes(Buffer.from('Secret St'))).toBe(false);
    expect(pngBytes.equals(PNG)).toBe(true);
  });

  it('never takes a path from the client: a traversing file name is only a display name, the id is the server’s', async () => {
    const r = view(await upload(app, merchant.token, { data: PDF, filename: '../../../secret.key' }, 'document'));
    expect(r.result.name).toBe('secret.key');
    expect(r.result.id).toMatch(/^[0-9a-f-]{36}$/);
    // Stored under the id, in the database's file store.
    expect((await tdb.pool.query('select size from file_blob where key = $1', [r.result.id])).rows[0]?.size).toBe(String(PDF.length));
    expect((await fetchUrl('/api/sys/common/static/..%2F..%2Fsecret.key?exp=9999999999&u=1&sig=x')).statusCode).toBe(400);
  });
});

describe('the file store in PostgreSQL (issue 41)', () => {
  it('stores a stream in chunks and streams it back the same, byte for byte; removed, it is gone', async () => {
    const storage = pgFileStorage(tdb.pool);
    const bytes = randomBytes(4 * FILE_CHUNK_BYTES + 17);
    // Pieces of odd sizes, as a socket or a file stream hands them.
    async function* pieces() {
      for (let at = 0; at < bytes.length; at += 100_003) yield bytes.subarray(at, at + 100_003);
    }
    const key = randomUUID();
    expect(await storage.put(key, pieces())).toEqual({ size: bytes.length });
    const rows = await tdb.pool.query('select seq, length(data)::int n from file_chunk where key = $1 order by seq', [key]);
    expect(rows.rows.map((r) => r.n)).toEqual([FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, FILE_CHUNK_BYTES, 17]);
    const got = await storage.get(key);
    expect(got?.size).toBe(bytes.length);
    const read: Buffer[] = [];
    for await (const c of got!.stream) read.push(c as Buffer);
    expect(Buffer.concat(read).equals(bytes)).toBe(true);
    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    expect((await tdb.pool.query('select count(*)::int n from file_chunk where key = $1', [key])).rows[0].n).toBe(0);
  });

  it('keeps nothing of a stream that fails half-way (all or nothing)', async () => {
    const storage = pgFileStorage(tdb.pool);
    const key = randomUUID();
    async function* failing() {
      yield randomBytes(FILE_CHUNK_BYTES * 2);
      throw new Error('client went away');
    }
    await expect(storage.put(key, failing())).rejects.toThrow('client went away');
    expect(await storage.get(key)).toBeNull();
    expect((await tdb.pool.query('select count(*)::int n from file_chunk where key = $1', [key])).rows[0].n).toBe(0);
  });

  it('moves the uploads an instance kept in its DATA_DIR before issue 41 into the store, once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-legacy-'));
    try {
      const id = randomUUID();
      await tdb.pool.query(
        "insert into stored_file (id, merchant_id, biz, name, type, size, sha256, created_by) values ($1, 10001, 'document', 'old.pdf', 'pdf', $2, 'x', 1)",
        [id, PDF.length],
      );
      fs.mkdirSync(path.join(dir, 'files', id.slice(0, 2)), { recursive: true });
      fs.writeFileSync(path.join(dir, 'files', id.slice(0, 2), id), PDF);
      expect(await importLocalUploads(app.db, app.fileStorage, dir)).toBe(1);
      expect(fs.existsSync(path.join(dir, 'files', id.slice(0, 2), id))).toBe(false);
      const got = await app.fileStorage.get(id);
      const read: Buffer[] = [];
      for await (const c of got!.stream) read.push(c as Buffer);
      expect(Buffer.concat(read).equals(PDF)).toBe(true);
      expect(await importLocalUploads(app.db, app.fileStorage, dir)).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an upload's bytes go with its record", async () => {
    const r = view(await upload(app, merchant.token, { data: PDF, filename: 'gone.pdf' }, 'document'));
    expect((await tdb.pool.query('select count(*)::int n from file_chunk where key = $1', [r.result.id])).rows[0].n).toBe(1);
    await tdb.pool.query('delete from stored_file where id = $1', [r.result.id]);
    expect((await tdb.pool.query('select count(*)::int n from file_blob where key = $1', [r.result.id])).rows[0].n).toBe(0);
    expect((await tdb.pool.query('select count(*)::int n from file_chunk where key = $1', [r.result.id])).rows[0].n).toBe(0);
  });
});

describe('files no viewer can open, and names that lie (issue 39)', () => {
  const unreadable = 'The file is damaged or incomplete, and no viewer could open it: save or export it again and upload the new copy';

  it('refuses a 40-byte header-only PDF and a fake WebM, keeping nothing of them', async () => {
    const before = await tdb.pool.query('select count(*)::int n from stored_file');
    expect(HEADER_ONLY_PDF.length).toBe(40);
    for (const [data, biz] of [[HEADER_ONLY_PDF, 'document'], [FAKE_WEBM, 'video']] as const) {
      const res = await upload(app, merchant.token, { data, filename: 'x' }, biz);
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ errorCode: 'FILE_UNREADABLE', message: unreadable });
    }
    expect((await tdb.pool.query('select count(*)::int n from stored_file')).rows[0].n).toBe(before.rows[0].n);
    expect(fs.readdirSync(uploadScratchDir(app))).toEqual([]);
  });

  it('accepts a real PDF, JPEG, PNG, WebP and WebM, and refuses each cut short', async () => {
    const files = [
      { data: PDF, biz: 'document', type: 'pdf' },
      { data: JPEG, biz: 'image', type: 'jpeg' },
      { data: PNG, biz: 'image', type: 'png' },
      { data: WEBP, biz: 'image', type: 'webp' },
      { data: WEBM, biz: 'video', type: 'webm' },
    ];
    for (const f of files) {
      expect(view(await upload(app, merchant.token, { data: f.data, filename: `whole.${f.type}` }, f.biz)).result).toMatchObject({ type: f.type, size: f.data.length });
      const cut = await upload(app, merchant.token, { data: f.data.subarray(0, Math.floor(f.data.length * 0.6)), filename: `cut.${f.type}` }, f.biz);
      expect([f.type, code(cut)]).toEqual([f.type, 'FILE_UNREADABLE']);
    }
  });

  it('stores and shows a name without its control and bidi characters, readable in its own order', async () => {
    const r = view(await upload(app, merchant.token, { data: PDF, filename: 'invoice\u202Efdp.exe' }, 'document'));
    expect(r.result.name).toBe('invoicefdp.exe');
    const stored = await tdb.pool.query('select name from stored_file where id = $1', [r.result.id]);
    expect(stored.rows[0].name).toBe('invoicefdp.exe');
    const marks = view(await upload(app, merchant.token, { data: PDF, filename: '\u2067كشف\u2069 \u200fstatement\u0085 2026.pdf' }, 'document'));
    expect(marks.result.name).toBe('كشف statement 2026.pdf');
    expect((await fetchUrl(marks.result.url)).headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('كشف statement 2026.pdf')}`);
  });

  it('reads MP4 boxes: ftyp first, a whole moov and media data', async () => {
    const box = (type: string, body: Buffer) => {
      const h = Buffer.alloc(8);
      h.writeUInt32BE(8 + body.length);
      h.write(type, 4, 'latin1');
      return Buffer.concat([h, body]);
    };
    const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
    const moov = box('moov', box('mvhd', Buffer.alloc(100)));
    const mdat = box('mdat', Buffer.alloc(64, 1));
    const openable = (b: Buffer) => isOpenable('mp4', b.length, async (at, n) => b.subarray(at, at + n));
    expect(await openable(Buffer.concat([ftyp, moov, mdat]))).toBe(true);
    expect(await openable(Buffer.concat([ftyp, mdat, moov]))).toBe(true);
    expect(await openable(Buffer.concat([ftyp, mdat]))).toBe(false);
    expect(await openable(Buffer.concat([ftyp, moov, mdat]).subarray(0, 150))).toBe(false);
    expect(await openable(Buffer.concat([moov, ftyp, mdat]))).toBe(false);
  });
});

describe('who reads a file', () => {
  it('its merchant’s users and platform staff; another merchant gets 404 as for a file that does not exist', async () => {
    const r = view(await upload(app, merchant.token, { data: PDF, filename: 'statement.pdf' }, 'document'));
    expect((await merchant.get(`/sys/common/files/${r.result.id}`)).statusCode).toBe(200);
    expect((await staff.get(`/sys/common/files/${r.result.id}`)).statusCode).toBe(200);
    expect((await other.get(`/sys/common/files/${r.result.id}`)).statusCode).toBe(404);
    expect((await other.get('/sys/common/files/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('the URL works without a session, carries no token, and stops working when altered or expired', async () => {
    const r = view(await upload(app, merchant.token, { data: PDF, filename: 'a.pdf' }));
    expect(r.result.url).not.toContain(merchant.token);
    expect((await fetchUrl(r.result.url)).statusCode).toBe(200);
    expect((await fetchUrl(r.result.url.replace(/sig=[^&]+/, 'sig=AAAA'))).statusCode).toBe(404);
    const exp = Number(new URL(r.result.url, 'http://x').searchParams.get('exp'));
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(FILE_URL_TTL_SECONDS * 1000);
    expect((await fetchUrl(r.result.url.replace(/exp=\d+/, `exp=${exp + 3600}`))).statusCode).toBe(404);
    expect((await fetchUrl(r.result.url.replace(/exp=\d+/, 'exp=1000'))).statusCode).toBe(404);
  });

  it('needs a session to upload', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/sys/common/upload', payload: PDF, headers: { 'content-type': 'application/pdf' } });
    expect(res.statusCode).toBe(401);
  });
});
