/**
 * SQL of withdrawals: the records list (its source), the merchant's withdrawal accounts, provider staff's limits,
 * one withdrawal's row lock and update, the ones the channel should answer, and who is told of a new account. Every
 * value is a bound parameter.
 */
import { PayoutStatus, WithdrawalAccountStatus, payoutShownFee, toMajorString, withdrawalsList, type CurrencyCode, type ListRecord } from '@mg/domain';
import { and, asc, count, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { withdrawal, withdrawalAccount, withdrawalAuto, withdrawalLimit } from '../../db/schema';
import { createdBetween, listRange, newestFirst } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { currencyOf, scopeWhere } from '../auth/scope';

export type WithdrawalRow = typeof withdrawal.$inferSelect;
export type WithdrawalInsert = typeof withdrawal.$inferInsert;
export type WithdrawalAccountRow = typeof withdrawalAccount.$inferSelect;
export type WithdrawalAccountInsert = typeof withdrawalAccount.$inferInsert;
export type WithdrawalLimitRow = typeof withdrawalLimit.$inferSelect;
export type WithdrawalAutoRow = typeof withdrawalAuto.$inferSelect;
export type WithdrawalRecord = ListRecord<typeof withdrawalsList>;

export function toWithdrawalRecord(row: WithdrawalRow): WithdrawalRecord {
  const currency = row.currency as CurrencyCode;
  const money = (v: bigint) => toMajorString(v, currency);
  // What the ledger holds (open) or charged (paid): a withdrawal shows the fee of its hold, as a payout does.
  const fee = payoutShownFee(row.status, row.fee);
  return {
    id: row.id,
    merchantId: row.merchantId,
    accountId: row.accountId,
    bankCode: row.bankCode,
    accountName: row.accountName,
    accountNumber: row.accountNumber,
    currency: row.currency,
    amount: money(row.amount),
    fee: money(fee),
    totalDebit: money(row.amount + fee),
    status: row.status,
    resultCode: row.resultCode,
    rejectReason: row.rejectReason,
    expectedArrival: row.expectedArrival,
    createdBy: row.createdBy,
    reviewedBy: row.reviewedBy,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

export const withdrawalsSource = pagedSource({
  list: withdrawalsList,
  where: (q, ctx) => {
    const currency = currencyOf(ctx, q.currency);
    const range = listRange(withdrawalsList, q, ctx);
    return and(
      scopeWhere(withdrawal.merchantId, ctx.scope),
      createdBetween(withdrawal.createdAt, range),
      q.id !== undefined ? eq(withdrawal.id, q.id) : undefined,
      q.status?.length ? inArray(withdrawal.status, q.status) : undefined,
      currency ? eq(withdrawal.currency, currency) : undefined,
    );
  },
  order: newestFirst(withdrawal, withdrawal.createdAt, withdrawal.id),
  sort: { createdAt: withdrawal.createdAt, createTime: withdrawal.createdAt, amount: withdrawal.amount },
  countFrom: sql`${withdrawal}`,
  read: async (db, where, o) => {
    const rows = await db.select().from(withdrawal).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0);
    return rows.map(toWithdrawalRecord);
  },
});

/* Accounts ----------------------------------------------------------------------------------------------------- */

const live = isNull(withdrawalAccount.deletedAt);

/** The merchant's accounts (all currencies, or one); `merchantIds` null: every merchant's (provider staff). */
export function selectAccounts(db: DbLike, merchantIds: number[] | null, opts: { currency?: string; status?: string } = {}): Promise<WithdrawalAccountRow[]> {
  return db
    .select()
    .from(withdrawalAccount)
    .where(
      and(
        live,
        merchantIds ? inArray(withdrawalAccount.merchantId, merchantIds) : undefined,
        opts.currency ? eq(withdrawalAccount.currency, opts.currency) : undefined,
        opts.status ? eq(withdrawalAccount.status, opts.status) : undefined,
      ),
    )
    .orderBy(asc(withdrawalAccount.merchantId), asc(withdrawalAccount.id));
}

export async function selectAccount(db: DbLike, id: number): Promise<WithdrawalAccountRow | undefined> {
  const [row] = await db.select().from(withdrawalAccount).where(and(eq(withdrawalAccount.id, id), live)).limit(1);
  return row;
}

export async function countLiveAccounts(db: DbLike, merchantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(withdrawalAccount).where(and(eq(withdrawalAccount.merchantId, merchantId), live));
  return Number(row?.n ?? 0);
}

export async function insertAccount(db: DbLike, values: WithdrawalAccountInsert): Promise<WithdrawalAccountRow> {
  const [row] = await db.insert(withdrawalAccount).values(values).returning();
  if (!row) throw new Error('withdrawal account not written');
  return row;
}

export async function deleteAccount(db: DbLike, merchantId: number, id: number, now: Date): Promise<boolean> {
  const res = await db
    .update(withdrawalAccount)
    .set({ deletedAt: now })
    .where(and(eq(withdrawalAccount.id, id), eq(withdrawalAccount.merchantId, merchantId), live))
    .returning({ id: withdrawalAccount.id });
  return res.length > 0;
}

/** Provider staff's decision on a pending account; undefined when it was not pending (or is gone). */
export async function decideAccount(db: DbLike, id: number, status: string, by: string, now: Date): Promise<WithdrawalAccountRow | undefined> {
  const [row] = await db
    .update(withdrawalAccount)
    .set({ status, verifiedBy: by, verifiedAt: now })
    .where(and(eq(withdrawalAccount.id, id), eq(withdrawalAccount.status, WithdrawalAccountStatus.PENDING), live))
    .returning();
  return row;
}

/* Limits ------------------------------------------------------------------------------------------------------- */

export async function selectLimit(db: DbLike, currency: string): Promise<WithdrawalLimitRow | undefined> {
  const [row] = await db.select().from(withdrawalLimit).where(eq(withdrawalLimit.currency, currency)).limit(1);
  return row;
}

export async function upsertLimit(db: DbLike, values: { currency: string; minAmount: bigint; maxAmount: bigint; updatedBy: string }): Promise<void> {
  await db
    .insert(withdrawalLimit)
    .values(values)
    .onConflictDoUpdate({ target: withdrawalLimit.currency, set: { minAmount: values.minAmount, maxAmount: values.maxAmount, updatedBy: values.updatedBy, updatedAt: sql`now()` } });
}

/* One withdrawal --------------------------------------------------------------------------------------------- */

export async function insertWithdrawal(db: DbLike, values: WithdrawalInsert): Promise<WithdrawalRow> {
  const [row] = await db.insert(withdrawal).values(values).returning();
  if (!row) throw new Error('withdrawal not written');
  return row;
}

export async function selectWithdrawal(db: DbLike, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawal).where(eq(withdrawal.id, id)).limit(1);
  return row;
}

export async function lockWithdrawal(db: DbLike, merchantId: number, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawal).where(and(eq(withdrawal.merchantId, merchantId), eq(withdrawal.id, id))).for('update').limit(1);
  return row;
}

