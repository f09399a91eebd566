/**
 * The public cashier API (/api/cashier/{token}) through the HTTP stack: what the payer sees, pay, fail, cancel,
 * expired orders, double clicks, payment-link tokens, and that nothing of the merchant leaks beyond name and brand.
 */
import { ApiKeyMode, CollectionSource } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollection, type CreateCollectionInput } from '../src/modules/collections/service';
import { createPaymentLink } from '../src/modules/payment-links/service';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';

const M = 10001;
let tdb: TestDatabase;
let app: FastifyInstance;
let seq = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  app = await buildTestApp(tdb, { publicUrl: 'https://pay.example.test' });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function newCollection(over: Partial<CreateCollectionInput> = {}) {
  return createCollection(
    { db: tdb.db, publicUrl: app.publicUrl },
    {
      merchantId: M,
      mode: ApiKeyMode.SANDBOX,
      source: CollectionSource.API,
      merchantOrderId: `CASHIER-${process.pid}-${++seq}`,
      amount: 150000n,
      currency: 'IDR',
      paymentType: 1,
      channel: 1,
      orderDescription: 'Top-up 150k',
      returnUrl: 'https://shop.example.test/done',
      notifyUrl: 'https://shop.example.test/hook',
      payerEmail: 'budi@example.test',
      ...over,
    },
  );
}

const view = (token: string, lang = 'en-US') => app.inject({ method: 'GET', url: `/api/cashier/${token}`, headers: { 'x-lang': lang } });
const pay = (token: string, body: Record<string, unknown> = { outcome: 'success' }, lang = 'en-US') =>
  app.inject({ method: 'POST', url: `/api/cashier/${token}/pay`, headers: { 'x-lang': lang }, payload: body });
const cancel = (token: string) => app.inject({ method: 'POST', url: `/api/cashier/${token}/cancel`, payload: {} });

async function transfersOf(reference: string): Promise<number> {
  const { rows } = await tdb.pool.query<{ n: number }>('select count(*)::int as n from ledger_transfer where reference = $1', [reference]);
  return rows[0]!.n;
}

describe('view', () => {
  it('shows the payer merchant name and brand, amount, method and code, nothing else of the merchant', async () => {
    const c = await newCollection();
    const res = await view(c.cashierToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const r = res.json().result;
    expect(r).toEqual({
      kind: 'collection',
      merchantName: 'Demo Store',
      brand: 'tikipay',
      amount: '150000',
      currency: 'IDR',
      description: 'Top-up 150k',
      paymentType: 1,
      channel: 1,
      paymentCode: c.paymentCode,
      status: 'pending',
      expired: false,
      expiresAt: c.expiresAt.toISOString(),
      paidAt: null,
      paidAmount: null,
      dueAmount: null,
      returnUrl: 'https://shop.example.test/done',
      failureReason: null,
      payable: true,
      cancellable: true,
      sandbox: true,
    });
    expect(c.paymentCode).toBeTruthy();
    // No ids, fees, callback address or payer data for whoever holds the link.
    const text = res.body;
    for (const secret of [c.id, c.merchantOrderId, 'shop.example.test/hook', 'budi@example.test', String(M)]) expect(text).not.toContain(secret);
  });

  it('unknown token: 404', async () => {
    const res = await view('definitely-not-a-token');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
  });
});

describe('pay', () => {
  it('pays once; a second click answers the paid order and moves no more money', async () => {
    const c = await newCollection();
    const first = await pay(c.cashierToken);
    expect(first.statusCode).toBe(200);
    expect(first.json().result).toMatchObject({ status: 'success', paidAmount: '150000', payable: false, cancellable: false });
    expect(first.json().result.paidAt).toEqual(expect.any(String));
    const second = await pay(c.cashierToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().result.status).toBe('success');
    expect(await transfersOf(c.id)).toBe(1);
    // The reload shows it paid; failing or cancelling it now is refused with a message for the payer.
    expect((await view(c.cashierToken)).json().result.status).toBe('success');
    const fail = await pay(c.cashierToken, { outcome: 'fail' });
    expect(fail.statusCode).toBe(422);
    expect(fail.json().message).toBe('This payment has already been paid');
    const cancelled = await cancel(c.cashierToken);
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.json().message).toBe('This payment can no longer be cancelled');
  });

  it('concurrent clicks on one order: one ledger transfer', async () => {
    const c = await newCollection();
    const all = await Promise.all(Array.from({ length: 4 }, () => pay(c.cashierToken)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await transfersOf(c.id)).toBe(1);
  });

  it('the sandbox payer may choose to fail, with a reason; the failed order cannot be paid after', async () => {
    const c = await newCollection();
    const res = await pay(c.cashierToken, { outcome: 'fail', failureReason: 'PAYER_DECLINED' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'failed', failureReason: 'PAYER_DECLINED', payable: false });
    const again = await pay(c.cashierToken);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This payment can no longer be paid');
    expect(await transfersOf(c.id)).toBe(0);
  });

  it('a failure reason outside the catalogue is a 400 naming the field', async () => {
    const c = await newCollection();
    const res = await pay(c.cashierToken, { outcome: 'fail', failureReason: 'BECAUSE' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('failureReason');
  });

  it('magic amounts: …13 fails with INSUFFICIENT_FUNDS, …99 stays pending', async () => {
    const fails = await newCollection({ amount: 100013n });
    expect((await pay(fails.cashierToken)).json().result).toMatchObject({ status: 'failed', failureReason: 'INSUFFICIENT_FUNDS' });
    const stays = await newCollection({ amount: 100099n });
    expect((await pay(stays.cashierToken)).json().result).toMatchObject({ status: 'pending', payable: true });
  });

  it('magic amount …77: partial, with what arrived and what is still due worked out on the server (issue 40)', async () => {
    const c = await newCollection({ amount: 100077n });
    const paid = (await pay(c.cashierToken)).json().result;
    expect(paid).toMatchObject({ status: 'partial', amount: '100077', paidAmount: '50038', dueAmount: '50039', payable: false, cancellable: false });
    expect((await view(c.cashierToken)).json().result).toMatchObject({ status: 'partial', paidAmount: '50038', dueAmount: '50039' });
    // Paid in full: nothing is due.
    const full = await newCollection();
    expect((await pay(full.cashierToken)).json().result).toMatchObject({ status: 'success', dueAmount: null });
  });

  it('a live order is not paid on the sandbox cashier', async () => {
    const c = await newCollection({ mode: ApiKeyMode.LIVE });
    expect((await view(c.cashierToken)).json().result).toMatchObject({ sandbox: false, payable: false });
    const res = await pay(c.cashierToken);
    expect(res.statusCode).toBe(422);
    expect(await transfersOf(c.id)).toBe(0);
  });
});

describe('expired', () => {
  it('past its expiry an unpaid order shows closed / expired and refuses to be paid, in the payer\'s language', async () => {
    const c = await newCollection({ expiryHours: 1, now: new Date(Date.now() - 2 * 3_600_000) });
    const r = (await view(c.cashierToken)).json().result;
    expect(r).toMatchObject({ status: 'closed', expired: true, payable: false, cancellable: false });
    const res = await pay(c.cashierToken);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'BUSINESS_RULE', message: 'This payment has expired and can no longer be paid' });
    const zh = await pay(c.cashierToken, { outcome: 'success' }, 'zh-CN');
    expect(zh.json().message).toBe('该笔支付已过期，无法继续支付');
    expect(await transfersOf(c.id)).toBe(0);
  });
});

describe('cancel', () => {
  it('the payer cancels an open order: closed, and it stays closed', async () => {
    const c = await newCollection();
    const res = await cancel(c.cashierToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'closed', expired: false, payable: false, cancellable: false });
    expect((await cancel(c.cashierToken)).statusCode).toBe(200);
    const paid = await pay(c.cashierToken);
    expect(paid.statusCode).toBe(422);
    const { rows } = await tdb.pool.query<{ status: string }>('select status from collection where id = $1', [c.id]);
    expect(rows[0]!.status).toBe('closed');
  });
});

