/**
 * insertMany (db/insert-many.ts) writes what drizzle's insert would: bigints past 2^53 exactly, nulls, timestamps to
 * the microsecond the Date holds, text with quotes and non-Latin letters, and the table's defaults for columns left
 * out; and nothing for no rows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertMany } from '../src/db/insert-many';
import { payout } from '../src/db/schema';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

const base = {
  merchantId: 10001,
  mode: 'sandbox',
  currency: 'IDR',
  bankCode: 'BCA',
  destinationKind: 'bank',
  channel: 1,
  accountNumber: '1234567890',
  fee: 0n,
  status: 'pending_review',
  createdBy: 'insert-many-test',
};

it('inserts every row with its values as they were, and defaults for the columns left out', async () => {
  const at = new Date('2026-11-25T01:02:03.456Z');
  const big = 2n ** 60n + 7n;
  const rows = [
    { ...base, id: 'PIM1', merchantOrderId: 'IM-1', accountName: 'O\'Brien "Bank" <&>', amount: big, description: null, createdAt: at, updatedAt: at },
    { ...base, id: 'PIM2', merchantOrderId: 'IM-2', accountName: 'ณัฐพล 王小明', amount: 1n, description: 'two', createdAt: at, updatedAt: at },
  ];
  await insertMany(tdb.db, payout, rows);
  const read = await tdb.db.select().from(payout).where(eq(payout.createdBy, 'insert-many-test')).orderBy(payout.id);
  expect(read.map((r) => [r.id, r.accountName, r.amount, r.description, r.createdAt.toISOString(), r.autoApproved])).toEqual([
    ['PIM1', 'O\'Brien "Bank" <&>', big, null, at.toISOString(), false],
    ['PIM2', 'ณัฐพล 王小明', 1n, 'two', at.toISOString(), false],
  ]);
});

it('does nothing for no rows', async () => {
  await expect(insertMany(tdb.db, payout, [])).resolves.toBeUndefined();
});
