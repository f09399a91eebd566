/**
 * The second factor by rule (issue 39) on real PostgreSQL: with Google Authenticator on, every call of the domain's
 * SECOND_FACTOR_CALLS asks the code, including the ones that asked none before (a withdrawal, its approval by the
 * provider, a refund, a top-up, "Charge now", a payout, staff's verification of an account); wrong codes are limited:
 * the fifth locks the session's step-up for 15 minutes, grows the account's failure counter and tells its admins.
 */
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CollectionSource, PaymentType, SECOND_FACTOR_CALLS, STEP_UP_MAX_FAILURES } from '@mg/domain';
import { newTotpSecret } from '../src/modules/auth/totp';
import { createCollection, payAtCashier } from '../src/modules/collections/service';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance, count, paymentFixtures } from './helpers/money-fixtures';

const M = 10001;
let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;
let staff: Client;
let secret: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  await postTransfer(tdb.db, topUp({ merchantId: M, currency: 'IDR', reference: 'f2a-fund', idempotencyKey: 'f2a-fund', amount: 50_000_000n }));
  app = await buildAdminTestApp(tdb);
  // Signed in first (a sign-in with 2FA on is a flow of its own), then 2FA is switched on for both.
  [admin, staff] = await Promise.all([signIn(app, 'demo_admin'), signIn(app, 'admin')]);
  secret = await newTotpSecret();
  await tdb.pool.query(`update app_user set totp_secret = $1, totp_enabled = true where username in ('demo_admin', 'admin')`, [secret]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});
beforeEach(async () => {
  // A code is taken once per 30 s step: each call of a test gets the step afresh.
  await tdb.pool.query(`update app_user set totp_last_step = null, failed_logins = 0, locked_until = null where username in ('demo_admin', 'admin')`);
});

const code = () => generate({ secret });
const fresh = async () => {
  await tdb.pool.query(`update app_user set totp_last_step = null where username in ('demo_admin', 'admin')`);
  return code();
};
const body = (res: { body: string }) => JSON.parse(res.body);
const result = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return body(res).result;
};

/** A call refused without a code (naming the field) and with a wrong one, then done with the right one. */
async function asksTheCode(send: (googleCode?: string) => Promise<{ statusCode: number; body: string }>): Promise<{ statusCode: number; body: string }> {
  const missing = await send(undefined);
  expect(missing.statusCode, missing.body).toBe(400);
  expect(body(missing).errors[0]).toMatchObject({ field: 'googleCode' });
  const wrong = await send('000000');
  expect(wrong.statusCode).toBe(400);
  expect(body(wrong).errorCode).toBe('GOOGLE_CODE_ERROR');
  return send(await fresh());
}

describe('the calls that asked no code before', () => {
  let accountId = 0;

  it('staff verify a withdrawal account; the merchant withdraws; staff approve it: each with the code', async () => {
    const added = result(await admin.post('/withdrawals/accounts', { currency: 'IDR', bankCode: 'BCA', accountName: 'PT Demo Store', accountNumber: '1234567890', googleCode: await fresh() }));
    accountId = added.id;
    expect(result(await asksTheCode((googleCode) => staff.post(`/withdrawals/accounts/${accountId}/verify`, { verify: true, googleCode })))).toMatchObject({ status: 'verified' });

    const frozen = await balance(tdb.pool, M, 'IDR', 'frozen');
    const w = result(await asksTheCode((googleCode) => admin.post('/withdrawals', { amount: '2000000', currency: 'IDR', accountId, googleCode })));
    expect(w).toMatchObject({ status: 'pending_review' });
    // Refused twice, held once.
    expect((await balance(tdb.pool, M, 'IDR', 'frozen')) - frozen).toBe(BigInt(w.totalDebit));
    expect(result(await asksTheCode((googleCode) => staff.post(`/withdrawals/${w.id}/review`, { action: 'approve', googleCode })))).toMatchObject({ status: 'processing' });
  });

  it('a refund, a top-up, a payout and "Charge now" each ask the code', async () => {
    const paid = await payAtCashier(tdb.db, { merchantId: M, id: (await createCollection({ db: tdb.db, publicUrl: 'http://localhost' }, { merchantId: M, mode: 'sandbox', source: CollectionSource.API, merchantOrderId: 'f2a-refund', amount: 300_000n, currency: 'IDR', paymentType: PaymentType.VA })).id });
    const refund = result(await asksTheCode((googleCode) => admin.post(`/collections/${paid.id}/refunds`, { amount: '1000', refundWay: 'original', reason: 'damaged', googleCode })));
    expect(refund).toMatchObject({ collectionId: paid.id });
    const t = result(await asksTheCode((googleCode) => admin.post('/top-ups', { amount: '100000', currency: 'IDR', paymentType: PaymentType.VA, googleCode })));
    expect(t).toMatchObject({ status: 'pending' });
    const p = result(await asksTheCode((googleCode) => admin.post('/payouts', { amount: '50000', currency: 'IDR', bankCode: 'BCA', accountName: 'Budi', accountNumber: '1234567890', googleCode })));
    expect(p).toMatchObject({ status: 'pending_review' });

    const m = result(await admin.post('/auto-deductions', { amount: '100000', currency: 'IDR', paymentType: PaymentType.VA, intervalPeriod: 1, intervalUnit: 'month', repetitions: 3, payerEmail: 'payer@example.test' }));
    await app.inject({ method: 'POST', url: `/api/cashier/${m.authorizationUrl.split('/pay/')[1]}/pay`, payload: { outcome: 'success' } });
    expect(result(await asksTheCode((googleCode) => admin.post(`/auto-deductions/${m.id}/charge`, { charge: 2, googleCode })))).toMatchObject({ chargesDone: 2 });
  });

  it('every call of the rule is a route that takes the code', () => {
    // The server refuses to start otherwise (auth/second-factor.ts); the list is what the web asks the code for.
    expect(SECOND_FACTOR_CALLS).toEqual(expect.arrayContaining(['POST /withdrawals', 'POST /withdrawals/:id/review', 'POST /collections/:id/refunds', 'POST /top-ups', 'POST /auto-deductions/:id/charge', 'POST /withdrawals/accounts/:id/verify']));
    expect(SECOND_FACTOR_CALLS).not.toContain('POST /payment-links');
  });
});

