/**
 * SQL of callbacks: the outbox rows (callback_delivery) and their attempts, the worker's lease and moves, the order's
 * notify_status mirror, and the merchant's sealed webhook secret (every value a bound parameter).
 */
import { CallbackEvent, CallbackOrderKind, NotifyStatus, type CallbackTriggerValue, type NotifyStatusValue } from '@mg/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { insertMany } from '../../db/insert-many';
import type { DbLike } from '../../db/pool';
import { callbackAttempt, callbackDelivery, callbackEndpointDisabled, collection, merchant, payout, refund } from '../../db/schema';
import { deliveryView, type AttemptOutcome, type DeliveryRow, type DeliveryView } from './schemas';

/* ---------------------------------------------------------------------------------------------------------- */
/* Reading deliveries                                                                                            */

/** Views of delivery rows with their attempts (one query for all attempts). */
export async function deliveryViews(db: DbLike, rows: DeliveryRow[]): Promise<DeliveryView[]> {
  const ids = rows.map((r) => r.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(callbackAttempt)
        .where(inArray(callbackAttempt.deliveryId, ids))
        .orderBy(asc(callbackAttempt.deliveryId), asc(callbackAttempt.attemptNo), asc(callbackAttempt.id))
    : [];
  return rows.map((r) => deliveryView(r, attempts));
}

/**
 * Deliveries of the given orders of one merchant (a collection and its refunds), newest first, each with its
 * attempts, in the shape of GET /api/callbacks.
 */
export async function deliveriesOf(db: DbLike, merchantId: number, orders: { kind: string; ids: string[] }[]): Promise<DeliveryView[]> {
  const conds = orders.filter((o) => o.ids.length > 0).map((o) => and(eq(callbackDelivery.orderKind, o.kind), inArray(callbackDelivery.orderId, o.ids)));
  if (conds.length === 0) return [];
  const rows = await db
    .select()
    .from(callbackDelivery)
    .where(and(eq(callbackDelivery.merchantId, merchantId), or(...conds)))
    .orderBy(desc(callbackDelivery.createdAt), desc(callbackDelivery.id));
  return deliveryViews(db, rows);
}

/** Deliveries of one order within the caller's merchants, newest first. */
export async function deliveriesOfOrder(
  db: DbLike,
  order: { merchantIds: readonly number[]; orderKind: string; orderId: string },
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(callbackDelivery)
    .where(
      and(
        inArray(callbackDelivery.merchantId, [...order.merchantIds]),
        eq(callbackDelivery.orderKind, order.orderKind),
        eq(callbackDelivery.orderId, order.orderId),
      ),
    )
    .orderBy(desc(callbackDelivery.id));
}

export async function deliveryById(db: DbLike, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(callbackDelivery).where(eq(callbackDelivery.id, id));
  return row;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Writing deliveries                                                                                            */

export type DeliveryValues = typeof callbackDelivery.$inferInsert;

export async function insertDelivery(tx: DbLike, v: DeliveryValues): Promise<void> {
  await deliveryInsert(tx, v);
}

/** Many outbox rows in one statement (a job or a batch ending many orders). */
export async function insertDeliveries(tx: DbLike, rows: readonly DeliveryValues[]): Promise<void> {
  await insertMany(tx, callbackDelivery, rows);
}

/** The outbox insert as a statement not yet sent: for a caller that sends it with its own write of the order. */
export function deliveryInsert(tx: DbLike, v: DeliveryValues) {
  return tx.insert(callbackDelivery).values(v);
}

/**
 * The order's notify_status follows its newest delivery (an order may have had several events; the merchant cares
 * whether the latest one arrived).
 */
export async function mirrorNotifyStatus(
  tx: DbLike,
  order: { merchantId: number; orderKind: string; orderId: string },
): Promise<void> {
  const newest = sql`(select d.status from ${callbackDelivery} d where d.merchant_id = ${order.merchantId}
    and d.order_kind = ${order.orderKind} and d.order_id = ${order.orderId} order by d.id desc limit 1)`;
  if (order.orderKind === CallbackOrderKind.COLLECTION)
    await tx
      .update(collection)
      .set({ notifyStatus: newest })
      .where(and(eq(collection.merchantId, order.merchantId), eq(collection.id, order.orderId)));
  else if (order.orderKind === CallbackOrderKind.REFUND)
    await tx
      .update(refund)
      .set({ notifyStatus: newest })
      .where(and(eq(refund.merchantId, order.merchantId), eq(refund.id, order.orderId)));
  else if (order.orderKind === CallbackOrderKind.PAYOUT)
    await tx
      .update(payout)
      .set({ notifyStatus: newest })
      .where(and(eq(payout.merchantId, order.merchantId), eq(payout.id, order.orderId)));
}

/**
 * Takes up to `limit` due pending rows (FOR UPDATE SKIP LOCKED) and moves their next_attempt_at to `leaseUntil`, in
 * one statement; answers their ids.
 */
export async function leaseDueDeliveries(db: DbLike, now: Date, leaseUntil: Date, limit: number): Promise<number[]> {
  const claimed = await db.execute<{ id: string | number }>(sql`
    with due as (
      select id from callback_delivery
      where status = ${NotifyStatus.PENDING} and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update callback_delivery d set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz, updated_at = now()
    from due where d.id = due.id
    returning d.id`);
  return claimed.rows.map(({ id }) => Number(id));
}

/** Logs one attempt, numbered after the delivery's last one. */
export async function insertAttempt(tx: DbLike, row: DeliveryRow, o: AttemptOutcome, trigger: CallbackTriggerValue): Promise<void> {
  await tx.insert(callbackAttempt).values({
    deliveryId: row.id,
    merchantId: row.merchantId,
    attemptNo: sql`(select coalesce(max(${callbackAttempt.attemptNo}), 0) + 1 from ${callbackAttempt} where ${callbackAttempt.deliveryId} = ${row.id})`,
    url: o.url,
    requestHeaders: o.requestHeaders,
    requestBody: o.requestBody,
    responseStatus: o.responseStatus,
    responseExcerpt: o.responseExcerpt,
    error: o.error,
    latencyMs: o.latencyMs,
    trigger,
    createdAt: o.at,
  });
}

/** After an automatic attempt, only while the row is still pending under our lease; true when it moved. */
export async function moveLeasedDelivery(
  tx: DbLike,
  id: number,
  leaseUntil: Date,
  v: { status: NotifyStatusValue; attempts: number; nextAttemptAt: Date; lastResponseStatus: number | null },
): Promise<boolean> {
  const moved = await tx
    .update(callbackDelivery)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(callbackDelivery.id, id), eq(callbackDelivery.status, NotifyStatus.PENDING), eq(callbackDelivery.nextAttemptAt, leaseUntil)))
    .returning({ id: callbackDelivery.id });
  return moved.length > 0;
}

