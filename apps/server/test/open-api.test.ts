/**
 * The open API business routes end to end through the HTTP stack with signed requests (the demo sandbox key of
 * merchant 10001): create -> get -> sandbox pay -> balance pending -> partial refund -> settlement -> available;
 * the 400 / 404 / 409 / 422 answers an integrator sees; sandbox helpers refused to live keys; payment links. Through
 * the generated client (helpers/open-api-client.ts).
 */
import { ApiKeyMode, CollectionSource } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../src/lib/secret-box';
import { createCollection } from '../src/modules/collections/service';
import { buildTestApp, TEST_SECRET_KEY } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { openApiRequest } from './helpers/open-api';
import { exchangeOf, expectData, expectError, idempotent, replayed, signingKey, testOpenApiClient, type RequestBody } from './helpers/open-api-client';

const M = 10001;
const PUBLIC_URL = 'https://pay.example.test';
let tdb: TestDatabase;
let app: FastifyInstance;
/** The demo sandbox key of merchant 10001 through the generated client. */
let api: ReturnType<typeof testOpenApiClient>;
let seq = 0;
const orderId = (p = 'ORD') => `${p}-${process.pid}-${++seq}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  app = await buildTestApp(tdb, { publicUrl: PUBLIC_URL, rateLimitPerMinute: 100_000 });
  await app.ready();
  api = testOpenApiClient(app);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

type CollectionBody = RequestBody<'/collections', 'post'>;

const collectionBody = (over: Partial<CollectionBody> = {}): CollectionBody => ({
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

// Every call an integrator makes goes through the client generated from the served document
// (packages/open-api-client): the paths, bodies and answers below are type-checked against it, as an integrator's
// generated client would be. Only the unsigned and tampered calls are sent by hand.
describe('the integration journey', () => {
  it('create -> get -> pay -> pending -> partial refund -> settle -> available', async () => {
    const typedBalance = async () => {
      const line = expectData(await api.GET('/balance', {}), 200).result.balances.find((b) => b.currency === 'IDR')!;
      return { available: BigInt(line.available), pending: BigInt(line.pending) };
    };
    const start = await typedBalance();
    const body = collectionBody();
    const created = expectData(await api.POST('/collections', { body, params: idempotent() }), 201);
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
    expect(expectData(await api.GET('/collections/{id}', { params: { path: { id: c.id } } }), 200).result).toEqual(c);
    expect(expectData(await api.GET('/collections', { params: { query: { merchantOrderId: body.merchantOrderId } } }), 200).result.id).toBe(c.id);

    // The sandbox payer pays.
    const pay = () => api.POST('/sandbox/collections/{id}/pay', { params: { path: { id: c.id }, ...idempotent() } });
    const paid = expectData(await pay(), 200).result;
    expect(paid).toMatchObject({ id: c.id, status: 'success', paidAmount: '150000', refundable: '150000', fee: { adminFee: '1000', serviceFee: '1050', total: '2050' } });
    expect(paid.paidAt).toEqual(expect.any(String));
    // Paid, it is in the merchant's pending settlement batch: the id its callback carries is in the answer too.
    expect(paid.settlementId).toEqual(expect.any(String));
    // Paying again through the helper is harmless.
    expect(expectData(await pay(), 200).result.status).toBe('success');

    const afterPay = await typedBalance();
    expect(afterPay.pending - start.pending).toBe(147950n);
    expect(afterPay.available).toBe(start.available);

    // Partial refund: taken from the batch still pending.
    const refundBody = { collectionId: c.id, amount: '50000', refundWay: 'original' as const, reason: 'Customer changed mind', merchantRefundId: orderId('RF') };
    const r = expectData(await api.POST('/refunds', { body: refundBody, params: idempotent() }), 201).result;
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
    expect(expectData(await api.GET('/refunds/{id}', { params: { path: { id: r.id } } }), 200).result).toEqual(r);
    expect(expectData(await api.GET('/collections/{id}', { params: { path: { id: c.id } } }), 200).result).toMatchObject({ refundedAmount: '50000', refundable: '100000' });
    const afterRefund = await typedBalance();
    expect(afterRefund.pending - start.pending).toBe(97950n);

    // Settlement now (sandbox helper): pending -> available.
    const run = expectData(await api.POST('/sandbox/settlements/run', { params: idempotent() }), 200).result;
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
    const c = expectData(await api.POST('/collections', { body: collectionBody(), params: idempotent() }), 201).result;
    const key = `pay-${process.pid}-${++seq}`;
    const pay = (k: string) => api.POST('/sandbox/collections/{id}/pay', { params: { path: { id: c.id }, ...idempotent(k) } });
    const first = await pay(key);
    const paid = expectData(first, 200).result;
    expect(paid.status).toBe('success');
    const stored = await tdb.pool.query<{ response_status: number; response_body: string }>(
      'select response_status, response_body from idempotency_record where merchant_id = $1 and key = $2',
      [M, key],
    );
    expect(stored.rows).toEqual([{ response_status: 200, response_body: exchangeOf(first.response).body }]);

    const replay = await pay(key);
    expect(replayed(replay)).toBe('true');
    expect(exchangeOf(replay.response).body).toBe(exchangeOf(first.response).body);

    // Already paid: nothing is written, and the answer (the order as it is) is stored after it is sent.
    const other = await pay(`${key}-b`);
    expect(replayed(other)).toBeNull();
    expect(expectData(other, 200).result).toMatchObject({ id: c.id, status: 'success', paidAt: paid.paidAt });
    const transfers = await tdb.pool.query(`select 1 from ledger_transfer where reference = $1`, [c.id]);
    expect(transfers.rowCount).toBe(1);
  });

  it('balance lists every currency of the merchant, zeros included, and can be narrowed to one', async () => {
    const all = expectData(await api.GET('/balance', {}), 200).result;
    expect(all.merchantId).toBe(M);
    const currencies = all.balances.map((b) => b.currency);
    expect(currencies).toEqual(expect.arrayContaining(['IDR', 'THB', 'PHP', 'BRL']));
    expect(all.balances.find((b) => b.currency === 'THB')).toEqual({ currency: 'THB', available: '0.00', pending: '0.00', frozen: '0.00' });
    const thb = expectData(await api.GET('/balance', { params: { query: { currency: 'THB' } } }), 200).result;
    expect(thb.balances).toHaveLength(1);
    const bad = expectError(await api.GET('/balance', { params: { query: { currency: 'XYZ' } } }), 400);
    expect(bad.errors?.[0]?.field).toBe('currency');
  });

  it('Idempotency-Key: the same request replays the first answer; another body is 422', async () => {
    const body = collectionBody();
    const params = idempotent(`idem-${seq}`);
    const first = expectData(await api.POST('/collections', { body, params }), 201);
    const again = await api.POST('/collections', { body, params });
    expect(again.response.status).toBe(201);
    expect(replayed(again)).toBe('true');
    expect(again.data?.result.id).toBe(first.result.id);
    const other = await api.POST('/collections', { body: { ...body, amount: '160000' }, params });
    expect(other.response.status).toBe(422);
  });
});

describe('errors an integrator sees', () => {
  it('400 naming the field: malformed amount, too many decimals, amount as a number, unknown currency, not the merchant\'s currency', async () => {
    const cases: [Partial<CollectionBody>, string, RegExp?][] = [
      [{ amount: 'abc' }, 'amount', /valid amount/],
      [{ amount: '150000.5' }, 'amount', /whole number/],
      [{ amount: '-5' }, 'amount', /negative/],
      [{ amount: '0' }, 'amount', /greater than zero/],
      // Deliberately not the document's type: a number where it says a decimal string.
      [{ amount: 150000 as unknown as string }, 'amount'],
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
      const body = expectError(await api.POST('/collections', { body: collectionBody(over), params: idempotent() }), 400);
      expect(body).toMatchObject({ success: false, errorCode: 'VALIDATION_FAILED' });
      expect(body.errors?.map((e) => e.field), JSON.stringify(over)).toContain(field);
      if (message) expect(body.message).toMatch(message);
    }
    // Decimals per currency: THB takes two.
    const thb = await api.POST('/collections', { body: collectionBody({ currency: 'THB', amount: '20.505', paymentType: 16, channel: 20 }), params: idempotent() });
    expect(expectError(thb, 400).message).toMatch(/at most 2 decimals/);
    const thbOk = expectData(await api.POST('/collections', { body: collectionBody({ currency: 'THB', amount: '20.50', paymentType: 16, channel: 20 }), params: idempotent() }), 201);
    expect(thbOk.result).toMatchObject({ amount: '20.50', currency: 'THB' });
  });

  it('409 for a merchantOrderId used before (with another Idempotency-Key)', async () => {
    const body = collectionBody();
    expectData(await api.POST('/collections', { body, params: idempotent() }), 201);
    const dup = expectError(await api.POST('/collections', { body: { ...body, amount: '170000' }, params: idempotent() }), 409);
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
      const path = { id };
      expectError(await api.GET('/collections/{id}', { params: { path } }), 404);
      expectError(await api.POST('/sandbox/collections/{id}/pay', { params: { path, ...idempotent() } }), 404);
      expectError(await api.POST('/sandbox/collections/{id}/fail', { params: { path, ...idempotent() }, body: { reason: 'PAYER_DECLINED' } }), 404);
      expectError(await api.POST('/refunds', { body: { collectionId: id, amount: '1000', refundWay: 'original', reason: 'x' }, params: idempotent() }), 404);
    }
    expectError(await api.GET('/collections', { params: { query: { merchantOrderId: theirs.merchantOrderId } } }), 404);
    expectError(await api.GET('/refunds/{id}', { params: { path: { id: 'R000000000000NOTEXIST00' } } }), 404);
    // Their order is untouched.
    const { rows } = await tdb.pool.query<{ status: string }>('select status from collection where id = $1', [theirs.id]);
    expect(rows[0]!.status).toBe('pending');
  });

  it('422 for business rules: refunding an unpaid order or more than is left, paying a failed order', async () => {
    const refund = (body: RequestBody<'/refunds', 'post'>) => api.POST('/refunds', { body, params: idempotent() });
    const pay = (id: string) => api.POST('/sandbox/collections/{id}/pay', { params: { path: { id }, ...idempotent() } });
    const c = expectData(await api.POST('/collections', { body: collectionBody(), params: idempotent() }), 201).result;
    const early = expectError(await refund({ collectionId: c.id, amount: '1000', refundWay: 'original', reason: 'x' }), 422);
    expect(early.errorCode).toBe('BUSINESS_RULE');
    expectData(await pay(c.id), 200);
    const tooMuch = expectError(await refund({ collectionId: c.id, amount: '150001', refundWay: 'offline', reason: 'x' }), 422);
    expect(tooMuch.errorCode).toBe('BUSINESS_RULE');
    // A full refund of what is left works, and then nothing is left.
    const full = expectData(await refund({ collectionId: c.id, amount: '150000', refundWay: 'offline', reason: 'all' }), 201);
    expect(full.result).toMatchObject({ refundType: 'full', refundWay: 'offline' });
    expect(expectData(await api.GET('/collections/{id}', { params: { path: { id: c.id } } }), 200).result).toMatchObject({ status: 'refunded', refundable: '0' });
    expectError(await refund({ collectionId: c.id, amount: '1', refundWay: 'offline', reason: 'x' }), 422);

    const f = expectData(await api.POST('/collections', { body: collectionBody(), params: idempotent() }), 201).result;
    const failed = expectData(await api.POST('/sandbox/collections/{id}/fail', { params: { path: { id: f.id }, ...idempotent() }, body: { reason: 'INSUFFICIENT_FUNDS' } }), 200).result;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'INSUFFICIENT_FUNDS' });
    expect(expectError(await pay(f.id), 422).errorCode).toBe('BUSINESS_RULE');
  });

  it('a failure reason outside the catalogue, a refund way outside the two, a missing merchantOrderId: 400', async () => {
    const c = expectData(await api.POST('/collections', { body: collectionBody(), params: idempotent() }), 201).result;
    // Deliberately outside the document's types (its enums, its required query): what a hand-written client might send.
    const reason = 'NOPE' as RequestBody<'/sandbox/collections/{id}/fail', 'post'>['reason'];
    const fail = await api.POST('/sandbox/collections/{id}/fail', { params: { path: { id: c.id }, ...idempotent() }, body: { reason } });
    expect(expectError(fail, 400).errors?.[0]?.field).toBe('reason');
    const refundWay = 'cash' as RequestBody<'/refunds', 'post'>['refundWay'];
    const refund = await api.POST('/refunds', { body: { collectionId: c.id, amount: '1', refundWay, reason: 'x' }, params: idempotent() });
    expect(expectError(refund, 400).errors?.[0]?.field).toBe('refundWay');
    const find = await api.GET('/collections', { params: { query: {} as { merchantOrderId: string } } });
    expect(expectError(find, 400).errors?.[0]?.field).toBe('merchantOrderId');
  });

  it('unsigned calls never reach the routes', async () => {
    // By hand: the generated client always signs, and signs what it sends.
    const res = await app.inject({ method: 'GET', url: '/api/open/v1/balance' });
    expect(res.statusCode).toBe(401);
    const tampered = await openApiRequest(app, { method: 'POST', url: '/collections', body: collectionBody(), sign: { body: JSON.stringify(collectionBody({ amount: '1' })) } });
    expect(tampered.statusCode).toBe(401);
  });
});

describe('payment links', () => {
  it('creates a link whose URL opens the cashier for the payer', async () => {
    const create = (body: RequestBody<'/payment-links', 'post'>) => api.POST('/payment-links', { body, params: idempotent() });
    const link = expectData(await create({ amount: '250000', currency: 'IDR', description: 'Invoice 7', expiryHours: 48 }), 201).result;
    expect(link).toMatchObject({ status: 'active', amount: '250000', currency: 'IDR', description: 'Invoice 7', expiryHours: 48, mode: 'sandbox', collectionId: null });
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/pay/`));
    const token = link.url.split('/pay/')[1];
    const cashier = await app.inject({ method: 'GET', url: `/api/cashier/${token}` });
    expect(cashier.json().result).toMatchObject({ kind: 'link', amount: '250000', description: 'Invoice 7', merchantName: 'Demo Store' });

    expect(expectError(await create({ amount: '250000.5', currency: 'IDR', description: 'x' }), 400).errors?.[0]?.field).toBe('amount');
    expect(expectError(await create({ amount: '250000', currency: 'IDR', description: '' }), 400).errors?.[0]?.field).toBe('description');
    expect(expectError(await create({ amount: '250000', currency: 'IDR', description: 'x', expiryHours: 721 }), 400).errors?.[0]?.field).toBe('expiryHours');
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
      const live = testOpenApiClient(app, signingKey('mk_live_test10001', liveSecret));
      const c = expectData(await live.POST('/collections', { body: collectionBody(), params: idempotent() }), 201).result;
      expect(c.mode).toBe('live');
      const path = { id: c.id };
      for (const helper of [
        () => live.POST('/sandbox/collections/{id}/pay', { params: { path, ...idempotent() } }),
        () => live.POST('/sandbox/collections/{id}/fail', { params: { path, ...idempotent() }, body: { reason: 'PAYER_DECLINED' } }),
        () => live.POST('/sandbox/settlements/run', { params: idempotent() }),
      ]) {
        const res = expectError(await helper(), 403);
        expect(res).toMatchObject({ errorCode: 'FORBIDDEN', message: 'Sandbox helpers accept sandbox keys only' });
      }
      expect(expectData(await live.GET('/collections/{id}', { params: { path } }), 200).result.status).toBe('pending');
      // Nor may a sandbox key of the same merchant drive the live order.
      const viaSandbox = expectError(await api.POST('/sandbox/collections/{id}/pay', { params: { path, ...idempotent() } }), 422);
      expect(viaSandbox.message).toBe('Sandbox helpers work on sandbox orders only; this order was created with a live key');
      expectError(await api.POST('/sandbox/collections/{id}/fail', { params: { path, ...idempotent() }, body: { reason: 'PAYER_DECLINED' } }), 422);
      expect(expectData(await live.GET('/collections/{id}', { params: { path } }), 200).result.status).toBe('pending');
    } finally {
      await tdb.pool.query(`update merchant set ip_whitelist = '{}' where id = $1`, [M]);
    }
  });
});
