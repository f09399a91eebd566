/** Demo payments: made through the real services, once, and consistent with the ledger. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPayments, seedDemoPaymentsFromPool } from '../src/modules/collections/demo';
import { replayBalances } from '../src/modules/ledger/service';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance, upsertProducts } from './helpers/money-fixtures';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

describe('seedDemoPayments', () => {
  it('the test template has none (global-setup: demoPayments false)', async () => {
    expect((await tdb.pool.query('select count(*)::int as n from collection')).rows[0].n).toBe(0);
  });

  it('does nothing while no product is offered', async () => {
    await tdb.pool.query('update product set status = 0');
    expect(await seedDemoPayments(tdb.db)).toBe(0);
    await tdb.pool.query('update product set status = 1');
  });

  it('creates a few days of payments for 10001 (IDR) and 10030 (THB), once', async () => {
    await upsertProducts(tdb.pool);
    const now = new Date('2026-11-20T08:00:00Z');
    const n = await seedDemoPaymentsFromPool(tdb.pool, now);
    expect(n).toBe(15);
    const { rows } = await tdb.pool.query<{ merchant_id: number; currency: string; status: string; n: number }>(
      `select merchant_id, currency, status, count(*)::int as n from collection group by 1, 2, 3 order by 1, 2, 3`,
    );
    expect(rows).toEqual([
      { merchant_id: 10001, currency: 'IDR', status: 'closed', n: 2 },
      { merchant_id: 10001, currency: 'IDR', status: 'failed', n: 1 },
      { merchant_id: 10001, currency: 'IDR', status: 'pending', n: 1 },
      { merchant_id: 10001, currency: 'IDR', status: 'success', n: 8 },
      { merchant_id: 10030, currency: 'THB', status: 'pending', n: 1 },
      { merchant_id: 10030, currency: 'THB', status: 'success', n: 2 },
    ]);
    const refunds = await tdb.pool.query(`select refund_type, requested_amount::text as amount from refund`);
    expect(refunds.rows).toEqual([{ refund_type: 'partial', amount: '50000' }]);
    // older batches are settled (available grew), the latest still pending
    const { rows: batches } = await tdb.pool.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from settlement where merchant_id = 10001 group by 1 order by 1`,
    );
    expect(batches.map((b) => b.status)).toEqual(['pending', 'settled']);
    expect(await balance(tdb.pool, 10001, 'IDR', 'available')).toBeGreaterThan(0n);
    expect(await balance(tdb.pool, 10001, 'IDR', 'pending')).toBeGreaterThan(0n);
    for (const r of await replayBalances(tdb.db)) expect(r.replayed).toBe(r.balance);

    expect(await seedDemoPayments(tdb.db, now)).toBe(0);
    expect((await tdb.pool.query('select count(*)::int as n from collection')).rows[0].n).toBe(15);
  });
});
