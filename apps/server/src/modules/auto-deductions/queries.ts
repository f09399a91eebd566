/**
 * SQL of auto-deduction: the mandates list (its source), one mandate by id or authorisation token, its status
 * changes, the due charges and notices (claimed, so two instances never take the same), and its charges. Every value
 * is a bound parameter.
 */
import { MandateStatus, autoDeductionsList, toMajorString, type CurrencyCode, type ListRecord } from '@mg/domain';
import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { mandate, mandateCharge, merchant } from '../../db/schema';
import { cashierUrl } from '../../lib/cashier-url';
import { createdBetween, listRange, newestFirst } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { currencyOf, scopeWhere } from '../auth/scope';

export type MandateRow = typeof mandate.$inferSelect;
export type MandateInsert = typeof mandate.$inferInsert;
export type MandateChargeRow = typeof mandateCharge.$inferSelect;
export type MandateRecord = ListRecord<typeof autoDeductionsList>;

export function toMandateRecord(row: MandateRow, publicUrl: string): MandateRecord {
  const currency = row.currency as CurrencyCode;
  return {
    id: row.id,
    merchantId: row.merchantId,
    merchantMandateId: row.merchantMandateId,
    currency: row.currency,
    amount: toMajorString(row.amount, currency),
    paymentType: row.paymentType,
    intervalPeriod: row.intervalPeriod,
    intervalUnit: row.intervalUnit,
    repetitions: row.repetitions,
    chargesDone: row.chargesDone,
    deductedAmount: toMajorString(row.deductedAmount, currency),
    nextChargeAt: row.nextChargeAt ? row.nextChargeAt.toISOString() : null,
    lastFailureReason: row.lastFailureReason,
    status: row.status,
    payerEmail: row.payerEmail,
    authorizationUrl: cashierUrl(publicUrl, row.cashierToken),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

export function mandatesSource(publicUrl: string) {
  return pagedSource({
    list: autoDeductionsList,
    where: (q, ctx) => {
      const currency = currencyOf(ctx, q.currency);
      const range = listRange(autoDeductionsList, q, ctx);
      return and(
        scopeWhere(mandate.merchantId, ctx.scope),
        createdBetween(mandate.createdAt, range),
        q.id !== undefined ? eq(mandate.id, q.id) : undefined,
        q.status?.length ? inArray(mandate.status, q.status) : undefined,
        currency ? eq(mandate.currency, currency) : undefined,
      );
    },
    order: newestFirst(mandate, mandate.createdAt, mandate.id),
    sort: { createdAt: mandate.createdAt, createTime: mandate.createdAt, amount: mandate.amount },
    countFrom: sql`${mandate}`,
    read: async (db, where, o) => {
      const rows = await db.select().from(mandate).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0);
      return rows.map((r) => toMandateRecord(r, publicUrl));
    },
  });
}

export async function insertMandate(db: DbLike, values: MandateInsert): Promise<MandateRow> {
  const [row] = await db.insert(mandate).values(values).returning();
  if (!row) throw new Error('mandate not written');
  return row;
}

export async function selectMandate(db: DbLike, id: string): Promise<MandateRow | undefined> {
  const [row] = await db.select().from(mandate).where(eq(mandate.id, id)).limit(1);
  return row;
}

export async function selectMandateByToken(db: DbLike, token: string): Promise<MandateRow | undefined> {
  const [row] = await db.select().from(mandate).where(eq(mandate.cashierToken, token)).limit(1);
  return row;
}

export async function selectMandateByMerchantId(db: DbLike, merchantId: number, merchantMandateId: string): Promise<MandateRow | undefined> {
  const [row] = await db.select().from(mandate).where(and(eq(mandate.merchantId, merchantId), eq(mandate.merchantMandateId, merchantMandateId))).limit(1);
  return row;
}

/** Changes a mandate only while it is in one of `from` (a concurrent change wins, this one answers undefined). */
export async function updateMandate(db: DbLike, id: string, from: readonly string[], set: Partial<MandateInsert>): Promise<MandateRow | undefined> {
  const [row] = await db
    .update(mandate)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(mandate.id, id), inArray(mandate.status, [...from])))
    .returning();
  return row;
}

