/**
 * SQL of the developer page's endpoint health (issue 15): figures and failures per address from the attempt log, the
 * replay of failed deliveries, test events, and the endpoints paused after a day of failures with their held
 * deliveries. Health is measured on answered attempts: one still in flight, or whose sender stopped before recording
 * its answer (issue 39), is neither a success nor a failure of the endpoint. Every value is a bound parameter.
 */
import { CallbackEvent, NotifyStatus } from '@mg/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbLike } from '../../../db/pool';
import { callbackAttempt, callbackDelivery, callbackEndpointDisabled, merchant } from '../../../db/schema';
import type { DeliveryRow } from '../schemas';
import type { DeliveryValues } from './index';

/* ---------------------------------------------------------------------------------------------------------- */
/* Endpoint health (issue 15)                                                                                   */

export interface EndpointFigures {
  url: string;
  attempts: number;
  succeeded: number;
  lastAttemptAt: Date;
  lastSuccessAt: Date | null;
  failedDeliveries: number;
}

/** Per address the merchant's callbacks went to since `since`: attempts, 2xx answers, last success, deliveries given up. */
export async function endpointFigures(db: DbLike, merchantId: number, since: Date): Promise<EndpointFigures[]> {
  const ok = sql`${callbackAttempt.responseStatus} between 200 and 299`;
  const rows = await db
    .select({
      url: callbackAttempt.url,
      attempts: sql<number>`count(*)::int`,
      succeeded: sql<number>`(count(*) filter (where ${ok}))::int`,
      lastAttemptAt: sql<Date>`max(${callbackAttempt.createdAt})`,
      lastSuccessAt: sql<Date | null>`max(${callbackAttempt.createdAt}) filter (where ${ok})`,
      failedDeliveries: sql<number>`(select count(*)::int from ${callbackDelivery} d where d.merchant_id = ${merchantId} and d.url = ${callbackAttempt.url}
        and d.status = ${NotifyStatus.FAILED} and d.created_at >= ${since.toISOString()}::timestamptz)`,
    })
    .from(callbackAttempt)
    .where(and(eq(callbackAttempt.merchantId, merchantId), eq(callbackAttempt.answered, true), sql`${callbackAttempt.createdAt} >= ${since.toISOString()}::timestamptz`))
    .groupBy(callbackAttempt.url)
    .orderBy(desc(sql`max(${callbackAttempt.createdAt})`));
  return rows.map((r) => ({ ...r, lastAttemptAt: new Date(r.lastAttemptAt), lastSuccessAt: r.lastSuccessAt ? new Date(r.lastSuccessAt) : null }));
}

/** The newest failed attempts of the merchant since `since`, `perUrl` per address. */
export async function recentFailures(db: DbLike, merchantId: number, since: Date, perUrl: number) {
  const res = await db.execute<{ url: string; at: Date; response_status: number | null; error: string | null; event_type: string }>(sql`
    select url, at, response_status, error, event_type from (
      select a.url, a.created_at as at, a.response_status, a.error, d.event_type,
             row_number() over (partition by a.url order by a.created_at desc, a.id desc) as n
      from ${callbackAttempt} a join ${callbackDelivery} d on d.id = a.delivery_id
      where a.merchant_id = ${merchantId} and a.created_at >= ${since.toISOString()}::timestamptz and a.answered
        and (a.response_status is null or a.response_status not between 200 and 299)
    ) x where n <= ${perUrl} order by at desc`);
  return res.rows.map((r) => ({ url: r.url, at: new Date(r.at), responseStatus: r.response_status, error: r.error, eventType: r.event_type }));
}

/**
 * Puts the merchant's failed deliveries created in [from, to] (to one address, or all; test events are not events
 * to recover) back in the queue, due now,
 * at most `limit`; answers them (their orders' notify status is set back to pending by the caller).
 */
export async function reopenFailedDeliveries(
  tx: DbLike,
  q: { merchantId: number; from: Date; to: Date; url: string | null; now: Date; limit: number },
): Promise<DeliveryRow[]> {
  const res = await tx.execute<{ id: string | number }>(sql`
    with picked as (
      select id from ${callbackDelivery}
      where merchant_id = ${q.merchantId} and status = ${NotifyStatus.FAILED} and event_type <> ${CallbackEvent.WEBHOOK_TEST}
        and created_at >= ${q.from.toISOString()}::timestamptz and created_at <= ${q.to.toISOString()}::timestamptz
        ${q.url === null ? sql`` : sql`and url = ${q.url}`}
      order by id limit ${q.limit} for update skip locked
    )
    update ${callbackDelivery} d set status = ${NotifyStatus.PENDING}, next_attempt_at = ${q.now.toISOString()}::timestamptz, updated_at = ${q.now.toISOString()}::timestamptz
    from picked where d.id = picked.id returning d.id`);
  const ids = res.rows.map((r) => Number(r.id));
  return ids.length === 0 ? [] : tx.select().from(callbackDelivery).where(inArray(callbackDelivery.id, ids));
}

