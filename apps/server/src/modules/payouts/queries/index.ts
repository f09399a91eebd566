/**
 * SQL of payouts: the payout records list (its source), one payout's reads, the row locks and updates of its status
 * changes, the jobs' due work, and the approval policy with what it reads (the day's auto-approved total, a
 * destination's first use). Every value is a bound parameter.
 */
import {
  CRYPTO_TOKEN,
  PayoutBatchStatus,
  PayoutStatus,
  networkOfBankCode,
  payoutFailureReason,
  payoutShownFee,
  payoutsList,
  toMajorString,
  type CurrencyCode,
  type ListRecord,
  type PayoutStatusValue,
} from '@mg/domain';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { insertMany } from '../../../db/insert-many';
import type { DbLike } from '../../../db/pool';
import { merchant, payout, payoutBatch, payoutPolicy } from '../../../db/schema';
import { fieldError } from '../../../lib/errors';
import { amountFilter, createdBetween, listRange, newestFirst } from '../../../lib/list/order';
import { pagedSource } from '../../../lib/list/source';
import { currencyOf, ownScope, scopeWhere } from '../../auth/scope';

export type PayoutRow = typeof payout.$inferSelect;
export type PayoutInsert = typeof payout.$inferInsert;
export type PayoutRecord = ListRecord<typeof payoutsList>;
export type PayoutPolicyRow = typeof payoutPolicy.$inferSelect;

/** A payout as the list, its export, its details, the open API and callbacks show it. */
export function toPayoutRecord(p: PayoutRow): PayoutRecord {
  const c = p.currency as CurrencyCode;
  const fee = payoutShownFee(p.status, p.fee);
  // A crypto payout's address is its account and the chain's transaction id its channel reference (spec §3 names).
  const network = networkOfBankCode(p.bankCode) ?? null;
  return {
    id: p.id,
    merchantId: p.merchantId,
    merchantOrderId: p.merchantOrderId,
    batchId: p.batchId,
    mode: p.mode,
    currency: p.currency,
    bankCode: p.bankCode,
    destinationKind: p.destinationKind,
    accountName: p.accountName,
    accountNumber: p.accountNumber,
    accountType: p.accountType,
    documentId: p.documentId,
    bankAgency: p.bankAgency,
    pixKeyType: p.pixKeyType,
    network,
    token: network ? CRYPTO_TOKEN : null,
    payeeAddress: network ? p.accountNumber : null,
    chainTradeNo: network ? p.channelReference : null,
    amount: toMajorString(p.amount, c),
    fee: toMajorString(fee, c),
    totalDebit: toMajorString(p.amount + fee, c),
    status: p.status,
    failureCode: p.failureCode,
    failureReason: p.failureCode ? (payoutFailureReason(p.failureCode)?.messageKey ?? p.failureCode) : null,
    rejectReason: p.rejectReason,
    description: p.description,
    createdBy: p.createdBy,
    reviewedBy: p.reviewedBy,
    reviewedAt: p.reviewedAt ? p.reviewedAt.toISOString() : null,
    notifyStatus: p.notifyStatus,
    createdAt: p.createdAt.toISOString(),
    completedAt: p.completedAt ? p.completedAt.toISOString() : null,
  };
}

export const payoutsSource = pagedSource({
  list: payoutsList,
  where: (q, ctx) => {
    const currency = currencyOf(ctx, q.currency);
    const min = amountFilter(q.amountMin, currency, 'amountMin');
    const max = amountFilter(q.amountMax, currency, 'amountMax');
    if (min !== undefined && max !== undefined && min > max) throw fieldError('amountMax', 'error.fieldInvalid', { params: { value: q.amountMax ?? '' } });
    const range = listRange(payoutsList, q, ctx);
    return and(
      scopeWhere(payout.merchantId, ctx.scope),
      createdBetween(payout.createdAt, range),
      q.status?.length ? inArray(payout.status, q.status) : undefined,
      q.merchantOrderId !== undefined ? eq(payout.merchantOrderId, q.merchantOrderId) : undefined,
      q.id !== undefined ? eq(payout.id, q.id) : undefined,
      q.batchId !== undefined ? eq(payout.batchId, q.batchId) : undefined,
      q.bankCode !== undefined ? eq(payout.bankCode, q.bankCode.toUpperCase()) : undefined,
      min !== undefined ? gte(payout.amount, min) : undefined,
      max !== undefined ? lte(payout.amount, max) : undefined,
      currency ? eq(payout.currency, currency) : undefined,
    );
  },
  order: newestFirst(payout, payout.createdAt, payout.id),
  sort: { createdAt: payout.createdAt, createTime: payout.createdAt, amount: payout.amount },
  countFrom: sql`${payout}`,
  read: async (db, where, o) => {
    const rows = await db.select().from(payout).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0);
    return rows.map(toPayoutRecord);
  },
});

