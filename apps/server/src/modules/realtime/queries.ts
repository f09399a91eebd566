/** SQL of realtime events (the rows themselves are written by the triggers of migrations 0018, 0024 and 0028, never by the app). */
import { and, asc, between, eq, gt, isNull, lt, max, or } from 'drizzle-orm';
import { REALTIME, realtimeEventSchema, type RealtimeEvent } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { realtimeEvent } from '../../db/schema';

type EventRow = typeof realtimeEvent.$inferSelect;

export function eventOfRow(r: EventRow): RealtimeEvent {
  return realtimeEventSchema.parse({
    seq: r.seq,
    kind: r.kind,
    merchantId: r.merchantId,
    userId: r.userId,
    id: r.recordId,
    status: r.status,
    actor: r.actor,
    created: r.created,
    at: r.createdAt.toISOString(),
  });
}

/** The newest event number (0 when there is none). */
export async function latestSeq(db: DbLike): Promise<number> {
  const [r] = await db.select({ seq: max(realtimeEvent.seq) }).from(realtimeEvent);
  return Number(r?.seq ?? 0);
}

/**
 * Events after `since`, oldest first, at most `limit`: those a user of a merchant may be sent (the merchant's, the
 * ones to every merchant, the user's own), or (null) all. The caller still filters each (user, permission).
 */
export async function eventsSince(db: DbLike, since: number, reader: { merchantId: number; userId: number } | null, limit: number): Promise<RealtimeEvent[]> {
  const theirs = reader && or(eq(realtimeEvent.merchantId, reader.merchantId), isNull(realtimeEvent.merchantId), eq(realtimeEvent.userId, reader.userId));
  const rows = await db
    .select()
    .from(realtimeEvent)
    .where(theirs ? and(theirs, gt(realtimeEvent.seq, since)) : gt(realtimeEvent.seq, since))
    .orderBy(asc(realtimeEvent.seq))
    .limit(limit);
  return rows.map(eventOfRow);
}

/** A range of event numbers, both ends included. */
export interface SeqRange {
  from: number;
  to: number;
}

/**
 * Every event after `after` and every event inside one of `ranges` (numbers an earlier read found missing), oldest
 * first, at most `limit`: what an instance has not delivered yet.
 */
export async function eventsAfter(db: DbLike, after: number, ranges: readonly SeqRange[], limit: number): Promise<RealtimeEvent[]> {
  const rows = await db
    .select()
    .from(realtimeEvent)
    .where(or(gt(realtimeEvent.seq, after), ...ranges.map((r) => between(realtimeEvent.seq, r.from, r.to))))
    .orderBy(asc(realtimeEvent.seq))
    .limit(limit);
  return rows.map(eventOfRow);
}

/** Drops events older than the catch-up window; the count removed. */
export async function purgeEvents(db: DbLike, now: Date): Promise<number> {
  const before = new Date(now.getTime() - REALTIME.RETENTION_HOURS * 3_600_000);
  const rows = await db.delete(realtimeEvent).where(lt(realtimeEvent.createdAt, before)).returning({ seq: realtimeEvent.seq });
  return rows.length;
}
