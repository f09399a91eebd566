/**
 * The ledger's own invariants checked in the database (every transfer balances, balances equal the replay of the
 * entries and chain through them, nothing of a merchant below zero, a key written once), and what the merchants'
 * balances must be after a set of transfers. Used by the ledger's property tests.
 */
import { PLATFORM_MERCHANT_ID } from '@mg/domain';
import { expect } from 'vitest';
import { replayBalances, type TransferRequest } from '../../src/modules/ledger/service';
import type { TestDatabase } from './db';

/** PostgreSQL's own account of an error (a deadlock names the processes and the row), for a failing expectation. */
export const pgDetail = (e: unknown) => {
  const cause = (e as { cause?: { detail?: string; where?: string } }).cause;
  return `${String(e)} ${cause?.detail ?? ''} ${cause?.where ?? ''}`;
};

export async function checkLedgerInvariants(tdb: TestDatabase): Promise<void> {
  const q = tdb.pool;
  // every transfer sums to zero per currency, has at least two entries, all in its currency
  const unbalanced = await q.query(
    `select t.id from ledger_transfer t left join ledger_entry e on e.transfer_id = t.id
     group by t.id having count(e.id) < 2 or coalesce(sum(e.amount), 0) <> 0 or bool_or(e.currency <> t.currency)`,
  );
  expect(unbalanced.rows).toEqual([]);
  // stored balances equal the replay of the entries, and the last entry's balance_after
  for (const r of await replayBalances(tdb.db)) {
    expect(r.replayed, `account ${r.accountId}`).toBe(r.balance);
    if (r.lastBalanceAfter !== null) expect(r.lastBalanceAfter).toBe(r.balance);
  }
  // each account's entries form a chain: before of one = after of the previous
  const broken = await q.query(
    `select id from (select id, balance_before, lag(balance_after, 1, 0::bigint) over (partition by account_id order by id) as prev
     from ledger_entry) x where balance_before <> prev`,
  );
  expect(broken.rows).toEqual([]);
  // nothing of a merchant below zero
  const negative = await q.query(`select id from ledger_account where kind in ('available','pending','frozen') and balance < 0`);
  expect(negative.rows).toEqual([]);
  // an idempotency key wrote at most one transfer (also guaranteed by the unique index)
  const dup = await q.query(`select merchant_id, idempotency_key from ledger_transfer group by 1, 2 having count(*) > 1`);
  expect(dup.rows).toEqual([]);
}

/** The merchants' stored balances are the sums of the legs of the transfers written (platform accounts aside). */
export async function expectBalancesOf(tdb: TestDatabase, written: readonly TransferRequest[], merchants: readonly number[]): Promise<void> {
  const expected = new Map<string, bigint>();
  for (const req of written) {
    for (const l of req.legs) {
      if (l.account.merchantId === PLATFORM_MERCHANT_ID) continue;
      const k = `${l.account.merchantId}:${req.currency}:${l.account.kind}`;
      expected.set(k, (expected.get(k) ?? 0n) + l.amount);
    }
  }
  const { rows } = await tdb.pool.query<{ k: string; balance: string }>(
    `select merchant_id || ':' || currency || ':' || kind as k, balance::text from ledger_account where merchant_id = any($1)`,
    [merchants],
  );
  const actual = new Map(rows.map((r) => [r.k, BigInt(r.balance)]));
  for (const [k, v] of expected) expect(actual.get(k) ?? 0n, k).toBe(v);
}
