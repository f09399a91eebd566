/**
 * API request logs (issue 42): every open-API request of a merchant whose key is known is kept with its masked
 * bodies and the signature check's verdict; a failed signature is found by its request id and says which string
 * the server signed; the log is the merchant's only; writing it never holds a request; old rows are purged.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiLogWriter } from '../src/modules/api-logs/writer';
import { maskBody } from '../src/modules/api-logs/mask';
import { purgeApiLogs } from '../src/modules/api-logs/queries';
import { buildTestApp } from './helpers/app';
import { authHeaders, signIn } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { DEMO_KEY_ID } from './helpers/open-api';
import { exchangeOf, expectData, idempotent, signingKey, testOpenApiClient } from './helpers/open-api-client';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: string;
let seq = 0;
const orderId = () => `LOG-${process.pid}-${++seq}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  app = await buildTestApp(tdb);
  await app.ready();
  admin = await signIn(app, 'demo_admin');
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

type Entry = { id: string; status: number; statusClass: string; errorCode: string | null; path: string; requestId: string; orderId: string | null; merchantOrderId: string | null; keyId: string; latencyMs: number };

async function list(query: string, token = admin) {
  await app.apiLog!.flush();
  const res = await app.inject({ url: `/api/api-logs?${query}`, headers: authHeaders(token) });
  return { status: res.statusCode, records: (res.json().result?.records ?? []) as Entry[] };
}
async function detail(id: string, token = admin) {
  const res = await app.inject({ url: `/api/api-logs/${id}`, headers: authHeaders(token) });
  return { status: res.statusCode, body: res.json().result };
}

describe('the request log', () => {
  it('keeps a created collection with its order ids and masked bodies, linked from the order', async () => {
    const merchantOrderId = orderId();
    const res = await testOpenApiClient(app).POST('/collections', {
      body: { merchantOrderId, amount: '150000', currency: 'IDR', paymentType: 1, channel: 1, payerPhone: '+6281234567890', payerName: 'Budi' },
      params: idempotent(),
    });
    expect(res.response.status).toBe(201);
    const collectionId = expectData(res, 201).result.id;
    const { records } = await list(`orderId=${collectionId}`);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 201, statusClass: '2xx', errorCode: null, path: '/api/open/v1/collections', merchantOrderId, requestId: res.response.headers.get('x-request-id') });
    const d = await detail(records[0]!.id);
    expect(d.status).toBe(200);
    expect(d.body.verdict).toMatchObject({ ok: true, failedCheck: null });
    // The phone is masked in both bodies; the order's ids are not (they are what the developer searches by).
    expect(d.body.requestBody).toContain('••••7890');
    expect(d.body.requestBody).not.toContain('6281234567890');
    expect(d.body.responseBody).not.toContain('6281234567890');
    expect(d.body.responseBody).toContain(collectionId);
    // The same request by its merchant order id.
    expect((await list(`merchantOrderId=${merchantOrderId}`)).records.map((r) => r.id)).toEqual([records[0]!.id]);
  });

  it('a signature made with the wrong secret: found by its request id, it names the check and the string the server signed', async () => {
    // An integrator's generated client configured with the wrong secret; what it signed is read off the wire.
    const wrong = testOpenApiClient(app, signingKey(DEMO_KEY_ID, 'sk_sandbox_not_the_secret_0000000000'));
    const res = await wrong.POST('/collections', { body: { merchantOrderId: orderId(), amount: '1000', currency: 'IDR', paymentType: 1 }, params: idempotent() });
    const { headers, body: payload } = exchangeOf(res.response).request;
    expect(res.response.status).toBe(401);
    expect(res.error?.errorCode).toBe('OPEN_API_BAD_SIGNATURE');
    const { records } = await list(`requestId=${res.response.headers.get('x-request-id')}`);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 401, statusClass: '4xx', errorCode: 'OPEN_API_BAD_SIGNATURE' });
    const { body } = await detail(records[0]!.id);
    const hash = createHash('sha256').update(payload).digest('hex');
    expect(body.verdict).toMatchObject({
      ok: false,
      failedCheck: 'OPEN_API_BAD_SIGNATURE',
      canonical: ['POST', '/api/open/v1/collections', headers['x-timestamp'], headers['x-nonce'], hash].join('\n'),
      bodySha256: hash,
    });
    expect(Math.abs(body.verdict.timestampSkewS)).toBeLessThanOrEqual(5);
    // No secret anywhere in the entry.
    expect(JSON.stringify(body)).not.toContain('sk_sandbox_');
  });

  it('filters by result class and path; is the merchant\'s own; needs its permission', async () => {
    await testOpenApiClient(app).GET('/collections/{id}', { params: { path: { id: 'C000000000000NOPE000000' } } });
    const refused = await list('statusClass=4xx&path=NOPE');
    expect(refused.records.length).toBeGreaterThanOrEqual(1);
    expect(refused.records.every((r) => r.statusClass === '4xx' && r.path.includes('NOPE'))).toBe(true);
    expect((await list('statusClass=2xx&path=NOPE')).records).toEqual([]);
    // Another merchant's admin sees none of it, and not one entry by id.
    const other = await signIn(app, 'br_admin');
    expect((await list('path=collections', other)).records).toEqual([]);
    expect((await detail(refused.records[0]!.id, other)).status).toBe(404);
    // A role without the developer tier has no log.
    expect((await list('path=collections', await signIn(app, 'demo_operator'))).status).toBe(403);
  });

  it('purges entries older than the retention', async () => {
    const { records } = await list('path=collections');
    expect(records.length).toBeGreaterThan(0);
    expect(await purgeApiLogs(app.db, 30, 10_000, new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(records.length);
    expect((await list('path=collections')).records).toEqual([]);
  });
});

describe('the writer', () => {
  it('never holds more than its bound: the rest is dropped and counted; a failed write is dropped, not thrown', async () => {
    const w = new ApiLogWriter({ database: { db: { execute: async () => Promise.reject(new Error('down')) } } as never }, app.log);
    const row = { merchantId: 10001, createdAt: new Date(), method: 'GET', path: '/x', status: 200, latencyMs: 1, keyId: 'k', mode: 'sandbox', ip: '127.0.0.1', requestId: 'r', verdict: {} };
    for (let i = 0; i < 10_005; i++) w.add(() => row);
    expect(w.dropped).toBe(5);
    await expect(w.flush()).resolves.toBeUndefined();
    expect(w.dropped).toBe(10_005);
    expect(w.written).toBe(0);
  });

  it('masks secrets and long numbers, keeps ids', () => {
    const masked = maskBody(JSON.stringify({ accountNo: '1234567890123', secret: 'sk_live_x', id: 'C250101000000123ABCDEF', amount: '150000', nested: [{ googleCode: '123456', phone: '081234567890' }] }))!;
    expect(JSON.parse(masked)).toEqual({ accountNo: '••••0123', secret: '***', id: 'C250101000000123ABCDEF', amount: '150000', nested: [{ googleCode: '***', phone: '••••7890' }] });
    expect(maskBody('raw 4111111111111111 text C2501010000001')).toBe('raw ••••1111 text C2501010000001');
    // A NUL cannot be stored in a text column: kept as its escape, so one body never refuses the whole batch.
    expect(maskBody('bad\u0000body')).toBe('bad\\u0000body');
    // A body's own "__proto__" key is kept and masked like any other, not swallowed as the copy's prototype.
    expect(maskBody('{"__proto__":{"accountNo":"1234567890123"},"card":"4111111111111111"}')).toBe('{"__proto__":{"accountNo":"••••0123"},"card":"••••1111"}');
  });
});
