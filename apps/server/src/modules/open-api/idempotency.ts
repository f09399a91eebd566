/**
 * Idempotency-Key on open API POSTs (docs/open-api.md). The answer to a key is stored in the same transaction as
 * the work it answers, so a server that dies mid-request leaves either nothing (the work rolled back with it: a
 * retry runs the work, once) or the committed work with its answer (a retry replays it). "Still running" is a
 * PostgreSQL advisory lock held by that transaction, so it ends with its connection: no stale window after a crash.
 *
 * Later requests with the same key:
 *   same method, path and body hash, answer stored  -> the stored answer is replayed (header idempotent-replayed);
 *   same, first request's transaction still open   -> 409 OPEN_API_IDEMPOTENCY_IN_PROGRESS;
 *   another body, path or method                   -> 422 OPEN_API_IDEMPOTENCY_KEY_REUSED.
 * 5xx answers are never stored (the client may retry); 4xx answers of the handler are stored after they are sent.
 * The answer is kept as the JSON text that was sent, so any character (a NUL included) replays byte for byte.
 * Records are purged after IDEMPOTENCY_TTL_HOURS.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbTx } from '../../db/pool';
import {
  idempotencyLookup,
  insertIdempotencyAnswer,
  insertWithAnswer,
  lockIdempotencyKey,
  type ChainedWrite,
  type IdempotencyRequest,
} from './queries';

export type { IdempotencyRequest } from './queries';

export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export type IdempotencyClaim =
  | { kind: 'free' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in_progress' }
  | { kind: 'mismatch' };

/** What a key's lookup (idempotencyLookup, claimNonceAndLookup) says about this request. */
export function claimOf(
  r: IdempotencyRequest,
  row: Awaited<ReturnType<typeof idempotencyLookup>>,
): IdempotencyClaim {
  if (row.responseStatus != null && row.responseBody != null) {
    if (row.method !== r.method || row.path !== r.path || row.requestHash !== r.requestHash)
      return { kind: 'mismatch' };
    return { kind: 'replay', status: row.responseStatus, body: row.responseBody };
  }
  return row.lockFree ? { kind: 'free' } : { kind: 'in_progress' };
}

/** The key was answered by a twin request that committed first: roll back and answer as it did. */
export class IdempotencyAnswered extends Error {
  constructor(readonly claim: Exclude<IdempotencyClaim, { kind: 'free' }>) {
    super('idempotency key answered by another request');
  }
}

/**
 * Runs `work` in one transaction holding the key's lock, and stores its answer (`answer` turns the result into the
 * status and JSON text to send) before committing. Throws IdempotencyAnswered when a twin got there first.
 */
export async function runIdempotent<T>(
  db: Db,
  r: IdempotencyRequest,
  work: (tx: DbTx) => Promise<T>,
  answer: (result: T) => { status: number; text: string },
): Promise<{ status: number; text: string }> {
  return db.transaction(async (tx) => {
    await lockIdempotencyKey(tx, r);
    const prior = claimOf(r, { ...(await idempotencyLookup(tx, r)), lockFree: true });
    if (prior.kind !== 'free') throw new IdempotencyAnswered(prior);
    const out = answer(await work(tx));
    await insertIdempotencyAnswer(tx, r, out.status, out.text);
    return out;
  });
}

/**
 * As runIdempotent for work that is the insert of one row whose answer is known before it is written (a create):
 * one statement, no transaction around it. Throws IdempotencyAnswered when a twin got there first. With `chain`
 * (writes that go with the row), null when the chain was not ready and nothing was written.
 */
export async function insertIdempotent<T extends PgTable>(
  db: Db,
  r: IdempotencyRequest,
  table: T,
  row: T['$inferSelect'],
  out: { status: number; text: string },
  chain?: ChainedWrite,
): Promise<{ status: number; text: string } | null> {
  const written = await insertWithAnswer(db, r, out.status, out.text, table, row, chain);
  if (written.claimed) return out;
  if (!written.ready) return null;
  const prior = claimOf(r, { ...(await idempotencyLookup(db, r)), lockFree: true });
  // Not written because a twin's record was there; gone again only if purged in between: the client retries.
  if (prior.kind === 'free') throw new IdempotencyAnswered({ kind: 'in_progress' });
  throw new IdempotencyAnswered(prior);
}

/** After the fact, for an answer the handler gave without runIdempotent (a refusal): kept unless a twin's is. */
export async function storeIdempotentAnswer(
  db: Db,
  r: IdempotencyRequest,
  status: number,
  text: string,
): Promise<void> {
  await insertIdempotencyAnswer(db, r, status, text);
}
