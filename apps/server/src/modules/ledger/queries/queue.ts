/**
 * SQL of the queued transfers (ledger_queued; docs/ledger.md "Group commit"): a business change queues its transfer in
 * its own transaction, and one statement later posts every queued transfer at once.
 */
import { isNonNegativeKind, isQueuedCreditKind } from '@mg/domain';
import { sql, type SQL } from 'drizzle-orm';
import { runPrepared, type DbLike } from '../../../db/pool';
import { ledgerAccount, ledgerEntry, ledgerQueued, ledgerTransfer } from '../../../db/schema';
import { headOf, type TransferRequest } from '../flows';

/**
 * The insert that queues a transfer, for the caller's transaction (run alone or carried by another statement).
 * Refused for a transfer that takes money from a merchant balance: the writer posts a batch whole, so it must hold
 * nothing the balance check could refuse. Refused too when it adds to a merchant balance other than its own merchant's
 * QUEUED_CREDIT_KINDS: a transfer taking from a balance posts the queue of that balance's merchant first, found by the
 * queue row's merchant.
 */
export function queuedInsert(db: DbLike, req: TransferRequest) {
  if (req.legs.some((l) => l.amount < 0n && isNonNegativeKind(l.account.kind))) {
    throw new Error(`ledger: ${req.flow} takes from a merchant balance and cannot be queued`);
  }
  const credited = req.legs.filter((l) => isNonNegativeKind(l.account.kind));
  if (credited.some((l) => l.account.merchantId !== req.merchantId || !isQueuedCreditKind(l.account.kind))) {
    throw new Error(`ledger: ${req.flow} adds to a balance a queued transfer may not add to`);
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
  /** Queued transfers of the same choice the statement did not take: beyond the batch, another writer's, or waiting for an account. */
  left: number;
}

/** Which queued transfers a posting takes, and which accounts it locks besides theirs. */
interface Choice {
  /** Condition on the queue row `w`. */
  where: SQL;
  limit: number;
  /** The writer's pass skips rows another writer holds; a debit waits for them to be posted. */
  skipLocked: boolean;
  /** Accounts (merchant_id, currency, kind) locked with the posting's, in the same id order: the debit's own. */
  alsoLock: SQL;
}

const NO_ACCOUNTS = sql`select null::int, null::text, null::text where false`;

/**
 * The statement that posts chosen queued transfers, oldest first: the queue rows deleted, the transfers inserted, the
 * accounts locked once in id order (the order every posting uses), each balance moved once by the sum of its legs,
 * and the entries inserted with their running balances, in queue order. A transfer whose accounts do not all exist
 * yet is left queued (ensureQueuedAccounts). Should the entries not match the legs the statement fails as a whole
 * (the cast of its message to int raises it). The queue rows are locked before any account: the sort under `locked`
 * needs every leg first.
 */
// `counts` reads `locked` although nothing uses its count: a CTE nobody reads is not run, and the debit's own accounts
// (alsoLock) join no leg, so without it they would not be locked here, in the same id-ordered pass as the legs'.
function postingStatement(c: Choice): SQL {
  return sql`
    with q as (
      delete from ${ledgerQueued} d
      where d.id in (
        select w.id from ${ledgerQueued} w
        where ${c.where} and not exists (
          select 1 from jsonb_array_elements(w.legs) x
          where not exists (select 1 from ${ledgerAccount} a where a.merchant_id = (x->>'m')::int and a.currency = w.currency and a.kind = x->>'k'))
        order by w.id limit ${c.limit} for update ${c.skipLocked ? sql`skip locked` : sql``})
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
      join (select distinct merchant_id, currency, kind from legs union ${c.alsoLock}) g
        on g.merchant_id = a.merchant_id and g.currency = a.currency and g.kind = a.kind
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
    counts as (select (select count(*) from legs) as legs, (select count(*) from ent) as entries, (select count(*) from locked) as locked)
    select (select count(*) from q)::int as taken, (select count(*) from t)::int as posted,
           (select count(*) from ${ledgerQueued} w where ${c.where})::int as queued,
           case when c.legs <> c.entries then ('ledger queue: ' || c.legs || ' legs but ' || c.entries || ' entries')::int end as guard
    from counts c`;
}

function answer(rows: { taken: number; posted: number; queued: number }[]): QueuedPosted {
  const row = rows[0];
  if (!row) throw new Error('ledger queue: the posting answered no row');
  // The statement's snapshot still counts the rows it deleted.
  return { taken: row.taken, posted: row.posted, left: row.queued - row.taken };
}

/**
 * The writer's pass: posts up to `limit` queued transfers of any merchant, oldest first, in one statement. Rows another
 * writer holds are skipped, not waited for.
 */
export async function postQueued(db: DbLike, limit: number): Promise<QueuedPosted> {
  // Prepared: planning this statement took 2.5 ms of the 3 ms an empty pass took (the pass then took 0.5 ms).
  const res = await runPrepared<{ taken: number; posted: number; queued: number }>(
    db,
    'ledger_post_queued',
    postingStatement({ where: sql`true`, limit, skipLocked: true, alsoLock: NO_ACCOUNTS }),
  );
  return answer(res.rows);
}

const ofMerchants = (currency: string, merchantIds: readonly number[]) =>
  sql`w.currency = ${currency} and w.merchant_id = any(${sql.param(merchantIds)}::int[])`;

/**
 * In the caller's transaction, before a transfer that takes from a balance queued money goes to: posts what is queued
 * for these merchants in this currency (up to `limit`), waiting for rows a writer's pass holds, and locks the
 * transfer's own accounts with them in id order. Its balance check then sees every payment committed before.
 */
export async function postQueuedOf(
  tx: DbLike,
  args: { currency: string; merchantIds: readonly number[]; alsoLock: readonly { merchantId: number; kind: string }[]; limit: number },
): Promise<QueuedPosted> {
  const also = sql`select * from unnest(${sql.param(args.alsoLock.map((a) => a.merchantId))}::int[], ${sql.param(args.alsoLock.map(() => args.currency))}::text[], ${sql.param(args.alsoLock.map((a) => a.kind))}::text[])`;
  const res = await tx.execute<{ taken: number; posted: number; queued: number }>(
    postingStatement({ where: ofMerchants(args.currency, args.merchantIds), limit: args.limit, skipLocked: false, alsoLock: also }),
  );
  return answer(res.rows);
}

/** Whether anything is queued for these merchants in this currency (committed, or being posted by a pass). */
export async function hasQueuedOf(db: DbLike, currency: string, merchantIds: readonly number[]): Promise<boolean> {
  const res = await db.execute<{ any: boolean }>(sql`select exists (select 1 from ${ledgerQueued} w where ${ofMerchants(currency, merchantIds)}) as any`);
  return res.rows[0]?.any === true;
}

/**
 * Creates the accounts queued transfers wait for (a merchant's first money in a currency), of every queued transfer or
 * of those for these merchants in this currency, and `alongside` (a debit's own accounts); answers how many.
 * One statement in (merchant, currency, kind) order, the order every creator uses: two transactions creating
 * overlapping accounts then wait for each other instead of each holding one the other needs (a deadlock).
 */
export async function ensureQueuedAccounts(
  db: DbLike,
  of?: { currency: string; merchantIds: readonly number[]; alongside?: readonly { merchantId: number; kind: string }[] },
): Promise<number> {
  const alongside = of?.alongside ?? [];
  const res = await db.execute(sql`
    insert into ${ledgerAccount} (merchant_id, currency, kind)
    select a.m, a.c, a.k from (
      select (x->>'m')::int as m, w.currency as c, x->>'k' as k from ${ledgerQueued} w cross join jsonb_array_elements(w.legs) x
      where ${of ? ofMerchants(of.currency, of.merchantIds) : sql`true`}
      union
      select * from unnest(${sql.param(alongside.map((a) => a.merchantId))}::int[], ${sql.param(alongside.map(() => of?.currency ?? ''))}::text[], ${sql.param(alongside.map((a) => a.kind))}::text[])
    ) a
    where not exists (select 1 from ${ledgerAccount} la where la.merchant_id = a.m and la.currency = a.c and la.kind = a.k)
    order by a.m, a.c collate "C", a.k collate "C"
    on conflict do nothing`);
  return res.rowCount ?? 0;
}

/** Transfers queued and not posted yet. */
export async function countQueued(db: DbLike): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${ledgerQueued}`);
  return res.rows[0]?.n ?? 0;
}
