/**
 * Open API payouts through the HTTP stack with the generated client (the demo sandbox key of merchant 10001): the banks
 * of a currency, create (201, held at once, idempotent), read by id and merchant order id, cancel, the sandbox
 * helpers, the answers an integrator sees for bad input and an uncovered amount, and the signed callbacks as an
 * integrator's endpoint receives and verifies them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
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
import { expectData, expectError, idempotent, testOpenApiClient, type RequestBody } from './helpers/open-api-client';

const M = 10001;
let tdb: TestDatabase;
let app: FastifyInstance;
let api: ReturnType<typeof testOpenApiClient>;
let seq = 0;
const orderId = () => `PAY-${process.pid}-${++seq}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  await postTransfer(tdb.db, topUp({ merchantId: M, currency: 'IDR', reference: 'open-payout-fund', idempotencyKey: 'open-payout-fund', amount: 5_000_000n }));
  app = await buildTestApp(tdb, { rateLimitPerMinute: 100_000 });
  await app.ready();
  api = testOpenApiClient(app);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

type PayoutBody = RequestBody<'/payouts', 'post'>;
const body = (over: Partial<PayoutBody> = {}): PayoutBody => ({
  merchantOrderId: orderId(),
  amount: '150000',
  currency: 'IDR',
  bankCode: 'BCA',
  accountName: 'Budi Santoso',
  accountNumber: '1234567890',
  description: 'Supplier invoice 42',
  ...over,
});
const create = (b: PayoutBody) => api.POST('/payouts', { body: b, params: idempotent() });
async function available() {
  const b = expectData(await api.GET('/balance', { params: { query: { currency: 'IDR' } } }), 200);
  return BigInt(b.result.balances[0]!.available);
}

// Every call goes through the generated client (packages/open-api-client): paths, bodies and answers typed by the
// served document, as an integrator's generated client would be.
describe('open API payouts', () => {
  it('lists the destinations of a currency with their fields and limits', async () => {
    const banks = async (currency: string) => expectData(await api.GET('/payouts/banks', { params: { query: { currency } } }), 200).result;
    const r = await banks('IDR');
    expect(r).toEqual(expect.arrayContaining([expect.objectContaining({ bankCode: 'OVO', kind: 'ewallet', fields: ['accountNumber', 'accountName'], minAmount: '10000' })]));
    const brl = await banks('BRL');
    expect(brl.find((d) => d.bankCode === 'ITAU')?.fields).toEqual(['accountNumber', 'accountName', 'accountType', 'documentId', 'bankAgency']);
  });

  it("labels each destination's account and branch fields in the caller's language, never as i18n keys (issue 40)", async () => {
    const idr = expectData(await api.GET('/payouts/banks', { params: { query: { currency: 'IDR' } }, headers: { 'x-lang': 'id-ID' } }), 200).result;
    expect(idr.find((d) => d.bankCode === 'OVO')).toMatchObject({ accountLabel: translate('id-ID', 'payouts.fields.walletPhone'), agencyLabel: null });
    expect(idr.find((d) => d.bankCode === 'BCA')?.accountLabel).toBe(translate('id-ID', 'payouts.fields.accountNumber'));
    const inr = expectData(await api.GET('/payouts/banks', { params: { query: { currency: 'INR' } }, headers: { 'x-lang': 'en-US' } }), 200).result;
    expect(inr.find((d) => d.bankCode === 'SBI')).toMatchObject({ accountLabel: 'Account number', agencyLabel: translate('en-US', 'payouts.fields.ifsc') });
    for (const d of [...idr, ...inr]) expect(`${d.accountLabel} ${d.agencyLabel ?? ''}`).not.toMatch(/payouts\.|crypto\./);
  });

  it('creates, holds at once, answers a replay the same, and reads it back by both ids', async () => {
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
    const p = expectData(await create(body()), 201).result;
    const cancel = () => api.POST('/payouts/{id}/cancel', { params: { path: { id: p.id }, ...idempotent() } });
    const c = expectData(await cancel(), 200).result;
    expect(c).toMatchObject({ id: p.id, status: 'cancelled', fee: '0' });
    expect(await available()).toBe(before);
    expect((await cancel()).response.status).toBe(422);
    const cb = await tdb.pool.query(`select event_type from callback_delivery where order_kind = 'payout' and order_id = $1`, [p.id]);
    // 10001 has a payout callback address in the seed only when configured; without one nothing is queued
    expect(cb.rows.every((r: { event_type: string }) => r.event_type === 'payout.cancelled')).toBe(true);
  });

  it('ends a processing sandbox payout by the helpers, with a failure reason as code, message and retry flag', async () => {
    const p = expectData(await create(body({ notifyUrl: 'https://merchant.example.test/p' })), 201).result;
    const fail = (reason: string) => api.POST('/sandbox/payouts/{id}/fail', { params: { path: { id: p.id }, ...idempotent() }, body: { reason } });
    // pending review: the helpers refuse
    expect((await fail('BANK_REFUSED')).response.status).toBe(422);
    await tdb.pool.query(`update payout set status = 'processing', reviewed_by = 'checker', reviewed_at = now() where id = $1`, [p.id]);
    const failed = expectData(await fail('CHANNEL_NETWORK_TIMEOUT'), 200).result;
    expect(failed).toMatchObject({ status: 'failed', fee: '0', failureReason: { code: 'CHANNEL_NETWORK_TIMEOUT', message: 'Channel network timeout', retryable: true } });
    expect((await fail('NOPE')).response.status).toBe(400);
    const cb = await tdb.pool.query(`select event_type, url, body from callback_delivery where order_kind = 'payout' and order_id = $1`, [p.id]);
    expect(cb.rows.map((r: { event_type: string; url: string }) => [r.event_type, r.url])).toEqual([['payout.failed', 'https://merchant.example.test/p']]);
    expect(JSON.parse(cb.rows[0].body).data).toMatchObject({ id: p.id, status: 'failed', failureReason: { code: 'CHANNEL_NETWORK_TIMEOUT' } });

    const q = expectData(await create(body()), 201).result;
    await tdb.pool.query(`update payout set status = 'processing', reviewed_by = 'checker', reviewed_at = now() where id = $1`, [q.id]);
    const succeeded = await api.POST('/sandbox/payouts/{id}/succeed', { params: { path: { id: q.id }, ...idempotent() } });
    expect(expectData(succeeded, 200).result).toMatchObject({ status: 'success', completedAt: expect.any(String) });
  });

  it('refuses bad input naming the field, and an amount the balance cannot cover with 422 INSUFFICIENT_BALANCE', async () => {
    const wallet = expectError(await create(body({ bankCode: 'DANA', accountNumber: '0712345678' })), 400);
    expect(wallet).toMatchObject({ errors: [{ field: 'accountNumber', message: expect.stringContaining('08') }] });
    const unknown = await create(body({ bankCode: 'NOPE' }));
    expect(unknown.error).toMatchObject({ errors: [{ field: 'bankCode' }] });
    const decimals = await create(body({ amount: '100.5' }));
    expect(decimals.response.status).toBe(400);
    const huge = expectError(await create(body({ amount: '400000000' })), 422);
    expect(huge).toMatchObject({ errorCode: 'INSUFFICIENT_BALANCE' });
    expect((await api.GET('/payouts/{id}', { params: { path: { id: 'P000000000000AAAAAAAAAA' } } })).response.status).toBe(404);
  });

  it('a refused payout writes nothing: its order id stays free and the balance untouched (row, hold and answer are one statement)', async () => {
    const before = await available();
    const b = body({ amount: '400000000' });
    expect(expectError(await create(b), 422)).toMatchObject({ errorCode: 'INSUFFICIENT_BALANCE' });
    expect((await api.GET('/payouts', { params: { query: { merchantOrderId: b.merchantOrderId } } })).response.status).toBe(404);
    expect(await available()).toBe(before);
    const p = expectData(await create({ ...b, amount: '150000' }), 201).result;
    expect(p.merchantOrderId).toBe(b.merchantOrderId);
    expect(before - (await available())).toBe(150_000n + BigInt(p.fee));
  });

  it("a merchant's first payout in a currency, with no frozen balance yet, is created and held the same", async () => {
    await postTransfer(tdb.db, topUp({ merchantId: M, currency: 'THB', reference: 'open-payout-thb', idempotencyKey: 'open-payout-thb', amount: 1_000_000n }));
    // THB answers in major units with two decimals: compared in minor units.
    const minor = (major: string) => BigInt(Number(major).toFixed(2).replace('.', ''));
    const thb = async () => minor(expectData(await api.GET('/balance', { params: { query: { currency: 'THB' } } }), 200).result.balances[0]!.available);
    const bank = expectData(await api.GET('/payouts/banks', { params: { query: { currency: 'THB' } } }), 200).result.find((d) => d.kind === 'bank')!;
    const frozenBefore = await tdb.pool.query(`select 1 from ledger_account where merchant_id = $1 and currency = 'THB' and kind = 'frozen'`, [M]);
    expect(frozenBefore.rowCount).toBe(0);
    for (const n of [1, 2]) {
      const before = await thb();
      const p = expectData(await create(body({ currency: 'THB', bankCode: bank.bankCode, amount: String(1000 * n) })), 201).result;
      expect(before - (await thb())).toBe(minor(p.amount) + minor(p.fee));
    }
    const replay = await tdb.pool.query<{ ok: boolean }>(
      `select bool_and(a.balance = coalesce((select sum(e.amount) from ledger_entry e where e.account_id = a.id), 0)) as ok from ledger_account a where a.merchant_id = $1`,
      [M],
    );
    expect(replay.rows[0]!.ok).toBe(true);
  });

  it('sixteen payouts at once against a balance that covers ten: ten created, six refused, nothing lost or invented', async () => {
    const cur = 'PHP';
    const minor = (major: string) => BigInt(Number(major).toFixed(2).replace('.', ''));
    const avail = async () => minor(expectData(await api.GET('/balance', { params: { query: { currency: cur } } }), 200).result.balances[0]!.available);
    const bank = expectData(await api.GET('/payouts/banks', { params: { query: { currency: cur } } }), 200).result.find((d) => d.kind === 'bank')!;
    const one = (amount: string) => create(body({ currency: cur, bankCode: bank.bankCode, amount }));
    // A first payout learns the fee and makes the frozen account: the sixteen then go the one-statement way.
    await postTransfer(tdb.db, topUp({ merchantId: M, currency: cur, reference: 'open-payout-php-1', idempotencyKey: 'open-payout-php-1', amount: 100_000n }));
    const first = expectData(await one('500'), 201).result;
    const each = minor(first.amount) + minor(first.fee);
    const left = await avail();
    // Exactly ten more payouts' worth, less one minor unit: the eleventh never fits.
    await postTransfer(tdb.db, topUp({ merchantId: M, currency: cur, reference: 'open-payout-php-2', idempotencyKey: 'open-payout-php-2', amount: 10n * each - left + each - 1n }));
    const start = await avail();
    expect(start).toBe(11n * each - 1n);
    const answers = await Promise.all(Array.from({ length: 16 }, () => one('500')));
    const codes = answers.map((a) => a.response.status).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(6);
    for (const a of answers) if (a.response.status === 422) expect(a.error).toMatchObject({ errorCode: 'INSUFFICIENT_BALANCE' });
    expect(await avail()).toBe(each - 1n);
    const held = await tdb.pool.query<{ n: string; sum: string }>(
      `select count(*)::text as n, coalesce(sum(amount + fee), 0)::text as sum from payout where merchant_id = $1 and currency = $2`,
      [M, cur],
    );
    expect(held.rows[0]).toEqual({ n: '11', sum: String(11n * each) });
    const replay = await tdb.pool.query<{ ok: boolean }>(
      `select bool_and(a.balance = coalesce((select sum(e.amount) from ledger_entry e where e.account_id = a.id), 0)) as ok from ledger_account a where a.merchant_id = $1`,
      [M],
    );
    expect(replay.rows[0]!.ok).toBe(true);
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
      const created = expectData(await create(body({ notifyUrl: url, amount: '175000' })), 201).result;
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
      const read = expectData(await api.GET('/payouts/{id}', { params: { path: { id: created.id } } }), 200).result;
      expect(read).toMatchObject({ status: 'success', notifyStatus: 'notified' });
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
