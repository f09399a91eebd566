/**
 * SQL of the ledger (every value a bound parameter): the reads, and the one statement that posts a transfer. Entries
 * are inserted, never updated or deleted.
 */
import { MERCHANT_ACCOUNT_KINDS, type CurrencyCode, type LedgerAccountKind } from '@mg/domain';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbLike } from '../../../db/pool';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../../db/schema';
import type { PostHead } from './posting';

/**
 * `select <fields> from ledger_entry join ledger_account join ledger_transfer`: the entries with their account
 * (kind) and transfer (flow, action type, reference, fee). Every read of entries goes through this one join; add
 * `.where(...)`, `.orderBy(...)`, `.limit(...)` as needed.
 */
export function selectEntries<T extends SelectedFields>(db: DbLike, fields: T): EntrySelect<T> {
  const joined = db
    .select(fields as SelectedFields)
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId));
  // drizzle cannot resolve a join's type for a generic selection; the builder is the same, only T is narrowed.
  return joined as unknown as EntrySelect<T>;
}

type EntrySelect<T extends SelectedFields> = PgSelectBase<
  'ledger_entry',
  T,
  'partial',
  { ledger_entry: 'not-null'; ledger_account: 'not-null'; ledger_transfer: 'not-null' }
>;

/** The same join as SQL, for a FROM clause written by hand (countCapped). */
/** An entry's fee as its merchant paid it: the transfer's on its owner's side (a transfer's sender), else 0. */
export const entryFee = sql<bigint>`case when ${ledgerEntry.merchantId} = ${ledgerTransfer.merchantId} then ${ledgerTransfer.fee} else 0 end`.mapWith(ledgerTransfer.fee);

export const entriesFrom = sql`${ledgerEntry} join ${ledgerAccount} on ${ledgerAccount.id} = ${ledgerEntry.accountId} join ${ledgerTransfer} on ${ledgerTransfer.id} = ${ledgerEntry.transferId}`;

export interface BalanceRow {
  accountId: number;
  currency: string;
  kind: string;
  balance: bigint;
}

export interface ReplayRow {
  accountId: number;
  merchantId: number;
  currency: string;
  kind: string;
  balance: bigint;
  /** Sum of the account's entries. */
  replayed: bigint;
  /** balance_after of its latest entry (null without entries). */
  lastBalanceAfter: bigint | null;
}

export interface StatementRecord {
  entryId: number;
  transferId: number;
  createdAt: Date;
  kind: string;
  flow: string;
  actionType: number;
  reference: string;
  /** Signed movement of this account. */
  amount: bigint;
  /** Gross amount and fee of the business operation. */
  grossAmount: bigint;
  fee: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
}

