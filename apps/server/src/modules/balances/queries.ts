/** SQL of balances: the merchant's currencies, the low-balance thresholds and what the low-balance notice reads. */
import type { CurrencyCode } from '@mg/domain';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { appUser, balanceLimit, ledgerAccount, merchant } from '../../db/schema';

export type BalanceLimitRow = typeof balanceLimit.$inferSelect;

export async function selectMerchant(db: Db, merchantId: number) {
  const [m] = await db.select({ currencies: merchant.currencies, name: merchant.name, brand: merchant.brand }).from(merchant).where(eq(merchant.id, merchantId));
  return m;
}

export function selectLimits(db: Db, merchantId: number): Promise<BalanceLimitRow[]> {
  return db.select().from(balanceLimit).where(eq(balanceLimit.merchantId, merchantId));
}

const limitKey = (merchantId: number, currency: CurrencyCode) => and(eq(balanceLimit.merchantId, merchantId), eq(balanceLimit.currency, currency));

export async function selectLimit(db: Db, merchantId: number, currency: CurrencyCode): Promise<BalanceLimitRow | undefined> {
  const [limit] = await db.select().from(balanceLimit).where(limitKey(merchantId, currency)).limit(1);
  return limit;
}

export async function deleteLimit(db: Db, merchantId: number, currency: CurrencyCode): Promise<void> {
  await db.delete(balanceLimit).where(limitKey(merchantId, currency));
}

/** Sets a threshold; the same threshold again keeps the watch (no second notice), a new one starts over. */
export async function upsertLimit(db: Db, merchantId: number, currency: CurrencyCode, threshold: bigint, now: Date): Promise<void> {
  await db
    .insert(balanceLimit)
    .values({ merchantId, currency, threshold, belowSince: null, updatedAt: now })
    .onConflictDoUpdate({
      target: [balanceLimit.merchantId, balanceLimit.currency],
      set: {
        threshold,
        belowSince: sql`case when ${balanceLimit.threshold} = excluded.threshold then ${balanceLimit.belowSince} else null end`,
        updatedAt: now,
      },
    });
}

export async function selectAvailable(db: Db, merchantId: number, currency: CurrencyCode): Promise<bigint> {
  const [acc] = await db
    .select({ balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(and(eq(ledgerAccount.merchantId, merchantId), eq(ledgerAccount.currency, currency), eq(ledgerAccount.kind, 'available')))
    .limit(1);
  return acc?.balance ?? 0n;
}

/** The balance is back above: the watch ends (a later drop notifies again). */
export async function clearBelow(db: Db, merchantId: number, currency: CurrencyCode, now: Date): Promise<void> {
  await db.update(balanceLimit).set({ belowSince: null, updatedAt: now }).where(and(limitKey(merchantId, currency), isNotNull(balanceLimit.belowSince)));
}

/** Marks the crossing; true for the one caller that marked it (it sends the notice). */
export async function markBelow(db: Db, merchantId: number, currency: CurrencyCode, now: Date): Promise<boolean> {
  const fired = await db
    .update(balanceLimit)
    .set({ belowSince: now, updatedAt: now })
    .where(and(limitKey(merchantId, currency), isNull(balanceLimit.belowSince)))
    .returning({ merchantId: balanceLimit.merchantId });
  return fired.length > 0;
}

/** E-mail addresses of the merchant's active users. */
export async function selectMailableUsers(db: Db, merchantId: number): Promise<string[]> {
  const users = await db
    .select({ email: appUser.email })
    .from(appUser)
    .where(and(eq(appUser.merchantId, merchantId), isNotNull(appUser.email), eq(appUser.frozen, false)));
  return users.flatMap((u) => (u.email ? [u.email] : []));
}
