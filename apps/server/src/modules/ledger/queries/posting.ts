/**
 * The one statement that posts a transfer (postInOneStatement), and its parts for a statement that writes something
 * else with it (postingCtes: a payout's create writes its row, its answer and its hold together).
 */
import type { CurrencyCode, LedgerAccountKind } from '@mg/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbLike } from '../../../db/pool';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../../db/schema';

export interface PostLeg {
  merchantId: number;
  kind: LedgerAccountKind;
  amount: bigint;
}

export interface PostHead {
  merchantId: number;
  currency: CurrencyCode;
  flow: string;
  actionType: number;
  reference: string;
  idempotencyKey: string;
  amount: bigint;
  fee: bigint;
}

export interface PostedRow {
  transferId: number;
  createdAt: Date;
  entries: { id: number; accountId: number; merchantId: number; kind: string; amount: bigint; balanceBefore: bigint; balanceAfter: bigint }[];
}

/**
 * The common table expressions of a posting (postInOneStatement's, described there), for a statement that posts
 * alone or after another write of its own (a payout's create: the row, its answer and its hold in one statement).
 * `before` (legs, accts, found) writes nothing, so the other write may test `ready` (every account found) first;
 * `after(when)` (t, locked, deltas, upd, moved, ent) writes the transfer only when `when` holds. A used
 * idempotency key is skipped (`t` empty, the caller loads the first) or, with `usedKey` 'fail', fails the
 * statement, so nothing written with it commits without its transfer.
 */
export function postingCtes(
  head: PostHead,
  legs: readonly PostLeg[],
  usedKey: 'skip' | 'fail',
): { before: SQL; after: (when: SQL) => SQL; ready: SQL; written: SQL } {
  const values = sql.join(
    legs.map((l, i) => sql`(${i}::int, ${l.merchantId}::int, ${l.kind}::text, ${l.amount.toString()}::bigint)`),
    sql`, `,
  );
  const before = sql`legs (ord, merchant_id, kind, amount) as (values ${values}),
    accts as (select distinct merchant_id, kind from legs),
    found as (
      select count(*) as n from ${ledgerAccount} a join accts g on g.merchant_id = a.merchant_id and g.kind = a.kind
      where a.currency = ${head.currency}
    )`;
  const after = (when: SQL) => sql`t as (
      insert into ${ledgerTransfer} (merchant_id, currency, flow, action_type, reference, idempotency_key, amount, fee)
      select ${head.merchantId}, ${head.currency}, ${head.flow}, ${head.actionType}, ${head.reference}, ${head.idempotencyKey},
             ${head.amount.toString()}::bigint, ${head.fee.toString()}::bigint
      where ${when}
      ${usedKey === 'skip' ? sql`on conflict (merchant_id, idempotency_key) do nothing` : sql``}
      returning id, created_at
    ),
    locked as (
      select a.id, a.merchant_id, a.kind from ${ledgerAccount} a join accts g on g.merchant_id = a.merchant_id and g.kind = a.kind
      where a.currency = ${head.currency} and exists (select 1 from t)
      order by a.id
      for update of a
    ),
    deltas as (
      select l.id, sum(g.amount) as delta from locked l join legs g on g.merchant_id = l.merchant_id and g.kind = l.kind group by l.id
    ),
    upd as (
      update ${ledgerAccount} a set balance = a.balance + d.delta, version = a.version + 1, updated_at = now()
      from deltas d where a.id = d.id
      returning a.id, a.merchant_id, a.kind, a.balance, d.delta
    ),
    moved as (
      select g.ord, u.id as account_id, u.merchant_id, u.kind, g.amount,
             u.balance - u.delta + sum(g.amount) over (partition by u.id order by g.ord) as balance_after
      from legs g join upd u on u.merchant_id = g.merchant_id and u.kind = g.kind
    ),
    ent as (
      insert into ${ledgerEntry} (transfer_id, account_id, merchant_id, currency, amount, balance_before, balance_after)
      select t.id, m.account_id, m.merchant_id, ${head.currency}, m.amount, m.balance_after - m.amount, m.balance_after
      from moved m cross join t
      order by m.ord
      returning id, account_id, merchant_id, amount, balance_before, balance_after
    )`;
  // ready: every account exists; written: the entries `after` wrote.
  return { before, after, ready: sql`((select n from found) = (select count(*) from accts))`, written: sql`(select count(*) from ent)` };
}

/**
 * The whole posting in one statement (issue 10: the balance rows are the hottest rows of the system, so they are
 * locked as late and held as briefly as possible, and one round trip replaces nine):
 *
 *   found   how many of the transfer's accounts exist (a missing one: nothing is written, the caller creates it)
 *   t       the transfer row; on a used idempotency key nothing (a concurrent first call with the key is waited for
 *           here, before any balance is locked)
 *   locked  the accounts, locked in id order (one order everywhere: no deadlock between transfers)
 *   upd     each balance moved by the sum of its legs (the CHECK refuses a merchant balance below zero: the whole
 *           statement fails); READ COMMITTED re-reads a row updated while we waited, so balance + delta is exact
 *   ent     the entries in leg order, each with its balance before and after (a running sum per account)
 *
 * Answers null when nothing was written: `missingAccounts` true, or the key was used (the caller loads that one).
 */
export async function postInOneStatement(
  db: DbLike,
  head: PostHead,
  legs: readonly PostLeg[],
): Promise<{ posted: PostedRow | null; missingAccounts: boolean }> {
  const c = postingCtes(head, legs, 'skip');
  const res = await db.execute<{
    found: string;
    wanted: string;
    transfer_id: string | null;
    created_at: Date | string | null;
    id: string | null;
    account_id: string | null;
    merchant_id: number | null;
    kind: string | null;
    amount: string | null;
    balance_before: string | null;
    balance_after: string | null;
  }>(sql`
    with ${c.before}, ${c.after(c.ready)}
    select (select n from found)::text as found, (select count(*) from accts)::text as wanted,
           t.id::text as transfer_id, t.created_at, e.id::text as id, e.account_id::text as account_id, e.merchant_id,
           (select m.kind from moved m where m.account_id = e.account_id limit 1) as kind,
           e.amount::text as amount, e.balance_before::text as balance_before, e.balance_after::text as balance_after
    from (select 1) one left join t on true left join ent e on true
    order by e.id`);
  const first = res.rows[0];
  if (!first) throw new Error('ledger posting answered no row');
  if (first.found !== first.wanted) return { posted: null, missingAccounts: true };
  if (first.transfer_id === null) return { posted: null, missingAccounts: false };
  const entries = res.rows.map((r) => ({
    id: Number(r.id),
    accountId: Number(r.account_id),
    merchantId: Number(r.merchant_id),
    kind: String(r.kind),
    amount: BigInt(r.amount ?? 0),
    balanceBefore: BigInt(r.balance_before ?? 0),
    balanceAfter: BigInt(r.balance_after ?? 0),
  }));
  if (entries.length !== legs.length) throw new Error(`ledger posting wrote ${entries.length} entries for ${legs.length} legs`);
  return { posted: { transferId: Number(first.transfer_id), createdAt: new Date(first.created_at as string), entries }, missingAccounts: false };
}