export interface StatementPage {
  records: StatementRecord[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export function selectBalances(db: DbLike, merchantId: number): Promise<BalanceRow[]> {
  return db
    .select({ accountId: ledgerAccount.id, currency: ledgerAccount.currency, kind: ledgerAccount.kind, balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(eq(ledgerAccount.merchantId, merchantId))
    .orderBy(asc(ledgerAccount.currency), asc(ledgerAccount.kind));
}

/** Every merchant's money together, per currency and kind (platform staff's view of all merchants). */
export async function selectMerchantTotals(db: DbLike): Promise<{ currency: string; kind: string; balance: bigint }[]> {
  const rows = await db
    .select({ currency: ledgerAccount.currency, kind: ledgerAccount.kind, balance: sql<string>`sum(${ledgerAccount.balance})::text` })
    .from(ledgerAccount)
    .where(inArray(ledgerAccount.kind, [...MERCHANT_ACCOUNT_KINDS]))
    .groupBy(ledgerAccount.currency, ledgerAccount.kind)
    .orderBy(asc(ledgerAccount.currency), asc(ledgerAccount.kind));
  return rows.map((r) => ({ currency: r.currency, kind: r.kind, balance: BigInt(r.balance) }));
}

export async function selectReplay(db: DbLike): Promise<ReplayRow[]> {
  // Plain SQL: correlated sub-queries need qualified column names.
  const res = await db.execute<{
    account_id: string;
    merchant_id: number;
    currency: string;
    kind: string;
    balance: string;
    replayed: string;
    last_balance_after: string | null;
  }>(sql`
    select a.id as account_id, a.merchant_id, a.currency, a.kind, a.balance::text as balance,
           coalesce(s.total, 0)::text as replayed, l.balance_after::text as last_balance_after
    from ledger_account a
    left join (select account_id, sum(amount) as total from ledger_entry group by account_id) s on s.account_id = a.id
    left join lateral (select e.balance_after from ledger_entry e where e.account_id = a.id order by e.id desc limit 1) l on true
    order by a.id`);
  return res.rows.map((r) => ({
    accountId: Number(r.account_id),
    merchantId: r.merchant_id,
    currency: r.currency,
    kind: r.kind,
    balance: BigInt(r.balance),
    replayed: BigInt(r.replayed),
    lastBalanceAfter: r.last_balance_after === null ? null : BigInt(r.last_balance_after),
  }));
}

export async function selectStatement(
  db: DbLike,
  merchantId: number,
  currency: CurrencyCode,
  page: { pageNo: number; pageSize: number; kind?: LedgerAccountKind },
): Promise<StatementPage> {
  const pageNo = Math.max(1, Math.floor(page.pageNo));
  const pageSize = Math.min(500, Math.max(1, Math.floor(page.pageSize)));
  const where = and(
    eq(ledgerEntry.merchantId, merchantId),
    eq(ledgerEntry.currency, currency),
    page.kind ? eq(ledgerAccount.kind, page.kind) : undefined,
  );
  const [records, totals] = await Promise.all([
    selectEntries(db, {
        entryId: ledgerEntry.id,
        transferId: ledgerEntry.transferId,
        createdAt: ledgerEntry.createdAt,
        kind: ledgerAccount.kind,
        flow: ledgerTransfer.flow,
        actionType: ledgerTransfer.actionType,
        reference: ledgerTransfer.reference,
        amount: ledgerEntry.amount,
        grossAmount: ledgerTransfer.amount,
        fee: entryFee,
        balanceBefore: ledgerEntry.balanceBefore,
        balanceAfter: ledgerEntry.balanceAfter,
      })
      .where(where)
      .orderBy(desc(ledgerEntry.createdAt), desc(ledgerEntry.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db
      .select({ n: count() })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .where(where),
  ]);
  return { records, total: totals[0]?.n ?? 0, pageNo, pageSize };
}

/* Posting a transfer: ./posting.ts (the one statement); below, the batch path's pieces ---------------------------- */
export * from './posting';


/** The accounts exist (created on first use), inserted in every creator's order: two creators wait, not deadlock. */
export async function ensureAccounts(db: DbLike, accounts: readonly { merchantId: number; currency: string; kind: string }[]): Promise<void> {
  const sorted = [...accounts].sort((a, b) => a.merchantId - b.merchantId || cmp(a.currency, b.currency) || cmp(a.kind, b.kind));
  await db
    .insert(ledgerAccount)
    .values(sorted.map((a) => ({ merchantId: a.merchantId, currency: a.currency, kind: a.kind })))
    .onConflictDoNothing();
}

/** Byte order, as ensureQueuedAccounts sorts (collate "C"). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A stored transfer by its idempotency key, with its entries in order (a replay answers them). */
export async function selectTransferByKey(db: DbLike, merchantId: number, idempotencyKey: string) {
  const [head] = await db
    .select()
    .from(ledgerTransfer)
    .where(and(eq(ledgerTransfer.merchantId, merchantId), eq(ledgerTransfer.idempotencyKey, idempotencyKey)))
    .limit(1);
  if (!head) return undefined;
  const entries = await db
    .select({
      id: ledgerEntry.id,
      accountId: ledgerEntry.accountId,
      merchantId: ledgerEntry.merchantId,
      kind: ledgerAccount.kind,
      amount: ledgerEntry.amount,
      balanceBefore: ledgerEntry.balanceBefore,
      balanceAfter: ledgerEntry.balanceAfter,
    })
    .from(ledgerEntry)
    .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
    .where(eq(ledgerEntry.transferId, head.id))
    .orderBy(ledgerEntry.id);
  return { head, entries };
}

/* Many transfers at once (service.postTransfers) ----------------------------------------------------------- */

/** One array parameter (drizzle would spread a bare array into a list of parameters). */
const arr = (values: readonly unknown[]) => sql.param(values);

export interface AccountRef {
  merchantId: number;
  currency: string;
  kind: string;
}

/** Ids of the accounts that exist among `refs`, by `merchantId:currency:kind`. */
export async function selectAccountIds(db: DbLike, refs: readonly AccountRef[]): Promise<Map<string, number>> {
  const res = await db.execute<{ id: string; merchant_id: number; currency: string; kind: string }>(sql`
    select a.id::text as id, a.merchant_id, a.currency, a.kind from ${ledgerAccount} a
    join unnest(${arr(refs.map((r) => r.merchantId))}::int[], ${arr(refs.map((r) => r.currency))}::text[], ${arr(refs.map((r) => r.kind))}::text[]) as w(merchant_id, currency, kind)
      on w.merchant_id = a.merchant_id and w.currency = a.currency and w.kind = a.kind`);
  return new Map(res.rows.map((r) => [`${r.merchant_id}:${r.currency}:${r.kind}`, Number(r.id)]));
}

/** Inserts transfer rows, skipping used idempotency keys; answers the new ones' ids by `merchantId:idempotencyKey`. */
export async function insertTransfers(db: DbLike, heads: readonly PostHead[]): Promise<Map<string, number>> {
  const col = <T>(f: (h: PostHead) => T) => heads.map(f);
  const res = await db.execute<{ id: string; merchant_id: number; idempotency_key: string }>(sql`
    insert into ${ledgerTransfer} (merchant_id, currency, flow, action_type, reference, idempotency_key, amount, fee)
    select * from unnest(${arr(col((h) => h.merchantId))}::int[], ${arr(col((h) => h.currency))}::text[], ${arr(col((h) => h.flow))}::text[],
      ${arr(col((h) => h.actionType))}::smallint[], ${arr(col((h) => h.reference))}::text[], ${arr(col((h) => h.idempotencyKey))}::text[],
      ${arr(col((h) => h.amount.toString()))}::bigint[], ${arr(col((h) => h.fee.toString()))}::bigint[])
    on conflict (merchant_id, idempotency_key) do nothing
    returning id::text as id, merchant_id, idempotency_key`);
  return new Map(res.rows.map((r) => [`${r.merchant_id}:${r.idempotency_key}`, Number(r.id)]));
}

/** Locks the accounts in id order (the order every posting uses) and answers their balances. */
export async function lockAccounts(db: DbLike, ids: readonly number[]): Promise<Map<number, bigint>> {
  // Ordered by the numeric id (an output column named id would sort as text: another order, and deadlocks).
  const res = await db.execute<{ account_id: string; balance: string }>(sql`
    select a.id::text as account_id, a.balance::text as balance from ${ledgerAccount} a where a.id = any(${arr([...ids])}::bigint[]) order by a.id for update`);
  return new Map(res.rows.map((r) => [Number(r.account_id), BigInt(r.balance)]));
}

/** Sets each locked account's balance, its version raised by the number of entries that moved it. */
export async function setBalances(db: DbLike, rows: readonly { id: number; balance: bigint; moves: number }[]): Promise<void> {
  await db.execute(sql`
    update ${ledgerAccount} a set balance = v.balance, version = a.version + v.n, updated_at = now()
    from unnest(${arr(rows.map((r) => r.id))}::bigint[], ${arr(rows.map((r) => r.balance.toString()))}::bigint[], ${arr(rows.map((r) => r.moves))}::int[]) as v(id, balance, n)
    where a.id = v.id`);
}

export interface EntryInsert {
  transferId: number;
  accountId: number;
  merchantId: number;
  currency: string;
  amount: bigint;
  balanceBefore: bigint;
  balanceAfter: bigint;
}

/** Inserts entries in the order given (their ids follow it, as the statement reads them). */
export async function insertEntries(db: DbLike, rows: readonly EntryInsert[]): Promise<void> {
  const col = <T>(f: (e: EntryInsert) => T) => rows.map(f);
  await db.execute(sql`
    insert into ${ledgerEntry} (transfer_id, account_id, merchant_id, currency, amount, balance_before, balance_after)
    select t, a, m, c, x, b, f from unnest(${arr(col((e) => e.transferId))}::bigint[], ${arr(col((e) => e.accountId))}::bigint[], ${arr(col((e) => e.merchantId))}::int[],
      ${arr(col((e) => e.currency))}::text[], ${arr(col((e) => e.amount.toString()))}::bigint[], ${arr(col((e) => e.balanceBefore.toString()))}::bigint[],
      ${arr(col((e) => e.balanceAfter.toString()))}::bigint[]) with ordinality as u(t, a, m, c, x, b, f, n)
    order by n`);
}