export async function lockDelivery(tx: DbLike, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await tx.select().from(callbackDelivery).where(eq(callbackDelivery.id, id)).for('update');
  return row;
}

/** A failed delivery back to pending, leased until `leaseUntil` (a manual resend is under way). */
export async function reopenDelivery(tx: DbLike, id: number, leaseUntil: Date): Promise<void> {
  await tx
    .update(callbackDelivery)
    .set({ status: NotifyStatus.PENDING, nextAttemptAt: leaseUntil, updatedAt: new Date() })
    .where(eq(callbackDelivery.id, id));
}

/** A pending delivery answered with a 2xx: notified. */
export async function notifyPendingDelivery(tx: DbLike, id: number, lastResponseStatus: number | null): Promise<void> {
  await tx
    .update(callbackDelivery)
    .set({ status: NotifyStatus.NOTIFIED, lastResponseStatus, updatedAt: new Date() })
    .where(and(eq(callbackDelivery.id, id), eq(callbackDelivery.status, NotifyStatus.PENDING)));
}

/** A reopened delivery whose manual attempt failed: failed again, if still pending under that lease. */
export async function failLeasedDelivery(tx: DbLike, id: number, leaseUntil: Date, lastResponseStatus: number | null): Promise<void> {
  await tx
    .update(callbackDelivery)
    .set({ status: NotifyStatus.FAILED, lastResponseStatus, updatedAt: new Date() })
    .where(and(eq(callbackDelivery.id, id), eq(callbackDelivery.status, NotifyStatus.PENDING), eq(callbackDelivery.nextAttemptAt, leaseUntil)));
}

export async function noteResponseStatus(tx: DbLike, id: number, lastResponseStatus: number | null): Promise<void> {
  await tx.update(callbackDelivery).set({ lastResponseStatus, updatedAt: new Date() }).where(eq(callbackDelivery.id, id));
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Webhook secret (sealed)                                                                                       */

/**
 * The merchant's sealed secret (null: none yet) and the one before its last roll with the end of its grace;
 * undefined for an unknown merchant.
 */
export async function sealedWebhookSecret(
  db: DbLike,
  merchantId: number,
): Promise<{ sealed: string | null; previousSealed: string | null; previousUntil: Date | null } | undefined> {
  const [row] = await db
    .select({ sealed: merchant.webhookSecretSealed, previousSealed: merchant.webhookSecretPreviousSealed, previousUntil: merchant.webhookSecretPreviousUntil })
    .from(merchant)
    .where(eq(merchant.id, merchantId));
  return row;
}

/** Writes the secret only where none is set yet; true when this call wrote it. */
export async function setWebhookSecretIfEmpty(db: DbLike, merchantId: number, sealed: string): Promise<boolean> {
  const written = await db
    .update(merchant)
    .set({ webhookSecretSealed: sealed })
    .where(and(eq(merchant.id, merchantId), isNull(merchant.webhookSecretSealed)))
    .returning({ id: merchant.id });
  return written.length > 0;
}

/** Replaces the secret, keeping the current one as the previous until `previousUntil`; false for an unknown merchant. */
export async function setWebhookSecret(db: DbLike, merchantId: number, sealed: string, previousUntil: Date): Promise<boolean> {
  const written = await db
    .update(merchant)
    // The right-hand side reads the row as it was: the current secret becomes the previous one.
    .set({ webhookSecretPreviousSealed: sql`${merchant.webhookSecretSealed}`, webhookSecretPreviousUntil: previousUntil, webhookSecretSealed: sealed })
    .where(eq(merchant.id, merchantId))
    .returning({ id: merchant.id });
  return written.length > 0;
}

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
    .where(and(eq(callbackAttempt.merchantId, merchantId), sql`${callbackAttempt.createdAt} >= ${since.toISOString()}::timestamptz`))
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
      where a.merchant_id = ${merchantId} and a.created_at >= ${since.toISOString()}::timestamptz
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
    where a.created_at >= ${q.since.toISOString()}::timestamptz
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