/* One payout ----------------------------------------------------------------------------------------------- */

export async function selectPayout(db: DbLike, merchantId: number, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payout).where(and(eq(payout.merchantId, merchantId), eq(payout.id, id))).limit(1);
  return row;
}

export async function selectPayoutByOrderId(db: DbLike, merchantId: number, merchantOrderId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payout).where(and(eq(payout.merchantId, merchantId), eq(payout.merchantOrderId, merchantOrderId))).limit(1);
  return row;
}

/** A payout the dashboard caller may see, by id (another merchant's: undefined, answered as 404). */
export async function selectScopedPayout(db: DbLike, req: FastifyRequest, id: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payout).where(and(eq(payout.id, id), scopeWhere(payout.merchantId, ownScope(req))));
  return row;
}

/** Payouts the caller may see, by ids (batch review). */
export async function selectScopedPayouts(db: DbLike, req: FastifyRequest, ids: readonly string[]): Promise<PayoutRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(payout).where(and(inArray(payout.id, [...ids]), scopeWhere(payout.merchantId, ownScope(req))));
}

/** Locks one payout for a status change (every change of a payout takes this lock first). */
export async function lockPayout(tx: DbLike, merchantId: number, id: string): Promise<PayoutRow | undefined> {
  const [row] = await tx.select().from(payout).where(and(eq(payout.merchantId, merchantId), eq(payout.id, id))).for('update');
  return row;
}

/** A payout's row as a statement that writes it with other rows takes it (open-api/answer.ts idempotentInsert). */
export const payoutInsert = (row: PayoutRow) => ({ table: payout, row });

export async function insertPayout(tx: DbLike, values: PayoutInsert): Promise<PayoutRow> {
  const [row] = await tx.insert(payout).values(values).returning();
  if (!row) throw new Error('payout insert returned nothing');
  return row;
}

export async function updatePayout(tx: DbLike, row: Pick<PayoutRow, 'merchantId' | 'id'>, set: Partial<PayoutInsert>): Promise<PayoutRow> {
  const [updated] = await tx
    .update(payout)
    .set(set)
    .where(and(eq(payout.merchantId, row.merchantId), eq(payout.id, row.id)))
    .returning();
  if (!updated) throw new Error(`payout ${row.id} vanished`);
  return updated;
}

export async function selectPayoutCallbackUrl(db: DbLike, merchantId: number): Promise<string | null> {
  const [m] = await db.select({ url: merchant.payoutCallbackUrl }).from(merchant).where(eq(merchant.id, merchantId));
  return m?.url ?? null;
}

export async function selectMerchantForPayout(db: DbLike, merchantId: number): Promise<{ status: string; currencies: string[] } | undefined> {
  const [m] = await db.select({ status: merchant.status, currencies: merchant.currencies }).from(merchant).where(eq(merchant.id, merchantId));
  return m;
}

/* The jobs ------------------------------------------------------------------------------------------------- */

/**
 * Up to `limit` payouts of `where`, oldest first by `order`, locked for the caller's transaction. The jobs skip rows
 * another transaction holds (a second instance's run takes the next ones instead of waiting); `wait` waits for them
 * instead, and PostgreSQL then re-checks `where` on the row as that transaction left it.
 */
function lockSome(tx: DbLike, where: SQL | undefined, order: AnyColumn, limit: number, held: 'skip' | 'wait' = 'skip'): Promise<PayoutRow[]> {
  const q = tx.select().from(payout).where(where).orderBy(asc(order), asc(payout.id)).limit(limit);
  return held === 'skip' ? q.for('update', { skipLocked: true }) : q.for('update');
}

/** Approved payouts not yet sent to the channel. */
export function lockUnsent(tx: DbLike, limit: number): Promise<PayoutRow[]> {
  return lockSome(tx, and(eq(payout.status, PayoutStatus.PROCESSING), isNull(payout.sentAt)), payout.createdAt, limit);
}

/** Sent payouts whose channel answer is due. */
export function lockDue(tx: DbLike, now: Date, limit: number): Promise<PayoutRow[]> {
  return lockSome(tx, and(eq(payout.status, PayoutStatus.PROCESSING), lte(payout.dueAt, now)), payout.dueAt, limit);
}

/** Payouts waiting for review since before `before`. */
export function lockReviewExpired(tx: DbLike, before: Date, limit: number): Promise<PayoutRow[]> {
  return lockSome(tx, and(eq(payout.status, PayoutStatus.PENDING_REVIEW), lt(payout.createdAt, before)), payout.createdAt, limit);
}

