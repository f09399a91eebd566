/**
 * The invariants of balance transfers: each transfer has exactly its two sides (the sender's with the fee, the
 * receiver's without), agreeing on currency and amount, and exactly one ledger transfer of that amount and fee whose
 * entries move the sender's available by -(amount + fee) and the receiver's by +amount; no request id moved money
 * twice.
 */
import { expect } from 'vitest';
import type pg from 'pg';

export async function checkTransferInvariants(pool: pg.Pool): Promise<void> {
  const rows = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => (await pool.query(sql, params)).rows as T[];
  expect(
    await rows(
      `select id from balance_transfer group by id
       having count(*) <> 2 or count(*) filter (where direction = 'out') <> 1 or count(distinct currency) <> 1 or count(distinct amount) <> 1
          or sum(fee) filter (where direction = 'in') <> 0
          or max(merchant_id) filter (where direction = 'out') <> max(counterparty_id) filter (where direction = 'in')`,
    ),
  ).toEqual([]);
  expect(
    await rows(
      `select s.id from balance_transfer s
       left join ledger_transfer t on t.merchant_id = s.merchant_id and t.reference = s.id and t.flow = 'balance_transfer'
       where s.direction = 'out'
       group by s.id, s.amount, s.fee, s.ledger_transfer_id
       having count(t.id) <> 1 or max(t.amount) <> s.amount or max(t.fee) <> s.fee or max(t.id) <> s.ledger_transfer_id`,
    ),
  ).toEqual([]);
  expect(
    await rows(
      `select s.id from balance_transfer s
       join ledger_entry e on e.transfer_id = s.ledger_transfer_id
       join ledger_account a on a.id = e.account_id and a.merchant_id = s.merchant_id and a.kind = 'available'
       group by s.id, s.direction, s.amount, s.fee
       having sum(e.amount) <> case when s.direction = 'out' then -(s.amount + s.fee) else s.amount end`,
    ),
  ).toEqual([]);
  expect(await rows(`select merchant_id, request_id from balance_transfer where request_id is not null group by 1, 2 having count(*) > 1`)).toEqual([]);
}
