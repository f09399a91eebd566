/**
 * A voided payment link cannot be paid (issue 39), by any path, through the HTTP API on real PostgreSQL: the
 * cashier's page of the link and its Pay, the page and Pay of an attempt the payer opened before the void, the open
 * API's sandbox payment of that attempt, and a void racing the attempt's payment. An attempt whose payment is under
 * way (processing, or the channel's answer unknown) keeps the link from being voided: its money may still arrive.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { exchangeOf, expectData, idempotent, testOpenApiClient } from './helpers/open-api-client';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  app = await buildAdminTestApp(tdb);
  admin = await signIn(app, 'demo_admin');
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const result = (res: LightMyRequestResponse) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).result;
};
/** A link of the dashboard; `…99` amounts stay pending in the sandbox (the payer opened the attempt and left). */
const newLink = async (amount = '150099') => {
  const link = result(await admin.post('/payment-links', { amount, currency: 'IDR', description: 'Concert ticket', paymentType: 1 })) as { id: string; url: string };
  return { ...link, token: new URL(link.url).pathname.split('/').pop()! };
};
const voidLink = (id: string) => admin.post(`/payment-links/${id}/void`);
const cashier = (token: string) => app.inject({ method: 'GET', url: `/api/cashier/${token}`, headers: { 'x-lang': 'en-US' } });
const pay = (token: string) => app.inject({ method: 'POST', url: `/api/cashier/${token}/pay`, headers: { 'x-lang': 'en-US' }, payload: {} });
/** The sandbox payer pays an order, through the generated client with the demo sandbox key. */
const sandboxPay = (id: string) => testOpenApiClient(app).POST('/sandbox/collections/{id}/pay', { params: { path: { id }, ...idempotent() } });
const collectionsOf = async (linkId: string) =>
  (await tdb.pool.query<{ id: string; status: string; cashier_token: string }>('select id, status, cashier_token from collection where payment_link_id = $1 order by created_at', [linkId])).rows;
const linkStatus = async (linkId: string) => (await tdb.pool.query<{ status: string }>('select status from payment_link where id = $1', [linkId])).rows[0]?.status;
const moneyIn = async (reference: string) => (await tdb.pool.query<{ n: number }>(`select count(*)::int as n from ledger_transfer where reference = $1`, [reference])).rows[0]!.n;

describe('a voided payment link cannot be paid', () => {
  it('at the cashier: its page offers no payment and Pay is refused; no order is made', async () => {
    const link = await newLink('150000');
    expect(result(await cashier(link.token))).toMatchObject({ kind: 'link', payable: true });
    expect(result(await voidLink(link.id))).toMatchObject({ status: 'void' });
    expect(result(await cashier(link.token))).toMatchObject({ kind: 'link', status: 'closed', payable: false, cancellable: false });
    const refused = await pay(link.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This payment link is no longer active');
    expect(await collectionsOf(link.id)).toEqual([]);
  });

  it('an attempt opened before the void: closed with it; neither its own page, its Pay nor the open API pays it', async () => {
    const link = await newLink();
    expect(result(await pay(link.token))).toMatchObject({ kind: 'link', status: 'pending' });
    const [attempt] = await collectionsOf(link.id);
    expect(attempt).toMatchObject({ status: 'pending' });
    expect(result(await cashier(attempt!.cashier_token))).toMatchObject({ kind: 'collection', payable: true });

    result(await voidLink(link.id));
    expect((await collectionsOf(link.id)).map((c) => c.status)).toEqual(['closed']);
    expect(result(await cashier(attempt!.cashier_token))).toMatchObject({ kind: 'collection', status: 'closed', payable: false });
    expect((await pay(attempt!.cashier_token)).statusCode).toBe(422);
    expect((await pay(link.token)).statusCode).toBe(422);
    const api = await sandboxPay(attempt!.id);
    expect(api.response.status).toBe(422);
    expect(await collectionsOf(link.id)).toEqual([expect.objectContaining({ id: attempt!.id, status: 'closed' })]);
    expect(await moneyIn(attempt!.id)).toBe(0);
    expect(await linkStatus(link.id)).toBe('void');
  });

  it('an attempt whose payment is under way keeps the link from being voided (422 saying so); its money then pays the link', async () => {
    for (const under of ['unknown', 'processing']) {
      const link = await newLink();
      result(await pay(link.token));
      const [attempt] = await collectionsOf(link.id);
      // As a channel leaves it: the payer's money is on its way, or the channel did not answer conclusively.
      await tdb.pool.query('update collection set status = $1 where id = $2', [under, attempt!.id]);
      const refused = await voidLink(link.id);
      expect(refused.statusCode, under).toBe(422);
      expect(refused.json().message, under).toBe('A payment of this link is under way: it cannot be voided until that payment ends');
      expect(await linkStatus(link.id), under).toBe('active');
      // The channel's answer arrives: the link is paid, once.
      expect(expectData(await sandboxPay(attempt!.id), 200).result).toMatchObject({ status: 'success' });
      expect(await linkStatus(link.id), under).toBe('paid');
      expect(await moneyIn(attempt!.id), under).toBe(1);
      expect((await voidLink(link.id)).statusCode, under).toBe(422);
    }
  });

  it('a void racing the payment of an attempt: either the link is void and nothing was paid, or it is paid and not void; never an error', async () => {
    for (let round = 0; round < 8; round++) {
      const link = await newLink();
      result(await pay(link.token));
      const [attempt] = await collectionsOf(link.id);
      const [voided, paid] = await Promise.all([voidLink(link.id), sandboxPay(attempt!.id)]);
      expect([voided.statusCode, paid.response.status].sort(), `round ${round}: ${voided.body} ${exchangeOf(paid.response).body}`).toEqual([200, 422]);
      const status = await linkStatus(link.id);
      const collections = await collectionsOf(link.id);
      if (voided.statusCode === 200) {
        expect(status).toBe('void');
        expect(collections.map((c) => c.status)).toEqual(['closed']);
        expect(await moneyIn(attempt!.id)).toBe(0);
      } else {
        expect(status).toBe('paid');
        expect(collections.map((c) => c.status)).toEqual(['success']);
        expect(await moneyIn(attempt!.id)).toBe(1);
      }
    }
  });
});
