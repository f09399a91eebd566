/**
 * SQL of the developer parameters: the merchant's integration settings and its API keys. Key creation and rolling
 * are one transaction each, so the active-key limit and "one roll per key" hold under concurrent clicks.
 */
import { API_KEY_ROLL_GRACE_HOURS, ApiKeyStatus } from '@mg/domain';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { apiKey, merchant } from '../../db/schema';

export type KeyRow = typeof apiKey.$inferSelect;
type NewKey = Omit<typeof apiKey.$inferInsert, 'status' | 'revealedAt' | 'merchantId'>;

export async function selectIntegration(db: Db, merchantId: number) {
  const [row] = await db
    .select({
      id: merchant.id,
      collectionCallbackUrl: merchant.collectionCallbackUrl,
      payoutCallbackUrl: merchant.payoutCallbackUrl,
      ipWhitelist: merchant.ipWhitelist,
      status: merchant.status,
      webhookSecretSealed: merchant.webhookSecretSealed,
    })
    .from(merchant)
    .where(eq(merchant.id, merchantId))
    .limit(1);
  return row;
}

export function selectKeys(db: Db, merchantId: number): Promise<KeyRow[]> {
  return db.select().from(apiKey).where(eq(apiKey.merchantId, merchantId)).orderBy(desc(apiKey.createdAt), desc(apiKey.id));
}

export async function selectOwnKey(db: Db, merchantId: number, id: string): Promise<KeyRow | undefined> {
  const [row] = await db.select().from(apiKey).where(and(eq(apiKey.id, id), eq(apiKey.merchantId, merchantId))).limit(1);
  return row;
}

/** Keys that still work: active and not past their roll expiry. */
const workingKey = () => and(eq(apiKey.status, ApiKeyStatus.ACTIVE), or(isNull(apiKey.expiresAt), gt(apiKey.expiresAt, sql`now()`)));

/** Inserts a key unless the merchant already has `max` working ones (undefined then). */
export async function insertKeyWithinLimit(db: Db, merchantId: number, key: NewKey, max: number): Promise<KeyRow | undefined> {
  return db.transaction(async (tx) => {
    // One creation at a time per merchant, so the limit holds under concurrent clicks.
    await tx.execute(sql`select id from merchant where id = ${merchantId} for update`);
    const [n] = await tx.select({ n: sql<number>`count(*)::int` }).from(apiKey).where(and(eq(apiKey.merchantId, merchantId), workingKey()));
    if ((n?.n ?? 0) >= max) return undefined;
    const [inserted] = await tx
      .insert(apiKey)
      .values({ ...key, merchantId, status: ApiKeyStatus.ACTIVE, revealedAt: sql`now()` as unknown as Date })
      .returning();
    return inserted!;
  });
}

/**
 * Rolls a working key that was not rolled yet: it expires after the grace period and the new key is inserted, in
 * one transaction (two concurrent rolls produce one new key). Undefined when the key could not be rolled.
 */
export async function rollKeyRow(db: Db, merchantId: number, id: string, next: NewKey): Promise<{ row: KeyRow; oldKeyExpiresAt: Date } | undefined> {
  return db.transaction(async (tx) => {
    const [expired] = await tx
      .update(apiKey)
      .set({ expiresAt: sql`now() + make_interval(hours => ${API_KEY_ROLL_GRACE_HOURS})` })
      .where(and(eq(apiKey.id, id), eq(apiKey.merchantId, merchantId), eq(apiKey.status, ApiKeyStatus.ACTIVE), isNull(apiKey.expiresAt)))
      .returning({ expiresAt: apiKey.expiresAt });
    if (!expired) return undefined;
    const [inserted] = await tx
      .insert(apiKey)
      .values({ ...next, merchantId, status: ApiKeyStatus.ACTIVE, revealedAt: sql`now()` as unknown as Date })
      .returning();
    return { row: inserted!, oldKeyExpiresAt: expired.expiresAt! };
  });
}

export async function revokeKeyRow(db: Db, merchantId: number, id: string): Promise<KeyRow> {
  const [row] = await db
    .update(apiKey)
    .set({ status: ApiKeyStatus.REVOKED, revokedAt: sql`coalesce(${apiKey.revokedAt}, now())` })
    .where(and(eq(apiKey.id, id), eq(apiKey.merchantId, merchantId)))
    .returning();
  return row!;
}

export async function updateIntegration(
  db: Db,
  merchantId: number,
  set: { collectionCallbackUrl?: string | null; payoutCallbackUrl?: string | null; ipWhitelist?: string[] },
): Promise<void> {
  await db.update(merchant).set(set).where(eq(merchant.id, merchantId));
}
