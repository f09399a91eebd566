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
