/**
 * A crypto address deleted from the book stops what is not yet sent to it (issue 39), through the HTTP API on real
 * PostgreSQL: payouts waiting for review are rejected by the delete, approved ones not yet handed to the chain are
 * cancelled, each with reason ADDRESS_DELETED and its hold released exactly once; an address that left the book by
 * another way is refused at approval (422 naming why, in the reader's language) and never sent by the job; a delete
 * racing approvals and new payouts to the address lets none through. docs/decisions.md "Money safety, second round".
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxAddress } from '../src/modules/channels/sandbox';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { approvePayout, sendApproved } from '../src/modules/payouts/service';
import { buildAdminTestApp, client, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance } from './helpers/money-fixtures';
import { expectData, idempotent, signingKey, testOpenApiClient, type RequestBody } from './helpers/open-api-client';
import { checkPayoutInvariants } from './helpers/payout-invariants';

const M = 10010;
let tdb: TestDatabase;
let app: FastifyInstance;
let crypto: Client;
let key: { id: string; secret: string };
let seq = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await postTransfer(tdb.db, topUp({ merchantId: M, currency: 'USDT', reference: 'stop-fund', idempotencyKey: 'stop-fund', amount: 5_000_000_000n }));
  await tdb.pool.query('update merchant set payout_callback_url = $1 where id = $2', ['https://treasury.example.test/hooks', M]);
  app = await buildAdminTestApp(tdb);
  crypto = await signIn(app, 'crypto_admin');
  const created = await crypto.post('/developer/keys', { name: 'Treasury bot', mode: 'sandbox' });
  if (created.statusCode !== 200) throw new Error(created.body);
  const r = JSON.parse(created.body).result as { key: { id: string }; secret: string };
  key = { id: r.key.id, secret: r.secret };
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const result = (res: LightMyRequestResponse) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).result;
};
/** The generated client with the key the treasury made for its bot. */
const api = () => testOpenApiClient(app, signingKey(key.id, key.secret, M));
type PayoutBody = RequestBody<'/payouts', 'post'>;
const payout = (over: Partial<PayoutBody> = {}): PayoutBody => ({ merchantOrderId: `STOP-${process.pid}-${++seq}`, amount: '30', currency: 'USDT', network: 'TRON', token: 'USDT', ...over });
const createPayout = (body: PayoutBody) => api().POST('/payouts', { body, params: idempotent() });
const usdt = (kind: string) => balance(tdb.pool, M, 'USDT', kind);
/** The test's clock: the cooling period of an address is over (its usable_at moved to the past). */
const coolDown = (address: string) => tdb.pool.query(`update crypto_address set usable_at = now() - interval '1 minute' where address = $1`, [address]);

