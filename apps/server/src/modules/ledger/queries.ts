/** Read side of the ledger (drizzle query builder: every value is a bound parameter). Reads only. */
import { MERCHANT_ACCOUNT_KINDS, type CurrencyCode, type LedgerAccountKind } from '@mg/domain';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgSelectBase, SelectedFields } from 'drizzle-orm/pg-core';
import type { DbLike } from '../../db/pool';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../db/schema';

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
        fee: ledgerTransfer.fee,
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

/* Posting a transfer (one transaction of postTransfer, in this order) --------------------------------------- */

export type TransferRow = typeof ledgerTransfer.$inferSelect;

/** 1. The transfer row: a concurrent first call with the same key waits on its unique index, before any balance lock. */
export async function insertTransfer(db: DbLike, values: typeof ledgerTransfer.$inferInsert): Promise<TransferRow> {
  const [transfer] = await db.insert(ledgerTransfer).values(values).returning();
  if (!transfer) throw new Error('ledger_transfer insert returned nothing');
  return transfer;
}

/** 2. The accounts exist (created on first use). */
export async function ensureAccounts(db: DbLike, currency: CurrencyCode, accounts: readonly { merchantId: number; kind: LedgerAccountKind }[]): Promise<void> {
  await db
    .insert(ledgerAccount)
    .values(accounts.map((a) => ({ merchantId: a.merchantId, currency, kind: a.kind })))
    .onConflictDoNothing();
}

/** 3. The accounts locked in id order (one order everywhere: no deadlock between transfers). */
export function lockAccounts(db: DbLike, currency: CurrencyCode, accounts: readonly { merchantId: number; kind: LedgerAccountKind }[]) {
  return db
    .select({ id: ledgerAccount.id, merchantId: ledgerAccount.merchantId, kind: ledgerAccount.kind, balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.currency, currency), or(...accounts.map((a) => and(eq(ledgerAccount.merchantId, a.merchantId), eq(ledgerAccount.kind, a.kind))))))
    .orderBy(ledgerAccount.id)
    .for('update');
}

/** 4. A new balance (the CHECK constraint refuses a merchant balance below zero). */
export async function setBalance(db: DbLike, accountId: number, balance: bigint): Promise<void> {
  await db
    .update(ledgerAccount)
    .set({ balance, version: sql`${ledgerAccount.version} + 1`, updatedAt: sql`now()` })
    .where(eq(ledgerAccount.id, accountId));
}

/** 5. The entries of the transfer; answers their ids in order. */
export async function insertEntries(db: DbLike, rows: readonly (typeof ledgerEntry.$inferInsert)[]): Promise<{ id: number }[]> {
  return db.insert(ledgerEntry).values([...rows]).returning({ id: ledgerEntry.id });
}

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