/**
 * Payouts of a batch still waiting for review, in file order. Waits for one another transaction holds: a skipped one
 * (say, held by a refused approval) would stay pending in a rejected batch.
 */
export function lockBatchPending(tx: DbLike, b: Pick<PayoutBatchRow, 'merchantId' | 'id'>, limit: number): Promise<PayoutRow[]> {
  return lockSome(tx, and(eq(payout.merchantId, b.merchantId), eq(payout.batchId, b.id), eq(payout.status, PayoutStatus.PENDING_REVIEW)), payout.batchRow, limit, 'wait');
}

/** The same change of many payouts (by id: ids are unique across merchants), answering them as they are now. */
export function updatePayouts(tx: DbLike, ids: readonly string[], set: Partial<PayoutInsert>): Promise<PayoutRow[]> {
  return tx.update(payout).set(set).where(inArray(payout.id, [...ids])).returning();
}

/** Payouts handed to the channel: each with its own channel reference and answer time, in one statement. */
export async function markSent(tx: DbLike, items: readonly { id: string; channelReference: string; dueAt: Date | null }[], now: Date): Promise<void> {
  if (items.length === 0) return;
  const body = JSON.stringify(items.map((i) => ({ id: i.id, ref: i.channelReference, due: i.dueAt })));
  await tx.execute(sql`
    update ${payout} set sent_at = ${now.toISOString()}::timestamptz, channel_reference = v.ref, due_at = v.due, updated_at = ${now.toISOString()}::timestamptz
    from json_to_recordset(${body}::json) as v(id text, ref text, due timestamptz)
    where payout.id = v.id`);
}

/* The approval policy -------------------------------------------------------------------------------------- */

export async function selectPolicies(db: DbLike, merchantId: number): Promise<PayoutPolicyRow[]> {
  return db.select().from(payoutPolicy).where(eq(payoutPolicy.merchantId, merchantId)).orderBy(asc(payoutPolicy.currency));
}

export async function selectPolicy(db: DbLike, merchantId: number, currency: CurrencyCode): Promise<PayoutPolicyRow | undefined> {
  const [row] = await db.select().from(payoutPolicy).where(and(eq(payoutPolicy.merchantId, merchantId), eq(payoutPolicy.currency, currency)));
  return row;
}

