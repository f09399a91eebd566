import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb, { rateLimitPerMinute: 3 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

it('answers 429 in the envelope, localised, once the limit is reached', async () => {
  const url = '/api/sys/dict/getDictItems/payment_type';
  for (let i = 0; i < 3; i++) expect((await app.inject({ url })).statusCode).toBe(200);
  const en = await app.inject({ url, headers: { 'x-lang': 'en-US' } });
  const zh = await app.inject({ url, headers: { 'x-lang': 'zh-CN' } });
  expect(en.statusCode).toBe(429);
  expect(en.json()).toMatchObject({ success: false, code: 429, errorCode: 'RATE_LIMITED', result: null });
  expect(en.json().message).not.toMatch(/^error\./);
  expect(zh.json().message).not.toBe(en.json().message);
  expect(en.headers['retry-after']).toBeDefined();
});

it("does not count the web app's own files: a page load is a dozen of them", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {}');
  const web = await buildTestApp(tdb, { rateLimitPerMinute: 2, webDistDir: dir });
  try {
    for (let i = 0; i < 5; i++) {
      expect((await web.inject({ url: '/assets/app.js' })).statusCode).toBe(200);
      expect((await web.inject({ url: '/login', headers: { accept: 'text/html' } })).statusCode).toBe(200);
    }
    const url = '/api/sys/dict/getDictItems/payment_type';
    expect((await web.inject({ url })).statusCode).toBe(200);
    expect((await web.inject({ url })).statusCode).toBe(200);
    expect((await web.inject({ url })).statusCode).toBe(429);
  } finally {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
