/**
 * The open API business routes end to end through the HTTP stack with signed requests (the demo sandbox key of
 * merchant 10001): create -> get -> sandbox pay -> balance pending -> partial refund -> settlement -> available;
 * the 400 / 404 / 409 / 422 answers an integrator sees; sandbox helpers refused to live keys; payment links.
 */
import { randomUUID } from 'node:crypto';
import { ApiKeyMode, CollectionSource } from '@mg/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/lib/secret-box';
import { createCollection } from '../src/modules/collections/service';
import { buildTestApp, TEST_SECRET_KEY } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { openApiRequest, type OpenApiRequestOptions } from './helpers/open-api';
import { testOpenApiClient } from './helpers/open-api-client';

const M = 10001;
const PUBLIC_URL = 'https://pay.example.test';
let tdb: TestDatabase;
let app: FastifyInstance;
let seq = 0;
const orderId = (p = 'ORD') => `${p}-${process.pid}-${++seq}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  app = await buildTestApp(tdb, { publicUrl: PUBLIC_URL, rateLimitPerMinute: 100_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const call = (opts: OpenApiRequestOptions) => openApiRequest(app, opts);
const post = (url: string, body: unknown, extra: Partial<OpenApiRequestOptions> = {}) => call({ method: 'POST', url, body, ...extra });
const get = (url: string, extra: Partial<OpenApiRequestOptions> = {}) => call({ method: 'GET', url, ...extra });

function expectStatus(res: LightMyRequestResponse, status: number) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}

const collectionBody = (over: Record<string, unknown> = {}) => ({
  merchantOrderId: orderId(),
  amount: '150000',
  currency: 'IDR',
  paymentType: 1,
  channel: 1,
  payerName: 'Budi',
  payerEmail: 'budi@example.test',
  orderDescription: 'Top-up',
  ...over,
});

describe('the integration journey', () => {
  // Through the client generated from the served document (packages/open-api-client): the paths, bodies and
  // answers below are type-checked against it, as an integrator's generated client would be.
  it('create -> get -> pay -> pending -> partial refund -> settle -> available', async () => {
    const api = testOpenApiClient(app);
    const idem = () => ({ header: { 'idempotency-key': randomUUID() } });
    const must = <T,>(r: { data?: T; error?: unknown; response: Response }, status: number): T => {
      if (r.response.status !== status || !r.data) throw new Error(`expected ${status}, got ${r.response.status}: ${JSON.stringify(r.error)}`);
      return r.data;
    };
    const typedBalance = async () => {
      const line = must(await api.GET('/balance', {}), 200).result.balances.find((b) => b.currency === 'IDR')!;
      return { available: BigInt(line.available), pending: BigInt(line.pending) };
    };
    const start = await typedBalance();
    const body = { ...collectionBody(), merchantOrderId: orderId(), currency: 'IDR', paymentType: 1 };
    const created = must(await api.POST('/collections', { body, params: idem() }), 201);
    expect(created).toMatchObject({ success: true, code: 201 });
    const c = created.result;
    expect(c).toMatchObject({
      merchantOrderId: body.merchantOrderId,
      status: 'pending',
      amount: '150000',
      currency: 'IDR',
      paymentType: 1,
      channel: 1,
      mode: 'sandbox',
      source: 'api',
      // Nothing charged until it is paid; not in a settlement batch until then either.
      fee: { adminFee: '0', serviceFee: '0', total: '0' },
      refundable: '0',
      notifyStatus: null,
      settlementId: null,
    });
    expect(c.id).toMatch(/^C\d{12}[0-9A-Z]{10}$/);
    expect(c.paymentCode).toEqual(expect.any(String));
    expect(c.cashierUrl).toMatch(new RegExp(`^${PUBLIC_URL}/pay/[A-Za-z0-9_-]{20,}$`));
    expect(Date.parse(c.expiresAt) - Date.parse(c.createdAt)).toBe(24 * 3_600_000);

    // The same order by platform id and by merchant order id.
    expect(must(await api.GET('/collections/{id}', { params: { path: { id: c.id } } }), 200).result).toEqual(c);
    expect(must(await api.GET('/collections', { params: { query: { merchantOrderId: body.merchantOrderId } } }), 200).result.id).toBe(c.id);

    // The sandbox payer pays.
    const pay = () => api.POST('/sandbox/collections/{id}/pay', { params: { path: { id: c.id }, ...idem() } });
    const paid = must(await pay(), 200).result;
    expect(paid).toMatchObject({ id: c.id, status: 'success', paidAmount: '150000', refundable: '150000', fee: { adminFee: '1000', serviceFee: '1050', total: '2050' } });
    expect(paid.paidAt).toEqual(expect.any(String));
    // Paid, it is in the merchant's pending settlement batch: the id its callback carries is in the answer too.
    expect(paid.settlementId).toEqual(expect.any(String));
    // Paying again through the helper is harmless.
    expect(must(await pay(), 200).result.status).toBe('success');

    const afterPay = await typedBalance();
    expect(afterPay.pending - start.pending).toBe(147950n);
    expect(afterPay.available).toBe(start.available);

    // Partial refund: taken from the batch still pending.
    const refundBody = { collectionId: c.id, amount: '50000', refundWay: 'original' as const, reason: 'Customer changed mind', merchantRefundId: orderId('RF') };
    const r = must(await api.POST('/refunds', { body: refundBody, params: idem() }), 201).result;
    expect(r).toMatchObject({
      collectionId: c.id,
      merchantRefundId: refundBody.merchantRefundId,
      refundType: 'partial',
      refundWay: 'original',
      requestedAmount: '50000',
      actualAmount: '50000',
      status: 'returned_success',
      createdBy: 'api',
    });
    expect(r.id).toMatch(/^R/);
    expect(must(await api.GET('/refunds/{id}', { params: { path: { id: r.id } } }), 200).result).toEqual(r);
    expect(must(await api.GET('/collections/{id}', { params: { path: { id: c.id } } }), 200).result).toMatchObject({ refundedAmount: '50000', refundable: '100000' });
    const afterRefund = await typedBalance();
    expect(afterRefund.pending - start.pending).toBe(97950n);

    // Settlement now (sandbox helper): pending -> available.
    const run = must(await api.POST('/sandbox/settlements/run', { params: idem() }), 200).result;
    expect(run.settled).toBeGreaterThanOrEqual(1);
    expect(BigInt(run.amounts.IDR!)).toBeGreaterThanOrEqual(97950n);
    const end = await typedBalance();
    expect(end.pending).toBe(0n);
    expect(end.available - start.available).toBe(start.pending + 97950n);

    // An error answer is typed by the call's declared codes.
    const missing = await api.GET('/collections/{id}', { params: { path: { id: 'C000000000000NOPE' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.errorCode).toBe('NOT_FOUND');
  });

  it('a payment stores its answer with it: the same Idempotency-Key replays it byte for byte; another key answers the paid order', async () => {
    const c = expectStatus(await post('/collections', collectionBody()), 201).result;
    const key = `pay-${process.pid}-${++seq}`;
    const first = await post(`/sandbox/collections/${c.id}/pay`, {}, { idempotencyKey: key });
    expect(expectStatus(first, 200).result.status).toBe('success');
    const stored = await tdb.pool.query<{ response_status: number; response_body: string }>(
      'select response_status, response_body from idempotency_record where merchant_id = $1 and key = $2',
      [M, key],
    );
    expect(stored.rows).toEqual([{ response_status: 200, response_body: first.body }]);

    const replay = await post(`/sandbox/collections/${c.id}/pay`, {}, { idempotencyKey: key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);

    // Already paid: nothing is written, and the answer (the order as it is) is stored after it is sent.
    const other = await post(`/sandbox/collections/${c.id}/pay`, {}, { idempotencyKey: `${key}-b` });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(expectStatus(other, 200).result).toMatchObject({ id: c.id, status: 'success', paidAt: first.json().result.paidAt });
    const transfers = await tdb.pool.query(`select 1 from ledger_transfer where reference = $1`, [c.id]);
    expect(transfers.rowCount).toBe(1);
  });

  it('balance lists every currency of the merchant, zeros included, and can be narrowed to one', async () => {
    const all = expectStatus(await get('/balance'), 200).result;
    expect(all.merchantId).toBe(M);
    const currencies = all.balances.map((b: { currency: string }) => b.currency);
    expect(currencies).toEqual(expect.arrayContaining(['IDR', 'THB', 'PHP', 'BRL']));
    expect(all.balances.find((b: { currency: string }) => b.currency === 'THB')).toEqual({ currency: 'THB', available: '0.00', pending: '0.00', frozen: '0.00' });
    const thb = expectStatus(await get('/balance?currency=THB'), 200).result;
    expect(thb.balances).toHaveLength(1);
    const bad = expectStatus(await get('/balance?currency=XYZ'), 400);
    expect(bad.errors[0].field).toBe('currency');
  });

  it('Idempotency-Key: the same request replays the first answer; another body is 422', async () => {
    const body = collectionBody();
    const first = expectStatus(await post('/collections', body, { idempotencyKey: `idem-${seq}` }), 201);
    const again = await post('/collections', body, { idempotencyKey: `idem-${seq}` });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().result.id).toBe(first.result.id);
    const other = await post('/collections', { ...body, amount: '160000' }, { idempotencyKey: `idem-${seq}` });
    expect(other.statusCode).toBe(422);
  });
});

describe('errors an integrator sees', () => {
  it('400 naming the field: malformed amount, too many decimals, amount as a number, unknown currency, not the merchant\'s currency', async () => {
    const cases: [Record<string, unknown>, string, RegExp?][] = [
      [{ amount: 'abc' }, 'amount', /valid amount/],
      [{ amount: '150000.5' }, 'amount', /whole number/],
      [{ amount: '-5' }, 'amount', /negative/],
      [{ amount: '0' }, 'amount', /greater than zero/],
      [{ amount: 150000 }, 'amount'],
      [{ currency: 'XYZ' }, 'currency', /XYZ/],
      [{ currency: 'USDT', amount: '10.5' }, 'currency'],
      [{ merchantOrderId: 'has spaces' }, 'merchantOrderId'],
      [{ paymentType: 18 }, 'paymentType'],
      [{ channel: 6 }, 'channel'],
      [{ amount: '5000' }, 'amount'],
      [{ notifyUrl: 'ftp://example.test/x' }, 'notifyUrl'],
      [{ payerEmail: 'not-an-email' }, 'payerEmail'],
    ];
    for (const [over, field, message] of cases) {
      const res = await post('/collections', collectionBody(over));
      const body = expectStatus(res, 400);
      expect(body).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED' });
      expect(body.errors.map((e: { field: string }) => e.field), JSON.stringify(over)).toContain(field);
      if (message) expect(body.message).toMatch(message);
    }
    // Decimals per currency: THB takes two.
    const thb = await post('/collections', collectionBody({ currency: 'THB', amount: '20.505', paymentType: 16, channel: 20 }));
    expect(expectStatus(thb, 400).message).toMatch(/at most 2 decimals/);
    const thbOk = expectStatus(await post('/collections', collectionBody({ currency: 'THB', amount: '20.50', paymentType: 16, channel: 20 })), 201);
    expect(thbOk.result).toMatchObject({ amount: '20.50', currency: 'THB' });
  });

  it('409 for a merchantOrderId used before (with another Idempotency-Key)', async () => {
    const body = collectionBody();
    expectStatus(await post('/collections', body), 201);
    const dup = expectStatus(await post('/collections', { ...body, amount: '170000' }), 409);
    expect(dup).toMatchObject({ success: false, errorCode: 'CONFLICT' });
  });

  it('404 for unknown ids and for other merchants\' ids, on every route', async () => {
    const theirs = await createCollection(
      { db: tdb.db, publicUrl: PUBLIC_URL },
      {
        merchantId: 10030,
        mode: ApiKeyMode.SANDBOX,
        source: CollectionSource.API,
        merchantOrderId: orderId('LUMI'),
        amount: 150000n,
        currency: 'IDR',
        paymentType: 1,
        channel: 1,
      },
    );
    for (const id of ['C000000000000NOTEXIST00', theirs.id]) {
      expectStatus(await get(`/collections/${id}`), 404);
      expectStatus(await post(`/sandbox/collections/${id}/pay`, {}), 404);
      expectStatus(await post(`/sandbox/collections/${id}/fail`, { reason: 'PAYER_DECLINED' }), 404);
      expectStatus(await post('/refunds', { collectionId: id, amount: '1000', refundWay: 'original', reason: 'x' }), 404);
    }
    expectStatus(await get(`/collections?merchantOrderId=${theirs.merchantOrderId}`), 404);
    expectStatus(await get('/refunds/R000000000000NOTEXIST00'), 404);
    // Their order is untouched.
    const { rows } = await tdb.pool.query<{ status: string }>('select status from collection where id = $1', [theirs.id]);
    expect(rows[0]!.status).toBe('pending');
  });

  it('422 for business rules: refunding an unpaid order or more than is left, paying a failed order', async () => {
    const c = expectStatus(await post('/collections', collectionBody()), 201).result;
    const early = expectStatus(await post('/refunds', { collectionId: c.id, amount: '1000', refundWay: 'original', reason: 'x' }), 422);
    expect(early.errorCode).toBe('BUSINESS_RULE');
    expectStatus(await post(`/sandbox/collections/${c.id}/pay`, {}), 200);
    const tooMuch = expectStatus(await post('/refunds', { collectionId: c.id, amount: '150001', refundWay: 'offline', reason: 'x' }), 422);
    expect(tooMuch.errorCode).toBe('BUSINESS_RULE');
    // A full refund of what is left works, and then nothing is left.
    const full = expectStatus(await post('/refunds', { collectionId: c.id, amount: '150000', refundWay: 'offline', reason: 'all' }), 201);
    expect(full.result).toMatchObject({ refundType: 'full', refundWay: 'offline' });
    expect(expectStatus(await get(`/collections/${c.id}`), 200).result).toMatchObject({ status: 'refunded', refundable: '0' });
    expectStatus(await post('/refunds', { collectionId: c.id, amount: '1', refundWay: 'offline', reason: 'x' }), 422);

    const f = expectStatus(await post('/collections', collectionBody()), 201).result;
    const failed = expectStatus(await post(`/sandbox/collections/${f.id}/fail`, { reason: 'INSUFFICIENT_FUNDS' }), 200).result;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'INSUFFICIENT_FUNDS' });
    expect(expectStatus(await post(`/sandbox/collections/${f.id}/pay`, {}), 422).errorCode).toBe('BUSINESS_RULE');
  });

  it('a failure reason outside the catalogue, a refund way outside the two, a missing merchantOrderId: 400', async () => {
    const c = expectStatus(await post('/collections', collectionBody()), 201).result;
    expect(expectStatus(await post(`/sandbox/collections/${c.id}/fail`, { reason: 'NOPE' }), 400).errors[0].field).toBe('reason');
    expect(expectStatus(await post('/refunds', { collectionId: c.id, amount: '1', refundWay: 'cash', reason: 'x' }), 400).errors[0].field).toBe('refundWay');
    expect(expectStatus(await get('/collections'), 400).errors[0].field).toBe('merchantOrderId');
  });

  it('unsigned calls never reach the routes', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/open/v1/balance' });
    expect(res.statusCode).toBe(401);
    const tampered = await post('/collections', collectionBody(), { sign: { body: JSON.stringify(collectionBody({ amount: '1' })) } });
    expect(tampered.statusCode).toBe(401);
  });
});

describe('payment links', () => {
  it('creates a link whose URL opens the cashier for the payer', async () => {
    const res = expectStatus(await post('/payment-links', { amount: '250000', currency: 'IDR', description: 'Invoice 7', expiryHours: 48 }), 201);
    const link = res.result;
    expect(link).toMatchObject({ status: 'active', amount: '250000', currency: 'IDR', description: 'Invoice 7', expiryHours: 48, mode: 'sandbox', collectionId: null });
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/pay/`));
    const token = link.url.split('/pay/')[1];
    const cashier = await app.inject({ method: 'GET', url: `/api/cashier/${token}` });
    expect(cashier.json().result).toMatchObject({ kind: 'link', amount: '250000', description: 'Invoice 7', merchantName: 'Demo Store' });

    expect(expectStatus(await post('/payment-links', { amount: '250000.5', currency: 'IDR', description: 'x' }), 400).errors[0].field).toBe('amount');
    expect(expectStatus(await post('/payment-links', { amount: '250000', currency: 'IDR', description: '' }), 400).errors[0].field).toBe('description');
    expect(expectStatus(await post('/payment-links', { amount: '250000', currency: 'IDR', description: 'x', expiryHours: 721 }), 400).errors[0].field).toBe('expiryHours');
  });
});