/** A test event's outbox row: already given up (no retries of its own), so a resend sends it once, now. */
export async function insertTestDelivery(tx: DbLike, v: DeliveryValues): Promise<number> {
  const [row] = await tx.insert(callbackDelivery).values({ ...v, status: NotifyStatus.FAILED }).returning({ id: callbackDelivery.id });
  if (!row) throw new Error('test delivery not inserted');
  return row.id;
}


/** The merchant's configured callback addresses. */
export async function merchantCallbackUrls(db: DbLike, merchantId: number): Promise<{ collection: string | null; payout: string | null } | undefined> {
  const [row] = await db.select({ collection: merchant.collectionCallbackUrl, payout: merchant.payoutCallbackUrl }).from(merchant).where(eq(merchant.id, merchantId));
  return row;
}

/* Disabled endpoints (issue 15) --------------------------------------------------------------------------- */

/**
 * Held deliveries wait with this due time, so the due index never offers them to the worker (a finite date: the
 * delivery views turn it into an ISO string).
 */
const HELD = sql`'9999-12-31T00:00:00Z'::timestamptz`;

/** Parks the due deliveries of disabled endpoints (new ones keep arriving while an endpoint is disabled). */
export async function parkHeldDeliveries(db: DbLike, now: Date): Promise<number> {
  const res = await db.execute(sql`
    update ${callbackDelivery} d set next_attempt_at = ${HELD}
    from ${callbackEndpointDisabled} e
    where d.status = ${NotifyStatus.PENDING} and d.next_attempt_at <= ${now.toISOString()}::timestamptz
      and e.merchant_id = d.merchant_id and e.url = d.url`);
  return res.rowCount ?? 0;
}

/**
 * Addresses whose every attempt failed for a day: a failed attempt at least `dayMs` old with no success after it,
 * and a failure within the last day (still failing), among the attempts since `since`; not disabled already.
 */
export async function failingEndpoints(db: DbLike, q: { now: Date; dayMs: number; since: Date }): Promise<{ merchantId: number; url: string }[]> {
  const dayAgo = new Date(q.now.getTime() - q.dayMs).toISOString();
  const ok = sql`a.response_status between 200 and 299`;
  const res = await db.execute<{ merchant_id: number; url: string }>(sql`
    select a.merchant_id, a.url from ${callbackAttempt} a
    where a.created_at >= ${q.since.toISOString()}::timestamptz and a.answered
      and not exists (select 1 from ${callbackEndpointDisabled} e where e.merchant_id = a.merchant_id and e.url = a.url)
    group by a.merchant_id, a.url
    having min(a.created_at) filter (where not ${ok}) <= ${dayAgo}::timestamptz
      and coalesce(max(a.created_at) filter (where ${ok}), '-infinity'::timestamptz) < min(a.created_at) filter (where not ${ok})
      and max(a.created_at) filter (where not ${ok}) > ${dayAgo}::timestamptz`);
  return res.rows.map((r) => ({ merchantId: Number(r.merchant_id), url: r.url }));
}

/** Disables an address; true when this call did (not already disabled). */
export async function disableEndpoint(db: DbLike, merchantId: number, url: string, now: Date): Promise<boolean> {
  const rows = await db.insert(callbackEndpointDisabled).values({ merchantId, url, disabledAt: now }).onConflictDoNothing().returning({ url: callbackEndpointDisabled.url });
  return rows.length > 0;
}

/** Enables an address again and makes its held deliveries due now; answers how many were held. */
export async function enableEndpoint(tx: DbLike, merchantId: number, url: string, now: Date): Promise<number> {
  await tx.delete(callbackEndpointDisabled).where(and(eq(callbackEndpointDisabled.merchantId, merchantId), eq(callbackEndpointDisabled.url, url)));
  const res = await tx.execute(sql`
    update ${callbackDelivery} set next_attempt_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where merchant_id = ${merchantId} and url = ${url} and status = ${NotifyStatus.PENDING} and next_attempt_at = ${HELD}`);
  return res.rowCount ?? 0;
}

export async function disabledEndpoints(db: DbLike, merchantId: number): Promise<{ url: string; disabledAt: Date }[]> {
  return db.select({ url: callbackEndpointDisabled.url, disabledAt: callbackEndpointDisabled.disabledAt }).from(callbackEndpointDisabled).where(eq(callbackEndpointDisabled.merchantId, merchantId));
}
