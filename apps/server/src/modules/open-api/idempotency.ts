/**
 * Idempotency-Key on open API POSTs (docs/open-api.md). The first request with a key claims the record (pk
 * merchant + key) and runs; its answer is stored when it is sent (onSend). Later requests with the same key:
 *   same method, path and body hash, answer stored  -> the stored answer is replayed (header idempotent-replayed);
 *   same, first request still running              -> 409 OPEN_API_IDEMPOTENCY_IN_PROGRESS;
 *   another body, path or method                   -> 422 OPEN_API_IDEMPOTENCY_KEY_REUSED.
 * 5xx answers are not stored (the record is dropped, so the client may retry). A record still "running" after
 * IDEMPOTENCY_IN_PROGRESS_STALE_S (its server died) is taken over. Records are purged after IDEMPOTENCY_TTL_HOURS.
 */
import { IDEMPOTENCY_IN_PROGRESS_STALE_S, IDEMPOTENCY_TTL_HOURS } from '@mg/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { idempotencyRecord } from '../../db/schema';

export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export interface IdempotencyRequest {
  merchantId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

/** Claims the key for this request, or says what to answer instead. */
export async function claimIdempotencyKey(db: DbLike, r: IdempotencyRequest): Promise<IdempotencyClaim> {
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
  if (inserted.rows.length === 1) return { kind: 'claimed' };

  const [row] = await db
    .select({
      method: idempotencyRecord.method,
      path: idempotencyRecord.path,
      requestHash: idempotencyRecord.requestHash,
      responseStatus: idempotencyRecord.responseStatus,
      responseBody: idempotencyRecord.responseBody,
    })
    .from(idempotencyRecord)
    .where(and(eq(idempotencyRecord.merchantId, r.merchantId), eq(idempotencyRecord.key, r.key)))
    .limit(1);
  // Dropped between the two statements (a 5xx of the first request): claim again.
  if (!row) return claimIdempotencyKey(db, r);
  if (row.method !== r.method || row.path !== r.path || row.requestHash !== r.requestHash) return { kind: 'mismatch' };
  if (row.responseStatus == null) return { kind: 'in_progress' };
  return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
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
