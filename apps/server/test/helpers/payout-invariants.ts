/**
 * The money invariants of money out, checked in the database of a test that moved money only by top-ups, payouts,
 * withdrawals and balance transfers: every payout and withdrawal holds once (a batch's payouts together, in its one
 * transfer) and ends with exactly its one transfer (charged on success, released otherwise); frozen is what the open
 * ones hold; available is what came in (top-ups less their fees, transfers received) less what is held or paid
 * (payouts, withdrawals, transfers sent with their fees); nothing is negative.
 */
import { expect } from 'vitest';
import type pg from 'pg';
import type { Db } from '../../src/db/pool';
import { replayBalances } from '../../src/modules/ledger/service';

/**
 * `availableFromRows: false` for a test that also moves money by collections, refunds and settlement: available is
 * then checked by the caller's own conservation of the merchants' money, not from these rows alone.
 */
export async function checkPayoutInvariants(pool: pg.Pool, db: Db, merchantIds: readonly number[], opts: { availableFromRows?: boolean } = {}): Promise<void> {
  const rows = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => (await pool.query(sql, params)).rows as T[];
  expect(
    await rows(`select t.id from ledger_transfer t left join ledger_entry e on e.transfer_id = t.id group by t.id having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0`),
  ).toEqual([]);
  for (const r of await replayBalances(db)) expect(r.replayed, `account ${r.accountId}`).toBe(r.balance);
  expect(await rows(`select id from ledger_account where kind in ('available','pending','frozen') and balance < 0`)).toEqual([]);
  // each payout: one hold of amount + fee; success one charge; failed / rejected / cancelled one release; open ones neither
  expect(
    await rows(
      `select p.id from payout p
       left join ledger_transfer t on t.merchant_id = p.merchant_id and t.reference = p.id
       where p.merchant_id = any($1)
       group by p.id, p.status, p.amount, p.fee, p.batch_id
       having count(*) filter (where t.flow = 'payout_reserved' and t.amount = p.amount and t.fee = p.fee) <> (case when p.batch_id is null then 1 else 0 end)
          or count(*) filter (where t.flow = 'payout_succeeded') <> (case when p.status = 'success' then 1 else 0 end)
          or count(*) filter (where t.flow = 'payout_released') <> (case when p.status in ('failed','rejected','cancelled') then 1 else 0 end)`,
      [merchantIds],
    ),
  ).toEqual([]);
  // each batch: one hold of its payouts' amounts and fees together
  expect(
    await rows(
      `select b.id from payout_batch b
       left join ledger_transfer t on t.merchant_id = b.merchant_id and t.reference = b.id and t.flow = 'payout_reserved'
       where b.merchant_id = any($1)
       group by b.id, b.merchant_id, b.total_amount, b.total_fee
       having count(t.id) <> 1 or max(t.amount) <> b.total_amount or max(t.fee) <> b.total_fee
          or b.total_amount <> (select coalesce(sum(amount), 0) from payout p where p.merchant_id = b.merchant_id and p.batch_id = b.id)
          or b.total_fee <> (select coalesce(sum(fee), 0) from payout p where p.merchant_id = b.merchant_id and p.batch_id = b.id)`,
      [merchantIds],
    ),
  ).toEqual([]);
  // each withdrawal: one hold of amount + fee; '00' one charge; rejected or '99' one release; open ones neither
  expect(
    await rows(
      `select w.id from withdrawal w
       left join ledger_transfer t on t.merchant_id = w.merchant_id and t.reference = w.id
       where w.merchant_id = any($1)
       group by w.id, w.status, w.amount, w.fee, w.result_code
       having count(*) filter (where t.flow = 'payout_reserved' and t.amount = w.amount and t.fee = w.fee and t.action_type = 3) <> 1
          or count(*) filter (where t.flow = 'payout_succeeded') <> (case when w.status = 'success' and w.result_code = '00' then 1 else 0 end)
          or count(*) filter (where t.flow = 'payout_released') <> (case when w.status in ('failed','rejected') then 1 else 0 end)`,
      [merchantIds],
    ),
  ).toEqual([]);
  const perMerchant = await rows<{ merchant_id: number; currency: string; frozen: string; held: string; available: string; expected: string }>(
    `select m.merchant_id, m.currency,
       coalesce((select balance from ledger_account where merchant_id = m.merchant_id and currency = m.currency and kind = 'frozen'), 0)::text as frozen,
       (coalesce((select sum(amount + fee) from payout where merchant_id = m.merchant_id and currency = m.currency and status in ('pending_review','processing')), 0)
        + coalesce((select sum(amount + fee) from withdrawal where merchant_id = m.merchant_id and currency = m.currency and status in ('pending_review','processing')), 0))::text as held,
       coalesce((select balance from ledger_account where merchant_id = m.merchant_id and currency = m.currency and kind = 'available'), 0)::text as available,
       (coalesce((select sum(amount - fee) from ledger_transfer where merchant_id = m.merchant_id and currency = m.currency and flow = 'top_up'), 0)
        - coalesce((select sum(amount + fee) from payout where merchant_id = m.merchant_id and currency = m.currency and status in ('pending_review','processing','success')), 0)
        - coalesce((select sum(amount + fee) from withdrawal where merchant_id = m.merchant_id and currency = m.currency and status in ('pending_review','processing','success')), 0)
        + coalesce((select sum(case when direction = 'in' then amount else -(amount + fee) end) from balance_transfer where merchant_id = m.merchant_id and currency = m.currency), 0))::text as expected
     from (select merchant_id, currency from payout where merchant_id = any($1) union select merchant_id, currency from withdrawal where merchant_id = any($1)) m`,
    [merchantIds],
  );
  for (const r of perMerchant) {
    expect(r.frozen, `${r.merchant_id} ${r.currency} frozen`).toBe(r.held);
    if (opts.availableFromRows ?? true) expect(r.available, `${r.merchant_id} ${r.currency} available`).toBe(r.expected);
  }
}
