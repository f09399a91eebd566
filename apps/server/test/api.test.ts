import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pagingSchema, wallClockSchema } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ok } from '../src/lib/envelope';
import { wallClockFields } from '../src/lib/wall-clock';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  // Probe routes exercising the shared helpers the business modules will use.
  const z = app.withTypeProvider<ZodTypeProvider>();
  z.get('/api/test/list', { config: { public: true }, schema: { querystring: pagingSchema.extend({ createTime_begin: wallClockSchema.optional() }) } }, async (req) => {
    const dates = wallClockFields(req);
    return ok({ pageNo: req.query.pageNo, pageSize: req.query.pageSize, begin: dates.createTime_begin?.toISOString() ?? null, ctx: req.ctx });
  });
  z.post('/api/test/echo', { config: { public: true } }, async (req) => ok(req.body));
  z.get('/api/test/boom', { config: { public: true } }, async () => {
    throw new Error('secret internals at /srv/app.ts:42');
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

function expectEnvelope(body: Record<string, unknown>) {
  expect(Object.keys(body)).toEqual(expect.arrayContaining(['success', 'message', 'code', 'result', 'timestamp']));
  expect(typeof body.timestamp).toBe('number');
}

describe('envelope and errors', () => {
  it('health is up with the envelope', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expectEnvelope(body);
    expect(body).toMatchObject({ success: true, code: 200, result: { status: 'up', database: 'up', version: expect.any(String) } });
  });

  it('health answers 503 when the database is down', async () => {
    const dead = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 500 });
    const down = await buildApp({ pool: dead, logLevel: 'silent', webDistDir: null });
    try {
      const res = await down.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 503, result: { status: 'down', database: 'down' } });
    } finally {
      await down.close();
      await dead.end();
    }
  });

  it('unknown /api route: 404 envelope in the caller language', async () => {
    const en = await app.inject({ url: '/api/no/such/thing', headers: { 'x-lang': 'en-US' } });
    const pt = await app.inject({ url: '/api/no/such/thing', headers: { 'x-lang': 'pt-BR' } });
    expect(en.statusCode).toBe(404);
    expectEnvelope(en.json());
    expect(en.json()).toMatchObject({ success: false, code: 404, errorCode: 'NOT_FOUND', result: null });
    expect(en.json().message).not.toBe('error.notFound');
    expect(pt.json().message).not.toBe(en.json().message);
  });

  it('unknown page without a built web app: 404, not 500', async () => {
    const res = await app.inject({ url: '/some/page', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
  });

  it('bad currency header: 400 naming the field, localised', async () => {
    const en = await app.inject({ url: '/api/health', headers: { 'x-currency': 'XXX', 'x-lang': 'en-US' } });
    const zh = await app.inject({ url: '/api/health', headers: { 'x-currency': 'XXX', 'x-lang': 'zh-CN' } });
    expect(en.statusCode).toBe(400);
    const b = en.json();
    expectEnvelope(b);
    expect(b).toMatchObject({ success: false, code: 400, errorCode: 'VALIDATION_FAILED' });
    expect(b.errors).toEqual([expect.objectContaining({ field: 'X-Currency' })]);
    expect(b.errors[0].label).not.toMatch(/^field\./);
    expect(b.message).toContain(b.errors[0].label);
    expect(b.message).not.toMatch(/^(error|validation)\./);
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).not.toBe(b.message);
    expect(zh.json().message).not.toMatch(/(error|validation)\.[a-z]/);
  });

  it('countryCurrency in the query is read and validated too', async () => {
    const okRes = await app.inject({ url: '/api/test/list?countryCurrency=THB' });
    expect(okRes.json().result.ctx).toMatchObject({ currency: 'THB', timeZone: 'Asia/Bangkok', lang: 'en-US' });
    const bad = await app.inject({ url: '/api/test/list?countryCurrency=ZZZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('countryCurrency');
  });

  it('bad time zone header: 400 naming the field', async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'x-time-zone': 'Mars/Olympus' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('X-Time-Zone');
  });

  it('context: language, brand, zone', async () => {
    const res = await app.inject({
      url: '/api/test/list',
      headers: { 'x-lang': 'th-TH', 'x-currency': 'idr', 'x-brand': 'lumipay', 'x-time-zone': 'Asia/Yangon' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.ctx).toMatchObject({ lang: 'th-TH', currency: 'IDR', timeZone: 'Asia/Yangon', brand: { value: 'lumipay' } });
    const accept = await app.inject({ url: '/api/test/list', headers: { 'accept-language': 'pt-BR,pt;q=0.9' } });
    expect(accept.json().result.ctx.lang).toBe('pt-BR');
  });

  it('wall-clock dates convert from the session zone to UTC', async () => {
    const jkt = await app.inject({ url: '/api/test/list?createTime_begin=2025-01-01%2000:00:00', headers: { 'x-currency': 'IDR' } });
    expect(jkt.json().result.begin).toBe('2024-12-31T17:00:00.000Z');
    const ygn = await app.inject({
      url: '/api/test/list?createTime_begin=2025-01-01%2000:00:00',
      headers: { 'x-currency': 'MMK' },
    });
    expect(ygn.json().result.begin).toBe('2024-12-31T17:30:00.000Z');
  });

  it.each(['2025-13-45 99:00:00', 'yesterday', '2025-02-30 10:00:00'])('bad date %s: 400 naming the field, localised', async (v) => {
    const url = `/api/test/list?createTime_begin=${encodeURIComponent(v)}`;
    const en = await app.inject({ url, headers: { 'x-lang': 'en-US' } });
    const pt = await app.inject({ url, headers: { 'x-lang': 'pt-BR' } });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0].field).toBe('createTime_begin');
    expect(en.json().message).not.toMatch(/^(error|validation)\./);
    expect(pt.json().message).not.toBe(en.json().message);
  });

  it('bad paging: 400 naming pageSize, localised', async () => {
    const en = await app.inject({ url: '/api/test/list?pageSize=abc', headers: { 'x-lang': 'en-US' } });
    const pt = await app.inject({ url: '/api/test/list?pageSize=abc', headers: { 'x-lang': 'pt-BR' } });
    expect(en.statusCode).toBe(400);
    const b = en.json();
    expect(b.errors).toEqual([expect.objectContaining({ field: 'pageSize' })]);
    expect(b.message).not.toMatch(/(error|validation|field)\.[a-zA-Z]/);
    expect(pt.json().message).not.toBe(b.message);
    expect(pt.json().message).not.toMatch(/(error|validation|field)\.[a-zA-Z]/);
    const huge = await app.inject({ url: '/api/test/list?pageSize=100000&pageNo=0' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['pageNo', 'pageSize']);
    const good = await app.inject({ url: '/api/test/list?pageSize=20' });
    expect(good.json().result).toMatchObject({ pageNo: 1, pageSize: 20 });
  });

  it('malformed JSON body: 400, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, errorCode: 'VALIDATION_FAILED' });
    const empty = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    const wrongType = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/x-foo' }, payload: 'x' });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe(415);
  });

  it('unexpected error: 500 envelope with request id, no stack or internals', async () => {
    const res = await app.inject({ url: '/api/test/boom', headers: { 'x-request-id': 'req-test-0001' } });
    expect(res.statusCode).toBe(500);
    const b = res.json();
    expect(b).toMatchObject({ success: false, code: 500, errorCode: 'INTERNAL', requestId: 'req-test-0001' });
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toContain('app.ts');
    expect(res.headers['x-request-id']).toBe('req-test-0001');
  });

  it('strict CSP and security headers', async () => {
    const res = await app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    for (const d of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self' ws: wss:",
      "object-src 'none'",
      "frame-ancestors 'self'",
    ]) {
      expect(csp).toContain(d);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI', () => {
  it('/api/docs/json lists the dictionary paths with their parameters', async () => {
    const res = await app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/sys/dict/getDictItems/{dictCode}',
      '/api/sys/dict/loadDictItem/{dictCode}',
      '/api/sys/dict/loadDict/{dictCode}',
      '/api/sys/dict/queryAllDictItems',
      '/api/sys/dict/refleshCache',
      '/api/health',
    ]) {
      expect(spec.paths[p], p).toBeDefined();
    }
    expect(JSON.stringify(spec.paths['/api/sys/dict/loadDict/{dictCode}'].get.parameters)).toContain('keyword');
  });

  it('/api/docs serves the UI', async () => {
    const res = await app.inject({ url: '/api/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });
});

describe('built web app', () => {
  let web: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mg-web-'));
    await fs.mkdir(path.join(dir, 'assets'));
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>');
    await fs.writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    await fs.writeFile(path.join(dir, 'assets', 'big-abc123.js'), `export const rows = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ i })))};`);
    // What the web build's compress plugin writes next to each asset.
    const big = await fs.readFile(path.join(dir, 'assets', 'big-abc123.js'));
    await fs.writeFile(path.join(dir, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(big));
    await fs.writeFile(path.join(dir, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(big));
    web = await buildTestApp(tdb, { webDistDir: dir });
  });
  afterAll(async () => {
    await web?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('serves index.html with no-cache, hashed assets with a long cache', async () => {
    const index = await web.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    const asset = await web.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('sends the build\'s brotli or gzip copy to a browser that accepts it, cached like the file', async () => {
    const plain = await web.inject({ url: '/assets/big-abc123.js' });
    const br = await web.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await web.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('SPA fallback for client routes; /api stays JSON; missing assets 404', async () => {
    const page = await web.inject({ url: '/dashboard/analysis?x=1', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await web.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().errorCode).toBe('NOT_FOUND');
    const missing = await web.inject({ url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
  });
});
