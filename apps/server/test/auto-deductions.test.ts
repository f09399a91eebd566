/**
 * Auto-deduction on real PostgreSQL: a mandate made in the dashboard (and through the signed open API), authorised by
 * the payer at the cashier with the first charge, then charged every interval by the job, the payer e-mailed a day
 * before each charge, paused, resumed, charged now, stopped after its repetitions; failed charges retried three times
 * over three days, then the mandate fails with the channel's reason. Each charge is a collection of its own.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentType } from '@mg/domain';
import { runMandates } from '../src/modules/auto-deductions/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { count, paymentFixtures } from './helpers/money-fixtures';
import { expectData, idempotent, testOpenApiClient } from './helpers/open-api-client';

const DAY = 86_400_000;
let tdb: TestDatabase;
let app: FastifyInstance;
let operator: Client;
let reader: Client;
let business: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  await tdb.pool.query('update merchant set collection_callback_url = $1 where id = 10001', ['https://merchant.example.test/hooks']);
  app = await buildAdminTestApp(tdb);
  [operator, reader, business] = await Promise.all([signIn(app, 'demo_operator'), signIn(app, 'demo_read'), signIn(app, 'demo_business')]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const result = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).result;
};
const tokenOf = (url: string) => url.split('/pay/')[1]!;
const deps = () => ({ db: tdb.db, publicUrl: 'http://localhost' });
const mailer = () => ({ mailer: app.mailer, log: app.log });
const body = (over: Record<string, unknown> = {}) => ({ amount: '100000', currency: 'IDR', paymentType: PaymentType.VA, intervalPeriod: 1, intervalUnit: 'month', repetitions: 3, payerEmail: 'payer@example.test', ...over });
const mandateOf = async (id: string) => result(await operator.get('/auto-deductions', { id, createTime_begin: undefined })).records[0];

describe('a mandate', () => {
  it('is authorised at the cashier with its first charge, then charged every interval with a notice a day before', async () => {
    const m = result(await operator.post('/auto-deductions', body()));
    expect(m).toMatchObject({ status: 'INIT', chargesDone: 0, deductedAmount: '0', nextChargeAt: null });
    expect(m.id).toMatch(/^D\d{12}[0-9A-Z]{10}$/);
    const token = tokenOf(m.authorizationUrl);
    expect(result(await app.inject({ method: 'GET', url: `/api/cashier/${token}` }))).toMatchObject({ kind: 'mandate', amount: '100000', payable: true, recurring: { intervalPeriod: 1, intervalUnit: 'month', repetitions: 3 } });

    const authorised = result(await app.inject({ method: 'POST', url: `/api/cashier/${token}/pay`, payload: { outcome: 'success' } }));
    expect(authorised).toMatchObject({ kind: 'mandate', status: 'success', payable: false });
    const active = await mandateOf(m.id);
    expect(active).toMatchObject({ status: 'ACTIVE', chargesDone: 1, deductedAmount: '100000' });
    const next = Date.parse(active.nextChargeAt);
    const charges = result(await operator.get(`/auto-deductions/${m.id}/charges`));
    expect(charges).toEqual([expect.objectContaining({ seq: 1, status: 'success' })]);
    // The charge is a collection of its own, from the mandate.
    const col = result(await operator.get('/collections', { id: charges[0].collectionId }));
    expect(col.records[0]).toMatchObject({ status: 'success', merchantOrderId: `${m.id}-1`, source: 'mandate' });

    // Not due yet; a day before, the payer is told, once.
    expect((await runMandates(deps(), mailer(), new Date(next - 2 * DAY))).charged).toBe(0);
    const mails = () => count(tdb.pool, `select 1 from mail_outbox where to_address = 'payer@example.test'`);
    const before = await mails();
    expect((await runMandates(deps(), mailer(), new Date(next - DAY / 2))).noticed).toBe(1);
    expect(await runMandates(deps(), mailer(), new Date(next - DAY / 3))).toMatchObject({ noticed: 0 });
    expect(await mails()).toBe(before + 1);

    // Due: charged by the job; paused, the job leaves it; resumed and charged now: three charges, done.
    expect((await runMandates(deps(), mailer(), new Date(next + 60_000))).charged).toBe(1);
    expect(await mandateOf(m.id)).toMatchObject({ status: 'ACTIVE', chargesDone: 2, deductedAmount: '200000' });
    expect(result(await operator.post(`/auto-deductions/${m.id}/pause`))).toMatchObject({ status: 'PAUSED' });
    expect((await runMandates(deps(), mailer(), new Date(next + 40 * DAY))).charged).toBe(0);
    expect(result(await operator.post(`/auto-deductions/${m.id}/resume`))).toMatchObject({ status: 'ACTIVE' });
    // "Charge now" names the charge it takes: the one before it (2, taken by the job) is refused, charging nothing.
    expect((await operator.post(`/auto-deductions/${m.id}/charge`, { charge: 2 })).statusCode).toBe(409);
    expect(result(await operator.post(`/auto-deductions/${m.id}/charge`, { charge: 3 }))).toMatchObject({ status: 'STOPPED', chargesDone: 3, deductedAmount: '300000', nextChargeAt: null });
    expect((await operator.post(`/auto-deductions/${m.id}/resume`)).statusCode).toBe(422);
    // Each change of state told the integrator, in order.
    const { rows } = await tdb.pool.query<{ event_type: string }>(`select event_type from callback_delivery where order_kind = 'mandate' and order_id = $1 order by id`, [m.id]);
    expect(rows.map((r) => r.event_type)).toEqual(['mandate.active', 'mandate.paused', 'mandate.active', 'mandate.stopped']);
    const { rows: bodies } = await tdb.pool.query<{ body: string }>(`select body from callback_delivery where order_kind = 'mandate' and order_id = $1 order by id limit 1`, [m.id]);
    expect(JSON.parse(bodies[0]!.body).data).toMatchObject({ id: m.id, status: 'ACTIVE', authorizationUrl: expect.stringMatching(/^https?:\/\/.+\/pay\//) });
  });

  it('a charge that keeps failing is tried three times over three days, then the mandate fails with the reason', async () => {
    const m = result(await operator.post('/auto-deductions', body({ repetitions: null, intervalUnit: 'week' })));
    await app.inject({ method: 'POST', url: `/api/cashier/${tokenOf(m.authorizationUrl)}/pay`, payload: { outcome: 'success' } });
    // The payer's card starts declining (the sandbox declines amounts ending in 13).
    await tdb.pool.query('update mandate set amount = 100013 where id = $1', [m.id]);
    let at = Date.parse((await mandateOf(m.id)).nextChargeAt) + 60_000;
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await runMandates(deps(), mailer(), new Date(at))).charged).toBe(1);
      const now = await mandateOf(m.id);
      expect(now.lastFailureReason).toBe('INSUFFICIENT_FUNDS');
      if (attempt < 3) {
        expect(now.status).toBe('ACTIVE');
        expect(Date.parse(now.nextChargeAt) - at).toBe(DAY);
        at += DAY;
      } else expect(now).toMatchObject({ status: 'FAIL', nextChargeAt: null, chargesDone: 1 });
    }
  });

  it('a payer who declines at the cashier leaves it waiting, with the reason', async () => {
    const m = result(await operator.post('/auto-deductions', body()));
    const view = result(await app.inject({ method: 'POST', url: `/api/cashier/${tokenOf(m.authorizationUrl)}/pay`, payload: { outcome: 'fail' } }));
    expect(view).toMatchObject({ status: 'failed', payable: true });
    expect(await mandateOf(m.id)).toMatchObject({ status: 'INIT', chargesDone: 0, lastFailureReason: 'PAYER_DECLINED' });
  });

  it('is made, read and stopped through the signed open API', async () => {
    // Through the generated client, with the demo sandbox key.
    const api = testOpenApiClient(app);
    const created = await api.POST('/mandates', { body: { ...body({ merchantMandateId: 'SUB-42' }), intervalUnit: 'month' }, params: idempotent() });
    expect(created.response.status).toBe(201);
    const m = expectData(created, 201).result;
    expect(m).toMatchObject({ status: 'INIT', merchantMandateId: 'SUB-42', authorizationUrl: expect.stringContaining('/pay/') });
    expect((await api.GET('/mandates/{id}', { params: { path: { id: m.id } } })).data?.result).toMatchObject({ id: m.id });
    expect((await api.POST('/mandates/{id}/stop', { params: { path: { id: m.id }, ...idempotent() } })).data?.result).toMatchObject({ status: 'STOPPED' });
  });

  it('refuses what the product refuses, naming the field; the reader only reads; another merchant sees none', async () => {
    const bad = await operator.post('/auto-deductions', body({ paymentType: PaymentType.UPI }));
    expect(JSON.parse(bad.body).errors[0]).toMatchObject({ field: 'paymentType' });
    const email = await operator.post('/auto-deductions', body({ payerEmail: 'not-an-email' }));
    expect(JSON.parse(email.body).errors[0]).toMatchObject({ field: 'payerEmail' });
    expect((await reader.post('/auto-deductions', body())).statusCode).toBe(403);
    expect(result(await reader.get('/auto-deductions')).records.length).toBeGreaterThan(0);
    expect(result(await business.get('/auto-deductions', { currency: 'IDR' })).records).toEqual([]);
  });
});
