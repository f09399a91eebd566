/**
 * Idempotency-Key on open API POSTs (docs/open-api.md). The first request with a key claims the record (pk
 * merchant + key) and runs; its answer is stored when it is sent (onSend). Later requests with the same key:
 *   same method, path and body hash, answer stored  -> the stored answer is replayed (header idempotent-replayed);
 *   same, first request still running              -> 409 OPEN_API_IDEMPOTENCY_IN_PROGRESS;
 *   another body, path or method                   -> 422 OPEN_API_IDEMPOTENCY_KEY_REUSED.
 * 5xx answers are not stored (the record is dropped, so the client may retry). A record still "running" after
 * IDEMPOTENCY_IN_PROGRESS_STALE_S (its server died) is taken over. Records are purged after IDEMPOTENCY_TTL_HOURS.
 */
import type { DbLike } from '../../db/pool';
import { idempotencyRecordOf, insertIdempotencyRecord, type IdempotencyRequest } from './queries';

export type { IdempotencyRequest } from './queries';

export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

/** Claims the key for this request, or says what to answer instead. */
export async function claimIdempotencyKey(db: DbLike, r: IdempotencyRequest): Promise<IdempotencyClaim> {
  if (await insertIdempotencyRecord(db, r)) return { kind: 'claimed' };
  const row = await idempotencyRecordOf(db, r.merchantId, r.key);
  // Dropped between the two statements (a 5xx of the first request): claim again.
  if (!row) return claimIdempotencyKey(db, r);
  if (row.method !== r.method || row.path !== r.path || row.requestHash !== r.requestHash) return { kind: 'mismatch' };
  if (row.responseStatus == null) return { kind: 'in_progress' };
  return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
}
