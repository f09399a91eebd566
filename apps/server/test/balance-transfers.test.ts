/**
 * Balance transfers through the HTTP API on real PostgreSQL: who may send to whom (parent, sub-merchants, siblings;
 * never another merchant), the quote, the move on both sides' balances, records and statements at once, the spec §5
 * messages, a retried request moving money once, and who may do it (spec §6: the admin, not the operator; the
 * reader only reads).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentType } from '@mg/domain';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { buildAdminTestApp, client, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance, setFeeRule } from './helpers/money-fixtures';
import { checkTransferInvariants } from './helpers/transfer-invariants';

const PARENT = 10001;
const GAMES = 10002;
const SHOP = 10003;
/** A sub-merchant of Demo Store working in THB only. */
const THB_ONLY = 10004;

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;
let operator: Client;
let reader: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await postTransfer(tdb.db, topUp({ merchantId: PARENT, currency: 'IDR', reference: 'bt-fund', idempotencyKey: 'bt-fund', amount: 1_000_000n }));
  await setFeeRule(tdb.pool, { merchantId: PARENT, currency: 'IDR', paymentType: PaymentType.BALANCE_TRANSFER, rateBps: 0, fixedFee: 1_500n });
  await tdb.pool.query(`insert into merchant (id, name, parent_id, brand, currencies, status) values ($1, 'Demo Store Thai', $2, 'tikipay', '{THB}', 'active')`, [THB_ONLY, PARENT]);
  app = await buildAdminTestApp(tdb);
  [admin, operator, reader] = await Promise.all([signIn(app, 'demo_admin'), signIn(app, 'demo_operator'), signIn(app, 'demo_read')]);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

let seq = 0;
const requestId = () => `bt-test-${++seq}-${Date.now()}`;
const body = (over: Record<string, unknown> = {}) => ({ toMerchantId: GAMES, currency: 'IDR', amount: '100000', remark: 'Float for games', requestId: requestId(), ...over });
const result = (res: { statusCode: number; body: string }) => {
  if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body).result;
};
const errorsOf = (res: { body: string }) => JSON.parse(res.body).errors as { field: string; message: string }[];
const available = (m: number) => balance(tdb.pool, m, 'IDR', 'available');

/** demo_admin in a session of its own switched to `merchantId` (a switch ends the session it was made from). */
async function switchTo(merchantId: number): Promise<Client> {
  const own = await signIn(app, 'demo_admin');
  const res = await own.put('/sys/switchSubMId', { merchantId, username: 'demo_admin' });
  return client(app, result(res).token as string);
}