export async function upsertPolicy(db: DbLike, v: { merchantId: number; currency: CurrencyCode; autoApproveMax: bigint | null; dailyAutoMax: bigint | null; updatedBy: string }): Promise<PayoutPolicyRow> {
  const [row] = await db
    .insert(payoutPolicy)
    .values(v)
    .onConflictDoUpdate({
      target: [payoutPolicy.merchantId, payoutPolicy.currency],
      set: { autoApproveMax: v.autoApproveMax, dailyAutoMax: v.dailyAutoMax, updatedBy: v.updatedBy, updatedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('payout policy upsert returned nothing');
  return row;
}

/**
 * Serialises the auto-approval decisions of one merchant and currency (the daily total must not be exceeded by two
 * payouts deciding at once); taken only when the policy could auto-approve, never on the reviewed path.
 */
export async function lockAutoApproval(tx: DbLike, merchantId: number, currency: CurrencyCode): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payout_auto'), hashtext(${`${merchantId}:${currency}`}))`);
}

/** What was auto-approved since `since` (held or paid: a payout that later failed or was cancelled still counted). */
export async function sumAutoApprovedSince(tx: DbLike, merchantId: number, currency: CurrencyCode, since: Date): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${payout.amount}), 0)` })
    .from(payout)
    .where(and(eq(payout.merchantId, merchantId), eq(payout.currency, currency), eq(payout.autoApproved, true), gte(payout.createdAt, since)));
  return BigInt(row?.total ?? 0);
}

/** When the merchant first paid out to this destination (null: never). */
export async function selectDestinationFirstUse(tx: DbLike, merchantId: number, bankCode: string, accountNumber: string): Promise<Date | null> {
  const [row] = await tx
    .select({ first: payout.createdAt })
    .from(payout)
    .where(and(eq(payout.merchantId, merchantId), eq(payout.bankCode, bankCode), eq(payout.accountNumber, accountNumber)))
    .orderBy(asc(payout.createdAt))
    .limit(1);
  return row?.first ?? null;
}

export type { PayoutStatusValue };

/* Batches -------------------------------------------------------------------------------------------------- */

export type PayoutBatchRow = typeof payoutBatch.$inferSelect;
const INSERT_CHUNK = 1_000;

/** Merchant order ids of this merchant already used by a payout, among `ids`. */
export async function selectUsedOrderIds(db: DbLike, merchantId: number, ids: readonly string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    const rows = await db
      .select({ id: payout.merchantOrderId })
      .from(payout)
      .where(and(eq(payout.merchantId, merchantId), inArray(payout.merchantOrderId, ids.slice(i, i + INSERT_CHUNK))));
    for (const r of rows) used.add(r.id);
  }
  return used;
}

export async function insertBatch(tx: DbLike, values: typeof payoutBatch.$inferInsert): Promise<PayoutBatchRow> {
  const [row] = await tx.insert(payoutBatch).values(values).returning();
  if (!row) throw new Error('payout batch insert returned nothing');
  return row;
}

/** The payouts of a batch, in multi-row inserts. */
/** The payouts of a batch in one statement (db/insert-many.ts: 10 000 rows without 250 000 query parameters). */
export async function insertPayouts(tx: DbLike, values: readonly PayoutInsert[]): Promise<void> {
  await insertMany(tx, payout, values);
}

export async function selectBatch(db: DbLike, merchantId: number, id: string): Promise<PayoutBatchRow | undefined> {
  const [row] = await db.select().from(payoutBatch).where(and(eq(payoutBatch.merchantId, merchantId), eq(payoutBatch.id, id)));
  return row;
}

export async function selectScopedBatch(db: DbLike, req: FastifyRequest, id: string): Promise<PayoutBatchRow | undefined> {
  const [row] = await db.select().from(payoutBatch).where(and(eq(payoutBatch.id, id), scopeWhere(payoutBatch.merchantId, ownScope(req))));
  return row;
}

export async function lockBatch(tx: DbLike, merchantId: number, id: string): Promise<PayoutBatchRow | undefined> {
  const [row] = await tx.select().from(payoutBatch).where(and(eq(payoutBatch.merchantId, merchantId), eq(payoutBatch.id, id))).for('update');
  return row;
}

export async function updateBatch(tx: DbLike, b: Pick<PayoutBatchRow, 'merchantId' | 'id'>, set: Partial<typeof payoutBatch.$inferInsert>): Promise<PayoutBatchRow> {
  const [row] = await tx.update(payoutBatch).set(set).where(and(eq(payoutBatch.merchantId, b.merchantId), eq(payoutBatch.id, b.id))).returning();
  if (!row) throw new Error(`payout batch ${b.id} vanished`);
  return row;
}

/** The newest batches of the caller's merchant. */
export function selectBatches(db: DbLike, req: FastifyRequest, limit: number): Promise<PayoutBatchRow[]> {
  return db.select().from(payoutBatch).where(scopeWhere(payoutBatch.merchantId, ownScope(req))).orderBy(desc(payoutBatch.createdAt)).limit(limit);
}

/** Approves every payout of the batch still pending review, in one statement. */
export async function approveBatchPayouts(tx: DbLike, b: Pick<PayoutBatchRow, 'merchantId' | 'id'>, approver: string, now: Date): Promise<number> {
  const rows = await tx
    .update(payout)
    .set({ status: PayoutStatus.PROCESSING, reviewedBy: approver, reviewedAt: now, updatedAt: now })
    .where(and(eq(payout.merchantId, b.merchantId), eq(payout.batchId, b.id), eq(payout.status, PayoutStatus.PENDING_REVIEW)))
    .returning({ id: payout.id });
  return rows.length;
}

export function selectBatchPayouts(db: DbLike, b: Pick<PayoutBatchRow, 'merchantId' | 'id'>): Promise<PayoutRow[]> {
  return db.select().from(payout).where(and(eq(payout.merchantId, b.merchantId), eq(payout.batchId, b.id))).orderBy(asc(payout.batchRow));
}

/** Batches approved or processing, with how many of their payouts are sent and still open. */
export async function selectActiveBatches(db: DbLike, limit: number): Promise<{ merchantId: number; id: string; status: string; sent: number; open: number }[]> {
  const rows = await db
    .select({
      merchantId: payoutBatch.merchantId,
      id: payoutBatch.id,
      status: payoutBatch.status,
      // The outer columns spelled with their table: drizzle writes a single table's columns unqualified, which inside
      // the subquery would name the payout's own columns.
      sent: sql<number>`(select count(*)::int from ${payout} p where p.merchant_id = payout_batch.merchant_id and p.batch_id = payout_batch.id and p.sent_at is not null)`,
      open: sql<number>`(select count(*)::int from ${payout} p where p.merchant_id = payout_batch.merchant_id and p.batch_id = payout_batch.id and p.status in ('pending_review', 'processing'))`,
    })
    .from(payoutBatch)
    .where(inArray(payoutBatch.status, [PayoutBatchStatus.REVIEWED, PayoutBatchStatus.PROCESSING]))
    .limit(limit);
  return rows;
}
