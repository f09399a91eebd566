/**
 * SQL of the queued transfers (ledger_queued; docs/ledger.md "Group commit"): a business change queues its transfer in
 * its own transaction, and one statement later posts every queued transfer at once.
 */
import { isNonNegativeKind } from '@mg/domain';
import { sql } from 'drizzle-orm';
import { runPrepared, type DbLike } from '../../../db/pool';
import { ledgerAccount, ledgerEntry, ledgerQueued, ledgerTransfer } from '../../../db/schema';
import { headOf, type TransferRequest } from '../flows';

/**
 * The insert that queues a transfer, for the caller's transaction (run alone or carried by another statement).
 * Refused for a transfer that takes money from a merchant balance: the writer posts a batch whole, so it must hold
 * nothing the balance check could refuse.
 */
export function queuedInsert(db: DbLike, req: TransferRequest) {
  if (req.legs.some((l) => l.amount < 0n && isNonNegativeKind(l.account.kind))) {
    throw new Error(`ledger: ${req.flow} takes from a merchant balance and cannot be queued`);
  }
  return db
    .insert(ledgerQueued)
    .values({ ...headOf(req), legs: req.legs.map((l) => ({ m: l.account.merchantId, k: l.account.kind, a: l.amount.toString() })) })
    .onConflictDoNothing();
}

export interface QueuedPosted {
  /** Queued transfers taken off the queue. */
  taken: number;
  /** Of them, the ones written (a key already in the ledger was posted before: taken, not written again). */
  posted: number;
  /** Queued transfers the statement did not take: beyond the batch, another writer's, or waiting for an account. */
  left: number;
}

/**
 * Posts up to `limit` queued transfers, oldest first, in one statement: the queue rows deleted, the transfers
 * inserted, the accounts locked once in id order (the order every posting uses), each balance moved once by the sum
 * of its legs, and the entries inserted with their running balances, in queue order. A transfer whose accounts do
 * not all exist yet is left queued (ensureQueuedAccounts). Rows another writer holds are skipped, not waited for.
 * Should the entries not match the legs the statement fails as a whole (the cast of its message to int raises it).
 */
export async function postQueued(db: DbLike, limit: number): Promise<QueuedPosted> {
  // Prepared: planning this statement took 2.5 ms of the 3 ms an empty pass took (the pass then took 0.5 ms).
  const res = await runPrepared<{ taken: number; posted: number; queued: number }>(db, 'ledger_post_queued', sql`
    with q as (
      delete from ${ledgerQueued} d
      where d.id in (
        select w.id from ${ledgerQueued} w
        where not exists (
          select 1 from jsonb_array_elements(w.legs) x
          where not exists (select 1 from ${ledgerAccount} a where a.merchant_id = (x->>'m')::int and a.currency = w.currency and a.kind = x->>'k'))
        order by w.id limit ${limit} for update skip locked)
      returning d.id, d.merchant_id, d.currency, d.flow, d.action_type, d.reference, d.idempotency_key, d.amount, d.fee, d.legs
    ),
    t as (
      insert into ${ledgerTransfer} (merchant_id, currency, flow, action_type, reference, idempotency_key, amount, fee)
      select merchant_id, currency, flow, action_type, reference, idempotency_key, amount, fee from q order by id
      on conflict (merchant_id, idempotency_key) do nothing
      returning id, merchant_id, idempotency_key
    ),
    legs as (
      select q.id as qid, x.ord, t.id as transfer_id, q.currency, (x.leg->>'m')::int as merchant_id, x.leg->>'k' as kind,
             (x.leg->>'a')::bigint as amount
      from q join t on t.merchant_id = q.merchant_id and t.idempotency_key = q.idempotency_key
      cross join lateral jsonb_array_elements(q.legs) with ordinality as x(leg, ord)
    ),
    locked as (
      select a.id, a.merchant_id, a.currency, a.kind from ${ledgerAccount} a
      join (select distinct merchant_id, currency, kind from legs) g on g.merchant_id = a.merchant_id and g.currency = a.currency and g.kind = a.kind
      order by a.id
      for update of a
    ),
    deltas as (
      select k.id, sum(l.amount) as delta, count(*)::int as n
      from locked k join legs l on l.merchant_id = k.merchant_id and l.currency = k.currency and l.kind = k.kind
      group by k.id
    ),
    upd as (
      update ${ledgerAccount} a set balance = a.balance + d.delta, version = a.version + d.n, updated_at = now()
      from deltas d where a.id = d.id
      returning a.id, a.merchant_id, a.currency, a.kind, a.balance, d.delta
    ),
    moved as (
      select l.qid, l.ord, l.transfer_id, u.id as account_id, l.merchant_id, l.currency, l.amount,
             u.balance - u.delta + sum(l.amount) over (partition by u.id order by l.qid, l.ord) as balance_after
      from legs l join upd u on u.merchant_id = l.merchant_id and u.currency = l.currency and u.kind = l.kind
    ),
    ent as (
      insert into ${ledgerEntry} (transfer_id, account_id, merchant_id, currency, amount, balance_before, balance_after)
      select transfer_id, account_id, merchant_id, currency, amount, balance_after - amount, balance_after
      from moved order by qid, ord
      returning 1
    ),
    counts as (select (select count(*) from legs) as legs, (select count(*) from ent) as entries)
    select (select count(*) from q)::int as taken, (select count(*) from t)::int as posted,
           (select count(*) from ${ledgerQueued})::int as queued,
           case when c.legs <> c.entries then ('ledger queue: ' || c.legs || ' legs but ' || c.entries || ' entries')::int end as guard
    from counts c`);
  const row = res.rows[0];
  if (!row) throw new Error('ledger queue: the posting answered no row');
  // The statement's snapshot still counts the rows it deleted.
  return { taken: row.taken, posted: row.posted, left: row.queued - row.taken };
}

/** Creates the accounts queued transfers wait for (a merchant's first money in a currency); answers how many. */
export async function ensureQueuedAccounts(db: DbLike): Promise<number> {
  const res = await db.execute(sql`
    insert into ${ledgerAccount} (merchant_id, currency, kind)
    select distinct (x->>'m')::int, w.currency, x->>'k' from ${ledgerQueued} w cross join jsonb_array_elements(w.legs) x
    order by 1, 3
    on conflict do nothing`);
  return res.rowCount ?? 0;
}

/** Transfers queued and not posted yet. */
export async function countQueued(db: DbLike): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${ledgerQueued}`);
  return res.rows[0]?.n ?? 0;
}
