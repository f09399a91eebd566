/**
 * Crypto withdrawal addresses and crypto payouts (issue 13) through the HTTP API on real PostgreSQL: the crypto admin
 * adds addresses checked by their network's checksum (every admin told), an address is usable only after its
 * cooling period (the test moves the clock), an integrator pays out USDT by the open API to a whitelisted address
 * only, the sandbox chain broadcasts and confirms with a chain transaction id, and the assets answer agrees with the
 * ledger. Who may do what: the spec §6 crypto variant, and a fiat merchant's admin seeing nothing of it.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRYPTO_ADDRESS_COOLING_HOURS, CRYPTO_NETWORKS, CRYPTO_SANDBOX_BLOCK_MS, NETWORKS, PAYOUT_SANDBOX_DELAY_MS, PaymentType, Perm, checkCryptoAddress, flattenMenu, type MenuDef } from '@mg/domain';
import { cashierView } from '../src/modules/cashier/service';
import { confirmDueDeposits } from '../src/modules/crypto/deposits';
import type { ChannelCollection } from '../src/modules/channels/adapter';
import { sandboxAddress, sandboxPaymentCode } from '../src/modules/channels/sandbox';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { approvePayout, completeDue, sendApproved } from '../src/modules/payouts/service';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance, count, upsertProducts } from './helpers/money-fixtures';
import { expectData, expectError, idempotent, signingKey, testOpenApiClient, type RequestBody } from './helpers/open-api-client';
import { checkPayoutInvariants } from './helpers/payout-invariants';

const M = 10010;
const TRON_ADDRESS = 'TKdt8BzyA6uBesQNouV6uSVYAmCvQGRTLk';
const ETH_LOWER = '0xbb433bcbff03bd99f85ddbfff94da1af21677a8d';
const ETH_CHECKSUMMED = '0xbB433BcBfF03BD99F85dDBfFf94DA1Af21677a8d';
let tdb: TestDatabase;
let app: FastifyInstance;
let crypto: Client;
let fiatAdmin: Client;
let staff: Client;
let key: { id: string; secret: string };
let seq = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await postTransfer(tdb.db, topUp({ merchantId: M, currency: 'USDT', reference: 'crypto-fund', idempotencyKey: 'crypto-fund', amount: 5_000_000_000n }));
  app = await buildAdminTestApp(tdb);
  [crypto, fiatAdmin, staff] = await Promise.all([signIn(app, 'crypto_admin'), signIn(app, 'demo_admin'), signIn(app, 'admin')]);
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
const errorsOf = (res: LightMyRequestResponse) => JSON.parse(res.body).errors as { field: string; message: string }[];
/** The generated client with the key the treasury made for its bot. */
const api = () => testOpenApiClient(app, signingKey(key.id, key.secret, M));
type PayoutBody = RequestBody<'/payouts', 'post'>;
const payout = (over: Partial<PayoutBody> = {}): PayoutBody => ({ merchantOrderId: `USDT-${process.pid}-${++seq}`, amount: '250.5', currency: 'USDT', network: 'TRON', token: 'USDT', address: TRON_ADDRESS, ...over });
const createPayout = (body: PayoutBody) => api().POST('/payouts', { body, params: idempotent() });
const readPayout = async (id: string) => expectData(await api().GET('/payouts/{id}', { params: { path: { id } } }), 200).result;
const createCollection = (body: RequestBody<'/collections', 'post'>) => api().POST('/collections', { body, params: idempotent() });
const createLink = (body: RequestBody<'/payment-links', 'post'>) => api().POST('/payment-links', { body, params: idempotent() });
const sandboxSend = (id: string, body: RequestBody<'/sandbox/crypto/{id}/send', 'post'> = {}) => api().POST('/sandbox/crypto/{id}/send', { params: { path: { id }, ...idempotent() }, body });
const usdt = (kind: string) => balance(tdb.pool, M, 'USDT', kind);
/** The test's clock: the cooling period of an address is over (its usable_at moved to the past). */
const coolDown = (address: string) => tdb.pool.query(`update crypto_address set usable_at = now() - interval '1 minute' where address = $1`, [address]);

