/**
 * The capped count of a list page (lib/list/source.ts countCapped): exact up to the cap, "cap+" beyond, whether it
 * walks the list's order or leaves the order to the planner (a source's countInAnyOrder).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCapped } from '../src/lib/list/source';
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
