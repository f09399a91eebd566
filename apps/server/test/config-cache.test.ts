/**
 * The open API's cached configuration reads (db/config-cache.ts): a warm call reads no key, merchant, product or fee
 * rule from the database, and a change written straight to the database (no server code involved, as another
 * instance or an operator's SQL would) is seen by the very next call.
 */
import { ApiKeyStatus } from '@mg/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbRoundTrips } from '../src/db/pool';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { DEMO_KEY_ID, openApiRequest } from './helpers/open-api';

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

const create = () =>
  openApiRequest(app, {
    method: 'POST',
    url: '/collections',
    body: { merchantOrderId: `CC-${process.pid}-${++seq}`, amount: '150000', currency: 'IDR', paymentType: 1, channel: 1 },
  });
const balance = () => openApiRequest(app, { method: 'GET', url: '/balance' });

function created(res: LightMyRequestResponse): { fee: { adminFee: string; total: string } } {
  if (res.statusCode !== 201) throw new Error(`expected 201, got ${res.statusCode}: ${res.body}`);
  return res.json().result;
}

describe('configuration reads of the open API', () => {
  it('a warm create makes 7 round trips: nonce with idempotency lookup and version, then its transaction', async () => {
    created(await create());
    const before = dbRoundTrips();
    created(await create());
    // nonce + Idempotency-Key lookup + version; begin; key lock; key lookup; insert order; insert answer; commit
    expect(dbRoundTrips() - before).toBe(7);
  });

  it('a merchant frozen in the database is refused on the next call, and served again once unfrozen', async () => {
    created(await create());
    await tdb.pool.query(`update merchant set status = 'frozen' where id = 10001`);
    expect((await create()).statusCode).toBe(422);
    await tdb.pool.query(`update merchant set status = 'active' where id = 10001`);
    created(await create());
  });

  it('a fee rule changed in the database prices the next order', async () => {
    const before = created(await create()).fee;
    await tdb.pool.query(`update fee_rule set fixed_fee = fixed_fee + 1000 where currency = 'IDR' and payment_type = 1`);
    const after = created(await create()).fee;
    expect(BigInt(after.adminFee) - BigInt(before.adminFee)).toBe(1000n);
    await tdb.pool.query(`update fee_rule set fixed_fee = fixed_fee - 1000 where currency = 'IDR' and payment_type = 1`);
  });

  it('a key revoked in the database is refused on the next call; a product switched off is no longer offered', async () => {
    expect((await balance()).statusCode).toBe(200);
    await tdb.pool.query(`update api_key set status = $1 where id = $2`, [ApiKeyStatus.REVOKED, DEMO_KEY_ID]);
    const refused = await balance();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(401);
    await tdb.pool.query(`update api_key set status = $1 where id = $2`, [ApiKeyStatus.ACTIVE, DEMO_KEY_ID]);
    expect((await balance()).statusCode).toBe(200);

    created(await create());
    await tdb.pool.query(`update product set status = 0 where currency = 'IDR' and payment_type = 1`);
    expect((await create()).statusCode).toBe(400);
    await tdb.pool.query(`update product set status = 1 where currency = 'IDR' and payment_type = 1`);
    created(await create());
  });
});