describe('withdrawal addresses', () => {
  it('the crypto admin adds one: checked, usable after the cooling period, every admin told', async () => {
    const mails = await count(tdb.pool, 'select 1 from mail_outbox');
    const a = result(await crypto.post('/crypto/addresses', { network: 'TRON', address: TRON_ADDRESS, label: 'Cold wallet' }));
    expect(a).toMatchObject({ network: 'TRON', address: TRON_ADDRESS, label: 'Cold wallet', usable: false, createdBy: 'crypto_admin' });
    expect(Date.parse(a.usableAt) - Date.parse(a.createdAt)).toBe(CRYPTO_ADDRESS_COOLING_HOURS * 3_600_000);
    expect(await count(tdb.pool, 'select 1 from mail_outbox')).toBeGreaterThan(mails);
    expect(await count(tdb.pool, `select 1 from announcement where merchant_id = $1 and content like $2`, [M, `%${TRON_ADDRESS}%`])).toBe(1);
    // Ethereum written in lower case is kept in its EIP-55 form.
    const eth = result(await crypto.post('/crypto/addresses', { network: 'ETH', address: ETH_LOWER, label: 'Exchange' }));
    expect(eth.address).toBe(ETH_CHECKSUMMED);
    const list = result(await crypto.get('/crypto/addresses'));
    expect(list.map((x: { address: string }) => x.address)).toEqual([ETH_CHECKSUMMED, TRON_ADDRESS]);
  });

  it('refuses the wrong network, a bad checksum, a read-only network, a duplicate and an empty label, naming the field', async () => {
    const wrong = await crypto.post('/crypto/addresses', { network: 'ETH', address: TRON_ADDRESS, label: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong)[0]).toMatchObject({ field: 'address', message: expect.stringContaining('TRON') });
    const typo = await crypto.post('/crypto/addresses', { network: 'ETH', address: ETH_CHECKSUMMED.replace('bB43', 'Bb43'), label: 'x' });
    expect(errorsOf(typo)[0]).toMatchObject({ field: 'address', message: expect.stringContaining('checksum') });
    const btc = await crypto.post('/crypto/addresses', { network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', label: 'x' });
    expect(errorsOf(btc)[0]).toMatchObject({ field: 'network' });
    const dup = await crypto.post('/crypto/addresses', { network: 'TRON', address: TRON_ADDRESS, label: 'again' });
    expect(errorsOf(dup)[0]).toMatchObject({ field: 'address' });
    const noLabel = await crypto.post('/crypto/addresses', { network: 'TRON', address: 'TNzmR7Kz7VojjTRanyxyde9ivQmLzJVX9L', label: '  ' });
    expect(errorsOf(noLabel)[0]).toMatchObject({ field: 'label' });
    expect(await count(tdb.pool, 'select 1 from crypto_address where merchant_id = $1', [M])).toBe(2);
  });

  it('spec §6: a fiat merchant admin has no crypto page or address book; staff read any merchant’s', async () => {
    expect((await fiatAdmin.get('/crypto/addresses')).statusCode).toBe(403);
    expect((await fiatAdmin.post('/crypto/addresses', { network: 'TRON', address: TRON_ADDRESS, label: 'x' })).statusCode).toBe(403);
    expect((await fiatAdmin.get('/crypto/assets')).statusCode).toBe(403);
    expect(result(await staff.get('/crypto/addresses', { merchantId: M }))).toHaveLength(2);
    // The crypto admin has no withdrawals, settlements or balance transfers (not in its variant).
    expect((await crypto.get('/withdrawals/accounts')).statusCode).toBe(403);
    expect((await crypto.get('/balance-transfers')).statusCode).toBe(403);
  });

  it("fiat brands' roles have no crypto: role all on lumipay gets no crypto page and 403 on the crypto calls; the crypto admin keeps them", async () => {
    const menuOf = async (c: Client) => {
      const r = result(await c.get('/sys/permission/getUserPermissionByToken'));
      return { paths: flattenMenu(r.menu as MenuDef[]).map((m) => m.path), codes: (r.auth as { action: string }[]).map((a) => a.action) };
    };
    const business = await signIn(app, 'demo_business');
    const fiat = await menuOf(business);
    expect(fiat.paths).toEqual(expect.arrayContaining(['/funds/balances', '/system/roles'])); // still role all
    expect(fiat.paths).not.toContain('/funds/crypto');
    expect(fiat.codes).not.toContain(Perm.CRYPTO_ADDRESS_EDIT);
    const address = sandboxAddress('TRON', 'lumipay');
    expect((await business.post('/crypto/addresses', { network: 'TRON', address, label: 'x' })).statusCode).toBe(403);
    expect((await business.get('/crypto/assets')).statusCode).toBe(403);
    expect((await business.get('/crypto/addresses')).statusCode).toBe(403);
    expect(await count(tdb.pool, 'select 1 from crypto_address where address = $1', [address])).toBe(0);

    const own = await menuOf(crypto);
    expect(own.paths).toContain('/funds/crypto');
    expect(own.codes).toContain(Perm.CRYPTO_ADDRESS_EDIT);
    expect((await crypto.get('/crypto/assets')).statusCode).toBe(200);
  });
});

describe('crypto payouts by the open API', () => {
  it('refuses an address not in the book, and one still cooling, with 422 ADDRESS_NOT_WHITELISTED; nothing held', async () => {
    const before = await usdt('available');
    const unknown = expectError(await createPayout(payout({ address: 'TNzmR7Kz7VojjTRanyxyde9ivQmLzJVX9L' })), 422);
    expect(unknown).toMatchObject({ errorCode: 'ADDRESS_NOT_WHITELISTED', message: expect.stringContaining('TNzmR7Kz7VojjTRanyxyde9ivQmLzJVX9L') });
    const cooling = expectError(await createPayout(payout()), 422);
    expect(cooling.errorCode).toBe('ADDRESS_NOT_WHITELISTED');
    expect(await usdt('available')).toBe(before);
    expect(await count(tdb.pool, 'select 1 from payout where merchant_id = $1', [M])).toBe(0);
  });

  it('refuses another token, an unknown network and an address of another network by field', async () => {
    const token = expectError(await createPayout(payout({ token: 'USDC' })), 400);
    expect(token.errors?.[0]).toMatchObject({ field: 'token' });
    const net = await createPayout(payout({ network: 'SOL' }));
    expect(net.error?.errors?.[0]).toMatchObject({ field: 'network' });
    const other = await createPayout(payout({ network: 'ETH' }));
    expect(other.error?.errors?.[0]).toMatchObject({ field: 'address', message: expect.stringContaining('TRON') });
  });

  it('pays a whitelisted address past its cooling: held with the network fee, approved, broadcast and confirmed; assets agree with the ledger', async () => {
    await coolDown(TRON_ADDRESS);
    const before = await usdt('available');
    const p = expectData(await createPayout(payout()), 201).result;
    expect(p).toMatchObject({ status: 'pending_review', network: 'TRON', token: 'USDT', payeeAddress: TRON_ADDRESS, accountName: 'Cold wallet', fee: NETWORKS.TRON.payoutFee, chainTradeNo: null });
    expect(before - (await usdt('available'))).toBe(250_500_000n + 1_000_000n);

    const assets = result(await crypto.get('/crypto/assets'));
    const tron = assets.networks.find((n: { network: string }) => n.network === 'TRON');
    expect(tron).toMatchObject({ inFlight: '251.500000', inFlightCount: 1, confirmations: 20, payable: true });
    expect(assets.frozen).toBe('251.500000');
    expect(assets.available).toBe(((await usdt('available')) / 1_000_000n).toString() + '.' + ((await usdt('available')) % 1_000_000n).toString().padStart(6, '0'));

    // Maker-checker: the key made it, the crypto admin approves; the sandbox chain broadcasts, then confirms.
    await approvePayout(tdb.db, { merchantId: M, id: p.id, approver: 'crypto_admin' });
    const sentAt = new Date();
    await sendApproved(tdb.db, 100, sentAt);
    const sent = await readPayout(p.id);
    expect(sent).toMatchObject({ status: 'processing', chainTradeNo: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await completeDue(tdb.db, 100, new Date(sentAt.getTime() + PAYOUT_SANDBOX_DELAY_MS));
    const done = await readPayout(p.id);
    expect(done).toMatchObject({ status: 'success', chainTradeNo: sent.chainTradeNo, payeeAddress: TRON_ADDRESS });
    expect(await usdt('frozen')).toBe(0n);
    expect(result(await crypto.get('/crypto/assets')).networks.find((n: { network: string }) => n.network === 'TRON')).toMatchObject({ inFlight: '0.000000', inFlightCount: 0 });
    // The callback carries the address paid and the chain's transaction id (to the payout callback address, when set).
    await tdb.pool.query('update merchant set payout_callback_url = $1 where id = $2', ['https://treasury.example.test/hooks', M]);
    const second = expectData(await createPayout(payout({ amount: '10' })), 201).result;
    await approvePayout(tdb.db, { merchantId: M, id: second.id, approver: 'crypto_admin' });
    await sendApproved(tdb.db, 100, sentAt);
    await completeDue(tdb.db, 100, new Date(sentAt.getTime() + PAYOUT_SANDBOX_DELAY_MS));
    const { rows } = await tdb.pool.query<{ event_type: string; body: string }>(`select event_type, body from callback_delivery where order_id = $1`, [second.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.event_type).toBe('payout.succeeded');
    expect(JSON.parse(rows[0]!.body).data).toMatchObject({ payeeAddress: TRON_ADDRESS, network: 'TRON', token: 'USDT', chainTradeNo: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await checkPayoutInvariants(tdb.pool, tdb.db, [M]);
  });

  it('an Ethereum payout carries a 0x transaction id; a deleted address takes no more payouts', async () => {
    await coolDown(ETH_CHECKSUMMED);
    const p = expectData(await createPayout(payout({ network: 'ETH', address: ETH_LOWER, amount: '20' })), 201).result;
    expect(p).toMatchObject({ payeeAddress: ETH_CHECKSUMMED, fee: NETWORKS.ETH.payoutFee });
    await approvePayout(tdb.db, { merchantId: M, id: p.id, approver: 'crypto_admin' });
    await sendApproved(tdb.db, 100);
    expect((await readPayout(p.id)).chainTradeNo).toMatch(/^0x[0-9a-f]{64}$/);

    const [eth] = result(await crypto.get('/crypto/addresses', { network: 'ETH' }));
    result(await crypto.del(`/crypto/addresses/${eth.id}`));
    const after = await createPayout(payout({ network: 'ETH', address: ETH_CHECKSUMMED, amount: '20' }));
    expect(after.response.status).toBe(422);
    expect((await crypto.del(`/crypto/addresses/${eth.id}`)).statusCode).toBe(404);
    await checkPayoutInvariants(tdb.pool, tdb.db, [M]);
  });
});

describe('the sandbox chain', () => {
  it('gives each crypto collection its own deposit address, valid on the order’s network and stable for the order', () => {
    for (const n of CRYPTO_NETWORKS) {
      const order: ChannelCollection = { id: `C-${n}-1`, merchantId: M, currency: 'USDT', amount: 10_000_000n, paymentType: PaymentType.CRYPTO, channel: NETWORKS[n].channel, expiresAt: new Date() };
      const code = sandboxPaymentCode(order, 'SBX1');
      expect(checkCryptoAddress(n, code ?? ''), `${n} ${code}`).toMatchObject({ ok: true });
      expect(sandboxPaymentCode(order, 'SBX1')).toBe(code);
      expect(sandboxPaymentCode({ ...order, id: `C-${n}-2` }, 'SBX1')).not.toBe(code);
    }
  });
});

describe('pay-in on the sandbox chain', () => {
  const collection = async (amount: string, channel = NETWORKS.TRON.channel) => {
    const res = await createCollection({ merchantOrderId: `DEP-${process.pid}-${++seq}`, amount, currency: 'USDT', paymentType: PaymentType.CRYPTO, channel });
    return expectData(res, 201).result;
  };
  const orderStatus = async (id: string) => expectData(await api().GET('/collections/{id}', { params: { path: { id } } }), 200).result;
  const send = (id: string, amount?: string) => sandboxSend(id, amount === undefined ? {} : { amount });

  beforeAll(async () => {
    await upsertProducts(tdb.pool, [
      { currency: 'USDT', paymentType: PaymentType.CRYPTO, channel: NETWORKS.TRON.channel, min: 1_000_000n, max: 100_000_000_000n },
      { currency: 'USDT', paymentType: PaymentType.CRYPTO, channel: NETWORKS.ETH.channel, min: 1_000_000n, max: 100_000_000_000n },
    ]);
  });

  it('the exact amount: counted after the network’s confirmations, not before; the ledger credits pending', async () => {
    const c = await collection('100');
    expect(checkCryptoAddress('TRON', c.paymentCode ?? '')).toMatchObject({ ok: true });
    const pending = await usdt('pending');
    const d = send(c.id);
    const sent = expectData(await d, 200).result;
    expect(sent).toMatchObject({ network: 'TRON', amount: '100.000000', required: 20, confirmed: false, surplus: '0.000000', chainTradeNo: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(checkCryptoAddress('TRON', sent.payerAddress)).toMatchObject({ ok: true });
    // One transaction per order.
    expect((await send(c.id)).response.status).toBe(409);
    // 19 blocks later: still waiting.
    const at = Date.parse(sent.sentAt);
    expect(await confirmDueDeposits(tdb.db, new Date(at + 19 * CRYPTO_SANDBOX_BLOCK_MS))).toBe(0);
    expect(await orderStatus(c.id)).toMatchObject({ status: 'processing', chainTradeNo: sent.chainTradeNo, payerAddress: sent.payerAddress });
    // The header's search finds it by the chain transaction (issue 15), for its merchant only.
    const found = await crypto.get('/search', { q: sent.chainTradeNo });
    expect(found.json().result).toContainEqual(expect.objectContaining({ kind: 'collections', id: c.id, match: 'chainTx' }));
    expect((await fiatAdmin.get('/search', { q: sent.chainTradeNo })).json().result).toEqual([]);
    expect(await confirmDueDeposits(tdb.db, new Date(at + 20 * CRYPTO_SANDBOX_BLOCK_MS))).toBe(1);
    expect(await orderStatus(c.id)).toMatchObject({ status: 'success', paidAmount: '100.000000' });
    expect(await usdt('pending')).toBeGreaterThan(pending);
    // Paid: nothing more is taken.
    expect((await send(c.id)).response.status).toBe(422);
  });

  it('under-paid: partial with what arrived; over-paid: paid in full, the surplus shown, not credited', async () => {
    const under = await collection('50', NETWORKS.ETH.channel);
    const u = expectData(await send(under.id, '20'), 200).result;
    expect(u).toMatchObject({ network: 'ETH', required: 12, chainTradeNo: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    await confirmDueDeposits(tdb.db, new Date(Date.parse(u.sentAt) + 12 * CRYPTO_SANDBOX_BLOCK_MS));
    expect(await orderStatus(under.id)).toMatchObject({ status: 'partial', paidAmount: '20.000000' });
    // The payer's cashier says what arrived and what is still due (issue 40), from the order's figures.
    expect(await cashierView(tdb.db, under.cashierUrl.split('/pay/')[1] as string)).toMatchObject({ status: 'partial', paidAmount: '20.000000', dueAmount: '30.000000', deposit: { amount: '20.000000', confirmed: true } });

    const over = await collection('30');
    const o = expectData(await send(over.id, '33'), 200).result;
    expect(o.surplus).toBe('3.000000');
    await confirmDueDeposits(tdb.db, new Date(Date.parse(o.sentAt) + 20 * CRYPTO_SANDBOX_BLOCK_MS));
    expect(await orderStatus(over.id)).toMatchObject({ status: 'success', paidAmount: '30.000000' });
    await checkPayoutInvariants(tdb.pool, tdb.db, [M]);
  });

  it('the cashier shows the deposit with its confirmations as they come, and refuses a plain Pay', async () => {
    const c = await collection('12.5');
    const token = c.cashierUrl.split('/pay/')[1] as string;
    const pay = await app.inject({ method: 'POST', url: `/api/cashier/${token}/pay`, payload: { outcome: 'success' } });
    expect(pay.statusCode).toBe(422);
    const sent = await app.inject({ method: 'POST', url: `/api/cashier/${token}/crypto/send`, payload: { outcome: 'under' } });
    expect(sent.statusCode).toBe(200);
    const view = sent.json().result;
    expect(view).toMatchObject({ status: 'processing', payable: false, deposit: { amount: '6.250000', confirmations: 0, required: 20, confirmed: false } });
    const later = await cashierView(tdb.db, token, new Date(Date.parse(view.deposit.sentAt) + 7 * CRYPTO_SANDBOX_BLOCK_MS + 10));
    expect(later.deposit).toMatchObject({ confirmations: 7, required: 20 });
  });
});

describe('a USDT payment link', () => {
  it('is paid through the chain too: the payer asks for the address, sends, and the link is paid once confirmed', async () => {
    const made = expectData(await createLink({ amount: '15', currency: 'USDT', description: 'Crypto invoice', paymentType: PaymentType.CRYPTO }), 201);
    const token = made.result.url.split('/pay/')[1] as string;
    const post = (path: string, payload: object = {}) => app.inject({ method: 'POST', url: `/api/cashier/${token}${path}`, payload });
    expect((await post('/pay', { outcome: 'success' })).statusCode).toBe(422);
    const first = await cashierView(tdb.db, token);
    expect(first).toMatchObject({ kind: 'link', paymentCode: null });
    const withAddress = (await post('/crypto/address')).json().result;
    expect(checkCryptoAddress('TRON', withAddress.paymentCode)).toMatchObject({ ok: true });
    // Asking again gives the same address (one attempt).
    expect((await post('/crypto/address')).json().result.paymentCode).toBe(withAddress.paymentCode);
    const sent = (await post('/crypto/send', { outcome: 'exact' })).json().result;
    expect(sent.deposit).toMatchObject({ amount: '15.000000', required: 20, confirmed: false });
    await confirmDueDeposits(tdb.db, new Date(Date.parse(sent.deposit.sentAt) + 20 * CRYPTO_SANDBOX_BLOCK_MS));
    const paid = await cashierView(tdb.db, token);
    expect(paid).toMatchObject({ status: 'success', paidAmount: '15.000000', deposit: { confirmed: true } });
  });

  it('a voided crypto link gives no address and takes no deposit; one whose deposit is confirming cannot be voided', async () => {
    const link = async () => {
      const made = expectData(await createLink({ amount: '12', currency: 'USDT', description: 'Crypto invoice', paymentType: PaymentType.CRYPTO }), 201).result;
      const token = made.url.split('/pay/')[1] as string;
      return { id: made.id, post: (path: string, payload: object = {}) => app.inject({ method: 'POST', url: `/api/cashier/${token}${path}`, payload }) };
    };
    const voided = await link();
    result(await crypto.post(`/payment-links/${voided.id}/void`));
    expect((await voided.post('/crypto/address')).statusCode).toBe(422);
    expect((await voided.post('/crypto/send', { outcome: 'exact' })).statusCode).toBe(422);
    expect(await count(tdb.pool, 'select 1 from collection where payment_link_id = $1', [voided.id])).toBe(0);

    const confirming = await link();
    await confirming.post('/crypto/address');
    const sent = (await confirming.post('/crypto/send', { outcome: 'exact' })).json().result;
    const refused = await crypto.post(`/payment-links/${confirming.id}/void`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('A payment of this link is under way: it cannot be voided until that payment ends');
    await confirmDueDeposits(tdb.db, new Date(Date.parse(sent.deposit.sentAt) + 20 * CRYPTO_SANDBOX_BLOCK_MS));
    expect(await count(tdb.pool, `select 1 from payment_link where id = $1 and status = 'paid'`, [confirming.id])).toBe(1);
  });
});

describe('crypto history and the sandbox explorer', () => {
  it('lists deposits and payouts as chain transactions, newest first, and each opens on the public explorer', async () => {
    const page = result(await crypto.get('/crypto/history', { pageSize: 20 }));
    expect(page.total).toBeGreaterThanOrEqual(5);
    const kinds = new Set(page.records.map((r: { kind: string }) => r.kind));
    expect(kinds).toEqual(new Set(['deposit', 'withdrawal']));
    const times = page.records.map((r: { at: string }) => Date.parse(r.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const payout = page.records.find((r: { kind: string; status: string }) => r.kind === 'withdrawal' && r.status === 'confirmed');
    expect(payout).toMatchObject({ network: 'TRON', to: TRON_ADDRESS, token: 'USDT', confirmations: 20, required: 20 });
    expect(checkCryptoAddress('TRON', payout.from)).toMatchObject({ ok: true });
    const deposit = page.records.find((r: { kind: string }) => r.kind === 'deposit');
    expect(checkCryptoAddress(deposit.network, deposit.to)).toMatchObject({ ok: true });

    // The explorer is public (as a chain explorer is) and tells no order or merchant.
    const res = await app.inject({ method: 'GET', url: `/api/crypto/explorer/${payout.chainTradeNo}` });
    expect(res.statusCode).toBe(200);
    const { orderId: _o, ...publicFacts } = payout;
    expect(res.json().result).toEqual(publicFacts);
    expect(res.body).not.toContain(String(M));
    expect((await app.inject({ method: 'GET', url: `/api/crypto/explorer/${'f'.repeat(64)}` })).statusCode).toBe(404);
    expect((await fiatAdmin.get('/crypto/history')).statusCode).toBe(403);
  });

  it('assets show deposits still confirming per network', async () => {
    const tron = async () => result(await crypto.get('/crypto/assets')).networks.find((n: { network: string }) => n.network === 'TRON') as { confirming: string; confirmingCount: number };
    const before = await tron();
    const c = expectData(await createCollection({ merchantOrderId: `DEP-${process.pid}-${++seq}`, amount: '7', currency: 'USDT', paymentType: PaymentType.CRYPTO, channel: NETWORKS.TRON.channel }), 201);
    expectData(await sandboxSend(c.result.id), 200);
    const after = await tron();
    expect(Number(after.confirming) - Number(before.confirming)).toBe(7);
    expect(after.confirmingCount - before.confirmingCount).toBe(1);
  });
});
