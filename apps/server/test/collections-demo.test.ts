/** Demo payments: made through the real services, once, and consistent with the ledger. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPayments, seedDemoPaymentsFromPool } from '../src/modules/collections/demo';
import { HISTORY_PROFILES, historyPlan } from '../src/modules/collections/demo-history';
import { replayBalances } from '../src/modules/ledger/service';
import { buildAdminTestApp, signIn } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { balance, upsertProducts } from './helpers/money-fixtures';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb?.drop();
});

/** The seed pays and refunds a few hundred orders one by one: 15-18 s here when quiet, twice that beside the browser tests. */
const SEED_TEST_TIMEOUT_MS = 120_000;

describe('seedDemoPayments', () => {
  it('the test template has none (global-setup: demoPayments false)', async () => {
    expect((await tdb.pool.query('select count(*)::int as n from collection')).rows[0].n).toBe(0);
  });

  it('does nothing while no product is offered', async () => {
    await tdb.pool.query('update product set status = 0');
    expect(await seedDemoPayments(tdb.db)).toBe(0);
    await tdb.pool.query('update product set status = 1');
  });

  it('creates a week of IDR payments for 10001 and four weeks for THB, BRL and USDT, once, agreeing with the ledger', async () => {
    await upsertProducts(tdb.pool);
    const now = new Date('2026-11-20T08:00:00Z');
    const started = Date.now();
    const n = await seedDemoPaymentsFromPool(tdb.pool, now);
    console.info(`demo payments: ${n} collections in ${Date.now() - started} ms`);
    const { rows } = await tdb.pool.query<{ merchant_id: number; currency: string; n: number; paid: number; first: Date; last: Date }>(
      `select merchant_id, currency, count(*)::int as n, count(*) filter (where status in ('success', 'refunded', 'partial'))::int as paid,
              min(created_at) as first, max(created_at) as last
         from collection group by 1, 2 order by 1, 2`,
    );
    expect(rows.map((r) => [r.merchant_id, r.currency])).toEqual([
      [10001, 'IDR'],
      [10010, 'USDT'],
      [10020, 'BRL'],
      [10030, 'THB'],
    ]);
    const sum = rows.reduce((s, r) => s + r.n, 0);
    expect(n).toBe(sum);
    for (const r of rows.filter((x) => x.merchant_id !== 10001)) {
      // weeks of history (the home's month view shows a trend), most of it paid, nothing in the future
      expect((now.getTime() - r.first.getTime()) / 86_400_000).toBeGreaterThan(21);
      expect(r.last.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(r.n).toBeGreaterThan(60);
      expect(r.paid / r.n).toBeGreaterThan(0.7);
      // every failure carries a reason
      const failed = await tdb.pool.query(`select count(*)::int as n from collection where merchant_id = $1 and status = 'failed' and failure_reason is null`, [r.merchant_id]);
      expect(failed.rows[0].n).toBe(0);
    }
    // the business grows: the last week has more payments than the first
    const weeks = await tdb.pool.query<{ merchant_id: number; early: number; late: number }>(
      `select merchant_id,
              count(*) filter (where created_at < $1::timestamptz - interval '20 days')::int as early,
              count(*) filter (where created_at >= $1::timestamptz - interval '7 days')::int as late
         from collection where merchant_id <> 10001 group by 1`,
      [now],
    );
    for (const w of weeks.rows) expect(w.late).toBeGreaterThan(w.early);

    const refunds = await tdb.pool.query<{ merchant_id: number; refund_type: string; n: number }>(
      `select merchant_id, refund_type, count(*)::int as n from refund group by 1, 2 order by 1, 2`,
    );
    expect(refunds.rows).toEqual([
      { merchant_id: 10001, refund_type: 'partial', n: 1 },
      { merchant_id: 10010, refund_type: 'full', n: 1 },
      { merchant_id: 10010, refund_type: 'partial', n: 1 },
      { merchant_id: 10020, refund_type: 'full', n: 1 },
      { merchant_id: 10020, refund_type: 'partial', n: 2 },
      { merchant_id: 10030, refund_type: 'full', n: 1 },
      { merchant_id: 10030, refund_type: 'partial', n: 2 },
    ]);
    // older batches are settled (available grew); 10001's latest is still pending (the others' depends on the hour)
    for (const [merchantId, currency] of [[10001, 'IDR'], [10010, 'USDT'], [10020, 'BRL'], [10030, 'THB']] as const) {
      const { rows: batches } = await tdb.pool.query<{ status: string }>(
        `select distinct status from settlement where merchant_id = $1 order by 1`,
        [merchantId],
      );
      expect(batches.map((b) => b.status), `${merchantId}`).toContain('settled');
      // settled day by day as the history passed, not all at the moment of seeding
      const days = await tdb.pool.query<{ n: number; late: number }>(
        `select count(distinct date_trunc('day', settled_at))::int as n,
                count(*) filter (where settled_at > created_at + interval '3 days')::int as late
           from settlement where merchant_id = $1 and status = 'settled'`,
        [merchantId],
      );
      expect(days.rows[0]!.n).toBeGreaterThanOrEqual(merchantId === 10001 ? 3 : 15);
      expect(days.rows[0]!.late).toBe(0);
      expect(await balance(tdb.pool, merchantId, currency, 'available')).toBeGreaterThan(0n);
    }
    expect(await balance(tdb.pool, 10001, 'IDR', 'pending')).toBeGreaterThan(0n);
    for (const r of await replayBalances(tdb.db)) expect(r.replayed).toBe(r.balance);

    expect(await seedDemoPayments(tdb.db, now)).toBe(0);
    expect((await tdb.pool.query('select count(*)::int as n from collection')).rows[0].n).toBe(sum);
  }, SEED_TEST_TIMEOUT_MS);
});

describe('seeded balance records (issue 40)', () => {
  // Runs on the history the test above seeded (its `now`): every movement dated by the record it carries out.
  const now = new Date('2026-11-20T08:00:00Z');

  it('carry the time of the payment, refund or settlement they record, not the moment of seeding', async () => {
    const { rows } = await tdb.pool.query<{ merchant_id: number; flow: string; n: number; dated: number; latest: Date }>(
      `select e.merchant_id, t.flow, count(*)::int as n,
              count(*) filter (where e.created_at = x.at and t.created_at = x.at)::int as dated, max(e.created_at) as latest
         from ledger_entry e
         join ledger_transfer t on t.id = e.transfer_id
         join ledger_account a on a.id = e.account_id and a.kind in ('available', 'pending', 'frozen')
         left join (select 'collection_succeeded' as flow, merchant_id, id, paid_at as at from collection
                    union all select 'refund', merchant_id, id, created_at from refund
                    union all select 'settlement', merchant_id, id, settled_at from settlement) x
           on x.flow = t.flow and x.merchant_id = t.merchant_id and x.id = t.reference
        group by 1, 2 order by 1, 2`,
    );
    // THB (Lumi Traders) has all three; every merchant's records are dated, none after the history's "now".
    expect(rows.filter((r) => r.merchant_id === 10030).map((r) => r.flow)).toEqual(['collection_succeeded', 'refund', 'settlement']);
    for (const r of rows) {
      expect(r.dated, `${r.merchant_id} ${r.flow}`).toBe(r.n);
      expect(r.latest.getTime(), `${r.merchant_id} ${r.flow}`).toBeLessThanOrEqual(now.getTime());
    }
  });

  it('as the list shows them to the merchant: a THB payment’s record at its paid time', async () => {
    const app = await buildAdminTestApp(tdb);
    try {
      const lumi = await signIn(app, 'demo_business');
      const { rows: paid } = await tdb.pool.query<{ id: string; paid_at: Date }>(
        `select id, paid_at from collection where merchant_id = 10030 and paid_at is not null order by paid_at`,
      );
      expect(paid.length).toBeGreaterThan(60);
      // The first, a middle one and the last of four weeks.
      for (const c of [paid[0]!, paid[Math.floor(paid.length / 2)]!, paid.at(-1)!]) {
        const res = await lumi.get('/balance-records', { reference: c.id, currency: 'THB' });
        expect(res.statusCode, res.body).toBe(200);
        const records = JSON.parse(res.body).result.records as { createdAt: string; account: string }[];
        expect(records.length, c.id).toBeGreaterThan(0);
        for (const r of records) expect(r.createdAt, `${c.id} ${r.account}`).toBe(c.paid_at.toISOString());
      }
    } finally {
      await app.close();
    }
  });

  it('read in time order, each account’s balances follow on from one another', async () => {
    // Movements were made in the order of their times: sorted by time (as the list is), each record's balance before
    // is the one after the record before it.
    const { rows } = await tdb.pool.query<{ breaks: number; n: number }>(
      `select count(*) filter (where prev is not null and prev <> balance_before)::int as breaks, count(*)::int as n from (
         select e.balance_before, lag(e.balance_after) over (partition by e.account_id order by e.created_at, e.id) as prev
           from ledger_entry e join ledger_account a on a.id = e.account_id
          where a.kind in ('available', 'pending', 'frozen')) x`,
    );
    expect(rows[0]!.n).toBeGreaterThan(300);
    expect(rows[0]!.breaks).toBe(0);
  });
});

describe('demo history plans', () => {
  it('every profile has an order still waiting for its payer, whatever the hour and weekday of "now"', () => {
    const start = Date.parse('2026-11-23T00:00:00Z');
    for (const profile of HISTORY_PROFILES) {
      for (let h = 0; h < 14 * 24; h++) {
        const plan = historyPlan(profile, new Date(start + h * 3_600_000));
        expect(plan.filter((o) => o.outcome === 'pending').length, `${profile.merchantId} at +${h} h`).toBeGreaterThan(0);
      }
    }
  });
});
