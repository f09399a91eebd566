/**
 * The capped count of a list page (lib/list/source.ts countCapped): exact up to the cap, "cap+" beyond, whether it
 * walks the list's order or leaves the order to the planner (a source's countInAnyOrder).
 */
import { collectionsList, type ListFilters } from '@mg/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCapped } from '../src/lib/list/source';
import type { RequestScope } from '../src/modules/auth/scope';
import { collectionsSource } from '../src/modules/collections/queries';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

describe('the capped count of a page', () => {
  it('stops at the cap in the list order and in any order, and is exact below it', async () => {
    const from = sql`generate_series(1, 20) as g(n)`;
    expect(await countCapped(tdb.db, from, undefined, [sql`n desc`], 5)).toEqual({ total: 5, capped: true });
    expect(await countCapped(tdb.db, from, undefined, [], 5)).toEqual({ total: 5, capped: true });
    expect(await countCapped(tdb.db, from, sql`n > 17`, [], 5)).toEqual({ total: 3, capped: false });
    expect(await countCapped(tdb.db, from, sql`n > 15`, [sql`n desc`], 5)).toEqual({ total: 5, capped: false });
  });
});

describe('which counts leave the order to the planner', () => {
  const own: RequestScope = { scope: { all: false, ids: [10001] }, timeZone: 'Asia/Jakarta', currency: 'IDR' };
  const every: RequestScope = { ...own, scope: { all: true } };
  const inAnyOrder = (q: Partial<ListFilters<typeof collectionsList>>, ctx: RequestScope) => collectionsSource.countInAnyOrder!(q as ListFilters<typeof collectionsList>, ctx);

  it("a merchant's amount range alone; never every merchant's, never with another filter", () => {
    expect(inAnyOrder({ amountMin: '500000', amountMax: '1000000' }, own)).toBe(true);
    expect(inAnyOrder({ amountMin: '500000', status: [] }, own)).toBe(true);
    expect(inAnyOrder({ amountMin: '500000' }, every)).toBe(false);
    expect(inAnyOrder({ amountMin: '500000', status: ['success'] }, own)).toBe(false);
    expect(inAnyOrder({ amountMax: '1000000', paymentType: 2 }, own)).toBe(false);
    expect(inAnyOrder({ amountMin: '500000', settlementId: 'S1' }, own)).toBe(false);
    expect(inAnyOrder({}, own)).toBe(false);
  });
});