describe('a deleted address stops what is not yet sent to it (issue 39)', () => {
  let n = 0;
  /** A new TRON address in the book, past its cooling. */
  const book = async () => {
    const address = sandboxAddress('TRON', `stopped-${++n}`);
    const a = result(await crypto.post('/crypto/addresses', { network: 'TRON', address, label: `Desk ${n}` }));
    await coolDown(address);
    return { id: a.id as number, address };
  };
  const make = async (address: string, amount = '30') => {
    return expectData(await createPayout(payout({ address, amount })), 201).result;
  };
  const state = async (id: string) => (await api().GET('/payouts/{id}', { params: { path: { id } } })).data?.result;
  /** The payout's ledger transfers, in order: one hold, then at most one ending. */
  const flows = async (id: string) => (await tdb.pool.query<{ flow: string }>('select flow from ledger_transfer where reference = $1 order by id', [id])).rows.map((r) => r.flow);
  const sqlDelete = (address: string) => tdb.pool.query('update crypto_address set deleted_at = now() where address = $1 and deleted_at is null', [address]);

  it('waiting for review: rejected by the delete with the reason, its hold released once; nothing more to approve or release', async () => {
    const a = await book();
    const [frozen0, available0] = [await usdt('frozen'), await usdt('available')];
    const p = await make(a.address);
    expect(await usdt('frozen')).toBe(frozen0 + 31_000_000n);
    const del = await crypto.del(`/crypto/addresses/${a.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ result: { stopped: [p.id] }, message: 'Address deleted; 1 payout to it was stopped and its hold released' });
    expect(await state(p.id)).toMatchObject({ status: 'rejected', reviewedBy: 'crypto_admin', fee: '0.000000', failureReason: { code: 'ADDRESS_DELETED', message: 'Its withdrawal address was deleted', retryable: false } });
    expect([await usdt('frozen'), await usdt('available')]).toEqual([frozen0, available0]);
    expect(await flows(p.id)).toEqual(['payout_reserved', 'payout_released']);
    const { rows } = await tdb.pool.query<{ body: string }>(`select body from callback_delivery where order_id = $1 and event_type = 'payout.rejected'`, [p.id]);
    expect(rows.map((r) => JSON.parse(r.body).data.failureReason.code)).toEqual(['ADDRESS_DELETED']);
    // Ended: approving it is refused, deleting again finds nothing; the ledger is as it was.
    expect((await crypto.post(`/payouts/${p.id}/approve`, {})).statusCode).toBe(422);
    expect((await crypto.del(`/crypto/addresses/${a.id}`)).statusCode).toBe(404);
    expect(await flows(p.id)).toEqual(['payout_reserved', 'payout_released']);
    const audit = await tdb.pool.query<{ detail: { payoutIds?: string[] } }>(`select detail from audit_log where action = 'crypto_address_deleted' order by id desc limit 1`);
    expect(audit.rows[0]?.detail.payoutIds).toEqual([p.id]);
  });

  it('approved, not yet sent: cancelled by the delete, its hold released once; the sending job never hands it to the chain', async () => {
    const a = await book();
    const frozen0 = await usdt('frozen');
    const p = await make(a.address);
    result(await crypto.post(`/payouts/${p.id}/approve`, {}));
    expect(result(await crypto.del(`/crypto/addresses/${a.id}`))).toEqual({ stopped: [p.id] });
    await sendApproved(tdb.db, 100);
    expect(await state(p.id)).toMatchObject({ status: 'cancelled', chainTradeNo: null, failureReason: { code: 'ADDRESS_DELETED' } });
    expect(await usdt('frozen')).toBe(frozen0);
    expect(await flows(p.id)).toEqual(['payout_reserved', 'payout_released']);
  });

  it('the sending job does not send a payout whose address left the book after its approval: cancelled, released once', async () => {
    const a = await book();
    const frozen0 = await usdt('frozen');
    const p = await make(a.address);
    await approvePayout(tdb.db, { merchantId: M, id: p.id, approver: 'crypto_admin' });
    // Gone by a way that did not stop its payouts (an address deleted before this release, say).
    await sqlDelete(a.address);
    await sendApproved(tdb.db, 100);
    expect(await state(p.id)).toMatchObject({ status: 'cancelled', chainTradeNo: null, failureReason: { code: 'ADDRESS_DELETED' } });
    const { rows } = await tdb.pool.query('select sent_at from payout where id = $1', [p.id]);
    expect(rows[0].sent_at).toBeNull();
    await sendApproved(tdb.db, 100);
    expect(await usdt('frozen')).toBe(frozen0);
    expect(await flows(p.id)).toEqual(['payout_reserved', 'payout_released']);
  });

  it('a payout waiting for review whose address is gone cannot be approved (422 naming why, in the reader’s language); rejecting it releases the hold once', async () => {
    const a = await book();
    const frozen0 = await usdt('frozen');
    const p = await make(a.address);
    await sqlDelete(a.address);
    const refused = await crypto.post(`/payouts/${p.id}/approve`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ errorCode: 'ADDRESS_NOT_WHITELISTED', message: `${a.address} is no longer in the withdrawal address book: this payout cannot be approved. Reject it to release its hold.` });
    const zh = await client(app, crypto.token, 'zh-CN').post(`/payouts/${p.id}/approve`, {});
    expect(zh.json().message).toBe(`${a.address} 已不在提币地址簿中：此笔代付无法审批通过。请驳回以释放其冻结金额。`);
    // Reviewing many: skipped with the same reason.
    const many = result(await crypto.post('/payouts/review', { ids: [p.id], action: 'approve' }));
    expect(many).toMatchObject({ changed: [], skipped: [{ id: p.id, message: expect.stringContaining('cannot be approved') }] });
    expect(await state(p.id)).toMatchObject({ status: 'pending_review' });
    expect(await usdt('frozen')).toBe(frozen0 + 31_000_000n);
    result(await crypto.post(`/payouts/${p.id}/reject`, { reason: 'address removed' }));
    expect(await usdt('frozen')).toBe(frozen0);
    expect(await flows(p.id)).toEqual(['payout_reserved', 'payout_released']);
  });

  it('auto-approved by the policy: stopped by the delete with the one still in review, both holds released once', async () => {
    const a = await book();
    const frozen0 = await usdt('frozen');
    const first = await make(a.address);
    // The destination was first used more than a day ago, and the policy lets small payouts through.
    await tdb.pool.query(`update payout set created_at = now() - interval '2 days' where id = $1`, [first.id]);
    await tdb.pool.query(`insert into payout_policy (merchant_id, currency, auto_approve_max, daily_auto_max, updated_by) values ($1, 'USDT', 100000000, null, 'test')
      on conflict (merchant_id, currency) do update set auto_approve_max = excluded.auto_approve_max, daily_auto_max = null`, [M]);
    const auto = await make(a.address, '40');
    expect(await state(auto.id)).toMatchObject({ status: 'processing', reviewedBy: 'auto' });
    const del = await crypto.del(`/crypto/addresses/${a.id}`);
    expect(del.json()).toMatchObject({ result: { stopped: [first.id, auto.id].sort() }, message: 'Address deleted; 2 payouts to it were stopped and their holds released' });
    await tdb.pool.query('delete from payout_policy where merchant_id = $1', [M]);
    await sendApproved(tdb.db, 100);
    expect(await state(first.id)).toMatchObject({ status: 'rejected', failureReason: { code: 'ADDRESS_DELETED' } });
    expect(await state(auto.id)).toMatchObject({ status: 'cancelled', chainTradeNo: null, failureReason: { code: 'ADDRESS_DELETED' } });
    expect(await usdt('frozen')).toBe(frozen0);
    for (const id of [first.id, auto.id]) expect(await flows(id)).toEqual(['payout_reserved', 'payout_released']);
    // And a new payout to it is refused before anything is held.
    expect((await createPayout(payout({ address: a.address }))).error?.errorCode).toBe('ADDRESS_NOT_WHITELISTED');
  });

  it('a delete racing approvals and new payouts to the address: none is ever sent, each ended one released once', async () => {
    for (let round = 0; round < 4; round++) {
      const a = await book();
      const waiting = await make(a.address);
      const outcomes = await Promise.allSettled([
        crypto.del(`/crypto/addresses/${a.id}`),
        approvePayout(tdb.db, { merchantId: M, id: waiting.id, approver: 'crypto_admin' }),
        make(a.address, '5'),
        make(a.address, '6'),
      ]);
      expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: { statusCode: 200 } });
      await sendApproved(tdb.db, 100);
      const { rows } = await tdb.pool.query<{ id: string; status: string; sent_at: Date | null; failure_code: string | null }>(
        `select id, status, sent_at, failure_code from payout where merchant_id = $1 and account_number = $2`,
        [M, a.address],
      );
      expect(rows.length).toBeGreaterThanOrEqual(1);
      for (const r of rows) expect(r, `round ${round}`).toMatchObject({ sent_at: null, failure_code: 'ADDRESS_DELETED', status: expect.stringMatching(/^(rejected|cancelled)$/) });
    }
    await checkPayoutInvariants(tdb.pool, tdb.db, [M]);
  });
});