describe('balance transfers', () => {
  it('offers the sub-merchants to the parent, and the parent and siblings to a sub-merchant', async () => {
    const mine = result(await admin.get('/balance-transfers/parties'));
    expect(mine.map((p: { merchantId: number; relation: string }) => [p.merchantId, p.relation])).toEqual([
      [GAMES, 'subMerchant'],
      [SHOP, 'subMerchant'],
      [THB_ONLY, 'subMerchant'],
    ]);
    const games = await switchTo(GAMES);
    const theirs = result(await games.get('/balance-transfers/parties'));
    expect(theirs.map((p: { merchantId: number; relation: string }) => [p.merchantId, p.relation])).toEqual([
      [PARENT, 'parent'],
      [SHOP, 'sibling'],
      [THB_ONLY, 'sibling'],
    ]);
  });

  it('quotes the fee and the total before anything is written', async () => {
    const before = await available(PARENT);
    const q = result(await admin.post('/balance-transfers/quote', body()));
    expect(q).toMatchObject({ currency: 'IDR', amount: '100000', fee: '1500', total: '101500', toName: 'Demo Store Games', enough: true });
    expect(BigInt(q.available)).toBe(before);
    expect(await available(PARENT)).toBe(before);
  });

  it('moves amount + fee out of the sender and the amount into the receiver, with both sides recorded at once', async () => {
    const [p0, g0, fee0] = await Promise.all([available(PARENT), available(GAMES), balance(tdb.pool, 10000, 'IDR', 'fee_revenue')]);
    const sent = result(await admin.post('/balance-transfers', body()));
    expect(sent).toMatchObject({ direction: 'out', merchantId: PARENT, counterpartyId: GAMES, counterpartyName: 'Demo Store Games', amount: '100000', fee: '1500', balanceChange: '-101500', remark: 'Float for games', createdBy: 'demo_admin', replayed: false });
    expect(sent.id).toMatch(/^T\d{12}[0-9A-Z]{10}$/);
    expect(p0 - (await available(PARENT))).toBe(101_500n);
    expect((await available(GAMES)) - g0).toBe(100_000n);
    expect((await balance(tdb.pool, 10000, 'IDR', 'fee_revenue')) - fee0).toBe(1_500n);

    // The sender's records and statement name the receiver ...
    const list = result(await admin.get('/balance-transfers', { id: sent.id }));
    expect(list.records).toEqual([expect.objectContaining({ id: sent.id, direction: 'out', counterpartyName: 'Demo Store Games', balanceChange: '-101500' })]);
    const statement = result(await admin.get('/balance-records', { reference: sent.id }));
    expect(statement.records).toEqual([expect.objectContaining({ actionType: 7, account: 'available', amount: '-101500', counterparty: `Demo Store Games (${GAMES})` })]);

    // ... and the receiver, switched to, sees the same transfer from its side.
    const games = await switchTo(GAMES);
    const theirs = result(await games.get('/balance-transfers', { id: sent.id }));
    expect(theirs.records).toEqual([expect.objectContaining({ id: sent.id, direction: 'in', counterpartyId: PARENT, counterpartyName: 'Demo Store', fee: '0', balanceChange: '100000' })]);
    const theirStatement = result(await games.get('/balance-records', { reference: sent.id }));
    expect(theirStatement.records).toEqual([expect.objectContaining({ actionType: 7, amount: '100000', counterparty: `Demo Store (${PARENT})` })]);
    await checkTransferInvariants(tdb.pool);
  });

  it('a retried request answers the first transfer and moves nothing again; the id reused for another transfer is refused', async () => {
    const b = body({ amount: '2500' });
    const first = result(await admin.post('/balance-transfers', b));
    const after = await available(PARENT);
    const again = result(await admin.post('/balance-transfers', b));
    expect(again).toMatchObject({ id: first.id, replayed: true });
    expect(await available(PARENT)).toBe(after);
    const other = await admin.post('/balance-transfers', { ...b, amount: '2600' });
    expect(other.statusCode).toBe(409);
    expect(JSON.parse(other.body).message).toBe('This request id was already used for another transfer');
  });

  it('two identical submits at once move the money once', async () => {
    const b = body({ amount: '3000', toMerchantId: SHOP });
    const before = await available(SHOP);
    const answers = await Promise.all([admin.post('/balance-transfers', b), admin.post('/balance-transfers', b)]);
    const ids = answers.map((r) => result(r).id);
    expect(ids[0]).toBe(ids[1]);
    expect((await available(SHOP)) - before).toBe(3_000n);
    await checkTransferInvariants(tdb.pool);
  });

  it('refuses with the spec §5 messages, naming the field, and writes nothing', async () => {
    const before = await available(PARENT);
    const over = await admin.post('/balance-transfers', body({ amount: String(before) }));
    expect(over.statusCode).toBe(400);
    expect(errorsOf(over)).toEqual([
      expect.objectContaining({ field: 'amount', message: expect.stringMatching(/^Amount: The transfer amount plus the fee \(\d+\) exceeds the available balance \(\d+\)$/) }),
    ]);
    const invalid = await admin.post('/balance-transfers', body({ amount: '12.5.0' }));
    expect(errorsOf(invalid)).toEqual([expect.objectContaining({ field: 'amount', message: 'Amount: Enter a valid transfer amount' })]);
    const zero = await admin.post('/balance-transfers', body({ amount: '0' }));
    expect(errorsOf(zero)).toEqual([expect.objectContaining({ field: 'amount', message: 'Amount: Enter a valid transfer amount' })]);
    const stranger = await admin.post('/balance-transfers', body({ toMerchantId: 10030 }));
    expect(errorsOf(stranger)).toEqual([expect.objectContaining({ field: 'toMerchantId', message: expect.stringContaining('Merchant 10030 is not your parent, one of your sub-merchants or a sub-merchant of your parent') })]);
    const self = await admin.post('/balance-transfers', body({ toMerchantId: PARENT }));
    expect(errorsOf(self)[0]).toMatchObject({ field: 'toMerchantId' });
    const currency = await admin.post('/balance-transfers', body({ toMerchantId: THB_ONLY }));
    expect(errorsOf(currency)).toEqual([expect.objectContaining({ field: 'toMerchantId', message: expect.stringContaining('Demo Store Thai does not work in IDR') })]);
    await tdb.pool.query(`update merchant set status = 'frozen' where id = $1`, [SHOP]);
    const frozen = await admin.post('/balance-transfers', body({ toMerchantId: SHOP }));
    await tdb.pool.query(`update merchant set status = 'active' where id = $1`, [SHOP]);
    expect(errorsOf(frozen)).toEqual([expect.objectContaining({ field: 'toMerchantId', message: expect.stringContaining('Demo Store Shop cannot receive transfers while its account is not active') })]);
    expect(await available(PARENT)).toBe(before);
  });

  it('the admin transfers; the operator may not; the reader only reads the records', async () => {
    expect((await operator.post('/balance-transfers', body())).statusCode).toBe(403);
    expect((await operator.get('/balance-transfers/parties')).statusCode).toBe(403);
    expect((await reader.post('/balance-transfers', body())).statusCode).toBe(403);
    const read = result(await reader.get('/balance-transfers'));
    expect(read.records.length).toBeGreaterThan(0);
    expect(read.records.every((r: { merchantId: number }) => r.merchantId === PARENT)).toBe(true);
  });
});
