/**
 * Payouts on real PostgreSQL: validation naming the field, the hold at creation, maker-checker review, cancel, the
 * sandbox channel's answers by magic account number, review expiry, the approval policy, and the ledger after each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/pool';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import {
  approvePayout,
  cancelPayout,
  completeDue,
  completePayout,
  createPayout,
  expireUnreviewed,
  rejectPayout,
  sendApproved,
  type CreatePayoutInput,
} from '../src/modules/payouts/service';
import { closeConcurrentDatabase, openConcurrentDatabase } from './helpers/concurrent-db';
import type { TestDatabase } from './helpers/db';
import { balance, count, createMerchant, setFeeRule, thrown } from './helpers/money-fixtures';
import { checkPayoutInvariants } from './helpers/payout-invariants';

const M = 53001;
const M2 = 53002;
// Now: the expiry test makes its own old payout, and nothing else may be old enough to expire with it.
const T0 = new Date();
const HOUR = 3_600_000;
const CALLBACK = 'https://merchant.example.test/payout-hooks';

let tdb: TestDatabase;
let clients: Database;
beforeAll(async () => {
  ({ tdb, clients } = await openConcurrentDatabase('mg-test-payouts'));
  await createMerchant(tdb.pool, { id: M, currencies: ['IDR', 'MXN', 'BRL'] });
  await createMerchant(tdb.pool, { id: M2, currencies: ['IDR'] });
  await tdb.pool.query('update merchant set payout_callback_url = $1 where id = $2', [CALLBACK, M]);
  await setFeeRule(tdb.pool, { merchantId: M, currency: 'IDR', paymentType: 8, rateBps: 0, fixedFee: 2_500n });
  await fund(M, 1_000_000n, 'fund-m');
});
afterAll(() => closeConcurrentDatabase(tdb, clients));

let seq = 0;
async function fund(merchantId: number, amount: bigint, key: string, currency: 'IDR' | 'MXN' | 'BRL' = 'IDR') {
  await postTransfer(tdb.db, topUp({ merchantId, currency, reference: key, idempotencyKey: key, amount }));
}
const input = (over: Partial<CreatePayoutInput> = {}): CreatePayoutInput => ({
  merchantId: M,
  mode: 'sandbox',
  merchantOrderId: `PO-${++seq}`,
  amount: 50_000n,
  currency: 'IDR',
  bankCode: 'BCA',
  accountName: 'Budi Santoso',
  accountNumber: '1234567890',
  createdBy: 'maker',
  now: T0,
  ...over,
});
const available = (m = M) => balance(tdb.pool, m, 'IDR', 'available');
const frozen = (m = M) => balance(tdb.pool, m, 'IDR', 'frozen');

describe('creating a payout', () => {
  it('holds amount + fee at once and waits for review by default', async () => {
    const before = await available();
    const p = await createPayout(tdb.db, input());
    expect(p).toMatchObject({ status: 'pending_review', amount: 50_000n, fee: 2_500n, destinationKind: 'bank', channel: 100, reviewedBy: null });
    expect(p.id).toMatch(/^P\d{12}[0-9A-Z]{10}$/);
    expect(before - (await available())).toBe(52_500n);
    expect(await frozen()).toBeGreaterThanOrEqual(52_500n);
  });

  it('refuses what the destination does not accept, naming the field, and writes nothing', async () => {
    const before = await count(tdb.pool, 'select 1 from payout');
    const wallet = await thrown(() => createPayout(tdb.db, input({ bankCode: 'OVO', accountNumber: '0712345678' })));
    expect(wallet).toMatchObject({ issues: [{ field: 'accountNumber', messageKey: 'payouts.validation.phonePrefix' }] });
    const clabe = await thrown(() => createPayout(tdb.db, input({ currency: 'MXN', bankCode: 'BBVA_MX', amount: 10_000n, accountNumber: '002010077777777772' })));
    expect(clabe).toMatchObject({ issues: [{ field: 'accountNumber', messageKey: 'payouts.validation.clabeCheckDigit' }] });
    const brazil = await thrown(() => createPayout(tdb.db, input({ currency: 'BRL', bankCode: 'ITAU', amount: 10_000n, accountNumber: '123456', accountType: 'savings', bankAgency: '0001' })));
    expect(brazil).toMatchObject({ issues: [{ field: 'documentId', messageKey: 'payouts.validation.required' }] });
    const small = await thrown(() => createPayout(tdb.db, input({ amount: 9_999n })));
    expect(small).toMatchObject({ issues: [{ field: 'amount', messageKey: 'payouts.amountBelowMin' }] });
    const unknownBank = await thrown(() => createPayout(tdb.db, input({ bankCode: 'NOPE' })));
    expect(unknownBank).toMatchObject({ issues: [{ field: 'bankCode' }] });
    expect(await count(tdb.pool, 'select 1 from payout')).toBe(before);
  });

  it('refuses more than the available balance with INSUFFICIENT_BALANCE and writes nothing', async () => {
    await createMerchant(tdb.pool, { id: 53003, currencies: ['IDR'] });
    await fund(53003, 60_000n, 'fund-53003');
    const e = await thrown(() => createPayout(tdb.db, input({ merchantId: 53003, amount: 60_001n })));
    expect(e).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await count(tdb.pool, 'select 1 from payout where merchant_id = 53003')).toBe(0);
    expect(await available(53003)).toBe(60_000n);
  });

  it('refuses a merchant order id used before (409)', async () => {
    await createPayout(tdb.db, input({ merchantOrderId: 'DUP-1' }));
    expect(await thrown(() => createPayout(tdb.db, input({ merchantOrderId: 'DUP-1' })))).toMatchObject({ code: 'CONFLICT' });
  });
});

describe('review, sending and the channel', () => {
  it('the maker cannot approve; another user can, then the sandbox channel pays it out', async () => {
    const p = await createPayout(tdb.db, input());
    expect(await thrown(() => approvePayout(tdb.db, { merchantId: M, id: p.id, approver: 'maker' }))).toMatchObject({ code: 'FORBIDDEN' });
    const approved = await approvePayout(tdb.db, { merchantId: M, id: p.id, approver: 'checker', now: T0 });
    expect(approved).toMatchObject({ status: 'processing', reviewedBy: 'checker', sentAt: null });
    const t1 = new Date(T0.getTime() + 1000);
    expect(await sendApproved(tdb.db, 500, t1)).toBeGreaterThanOrEqual(1);
    const frozenBefore = await frozen();
    await completeDue(tdb.db, 500, new Date(t1.getTime() + 10_000));
    const { rows } = await tdb.pool.query('select status, completed_at, notify_status from payout where id = $1', [p.id]);
    expect(rows[0]).toMatchObject({ status: 'success', notify_status: 'pending' });
    expect(frozenBefore - (await frozen())).toBe(52_500n);
    const cb = await tdb.pool.query(`select event_type, url from callback_delivery where order_kind = 'payout' and order_id = $1`, [p.id]);
    expect(cb.rows).toEqual([{ event_type: 'payout.succeeded', url: CALLBACK }]);
  });

  it('a rejection needs a reason and releases the hold', async () => {
    const before = await available();
    const p = await createPayout(tdb.db, input());
    expect(await thrown(() => rejectPayout(tdb.db, { merchantId: M, id: p.id, approver: 'checker', reason: ' ' }))).toMatchObject({ issues: [{ field: 'reason' }] });
    const r = await rejectPayout(tdb.db, { merchantId: M, id: p.id, approver: 'checker', reason: 'unknown beneficiary' });
    expect(r).toMatchObject({ status: 'rejected', rejectReason: 'unknown beneficiary', reviewedBy: 'checker' });
    expect(await available()).toBe(before);
    expect(await thrown(() => approvePayout(tdb.db, { merchantId: M, id: p.id, approver: 'checker' }))).toMatchObject({ code: 'BUSINESS_RULE' });
  });

  it('cancels while pending review or not yet sent, not after', async () => {
    const before = await available();
    const a = await createPayout(tdb.db, input());
    expect((await cancelPayout(tdb.db, { merchantId: M, id: a.id })).status).toBe('cancelled');
    const b = await createPayout(tdb.db, input());
    await approvePayout(tdb.db, { merchantId: M, id: b.id, approver: 'checker' });
    expect((await cancelPayout(tdb.db, { merchantId: M, id: b.id })).status).toBe('cancelled');
    expect(await available()).toBe(before);
    const c = await createPayout(tdb.db, input());
    await approvePayout(tdb.db, { merchantId: M, id: c.id, approver: 'checker' });
    await sendApproved(tdb.db, 500);
    expect(await thrown(() => cancelPayout(tdb.db, { merchantId: M, id: c.id }))).toMatchObject({ code: 'BUSINESS_RULE' });
    // another merchant's payout is not found
    expect(await thrown(() => cancelPayout(tdb.db, { merchantId: M2, id: a.id }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('fails an account ending in 13 with a catalogue reason, keeps one ending in 99 processing', async () => {
    const before = await available();
    const bad = await createPayout(tdb.db, input({ accountNumber: '1234567813' }));
    const slow = await createPayout(tdb.db, input({ accountNumber: '1234567899' }));
    for (const p of [bad, slow]) await approvePayout(tdb.db, { merchantId: M, id: p.id, approver: 'checker' });
    const now = new Date();
    await sendApproved(tdb.db, 500, now);
    await completeDue(tdb.db, 500, new Date(now.getTime() + 60_000));
    const { rows } = await tdb.pool.query('select id, status, failure_code from payout where id = any($1) order by id', [[bad.id, slow.id]]);
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: bad.id, status: 'failed', failure_code: 'INVALID_DESTINATION_ACCOUNT' },
        { id: slow.id, status: 'processing', failure_code: null },
      ]),
    );
    expect(before - (await available())).toBe(52_500n); // only the one still processing holds
    const done = await completePayout(tdb.db, { merchantId: M, id: slow.id, result: { status: 'failed', reason: 'BANK_REFUSED' } });
    expect(done).toMatchObject({ status: 'failed', failureCode: 'BANK_REFUSED' });
    expect(await available()).toBe(before);
  });

  it('expires a payout nobody reviewed in 72 hours and releases its hold', async () => {
    const before = await available();
    const p = await createPayout(tdb.db, input({ now: new Date(Date.now() - 73 * HOUR) }));
    await expireUnreviewed(tdb.db, 500);
    const { rows } = await tdb.pool.query('select status, failure_code from payout where id = $1', [p.id]);
    expect(rows[0]).toEqual({ status: 'rejected', failure_code: 'REVIEW_EXPIRED' });
    expect(await available()).toBe(before);
  });
});

describe('the approval policy', () => {
  const setPolicy = (autoApproveMax: bigint | null, dailyAutoMax: bigint | null) =>
    tdb.pool.query(
      `insert into payout_policy (merchant_id, currency, auto_approve_max, daily_auto_max, updated_by) values ($1, 'IDR', $2, $3, 'admin')
       on conflict (merchant_id, currency) do update set auto_approve_max = excluded.auto_approve_max, daily_auto_max = excluded.daily_auto_max`,
      [M2, autoApproveMax?.toString() ?? null, dailyAutoMax?.toString() ?? null],
    );

  it('auto-approves small payouts to a destination used for a day, within the daily total; reviews the rest', async () => {
    await fund(M2, 10_000_000n, 'fund-m2');
    const now = new Date();
    const old = new Date(now.getTime() - 25 * HOUR);
    const mk = (over: Partial<CreatePayoutInput>) => createPayout(tdb.db, input({ merchantId: M2, now, ...over }));
    // no policy: reviewed
    const first = await createPayout(tdb.db, input({ merchantId: M2, accountNumber: '5550000001', now: old }));
    expect(first.status).toBe('pending_review');
    await setPolicy(100_000n, 150_000n);
    // known destination, small: through
    expect((await mk({ accountNumber: '5550000001', amount: 100_000n })).status).toBe('processing');
    // a new destination: reviewed
    expect((await mk({ accountNumber: '5550000002', amount: 10_000n })).status).toBe('pending_review');
    // over the per-payout limit: reviewed
    expect((await mk({ accountNumber: '5550000001', amount: 100_001n })).status).toBe('pending_review');
    // the day's total would pass 150 000: reviewed
    expect((await mk({ accountNumber: '5550000001', amount: 60_000n })).status).toBe('pending_review');
    const auto = await mk({ accountNumber: '5550000001', amount: 50_000n });
    expect(auto).toMatchObject({ status: 'processing', reviewedBy: 'auto', autoApproved: true });
  });
});

describe('the ledger after it all', () => {
  it('keeps every payout invariant', async () => {
    await checkPayoutInvariants(tdb.pool, tdb.db, [M, M2, 53003]);
  });
});
