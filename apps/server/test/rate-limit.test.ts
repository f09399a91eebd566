import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './helpers/app';
import { login } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, openApiRequest } from './helpers/open-api';
import { expectError, signingKey, testOpenApiClient } from './helpers/open-api-client';

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
  // The apps of this file share their counters (the database's): each test starts from none.
  await tdb.pool.query('delete from rate_limit_counter');
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

describe('who is counted', () => {
  const SECOND_KEY = { keyId: 'mk_test_ratelimit_second', secret: 'sk_test_ratelimit_second_0123456789abcd' };
  let limited: FastifyInstance;
  beforeAll(async () => {
    await tdb.pool.query('delete from rate_limit_counter');
    limited = await buildTestApp(tdb, { rateLimitPerMinute: 4, openApiRateLimitPerMinute: 3 });
    await limited.ready();
    await tdb.pool.query(
      `insert into api_key (id, merchant_id, mode, name, secret_sealed, secret_last4, status)
       values ($1, 10001, 'sandbox', 'rate limit test', $2, $3, 'active')`,
      [SECOND_KEY.keyId, limited.secretBox.seal(SECOND_KEY.secret), SECOND_KEY.secret.slice(-4)],
    );
  });
  afterAll(() => limited?.close());

  /** GET /balance through the generated client, with the demo key unless told. */
  const balance = (key: { keyId: string; secret: string } = { keyId: DEMO_KEY_ID, secret: DEMO_KEY_SECRET }) =>
    testOpenApiClient(limited, signingKey(key.keyId, key.secret)).GET('/balance', {});
  const status = (r: { response: Response }) => r.response.status;

  it('the open API counts per key, after the signature: a spoofed key id spends nothing, another key behind the same address is not capped', async () => {
    // Someone naming the demo key without its secret: refused, and the key's budget is untouched. By hand: a
    // signature that is not the request's, which the generated client never sends.
    for (let i = 0; i < 5; i++) expect((await openApiRequest(limited, { method: 'GET', url: '/balance', signature: 'f'.repeat(64) })).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect(status(await balance())).toBe(200);
    const over = expectError(await balance(), 429);
    expect(over).toMatchObject({ errorCode: 'RATE_LIMITED' });
    // Same address (127.0.0.1), another key: its own budget.
    expect(status(await balance(SECOND_KEY))).toBe(200);
  });

  it('the dashboard counts per signed-in user: colleagues behind one address keep their own budget', async () => {
    const first = await login(limited, 'demo_admin');
    const second = await login(limited, 'demo_operator');
    const get = (token: string) => limited.inject({ url: '/api/sys/permission/getUserPermissionByToken', headers: { 'x-access-token': token } });
    for (let i = 0; i < 4; i++) expect((await get(first)).statusCode).toBe(200);
    expect((await get(first)).statusCode).toBe(429);
    expect((await get(second)).statusCode).toBe(200);
  });
});
