/**
 * Uploads (issue 14) through the HTTP API on real PostgreSQL: the type is what the bytes are (a spoofed name or MIME
 * type is refused), each biz has its size limit, images lose their metadata, names never become paths, and a file is
 * read only through an authorised URL by its merchant's users or platform staff.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_BIZ_RULES, FILE_URL_TTL_SECONDS } from '@mg/domain';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { PDF, WEBM, jpegWithExif, multipart, pngWithText, upload } from './helpers/files';

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
    const staging = path.join(app.dataDir, 'files', 'staging');
    expect(fs.readdirSync(staging)).toEqual([]);
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
    expect(jpegBytes.subarray(-5).equals(Buffer.from([0x12, 0x34, 0x56, 0xff, 0xd9]))).toBe(true);
    expect(jpeg.result.size).toBe(jpegBytes.length);
    const png = view(await upload(app, merchant.token, { data: pngWithText('Home address 12 Secret St'), filename: 'id.png' }, 'image'));
    const pngBytes = (await fetchUrl(png.result.url)).rawPayload;
    expect(pngBytes.includes(Buffer.from('Secret St'))).toBe(false);
    expect(pngBytes.includes(Buffer.from('IDAT'))).toBe(true);
  });

  it('never takes a path from the client: a traversing file name is only a display name, the id is the server’s', async () => {
    const r = view(await upload(app, merchant.token, { data: PDF, filename: '../../../secret.key' }, 'document'));
    expect(r.result.name).toBe('secret.key');
    expect(r.result.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(fs.existsSync(path.join(app.dataDir, 'files', r.result.id.slice(0, 2), r.result.id))).toBe(true);
    expect((await fetchUrl('/api/sys/common/static/..%2F..%2Fsecret.key?exp=9999999999&u=1&sig=x')).statusCode).toBe(400);
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