export async function updateWithdrawal(db: DbLike, merchantId: number, id: string, set: Partial<WithdrawalInsert>): Promise<WithdrawalRow> {
  const [row] = await db
    .update(withdrawal)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(withdrawal.merchantId, merchantId), eq(withdrawal.id, id)))
    .returning();
  if (!row) throw new Error(`withdrawal ${id} vanished`);
  return row;
}

/** Withdrawals sent before `sentBefore` whose answer is due, locked (another instance takes the next ones). */
export function lockDueWithdrawals(db: DbLike, sentBefore: Date, limit: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawal)
    .where(and(eq(withdrawal.status, PayoutStatus.PROCESSING), lte(withdrawal.sentAt, sentBefore)))
    .orderBy(asc(withdrawal.sentAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/* Auto-withdrawal ----------------------------------------------------------------------------------------------- */

export async function selectAuto(db: DbLike, merchantId: number, currency: string): Promise<WithdrawalAutoRow | undefined> {
  const [row] = await db.select().from(withdrawalAuto).where(and(eq(withdrawalAuto.merchantId, merchantId), eq(withdrawalAuto.currency, currency))).limit(1);
  return row;
}

export async function upsertAuto(db: DbLike, values: Omit<typeof withdrawalAuto.$inferInsert, 'updatedAt' | 'lastRunOn'>): Promise<WithdrawalAutoRow> {
  const [row] = await db
    .insert(withdrawalAuto)
    .values(values)
    .onConflictDoUpdate({
      target: [withdrawalAuto.merchantId, withdrawalAuto.currency],
      set: { enabled: values.enabled, accountId: values.accountId, floor: values.floor, hour: values.hour, updatedBy: values.updatedBy, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('auto-withdrawal not written');
  return row;
}

export function selectEnabledAutos(db: DbLike): Promise<WithdrawalAutoRow[]> {
  return db.select().from(withdrawalAuto).where(eq(withdrawalAuto.enabled, true));
}

/** Claims `day` for the setting: true for the one caller (of any instance) that runs it that day. */
export async function claimAutoDay(db: DbLike, merchantId: number, currency: string, day: string): Promise<boolean> {
  const res = await db
    .update(withdrawalAuto)
    .set({ lastRunOn: day })
    .where(and(eq(withdrawalAuto.merchantId, merchantId), eq(withdrawalAuto.currency, currency), or(isNull(withdrawalAuto.lastRunOn), ne(withdrawalAuto.lastRunOn, day))))
    .returning({ merchantId: withdrawalAuto.merchantId });
  return res.length > 0;
}

/** Provider staff's queues: withdrawals waiting for review and accounts waiting for verification, every merchant. */
export async function countWaiting(db: DbLike): Promise<{ withdrawals: number; accounts: number }> {
  const [w] = await db.select({ n: count() }).from(withdrawal).where(eq(withdrawal.status, PayoutStatus.PENDING_REVIEW));
  const [a] = await db.select({ n: count() }).from(withdrawalAccount).where(and(eq(withdrawalAccount.status, WithdrawalAccountStatus.PENDING), live));
  return { withdrawals: Number(w?.n ?? 0), accounts: Number(a?.n ?? 0) };
}
