/**
 * The open API's cached configuration reads (db/config-cache.ts): a warm call reads no key, merchant, product or fee
 * rule from the database, and a change written straight to the database (no server code involved, as another
 * instance or an operator's SQL would) is seen by the very next call. And the create those reads serve: one statement
 * after the nonce, with its Idempotency-Key answer, all or nothing.
 */
import { ApiKeyStatus } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbRoundTrips } from '../src/db/pool';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { DEMO_KEY_ID } from './helpers/open-api';
import { exchangeOf, expectData, expectError, idempotent, replayed, testOpenApiClient, type RequestBody } from './helpers/open-api-client';

let tdb: TestDatabase;
let app: FastifyInstance;
let seq = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  app = await buildTestApp(tdb, { rateLimitPerMinute: 100_000 });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

/** The generated client, signed with the demo sandbox key. */
const api = () => testOpenApiClient(app);
type CollectionBody = RequestBody<'/collections', 'post'>;
const post = (body: CollectionBody, key?: string) => api().POST('/collections', { body, params: idempotent(key) });
const create = () => post({ merchantOrderId: `CC-${process.pid}-${++seq}`, amount: '150000', currency: 'IDR', paymentType: 1, channel: 1 });
const balance = () => api().GET('/balance', {});
const status = (r: { response: Response }) => r.response.status;
const bytes = (r: { response: Response }) => exchangeOf(r.response).body;

function created<T>(r: { data?: { result: T }; error?: unknown; response: Response }): T {
  return expectData(r, 201).result;
}

describe('configuration reads of the open API', () => {
  it('a warm create makes 2 round trips: nonce with idempotency lookup and version, then one statement', async () => {
    created(await create());
    const before = dbRoundTrips();
    created(await create());
    // nonce + Idempotency-Key lookup + version; the key's lock, its record with the answer and the order together
    expect(dbRoundTrips() - before).toBe(2);
  });

  it('a create and its payment make 9 round trips together, the posting included (issue 10: at most 12)', async () => {
    const createAndPay = async () => {
      const { id } = created(await create());
      const paid = await api().POST('/sandbox/collections/{id}/pay', { params: { path: { id }, ...idempotent() } });
      expect(status(paid)).toBe(200);
    };
    await tdb.pool.query(`update merchant set collection_callback_url = 'https://merchant.example.test/hooks' where id = 10001`);
    await createAndPay(); // the day's batch and the ledger accounts exist from now on, as on every payment but the first
    const before = dbRoundTrips();
    await createAndPay();
    // create 2; pay: nonce, begin, order lock, batch join (its status checked by the next statement), order update with
    // its callback, its queued ledger transfer and its answer, commit, the writer's posting (one statement for every
    // payment queued meanwhile)
    expect(dbRoundTrips() - before).toBe(9);
  });

  it('the created answer is the order as stored: a read right after answers the same', async () => {
    const res = await create();
    const answer = created(res);
    const read = await api().GET('/collections/{id}', { params: { path: { id: answer.id } } });
    expect(read.data?.result).toEqual(answer);
  });

  it('concurrent creates with one Idempotency-Key make one order; the others replay its answer or are told it runs', async () => {
    const body = { merchantOrderId: `CC-${process.pid}-burst`, amount: '150000', currency: 'IDR', paymentType: 1, channel: 1 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(body, 'cc-burst')));
    expect(answers.every((a) => status(a) === 201 || status(a) === 409)).toBe(true);
    const done = answers.filter((a) => status(a) === 201);
    expect(done.filter((a) => replayed(a) === null)).toHaveLength(1);
    expect(new Set(done.map(bytes)).size).toBe(1);
    const { rows } = await tdb.pool.query(`select count(*)::int as n from collection where merchant_order_id = $1`, [body.merchantOrderId]);
    expect(rows[0].n).toBe(1);
    const again = await post(body, 'cc-burst');
    expect(replayed(again)).toBe('true');
    expect(bytes(again)).toBe(bytes(done[0]!));
  });

  it('a merchant order id used before is 409 with no record of the order, and the refusal replays under its key', async () => {
    const body = { merchantOrderId: `CC-${process.pid}-dup`, amount: '150000', currency: 'IDR', paymentType: 1, channel: 1 };
    created(await post(body));
    const dup = await post(body, 'cc-dup');
    expect(status(dup)).toBe(409);
    const replay = await post(body, 'cc-dup');
    expect(status(replay)).toBe(409);
    expect(replayed(replay)).toBe('true');
    const { rows } = await tdb.pool.query(`select count(*)::int as n from collection where merchant_order_id = $1`, [body.merchantOrderId]);
    expect(rows[0].n).toBe(1);
  });

  it('a merchant frozen in the database is refused on the next call, and served again once unfrozen', async () => {
    created(await create());
    await tdb.pool.query(`update merchant set status = 'frozen' where id = 10001`);
    expect(status(await create())).toBe(422);
    await tdb.pool.query(`update merchant set status = 'active' where id = 10001`);
    created(await create());
  });

  it('a fee rule changed in the database prices the next order', async () => {
    // The quote is kept on the order (its answer shows no fee until it is paid).
    const quoted = async () => {
      const { rows } = await tdb.pool.query<{ fee: string }>('select admin_fee::text as fee from collection where id = $1', [created(await create()).id]);
      return BigInt(rows[0]!.fee);
    };
    const before = await quoted();
    await tdb.pool.query(`update fee_rule set fixed_fee = fixed_fee + 1000 where currency = 'IDR' and payment_type = 1`);
    const after = await quoted();
    expect(after - before).toBe(1000n);
    await tdb.pool.query(`update fee_rule set fixed_fee = fixed_fee - 1000 where currency = 'IDR' and payment_type = 1`);
  });

  it('a key revoked in the database is refused on the next call; a product switched off is no longer offered', async () => {
    expect(status(await balance())).toBe(200);
    await tdb.pool.query(`update api_key set status = $1 where id = $2`, [ApiKeyStatus.REVOKED, DEMO_KEY_ID]);
    const refused = expectError(await balance(), 401);
    expect(refused.code).toBe(401);
    await tdb.pool.query(`update api_key set status = $1 where id = $2`, [ApiKeyStatus.ACTIVE, DEMO_KEY_ID]);
    expect(status(await balance())).toBe(200);

    created(await create());
    await tdb.pool.query(`update product set status = 0 where currency = 'IDR' and payment_type = 1`);
    expect(status(await create())).toBe(400);
    await tdb.pool.query(`update product set status = 1 where currency = 'IDR' and payment_type = 1`);
    created(await create());
  });
});

