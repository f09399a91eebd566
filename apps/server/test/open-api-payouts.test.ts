/**
 * Open API payouts through the HTTP stack with signed requests (the demo sandbox key of merchant 10001): the banks
 * of a currency, create (201, held at once, idempotent), read by id and merchant order id, cancel, the sandbox
 * helpers, the answers an integrator sees for bad input and an uncovered amount, and the signed callbacks as an
 * integrator's endpoint receives and verifies them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_SANDBOX_DELAY_MS, translate } from '@mg/domain';
import { getOrCreateWebhookSecret } from '../src/modules/callbacks/secret';
import { verifyWebhook } from '../src/modules/callbacks/signature';
import { deliverDue } from '../src/modules/callbacks/worker';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { approvePayout, completeDue, sendApproved } from '../src/modules/payouts/service';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { openApiRequest, type OpenApiRequestOptions } from './helpers/open-api';
import { testOpenApiClient } from './helpers/open-api-client';

const M = 10001;
let tdb: TestDatabase;
let app: FastifyInstance;
let seq = 0;
const orderId = () => `PAY-${process.pid}-${++seq}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  await postTransfer(tdb.db, topUp({ merchantId: M, currency: 'IDR', reference: 'open-payout-fund', idempotencyKey: 'open-payout-fund', amount: 5_000_000n }));
  app = await buildTestApp(tdb, { rateLimitPerMinute: 100_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const call = (opts: OpenApiRequestOptions) => openApiRequest(app, opts);
const post = (url: string, body: unknown, extra: Partial<OpenApiRequestOptions> = {}) => call({ method: 'POST', url, body, ...extra });
const get = (url: string) => call({ method: 'GET', url });
function expectStatus(res: LightMyRequestResponse, status: number) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body}`);
  return res.json();
}
const body = (over: Record<string, unknown> = {}) => ({
  merchantOrderId: orderId(),
  amount: '150000',
  currency: 'IDR',
  bankCode: 'BCA',
  accountName: 'Budi Santoso',
  accountNumber: '1234567890',
  description: 'Supplier invoice 42',
  ...over,
});
async function available() {
  const b = expectStatus(await get('/balance?currency=IDR'), 200);
  return BigInt(b.result.balances[0].available);
}

describe('open API payouts', () => {
  it('lists the destinations of a currency with their fields and limits', async () => {
    const r = expectStatus(await get('/payouts/banks?currency=IDR'), 200).result;
    expect(r).toEqual(expect.arrayContaining([expect.objectContaining({ bankCode: 'OVO', kind: 'ewallet', fields: ['accountNumber', 'accountName'], minAmount: '10000' })]));
    const brl = expectStatus(await get('/payouts/banks?currency=BRL'), 200).result;
    expect(brl.find((d: { bankCode: string }) => d.bankCode === 'ITAU').fields).toEqual(['accountNumber', 'accountName', 'accountType', 'documentId', 'bankAgency']);
  });

  it("labels each destination's account and branch fields in the caller's language, never as i18n keys (issue 40)", async () => {
    const idr = expectStatus(await call({ method: 'GET', url: '/payouts/banks?currency=IDR', headers: { 'x-lang': 'id-ID' } }), 200).result as { bankCode: string; accountLabel: string; agencyLabel: string | null }[];
    expect(idr.find((d) => d.bankCode === 'OVO')).toMatchObject({ accountLabel: translate('id-ID', 'payouts.fields.walletPhone'), agencyLabel: null });
    expect(idr.find((d) => d.bankCode === 'BCA')?.accountLabel).toBe(translate('id-ID', 'payouts.fields.accountNumber'));
    const inr = expectStatus(await call({ method: 'GET', url: '/payouts/banks?currency=INR', headers: { 'x-lang': 'en-US' } }), 200).result as { bankCode: string; accountLabel: string; agencyLabel: string | null }[];
    expect(inr.find((d) => d.bankCode === 'SBI')).toMatchObject({ accountLabel: 'Account number', agencyLabel: translate('en-US', 'payouts.fields.ifsc') });
    for (const d of [...idr, ...inr]) expect(`${d.accountLabel} ${d.agencyLabel ?? ''}`).not.toMatch(/payouts\.|crypto\./);
  });

  // Through the generated client (packages/open-api-client): paths, bodies and answers typed by the served document.
  it('creates, holds at once, answers a replay the same, and reads it back by both ids', async () => {
    const api = testOpenApiClient(app);
    const before = await available();
    const b = { ...body(), merchantOrderId: orderId() };
    const key = `idem-${orderId()}`;
    const first = await api.POST('/payouts', { body: b, params: { header: { 'idempotency-key': key } } });
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ success: true, code: 201 });
    const p = first.data!.result;
    expect(p).toMatchObject({ merchantOrderId: b.merchantOrderId, status: 'pending_review', amount: '150000', currency: 'IDR', failureReason: null, createdBy: expect.stringMatching(/^api:/) });
    expect(p.id).toMatch(/^P/);
    expect(before - (await available())).toBe(150_000n + BigInt(p.fee));
    const again = await api.POST('/payouts', { body: b, params: { header: { 'idempotency-key': key } } });
    expect(again.response.status).toBe(201);
    expect(again.data!.result).toEqual(p);
    expect((await api.GET('/payouts/{id}', { params: { path: { id: p.id } } })).data!.result).toEqual(p);
    expect((await api.GET('/payouts', { params: { query: { merchantOrderId: b.merchantOrderId } } })).data!.result).toEqual(p);
    // The same merchant order id with another key: 409, typed as the call's declared CONFLICT.
    const dup = await api.POST('/payouts', { body: b, params: { header: { 'idempotency-key': `${key}-2` } } });
    expect(dup.response.status).toBe(409);
    expect(dup.error?.errorCode).toBe('CONFLICT');
  });

  it('cancels a payout pending review and gives its hold back; a second cancel is refused', async () => {
    const before = await available();
    const p = expectStatus(await post('/payouts', body()), 201).result;
    const c = expectStatus(await post(`/payouts/${p.id}/cancel`, {}), 200).result;
    expect(c).toMatchObject({ id: p.id, status: 'cancelled', fee: '0' });
    expect(await available()).toBe(before);
    expect((await post(`/payouts/${p.id}/cancel`, {})).statusCode).toBe(422);
    const cb = await tdb.pool.query(`select event_type from callback_delivery where order_kind = 'payout' and order_id = $1`, [p.id]);
    // 10001 has a payout callback address in the seed only when configured; without one nothing is queued
    expect(cb.rows.every((r: { event_type: string }) => r.event_type === 'payout.cancelled')).toBe(true);
  });

  it('ends a processing sandbox payout by the helpers, with a failure reason as code, message and retry flag', async () => {
    const p = expectStatus(await post('/payouts', body({ notifyUrl: 'https://merchant.example.test/p' })), 201).result;
    // pending review: the helpers refuse
    expect((await post(`/sandbox/payouts/${p.id}/fail`, { reason: 'BANK_REFUSED' })).statusCode).toBe(422);
    await tdb.pool.query(`update payout set status = 'processing', reviewed_by = 'checker', reviewed_at = now() where id = $1`, [p.id]);
    const failed = expectStatus(await post(`/sandbox/payouts/${p.id}/fail`, { reason: 'CHANNEL_NETWORK_TIMEOUT' }), 200).result;
    expect(failed).toMatchObject({ status: 'failed', fee: '0', failureReason: { code: 'CHANNEL_NETWORK_TIMEOUT', message: 'Channel network timeout', retryable: true } });
    expect((await post(`/sandbox/payouts/${p.id}/fail`, { reason: 'NOPE' })).statusCode).toBe(400);
    const cb = await tdb.pool.query(`select event_type, url, body from callback_delivery where order_kind = 'payout' and order_id = $1`, [p.id]);
    expect(cb.rows.map((r: { event_type: string; url: string }) => [r.event_type, r.url])).toEqual([['payout.failed', 'https://merchant.example.test/p']]);
    expect(JSON.parse(cb.rows[0].body).data).toMatchObject({ id: p.id, status: 'failed', failureReason: { code: 'CHANNEL_NETWORK_TIMEOUT' } });

    const q = expectStatus(await post('/payouts', body()), 201).result;
    await tdb.pool.query(`update payout set status = 'processing', reviewed_by = 'checker', reviewed_at = now() where id = $1`, [q.id]);
    expect(expectStatus(await post(`/sandbox/payouts/${q.id}/succeed`, {}), 200).result).toMatchObject({ status: 'success', completedAt: expect.any(String) });
  });

  it('refuses bad input naming the field, and an amount the balance cannot cover with 422 INSUFFICIENT_BALANCE', async () => {
    const wallet = await post('/payouts', body({ bankCode: 'DANA', accountNumber: '0712345678' }));
    expect(wallet.statusCode).toBe(400);
    expect(wallet.json()).toMatchObject({ errors: [{ field: 'accountNumber', message: expect.stringContaining('08') }] });
    const unknown = await post('/payouts', body({ bankCode: 'NOPE' }));
    expect(unknown.json()).toMatchObject({ errors: [{ field: 'bankCode' }] });
    const decimals = await post('/payouts', body({ amount: '100.5' }));
    expect(decimals.statusCode).toBe(400);
    const huge = await post('/payouts', body({ amount: '400000000' }));
    expect(huge.statusCode).toBe(422);
    expect(huge.json()).toMatchObject({ errorCode: 'INSUFFICIENT_BALANCE' });
    expect((await get('/payouts/P000000000000AAAAAAAAAA')).statusCode).toBe(404);
  });

  it('an integrator follows a payout by its signed callback: approved, paid out by the sandbox channel, payout.succeeded verified', async () => {
    const received: { url: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/payouts`;
      // Only this payout's callback is in the outbox.
      await tdb.pool.query('delete from callback_attempt');
      await tdb.pool.query('delete from callback_delivery');
      const created = expectStatus(await post('/payouts', body({ notifyUrl: url, amount: '175000' })), 201).result;
      await approvePayout(tdb.db, { merchantId: M, id: created.id, approver: 'checker' });
      const sentAt = new Date();
      await sendApproved(tdb.db, 100, sentAt);
      const answeredAt = new Date(sentAt.getTime() + PAYOUT_SANDBOX_DELAY_MS);
      await completeDue(tdb.db, 100, answeredAt);
      await deliverDue({ db: tdb.db, secretBox: app.secretBox, allowPrivate: true, now: answeredAt });

      const mine = received.filter((r) => r.url === '/hooks/payouts');
      expect(mine).toHaveLength(1);
      const secret = await getOrCreateWebhookSecret(tdb.db, app.secretBox, M);
      const event = verifyWebhook(secret, mine[0]!.headers, mine[0]!.body, 300, answeredAt) as { type: string; data: Record<string, unknown> };
      expect(event.type).toBe('payout.succeeded');
      expect(event.data).toMatchObject({ id: created.id, merchantOrderId: created.merchantOrderId, status: 'success', amount: created.amount, fee: created.fee, failureReason: null });
      const read = expectStatus(await get(`/payouts/${created.id}`), 200).result;
      expect(read).toMatchObject({ status: 'success', notifyStatus: 'notified' });
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
