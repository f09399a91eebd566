/**
 * SQL of top-ups: the records list (its source), one top-up by id or cashier token, the row lock of its status
 * change, and the expired ones. Every value is a bound parameter.
 */
import { PaymentStatus, topUpsList, toMajorString, type CurrencyCode, type ListRecord } from '@mg/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { cashierUrl } from '../../lib/cashier-url';
import { merchant, topUp } from '../../db/schema';
import { createdBetween, listRange, newestFirst } from '../../lib/list/order';
import { pagedSource } from '../../lib/list/source';
import { currencyOf, scopeWhere } from '../auth/scope';

export type TopUpRow = typeof topUp.$inferSelect;
export type TopUpInsert = typeof topUp.$inferInsert;
export type TopUpRecord = ListRecord<typeof topUpsList>;

export function toTopUpRecord(row: TopUpRow, publicUrl: string): TopUpRecord {
  const currency = row.currency as CurrencyCode;
  const money = (v: bigint) => toMajorString(v, currency);
  const paid = row.status === PaymentStatus.SUCCESS;
  return {
    id: row.id,
    merchantId: row.merchantId,
    currency: row.currency,
    amount: money(row.amount),
    fee: money(paid ? row.fee : 0n),
    credited: money(paid ? row.amount - row.fee : 0n),
    paymentType: row.paymentType,
    channel: row.channel,
    status: row.status,
    failureReason: row.failureReason,
    cashierUrl: cashierUrl(publicUrl, row.cashierToken),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

export function topUpsSource(publicUrl: string) {
  return pagedSource({
    list: topUpsList,
    where: (q, ctx) => {
      const currency = currencyOf(ctx, q.currency);
      const range = listRange(topUpsList, q, ctx);
      return and(
        scopeWhere(topUp.merchantId, ctx.scope),
        createdBetween(topUp.createdAt, range),
        q.id !== undefined ? eq(topUp.id, q.id) : undefined,
        q.status?.length ? inArray(topUp.status, q.status) : undefined,
        currency ? eq(topUp.currency, currency) : undefined,
      );
    },
    order: newestFirst(topUp, topUp.createdAt, topUp.id),
    sort: { createdAt: topUp.createdAt, createTime: topUp.createdAt, amount: topUp.amount },
    countFrom: sql`${topUp}`,
    read: async (db, where, o) => {
      const rows = await db.select().from(topUp).where(where).orderBy(...o.orderBy).limit(o.limit).offset(o.offset ?? 0);
      return rows.map((r) => toTopUpRecord(r, publicUrl));
    },
  });
}

export async function insertTopUp(db: DbLike, row: TopUpInsert): Promise<TopUpRow> {
  const [created] = await db.insert(topUp).values(row).returning();
  if (!created) throw new Error('top-up not written');
  return created;
}

export async function selectTopUpByToken(db: DbLike, token: string): Promise<TopUpRow | undefined> {
  const [row] = await db.select().from(topUp).where(eq(topUp.cashierToken, token)).limit(1);
  return row;
}

/** The top-up row, locked for its status change. */
export async function lockTopUp(db: DbLike, merchantId: number, id: string): Promise<TopUpRow | undefined> {
  const [row] = await db.select().from(topUp).where(and(eq(topUp.merchantId, merchantId), eq(topUp.id, id))).for('update').limit(1);
  return row;
}

export async function updateTopUp(db: DbLike, merchantId: number, id: string, set: Partial<TopUpInsert>): Promise<TopUpRow> {
  const [row] = await db
    .update(topUp)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(topUp.merchantId, merchantId), eq(topUp.id, id)))
    .returning();
  if (!row) throw new Error(`top-up ${id} vanished`);
  return row;
}

/** Open top-ups past their expiry: closed in one statement (nothing moved for them). */
export async function closeExpiredTopUps(db: DbLike, now: Date, limit: number): Promise<number> {
  const res = await db.execute(sql`
    update ${topUp} set status = ${PaymentStatus.CLOSED}, updated_at = now()
    where (merchant_id, id) in (
      select merchant_id, id from ${topUp}
      where status = ${PaymentStatus.PENDING} and expires_at <= ${now}
      order by expires_at limit ${limit} for update skip locked
    )`);
  return res.rowCount ?? 0;
}

/** Where a top-up's callbacks go: the merchant's collection callback address (null: nothing to send). */
export async function selectTopUpCallbackUrl(db: DbLike, merchantId: number): Promise<string | null> {
  const [m] = await db.select({ url: merchant.collectionCallbackUrl }).from(merchant).where(eq(merchant.id, merchantId));
  return m?.url ?? null;
}