describe('configuration reads of an open API payout', () => {
  const payout = () =>
    api().POST('/payouts', {
      body: { merchantOrderId: `CP-${process.pid}-${++seq}`, amount: '150000', currency: 'IDR', bankCode: 'BCA', accountName: 'Budi Santoso', accountNumber: '1234567890' },
      params: idempotent(),
    });

  beforeAll(async () => {
    await postTransfer(tdb.db, topUp({ merchantId: 10001, currency: 'IDR', reference: 'cc-payout-fund', idempotencyKey: 'cc-payout-fund', amount: 5_000_000n }));
  });

  it('a warm payout create reads neither its key, nor the merchant, nor the fee rule from the database', async () => {
    created(await payout());
    const before = dbRoundTrips();
    created(await payout());
    const warm = dbRoundTrips() - before;
    // The nonce with the key's lookup, then the payout, its hold and its answer in one statement (issue 43).
    expect(warm).toBe(2);
    await tdb.pool.query(`update fee_rule set fixed_fee = fixed_fee where false`); // a statement that changes nothing still raises the version
    const before2 = dbRoundTrips();
    created(await payout());
    // cold: the key, the merchant, the fee rule and the payout policy are read again, one round trip each
    expect(dbRoundTrips() - before2).toBe(warm + 4);
    // A policy changed in the database (migration 0039) raises the version too.
    await tdb.pool.query(`update payout_policy set updated_at = updated_at where false`);
    const before3 = dbRoundTrips();
    created(await payout());
    expect(dbRoundTrips() - before3).toBe(warm + 4);
  });

  it('a merchant frozen in the database pays nothing out on the next call; a fee rule changed prices the next payout', async () => {
    await tdb.pool.query(`update merchant set status = 'frozen' where id = 10001`);
    expect(status(await payout())).toBe(422);
    await tdb.pool.query(`update merchant set status = 'active' where id = 10001`);
    const before = created(await payout()).fee;
    await tdb.pool.query(`update fee_rule set fixed_fee = fixed_fee + 1000 where currency = 'IDR' and payment_type = 8`);
    const after = created(await payout()).fee;
    await tdb.pool.query(`update fee_rule set fixed_fee = fixed_fee - 1000 where currency = 'IDR' and payment_type = 8`);
    expect(BigInt(after) - BigInt(before)).toBe(1000n);
  });
});
