/** SQL of the crypto area: the withdrawal address book (every value a bound parameter). */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { cryptoAddress, cryptoDeposit, payout } from '../../db/schema';

export type CryptoAddressRow = typeof cryptoAddress.$inferSelect;

/** The merchant's live addresses, by network then oldest first. */
export function selectAddresses(db: DbLike, merchantId: number, network?: string): Promise<CryptoAddressRow[]> {
  return db
    .select()
    .from(cryptoAddress)
    .where(and(eq(cryptoAddress.merchantId, merchantId), isNull(cryptoAddress.deletedAt), network ? eq(cryptoAddress.network, network) : undefined))
    .orderBy(asc(cryptoAddress.network), asc(cryptoAddress.createdAt), asc(cryptoAddress.id));
}

/** A live address of the merchant on a network (the payout's whitelist check). */
export async function selectLiveAddress(db: DbLike, merchantId: number, network: string, address: string): Promise<CryptoAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(cryptoAddress)
    .where(and(eq(cryptoAddress.merchantId, merchantId), eq(cryptoAddress.network, network), eq(cryptoAddress.address, address), isNull(cryptoAddress.deletedAt)))
    .limit(1);
  return row;
}

export async function countLiveAddresses(db: DbLike, merchantId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cryptoAddress).where(and(eq(cryptoAddress.merchantId, merchantId), isNull(cryptoAddress.deletedAt)));
  return row?.n ?? 0;
}

export async function insertAddress(db: DbLike, values: typeof cryptoAddress.$inferInsert): Promise<CryptoAddressRow> {
  const [row] = await db.insert(cryptoAddress).values(values).returning();
  if (!row) throw new Error('crypto address insert returned nothing');
  return row;
}

/** Deletes a live address of the merchant; false when there is none. */
export async function deleteAddress(db: DbLike, merchantId: number, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(cryptoAddress)
    .set({ deletedAt: now })
    .where(and(eq(cryptoAddress.id, id), eq(cryptoAddress.merchantId, merchantId), isNull(cryptoAddress.deletedAt)))
    .returning({ id: cryptoAddress.id });
  return rows.length > 0;
}

/** Amount + fee held by the merchant's payouts in flight, per destination code (a crypto network's is its own). */
export async function selectInFlightByBankCode(db: DbLike, merchantId: number, currency: string, statuses: readonly string[]): Promise<Map<string, { total: bigint; count: number }>> {
  const rows = await db
    .select({ bankCode: payout.bankCode, total: sql<string>`coalesce(sum(${payout.amount} + ${payout.fee}), 0)::text`, n: count() })
    .from(payout)
    .where(and(eq(payout.merchantId, merchantId), eq(payout.currency, currency), inArray(payout.status, [...statuses])))
    .groupBy(payout.bankCode);
  return new Map(rows.map((r) => [r.bankCode, { total: BigInt(r.total), count: r.n }]));
}

/* Deposits ----------------------------------------------------------------------------------------------------- */

export type CryptoDepositRow = typeof cryptoDeposit.$inferSelect;

export async function selectDeposit(db: DbLike, merchantId: number, collectionId: string): Promise<CryptoDepositRow | undefined> {
  const [row] = await db.select().from(cryptoDeposit).where(and(eq(cryptoDeposit.merchantId, merchantId), eq(cryptoDeposit.collectionId, collectionId))).limit(1);
  return row;
}

/** The deposit of an order, or nothing when one was sent already (one transaction per order). */
export async function insertDeposit(db: DbLike, values: typeof cryptoDeposit.$inferInsert): Promise<CryptoDepositRow | undefined> {
  const [row] = await db.insert(cryptoDeposit).values(values).onConflictDoNothing({ target: [cryptoDeposit.merchantId, cryptoDeposit.collectionId] }).returning();
  return row;
}

/** Deposits whose confirmations are all in at `now` (sent `required` blocks ago or more), oldest first. */
export function selectConfirmedDue(db: DbLike, now: Date, blockMs: number, limit: number): Promise<CryptoDepositRow[]> {
  return db
    .select()
    .from(cryptoDeposit)
    .where(and(isNull(cryptoDeposit.confirmedAt), sql`${cryptoDeposit.sentAt} + ${cryptoDeposit.required} * ${blockMs} * interval '1 millisecond' <= ${now}`))
    .orderBy(asc(cryptoDeposit.sentAt))
    .limit(limit);
}

/** Marks a deposit confirmed unless another run did; false then. */
export async function markDepositConfirmed(db: DbLike, row: CryptoDepositRow, now: Date): Promise<boolean> {
  const done = await db
    .update(cryptoDeposit)
    .set({ confirmedAt: now })
    .where(and(eq(cryptoDeposit.merchantId, row.merchantId), eq(cryptoDeposit.collectionId, row.collectionId), isNull(cryptoDeposit.confirmedAt)))
    .returning({ id: cryptoDeposit.collectionId });
  return done.length > 0;
}
