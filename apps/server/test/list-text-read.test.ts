/**
 * Exports of lists with a text read (lib/list/text-read.ts) take their records from SQL written apart from the list's
 * own read. Both must answer the same records, field for field, or an export would disagree with its list: checked
 * here on the demo payments (every status, settled and not, refunded, with and without fees) plus orders in a
 * two-decimal currency and instants with microseconds, page by page through the keyset continuation.
 */
import { type AnyListDecl } from '@mg/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection } from '../src/db/schema';
import { readAfter, type PagedSource } from '../src/lib/list/source';
import { readTextAfter, utcTextToIso } from '../src/lib/list/text-read';
import { seedDemoPaymentsFromPool } from '../src/modules/collections/demo';
import { listSources } from '../src/modules/lists';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedDemoPaymentsFromPool(tdb.pool);
  // A two-decimal currency, fees on unpaid orders (failed, closed, pending: shown as 0), sub-millisecond instants.
  await tdb.pool.query(
    `insert into collection (id, merchant_id, merchant_order_id, mode, source, currency, payment_type, channel, amount, admin_fee, service_fee,
       paid_amount, refunded_amount, status, expiry_hours, expires_at, paid_at, cashier_token, created_at, updated_at)
     select 'CTXT' || s, 10001, 'TXT-' || s, 'sandbox', 'api', 'THB', 16, 20, 100005 + s, 1234, 7, case when s % 3 = 0 then 100005 + s end, 0,
       (array['success','failed','closed','pending'])[1 + s % 4], 24, now() + interval '1 day', case when s % 3 = 0 then now() - s * interval '1.234567 second' end,
       'tok-txt-' || s, now() - s * interval '7.654321 second', now() - s * interval '1.000001 second'
     from generate_series(1, 40) s`,
  );
});
afterAll(async () => {
  await tdb?.drop();
});

const sources = () => [...listSources('https://pay.example.test').values()].filter((s): s is PagedSource<AnyListDecl> => s.kind === 'paged' && s.textRead !== undefined);

describe('text reads of exports', () => {
  it('at least the collections list has one', () => {
    expect(sources().map((s) => s.list.name)).toContain('collections');
  });

  it('answers the records of the list read, page after page', async () => {
    for (const source of sources()) {
      for (const currency of ['IDR', 'THB']) {
        const where = and(eq(collection.merchantId, 10001), eq(collection.currency, currency));
        let after: string | number | null = null;
        let pages = 0;
        let rows = 0;
        for (;;) {
          const listed = (await readAfter(tdb.db, source, where, after, 7, 'en-US')) as Record<string, unknown>[];
          const text = await readTextAfter(tdb.db, source.textRead!, source.order, where, after, 7);
          expect(text, `${source.list.name} ${currency} page ${pages + 1}`).toEqual(listed);
          rows += listed.length;
          pages += 1;
          const last = listed.at(-1);
          if (!last || listed.length < 7) break;
          after = last[source.list.rowKey ?? 'id'] as string;
        }
        expect(rows, `${source.list.name} ${currency}`).toBeGreaterThan(7);
      }
    }
  });

  it('an export reading some keys gets those values of the same records, with the currency its amounts need', async () => {
    for (const source of sources()) {
      const where = and(eq(collection.merchantId, 10001), eq(collection.currency, 'THB'));
      const full = await readTextAfter(tdb.db, source.textRead!, source.order, where, null, 20);
      const keys = [source.list.rowKey ?? 'id', 'amount', 'status', 'paidAt'];
      const some = await readTextAfter(tdb.db, source.textRead!, source.order, where, null, 20, keys);
      expect(some.length).toBe(20);
      expect(Object.keys(some[0] ?? {}).sort()).toEqual([...keys, 'currency'].sort());
      expect(some).toEqual(full.map((r) => Object.fromEntries([...keys, 'currency'].map((k) => [k, r[k]]))));
    }
  });

  it('writes PostgreSQL UTC text as Date#toISOString does, milliseconds truncated', () => {
    expect(utcTextToIso('2026-11-25 03:04:05.123456')).toBe('2026-11-25T03:04:05.123Z');
    expect(utcTextToIso('2026-11-25 03:04:05.5')).toBe('2026-11-25T03:04:05.500Z');
    expect(utcTextToIso('2026-11-25 03:04:05')).toBe('2026-11-25T03:04:05.000Z');
  });
});
