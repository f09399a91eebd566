/**
 * SQL of the open API: keys with their merchant's whitelist, replay protection (nonces), Idempotency-Key records
 * and the merchant reads of its routes (every value a bound parameter).
 *
 * Nonces: a nonce may be used once per key within OPEN_API_NONCE_TTL_S. One statement: insert, or on conflict take
 * over a row that has already aged out (not yet purged); no row back means the nonce was reused.
 */
import { API_KEY_LAST_USED_RESOLUTION_S, IDEMPOTENCY_IN_PROGRESS_STALE_S, IDEMPOTENCY_TTL_HOURS, OPEN_API_NONCE_TTL_S } from '@mg/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { apiKey, idempotencyRecord, merchant } from '../../db/schema';

export interface KeyRow {
  id: string;
  merchantId: number;
  mode: string;
  secretSealed: string;
  status: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  ipWhitelist: string[];
}

/** A key with its merchant's IP whitelist. */
export async function keyWithWhitelist(db: DbLike, keyId: string): Promise<KeyRow | undefined> {
  const [row] = await db
    .select({
      id: apiKey.id,
      merchantId: apiKey.merchantId,
      mode: apiKey.mode,
      secretSealed: apiKey.secretSealed,
      status: apiKey.status,
      expiresAt: apiKey.expiresAt,
      lastUsedAt: apiKey.lastUsedAt,
      ipWhitelist: merchant.ipWhitelist,
    })
    .from(apiKey)
    .innerJoin(merchant, eq(merchant.id, apiKey.merchantId))
    .where(eq(apiKey.id, keyId))
    .limit(1);
  return row;
}

/** last_used_at = now, unless another request wrote it within API_KEY_LAST_USED_RESOLUTION_S. */
export async function touchKeyLastUsed(db: DbLike, keyId: string): Promise<void> {
  await db.execute(sql`
        update api_key set last_used_at = now()
        where id = ${keyId}
          and (last_used_at is null or last_used_at < now() - make_interval(secs => ${API_KEY_LAST_USED_RESOLUTION_S}))`);
}

/** The currencies a merchant works in (empty for an unknown merchant). */
export async function merchantCurrencies(db: DbLike, merchantId: number): Promise<string[]> {
  const [m] = await db.select({ currencies: merchant.currencies }).from(merchant).where(eq(merchant.id, merchantId));
  return m?.currencies ?? [];
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Nonces                                                                                                        */

/** True when the nonce is fresh for this key (and is now recorded); false when it was used within the window. */
export async function claimNonce(db: DbLike, keyId: string, nonce: string): Promise<boolean> {
  const res = await db.execute(sql`
    insert into api_nonce (key_id, nonce) values (${keyId}, ${nonce})
    on conflict (key_id, nonce) do update set created_at = now()
      where api_nonce.created_at < now() - make_interval(secs => ${OPEN_API_NONCE_TTL_S})
    returning 1 as ok`);
  return res.rows.length === 1;
}

/** Deletes nonces older than the window; returns how many. */
export async function purgeNonces(db: DbLike, now: Date = new Date()): Promise<number> {
  const res = await db.execute(
    sql`delete from api_nonce where created_at < ${now.toISOString()}::timestamptz - make_interval(secs => ${OPEN_API_NONCE_TTL_S})`,
  );
  return res.rowCount ?? 0;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Idempotency records (the rules: ./idempotency.ts)                                                            */

export interface IdempotencyRequest {
  merchantId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

/**
 * Inserts the record, or takes over one still "running" after IDEMPOTENCY_IN_PROGRESS_STALE_S for the same request;
 * true when this request now holds the key.
 */
export async function insertIdempotencyRecord(db: DbLike, r: IdempotencyRequest): Promise<boolean> {
  const inserted = await db.execute(sql`
    insert into idempotency_record (merchant_id, key, method, path, request_hash)
    values (${r.merchantId}, ${r.key}, ${r.method}, ${r.path}, ${r.requestHash})
    on conflict (merchant_id, key) do update
      set method = excluded.method, path = excluded.path, request_hash = excluded.request_hash, created_at = now()
      where idempotency_record.response_status is null
        and idempotency_record.created_at < now() - make_interval(secs => ${IDEMPOTENCY_IN_PROGRESS_STALE_S})
        and idempotency_record.method = excluded.method and idempotency_record.path = excluded.path
        and idempotency_record.request_hash = excluded.request_hash
    returning 1 as ok`);
  return inserted.rows.length === 1;
}

export async function idempotencyRecordOf(db: DbLike, merchantId: number, key: string) {
  const [row] = await db
    .select({
      method: idempotencyRecord.method,
      path: idempotencyRecord.path,
      requestHash: idempotencyRecord.requestHash,
      responseStatus: idempotencyRecord.responseStatus,
      responseBody: idempotencyRecord.responseBody,
    })
    .from(idempotencyRecord)
    .where(and(eq(idempotencyRecord.merchantId, merchantId), eq(idempotencyRecord.key, key)))
    .limit(1);
  return row;
}

/** Stores the answer of a claimed key. */
export async function completeIdempotencyKey(db: DbLike, merchantId: number, key: string, status: number, body: unknown): Promise<void> {
  await db
    .update(idempotencyRecord)
    .set({ responseStatus: status, responseBody: body ?? null })
    .where(and(eq(idempotencyRecord.merchantId, merchantId), eq(idempotencyRecord.key, key), isNull(idempotencyRecord.responseStatus)));
}

/** Forgets a claimed key whose request failed on the server's side, so the client may retry with it. */
export async function releaseIdempotencyKey(db: DbLike, merchantId: number, key: string): Promise<void> {
  await db
    .delete(idempotencyRecord)
    .where(and(eq(idempotencyRecord.merchantId, merchantId), eq(idempotencyRecord.key, key), isNull(idempotencyRecord.responseStatus)));
}

/** Deletes records older than IDEMPOTENCY_TTL_HOURS; returns how many. */
export async function purgeIdempotencyRecords(db: DbLike, now: Date = new Date()): Promise<number> {
  const res = await db.execute(
    sql`delete from idempotency_record where created_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
  );
  return res.rowCount ?? 0;
}
