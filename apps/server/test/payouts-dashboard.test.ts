/**
 * Payouts from the dashboard through the HTTP API on real PostgreSQL: who may do what (spec §6: the operator makes,
 * the admin checks, the reader only reads), the quote before confirming, create with its hold, review one or many
 * with maker-checker and per-payout results, cancel, the details with their history, the approval policy, the
 * banks of a currency, and another merchant's payout staying invisible.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@mg/domain';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance } from './helpers/money-fixtures';

let tdb: TestDatabase;
let app: FastifyInstance;
let demoAdmin: Client;
let operator: Client;
let reader: Client;
let business: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await postTransfer(tdb.db, topUp({ merchantId: 10001, currency: 'IDR', reference: 'dash-payout-fund', idempotencyKey: 'dash-payout-fund', amount: 2_000_000n }));
  app = await buildAdminTestApp(tdb);
  [demoAdmin, operator, reader, business] = await Promise.all([signIn(app, 'demo_admin'), signIn(app, 'demo_operator'), signIn(app, 'demo_read'), signIn(app, 'demo_business')]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

let seq = 0;
const body = (over: Record<string, unknown> = {}) => ({ amount: '100000', currency: 'IDR', bankCode: 'BCA', accountName: 'Budi Santoso', accountNumber: '1234567890', merchantOrderId: `DASH-P-${++seq}`, ...over });
const ok = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).result;
};

describe('payouts in the dashboard', () => {
  it('quotes the fee and the total before anything is written', async () => {
    const avail = await balance(tdb.pool, 10001, 'IDR', 'available');
    const q = ok(await operator.post('/payouts/quote', body()));
    expect(q).toMatchObject({ currency: 'IDR', amount: '100000', fee: '4000', totalDebit: '104000', bankName: 'Bank Central Asia' });
    expect(BigInt(q.available)).toBe(avail);
    const bad = await operator.post('/payouts/quote', body({ accountNumber: '123' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).errors).toEqual([expect.objectContaining({ field: 'accountNumber', message: 'Account number must be exactly 10 digits' })]);
  });

  it('the operator makes, only someone else checks, and the reader only reads', async () => {
    const before = await balance(tdb.pool, 10001, 'IDR', 'available');
    const p = ok(await operator.post('/payouts', body()));
    expect(p).toMatchObject({ status: 'pending_review', fee: '4000', totalDebit: '104000', createdBy: 'demo_operator' });
    expect(before - (await balance(tdb.pool, 10001, 'IDR', 'available'))).toBe(104_000n);
    expect((await reader.post('/payouts', body())).statusCode).toBe(403);
    expect((await operator.post('/payouts/review', { action: 'approve', ids: [p.id] })).statusCode).toBe(403);

    const mine = ok(await demoAdmin.post('/payouts', body()));
    const r = ok(await demoAdmin.post('/payouts/review', { action: 'approve', ids: [p.id, mine.id, 'P000000000000NOTHERE00'] }));
    expect(r.changed.map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect(r.changed[0]).toMatchObject({ status: 'processing', reviewedBy: 'demo_admin' });
    expect(r.skipped).toEqual([
      { id: mine.id, message: 'You created this payout: another person must review it' },
      { id: 'P000000000000NOTHERE00', message: expect.any(String) },
    ]);

    const detail = ok(await reader.get(`/payouts/${p.id}`));
    expect(detail.timeline.map((e: { event: string }) => e.event)).toEqual(['created', 'approved']);
    expect(detail.payout).toEqual(r.changed[0]);
    const list = ok(await reader.get('/payouts', { id: p.id }));
    expect(list.records).toEqual([r.changed[0]]);
  });

  it("a reviewer's queue counts others' payouts and batches pending review, never their own; readers are refused", async () => {
    const waiting = async (c: Client) => ok(await c.get('/payouts/review/waiting')) as { payouts: number; batches: number; total: number };
    const [adminBefore, businessBefore] = [await waiting(demoAdmin), await waiting(business)];
    const p = ok(await operator.post('/payouts', body()));
    ok(await demoAdmin.post('/payouts', body()));
    expect(await waiting(demoAdmin)).toEqual({ payouts: adminBefore.payouts + 1, batches: adminBefore.batches, total: adminBefore.total + 1 });
    // demo_business's session is in THB: IDR payouts are not in its queue (the count follows the session currency).
    expect(await waiting(business)).toEqual(businessBefore);
    ok(await demoAdmin.post(`/payouts/${p.id}/approve`, {}));
    expect(await waiting(demoAdmin)).toEqual(adminBefore);
    expect((await reader.get('/payouts/review/waiting')).statusCode).toBe(403);
    expect((await operator.get('/payouts/review/waiting')).statusCode).toBe(403);
  });

  it('approves and rejects one payout by its own path, answering a refusal as the error it is', async () => {
    const a = ok(await operator.post('/payouts', body()));
    const b = ok(await operator.post('/payouts', body()));
    expect((await operator.post(`/payouts/${a.id}/approve`, {})).statusCode).toBe(403);
    expect(ok(await demoAdmin.post(`/payouts/${a.id}/approve`, {}))).toMatchObject({ id: a.id, status: 'processing', reviewedBy: 'demo_admin' });
    expect((await demoAdmin.post(`/payouts/${a.id}/approve`, {})).statusCode).toBe(422);
    expect((await demoAdmin.post(`/payouts/${b.id}/reject`, {})).statusCode).toBe(400);
    expect(ok(await demoAdmin.post(`/payouts/${b.id}/reject`, { reason: 'not ours' }))).toMatchObject({ status: 'rejected', rejectReason: 'not ours' });
    const mine = ok(await demoAdmin.post('/payouts', body()));
    expect((await demoAdmin.post(`/payouts/${mine.id}/approve`, {})).statusCode).toBe(403);
  });

  it('rejects with a reason for many at once, and cancels one pending review', async () => {
    const a = ok(await operator.post('/payouts', body()));
    const b = ok(await operator.post('/payouts', body()));
    const c = ok(await operator.post('/payouts', body()));
    const before = await balance(tdb.pool, 10001, 'IDR', 'available');
    expect((await demoAdmin.post('/payouts/review', { action: 'reject', ids: [a.id, b.id] })).statusCode).toBe(400);
    const r = ok(await demoAdmin.post('/payouts/review', { action: 'reject', ids: [a.id, b.id], reason: 'duplicate invoice' }));
    expect(r.changed.map((x: { status: string; rejectReason: string; fee: string }) => [x.status, x.rejectReason, x.fee])).toEqual([
      ['rejected', 'duplicate invoice', '0'],
      ['rejected', 'duplicate invoice', '0'],
    ]);
    expect(ok(await operator.post(`/payouts/${c.id}/cancel`)).status).toBe('cancelled');
    expect((await balance(tdb.pool, 10001, 'IDR', 'available')) - before).toBe(3n * 104_000n);
    expect((await operator.post(`/payouts/${c.id}/cancel`)).statusCode).toBe(422);
  });

  it('the home figures count what is waiting for review and what was paid, like the list', async () => {
    const list = ok(await demoAdmin.get('/payouts', { status: 'pending_review' }));
    const stats = ok(await demoAdmin.get('/statistics'));
    expect(stats.payouts.pendingReview.count).toBe(list.total);
    const sum = list.records.reduce((acc: bigint, r: { amount: string }) => acc + BigInt(r.amount), 0n);
    expect(BigInt(stats.payouts.pendingReview.amount)).toBe(sum);
    expect(BigInt(stats.balance.frozen)).toBeGreaterThan(0n);
  });

  it("another merchant's payout is a 404, and its list does not show it", async () => {
    const p = ok(await operator.post('/payouts', body()));
    expect((await business.get(`/payouts/${p.id}`)).statusCode).toBe(404);
    expect((await business.post(`/payouts/${p.id}/cancel`)).statusCode).toBe(404);
    expect(ok(await business.get('/payouts', { id: p.id, currency: 'IDR' })).records).toEqual([]);
  });

  it('keeps the approval policy per currency, and lists the banks of a currency', async () => {
    expect(ok(await demoAdmin.get('/payouts/policy')).currencies).toEqual([]);
    expect((await operator.put('/payouts/policy', { currency: 'IDR', autoApproveMax: '500000', dailyAutoMax: null })).statusCode).toBe(403);
    const saved = ok(await demoAdmin.put('/payouts/policy', { currency: 'IDR', autoApproveMax: '500000', dailyAutoMax: '2000000' }));
    expect(saved.currencies).toEqual([expect.objectContaining({ currency: 'IDR', autoApproveMax: '500000', dailyAutoMax: '2000000', updatedBy: 'demo_admin' })]);
    const banks = ok(await reader.get('/payouts/banks', { currency: 'MXN' }));
    expect(banks.map((d: { bankCode: string }) => d.bankCode)).toEqual(['BBVA_MX', 'BANORTE', 'SANTANDER_MX']);
    // Labels are texts in the caller's language, not the dashboard's i18n keys (issue 40).
    expect(banks[0]).toMatchObject({ fields: ['accountNumber', 'accountName'], accountLabel: translate('en-US', 'payouts.fields.clabe'), agencyLabel: null });
    expect(banks[0].accountLabel).not.toContain('payouts.');
  });
});