describe('wrong step-up codes', () => {
  it(`${STEP_UP_MAX_FAILURES} wrong codes lock the session's money actions for 15 minutes, count on the account and tell its admins`, async () => {
    const session = await signIn(app, 'demo_business');
    await tdb.pool.query(`update app_user set totp_secret = $1, totp_enabled = true, failed_logins = 0 where username = 'demo_business'`, [secret]);
    const notices = await count(tdb.pool, `select 1 from announcement where merchant_id = 10030`);
    const send = (googleCode: string) => session.post('/top-ups', { amount: '100000', currency: 'THB', paymentType: PaymentType.BANK_TRANSFER, googleCode });
    for (let i = 1; i < STEP_UP_MAX_FAILURES; i++) expect(body(await send('000000')).errorCode).toBe('GOOGLE_CODE_ERROR');
    const locked = await send('000000');
    expect(locked.statusCode, locked.body).toBe(429);
    expect(body(locked).message).toMatch(/5 wrong Google codes: actions that move money are locked until \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    // Locked: even the right code is refused, and the session itself lives on.
    await tdb.pool.query(`update app_user set totp_last_step = null where username = 'demo_business'`);
    expect((await send(await code())).statusCode).toBe(429);
    expect((await session.get('/balances')).statusCode).toBe(200);
    // The account's failure counter grew with each wrong code.
    const { rows } = await tdb.pool.query<{ failed_logins: number }>(`select failed_logins from app_user where username = 'demo_business'`);
    expect(rows[0]!.failed_logins).toBe(STEP_UP_MAX_FAILURES);
    expect(await count(tdb.pool, `select 1 from announcement where merchant_id = 10030`)).toBe(notices + 1);
    expect(await count(tdb.pool, `select 1 from mail_outbox where subject like 'demo_business:%'`)).toBeGreaterThan(0);
    expect(await count(tdb.pool, `select 1 from audit_log where username = 'demo_business' and action = 'step_up_locked'`)).toBe(1);
    // Fifteen minutes on, the right code works again.
    await tdb.pool.query(`update session set step_up_locked_until = now() - interval '1 second' where user_id = (select id from app_user where username = 'demo_business')`);
    await tdb.pool.query(`update app_user set totp_last_step = null where username = 'demo_business'`);
    expect((await send(await code())).statusCode).toBe(200);
  });

  it('a burst of wrong codes at once is counted, code by code: the session locks, not 120 tries', async () => {
    const session = await signIn(app, 'demo_operator');
    await tdb.pool.query(`update app_user set totp_secret = $1, totp_enabled = true where username = 'demo_operator'`, [secret]);
    const all = await Promise.all(Array.from({ length: 30 }, () => session.post('/top-ups', { amount: '100000', currency: 'IDR', paymentType: PaymentType.VA, googleCode: '000000' })));
    const statuses = all.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(STEP_UP_MAX_FAILURES - 1);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30 - STEP_UP_MAX_FAILURES + 1);
  });
});