/**
 * The mandate locked for a charge, which holds it until the charge's transaction ends: a pause, stop or second charge
 * of the same mandate waits for it (or, `nowait`, is refused at once: the caller answers "in progress").
 */
export async function lockMandate(tx: DbLike, id: string, wait: 'wait' | 'nowait'): Promise<MandateRow | undefined> {
  const q = tx.select().from(mandate).where(eq(mandate.id, id)).limit(1);
  const [row] = await (wait === 'nowait' ? q.for('update', { noWait: true }) : q.for('update'));
  return row;
}

/**
 * The next active mandate whose charge is due, locked for its charge; one another instance's job holds is skipped
 * (it is being charged), so two instances never take the same charge. A crash mid-charge rolls the charge back with
 * the transaction and leaves the mandate due.
 */
export async function lockNextDueMandate(tx: DbLike, now: Date): Promise<MandateRow | undefined> {
  const [row] = await tx
    .select()
    .from(mandate)
    .where(and(eq(mandate.status, MandateStatus.ACTIVE), lte(mandate.nextChargeAt, now)))
    .orderBy(asc(mandate.nextChargeAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/**
 * A charge's outcome on the locked mandate, in one statement: the counters grow from their own values (never from a
 * copy read earlier) by what the charge took, and the status and schedule move as the caller says.
 */
export async function countCharge(
  tx: DbLike,
  id: string,
  taken: bigint,
  set: Pick<MandateInsert, 'status' | 'failedAttempts' | 'lastFailureReason' | 'nextChargeAt'>,
): Promise<MandateRow> {
  const [row] = await tx
    .update(mandate)
    .set({
      ...set,
      chargesDone: taken > 0n ? sql`${mandate.chargesDone} + 1` : undefined,
      deductedAmount: taken > 0n ? sql`${mandate.deductedAmount} + ${taken}` : undefined,
      updatedAt: sql`now()`,
    })
    .where(eq(mandate.id, id))
    .returning();
  if (!row) throw new Error(`mandate ${id} not counted`);
  return row;
}

/** Active mandates charging within `horizon` whose payer was not told of that charge yet, claimed for the notice. */
export async function claimNoticesDue(db: DbLike, horizon: Date, limit: number): Promise<MandateRow[]> {
  const due = await db
    .select({ id: mandate.id, next: mandate.nextChargeAt })
    .from(mandate)
    .where(and(eq(mandate.status, MandateStatus.ACTIVE), lte(mandate.nextChargeAt, horizon), or(isNull(mandate.noticeFor), ne(mandate.noticeFor, mandate.nextChargeAt))))
    .orderBy(asc(mandate.nextChargeAt))
    .limit(limit);
  const claimed: MandateRow[] = [];
  for (const d of due) {
    const [row] = await db
      .update(mandate)
      .set({ noticeFor: d.next })
      .where(and(eq(mandate.id, d.id), or(isNull(mandate.noticeFor), ne(mandate.noticeFor, mandate.nextChargeAt))))
      .returning();
    if (row) claimed.push(row);
  }
  return claimed;
}

export async function insertCharge(db: DbLike, values: typeof mandateCharge.$inferInsert): Promise<void> {
  await db.insert(mandateCharge).values(values);
}

export async function nextChargeSeq(db: DbLike, mandateId: string): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`select coalesce(max(seq), 0)::int + 1 as n from ${mandateCharge} where mandate_id = ${mandateId}`);
  return Number(res.rows[0]?.n ?? 1);
}

export function selectCharges(db: DbLike, mandateId: string): Promise<MandateChargeRow[]> {
  return db.select().from(mandateCharge).where(eq(mandateCharge.mandateId, mandateId)).orderBy(asc(mandateCharge.seq));
}

/** Where a mandate's own callbacks go: its notifyUrl, else the merchant's collection callback address. */
export async function selectMandateCallbackUrl(db: DbLike, m: MandateRow): Promise<string | null> {
  if (m.notifyUrl) return m.notifyUrl;
  const [row] = await db.select({ url: merchant.collectionCallbackUrl }).from(merchant).where(eq(merchant.id, m.merchantId));
  return row?.url ?? null;
}