describe('payment-link tokens', () => {
  it('a link shows as kind link, pays once, and cannot be cancelled by the payer', async () => {
    const link = await createPaymentLink(
      { db: tdb.db, publicUrl: app.publicUrl },
      { merchantId: M, mode: ApiKeyMode.SANDBOX, amount: 250000n, currency: 'IDR', description: 'Invoice 42', createdBy: 'test' },
    );
    const before = (await view(link.token)).json().result;
    expect(before).toMatchObject({
      kind: 'link',
      merchantName: 'Demo Store',
      brand: 'tikipay',
      amount: '250000',
      description: 'Invoice 42',
      status: 'pending',
      payable: true,
      cancellable: false,
      paymentCode: null,
      sandbox: true,
    });
    const cancelled = await cancel(link.token);
    expect(cancelled.statusCode).toBe(422);

    const paid = (await pay(link.token)).json().result;
    expect(paid).toMatchObject({ kind: 'link', status: 'success', paidAmount: '250000', payable: false });
    expect(paid.paymentCode).toEqual(expect.any(String));
    expect((await pay(link.token)).json().result.status).toBe('success');
    const { rows } = await tdb.pool.query<{ n: number }>('select count(*)::int as n from collection where payment_link_id = $1', [link.id]);
    expect(rows[0]!.n).toBe(1);
  });

  it('five payers pressing Pay on one link at once: one paid collection, one ledger transfer', async () => {
    const link = await createPaymentLink(
      { db: tdb.db, publicUrl: app.publicUrl },
      { merchantId: M, mode: ApiKeyMode.SANDBOX, amount: 180000n, currency: 'IDR', description: 'Flash sale', createdBy: 'test' },
    );
    const all = await Promise.all(Array.from({ length: 5 }, () => pay(link.token)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(all.map((r) => r.json().result.status))).toEqual(new Set(['success']));
    const { rows } = await tdb.pool.query<{ id: string }>('select id from collection where payment_link_id = $1', [link.id]);
    expect(rows).toHaveLength(1);
    expect(await transfersOf(rows[0]!.id)).toBe(1);
  });

  it('after a failed attempt the link shows the failure and may be paid again', async () => {
    const link = await createPaymentLink(
      { db: tdb.db, publicUrl: app.publicUrl },
      { merchantId: M, mode: ApiKeyMode.SANDBOX, amount: 250000n, currency: 'IDR', description: 'Invoice 43', createdBy: 'test' },
    );
    const failed = (await pay(link.token, { outcome: 'fail', failureReason: 'CHANNEL_DECLINED' })).json().result;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'CHANNEL_DECLINED', payable: true });
    expect((await pay(link.token)).json().result).toMatchObject({ status: 'success', failureReason: null });
  });
});
