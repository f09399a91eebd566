/**
 * Global search (issue 15): a record is found by each kind of identifier (platform id, merchant order id, payment
 * code, payer e-mail, an account number's last digits, a balance transfer's id), only within the caller's
 * merchants and lists; what is not an identifier (spaces, quotes, SQL) is refused with 400 before any statement.
 */
import type { SearchHit } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { expectData, idempotent, testOpenApiClient } from './helpers/open-api-client';

const M = 10001;
let tdb: TestDatabase;
let app: FastifyInstance;
let merchant: Client;
let staff: Client;
let other: Client;
let order: { id: string; merchantOrderId: string; paymentCode: string };
let payoutId: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  app = await buildAdminTestApp(tdb);
  await postTransfer(tdb.db, topUp({ merchantId: M, currency: 'IDR', reference: 'search-fund', idempotencyKey: 'search-fund', amount: 5_000_000n }));
  const api = testOpenApiClient(app);
  const created = await api.POST('/collections', {
    body: { merchantOrderId: `SEARCH-${Date.now()}`, amount: '50000', currency: 'IDR', paymentType: 1, payerEmail: 'Siti.Rahma@example.com' },
    params: idempotent(),
  });
  const c = expectData(created, 201).result;
  order = { id: c.id, merchantOrderId: c.merchantOrderId, paymentCode: c.paymentCode! };
  const payout = await api.POST('/payouts', {
    body: { merchantOrderId: `SEARCH-P-${Date.now()}`, amount: '150000', currency: 'IDR', bankCode: 'BCA', accountName: 'Budi Santoso', accountNumber: '7712345678', description: 'search' },
    params: idempotent(),
  });
  payoutId = expectData(payout, 201).result.id;
  merchant = await signIn(app, 'demo_admin');
  staff = await signIn(app, 'admin');
  other = await signIn(app, 'demo_business');
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function search(who: Client, q: string): Promise<SearchHit[]> {
  const res = await who.get('/search', { q });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as SearchHit[];
}

describe('global search', () => {
  it('finds a collection by its id, its order id, its payment code and its payer e-mail (any case)', async () => {
    for (const [q, match] of [
      [order.id, 'id'],
      [order.merchantOrderId, 'merchantOrderId'],
      [order.paymentCode, 'paymentCode'],
      ['siti.rahma@EXAMPLE.com', 'payerEmail'],
    ] as const) {
      const hits = await search(merchant, q);
      expect(hits, q).toContainEqual(expect.objectContaining({ kind: 'collections', id: order.id, match, merchantId: M, currency: 'IDR', amount: '50000' }));
    }
  });

  it("finds a payout by its id and its account number's last digits", async () => {
    expect(await search(merchant, payoutId)).toContainEqual(expect.objectContaining({ kind: 'payouts', id: payoutId, match: 'id' }));
    expect(await search(merchant, '5678')).toContainEqual(expect.objectContaining({ kind: 'payouts', id: payoutId, match: 'accountSuffix' }));
    // Digits of the middle are not a suffix.
    expect((await search(merchant, '1234')).some((h) => h.id === payoutId)).toBe(false);
  });

  it('finds a refund by its id and the merchant refund id', async () => {
    const api = testOpenApiClient(app);
    expectData(await api.POST('/sandbox/collections/{id}/pay', { params: { path: { id: order.id }, ...idempotent() } }), 200);
    const merchantRefundId = `SEARCH-R-${Date.now()}`;
    const refund = await api.POST('/refunds', { body: { collectionId: order.id, amount: '10000', refundWay: 'original', reason: 'search', merchantRefundId }, params: idempotent() });
    const refundId = expectData(refund, 201).result.id;
    expect(await search(merchant, refundId)).toContainEqual(expect.objectContaining({ kind: 'refunds', id: refundId, match: 'id' }));
    expect(await search(merchant, merchantRefundId)).toContainEqual(expect.objectContaining({ kind: 'refunds', id: refundId, match: 'merchantRefundId' }));
    expect(await search(other, merchantRefundId)).toEqual([]);
  });

  it("answers platform staff for every merchant, and another merchant's user nothing", async () => {
    expect(await search(staff, order.id)).toContainEqual(expect.objectContaining({ id: order.id, merchantId: M }));
    expect(await search(other, order.id)).toEqual([]);
    expect(await search(other, order.paymentCode)).toEqual([]);
  });

  it('refuses what is not an identifier with 400, naming q', async () => {
    for (const q of ["' OR 1=1 --", 'a b', '"; drop table collection; --', 'x%', 'ab', 'é'.repeat(5), 'x'.repeat(101)]) {
      const res = await merchant.get('/search', { q });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors[0].field, q).toBe('q');
    }
    expect((await app.inject({ method: 'GET', url: `/api/search?q=${order.id}` })).statusCode).toBe(401);
  });
});
