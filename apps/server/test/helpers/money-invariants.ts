/**
 * The money invariants of collections, refunds and settlement, checked in the database: every transfer balances,
 * stored balances equal the replay of their entries, nothing is negative or posted twice, every paid collection,
 * refund and settled batch has exactly its transfer, and per currency the merchants' money plus fee revenue is what
 * came in through clearing. Used by the property tests and the fault tests.
 */
import { expect } from 'vitest';
import type { Db } from '../../src/db/pool';
import { replayBalances } from '../../src/modules/ledger/service';
import type pg from 'pg';

export async function checkMoneyInvariants(pool: pg.Pool, db: Db): Promise<void> {
  const rows = async <T>(sql: string, params: unknown[] = []): Promise<T[]> =>
    (await pool.query(sql, params)).rows as T[];
  // every transfer sums to zero in its one currency, with at least two entries
  expect(
    await rows(
      `select t.id from ledger_transfer t left join ledger_entry e on e.transfer_id = t.id
       group by t.id having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0 or bool_or(e.currency <> t.currency)`,
    ),
  ).toEqual([]);
  // stored balances equal the replay of the entries
  for (const r of await replayBalances(db)) {
    expect(r.replayed, `account ${r.accountId}`).toBe(r.balance);
    if (r.lastBalanceAfter !== null) expect(r.lastBalanceAfter).toBe(r.balance);
  }
  // no merchant balance below zero
  expect(
    await rows(
      `select id from ledger_account where kind in ('available','pending','frozen') and balance < 0`,
    ),
  ).toEqual([]);
  // no idempotency key written twice
  expect(
    await rows(`select merchant_id, idempotency_key from ledger_transfer group by 1, 2 having count(*) > 1`),
  ).toEqual([]);
  // refunds per collection: their sum is what the collection says, never more than what arrived
  expect(
    await rows(
      `select c.id from collection c left join refund r on r.merchant_id = c.merchant_id and r.collection_id = c.id
       group by c.id, c.refunded_amount, c.paid_amount, c.amount
       having coalesce(sum(r.actual_amount), 0) <> c.refunded_amount or c.refunded_amount > coalesce(c.paid_amount, 0)`,
    ),
  ).toEqual([]);
  // every refund wrote exactly one transfer of its amount
  expect(
    await rows(
      `select r.id from refund r left join ledger_transfer t on t.merchant_id = r.merchant_id and t.reference = r.id and t.flow = 'refund'
       group by r.id, r.actual_amount having count(t.id) <> 1 or max(t.amount) <> r.actual_amount`,
    ),
  ).toEqual([]);
  // every paid collection has exactly one collection transfer (paid amount, its fee); the others none
  expect(
    await rows(
      `select c.id from collection c left join ledger_transfer t
         on t.merchant_id = c.merchant_id and t.reference = c.id and t.flow = 'collection_succeeded'
       group by c.id, c.status, c.paid_amount, c.admin_fee, c.service_fee
       having count(t.id) <> (case when c.status in ('success','partial','refunded') then 1 else 0 end)
           or (count(t.id) = 1 and (max(t.amount) <> c.paid_amount or max(t.fee) <> c.admin_fee + c.service_fee))`,
    ),
  ).toEqual([]);
  // settled batches: gross / fee / count are their collections'; net = gross - fee - refunded from pending (a pending
  // batch's totals are summed when it settles: the payment path never updates the batch row)
  expect(
    await rows(
      `select s.id from settlement s left join collection c on c.merchant_id = s.merchant_id and c.settlement_id = s.id
       where s.status = 'settled'
       group by s.id, s.collection_count, s.gross_amount, s.fee_amount, s.refunded_amount, s.net_amount
       having count(c.id) <> s.collection_count or coalesce(sum(c.paid_amount), 0) <> s.gross_amount
           or coalesce(sum(c.admin_fee + c.service_fee), 0) <> s.fee_amount
           or s.net_amount <> s.gross_amount - s.fee_amount - s.refunded_amount`,
    ),
  ).toEqual([]);
  // settled batches have exactly one settlement transfer of their net (none when the net is 0); pending ones none
  expect(
    await rows(
      `select s.id from settlement s left join ledger_transfer t on t.merchant_id = s.merchant_id and t.reference = s.id and t.flow = 'settlement'
       group by s.id, s.status, s.net_amount
       having count(t.id) <> (case when s.status = 'settled' and s.net_amount > 0 then 1 else 0 end)
           or (count(t.id) = 1 and max(t.amount) <> s.net_amount)`,
    ),
  ).toEqual([]);
  // per merchant and currency: pending = what its pending batches hold (their collections' net less refunds taken); pending + available = collected net - refunds
  const perMerchant = await rows<{
    merchant_id: number;
    currency: string;
    pending: string;
    available: string;
    batches: string;
    expected: string;
  }>(
    `select m.merchant_id, m.currency,
       coalesce((select balance from ledger_account where merchant_id = m.merchant_id and currency = m.currency and kind = 'pending'), 0)::text as pending,
       coalesce((select balance from ledger_account where merchant_id = m.merchant_id and currency = m.currency and kind = 'available'), 0)::text as available,
       coalesce((select sum(coalesce((select sum(c.paid_amount - c.admin_fee - c.service_fee) from collection c
                                       where c.merchant_id = s.merchant_id and c.settlement_id = s.id), 0) - s.refunded_amount)
                 from settlement s where s.merchant_id = m.merchant_id and s.currency = m.currency and s.status = 'pending'), 0)::text as batches,
       (coalesce((select sum(paid_amount - admin_fee - service_fee) from collection where merchant_id = m.merchant_id and currency = m.currency and paid_amount is not null), 0)
        - coalesce((select sum(actual_amount) from refund where merchant_id = m.merchant_id and currency = m.currency), 0))::text as expected
     from (select distinct merchant_id, currency from collection) m`,
  );
  for (const r of perMerchant) {
    expect(r.pending, `${r.merchant_id} ${r.currency} pending`).toBe(r.batches);
    expect(BigInt(r.pending) + BigInt(r.available), `${r.merchant_id} ${r.currency}`).toBe(
      BigInt(r.expected),
    );
  }
  // per currency: merchants' pending + available + fee revenue = -clearing (nothing else moved money here)
  const perCurrency = await rows<{
    currency: string;
    merchants: string;
    fees: string;
    clearing: string;
    collected_fees: string;
  }>(
    `select currency,
       coalesce(sum(balance) filter (where kind in ('pending','available','frozen')), 0)::text as merchants,
       coalesce(sum(balance) filter (where kind = 'fee_revenue'), 0)::text as fees,
       coalesce(sum(balance) filter (where kind = 'clearing'), 0)::text as clearing,
       (select coalesce(sum(admin_fee + service_fee), 0) from collection c where c.currency = a.currency and c.paid_amount is not null)::text as collected_fees
     from ledger_account a group by currency`,
  );
  expect(perCurrency.length).toBeGreaterThan(0);
  for (const r of perCurrency) {
    expect(BigInt(r.merchants) + BigInt(r.fees), r.currency).toBe(-BigInt(r.clearing));
    expect(r.fees, `${r.currency} fee revenue`).toBe(r.collected_fees);
  }
  expect(
    await rows(
      `select flow from ledger_transfer where flow not in ('collection_succeeded', 'refund', 'settlement')`,
    ),
  ).toEqual([]);
}