describe('live keys', () => {
  it('may not use the sandbox helpers (403), but may create and read orders', async () => {
    const liveSecret = 'sk_live_TestLiveSecretValue0123456789abcd';
    const box = new SecretBox(TEST_SECRET_KEY);
    await tdb.pool.query(
      `insert into api_key (id, merchant_id, mode, name, secret_sealed, secret_last4, status, created_by)
       values ('mk_live_test10001', $1, 'live', 'live test', $2, $3, 'active', 'test')`,
      [M, box.seal(liveSecret), liveSecret.slice(-4)],
    );
    // A live key needs the caller on the whitelist.
    await tdb.pool.query(`update merchant set ip_whitelist = '{127.0.0.1/32,::1}' where id = $1`, [M]);
    try {
      const live = { keyId: 'mk_live_test10001', secret: liveSecret };
      const c = expectStatus(await post('/collections', collectionBody(), live), 201).result;
      expect(c.mode).toBe('live');
      for (const [url, body] of [
        [`/sandbox/collections/${c.id}/pay`, {}],
        [`/sandbox/collections/${c.id}/fail`, { reason: 'PAYER_DECLINED' }],
        ['/sandbox/settlements/run', {}],
      ] as const) {
        const res = expectStatus(await post(url, body, live), 403);
        expect(res).toMatchObject({ errorCode: 'FORBIDDEN', message: 'Sandbox helpers accept sandbox keys only' });
      }
      expect(expectStatus(await get(`/collections/${c.id}`, live), 200).result.status).toBe('pending');
      // Nor may a sandbox key of the same merchant drive the live order.
      const viaSandbox = expectStatus(await post(`/sandbox/collections/${c.id}/pay`, {}), 422);
      expect(viaSandbox.message).toBe('Sandbox helpers work on sandbox orders only; this order was created with a live key');
      expectStatus(await post(`/sandbox/collections/${c.id}/fail`, { reason: 'PAYER_DECLINED' }), 422);
      expect(expectStatus(await get(`/collections/${c.id}`, live), 200).result.status).toBe('pending');
    } finally {
      await tdb.pool.query(`update merchant set ip_whitelist = '{}' where id = $1`, [M]);
    }
  });
});
