/**
 * SQL of callbacks: the outbox rows (callback_delivery) and their attempts, the worker's lease and moves, the order's
 * notify_status mirror, and the merchant's sealed webhook secret (every value a bound parameter).
 */
import { CallbackOrderKind, CallbackTrigger, NotifyStatus, type CallbackTriggerValue, type NotifyStatusValue } from '@mg/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { insertMany } from '../../../db/insert-many';
import type { DbLike } from '../../../db/pool';
import { callbackAttempt, callbackDelivery, collection, merchant, payout, refund } from '../../../db/schema';
import { deliveryView, type AttemptOutcome, type DeliveryRow, type DeliveryView } from '../schemas';

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

/** What an attempt records before its request goes out: when, where to, and the request as it will be sent. */
export type AttemptStart = Pick<AttemptOutcome, 'at' | 'url' | 'requestHeaders' | 'requestBody'>;

/** The attempt's row before its answer: numbered after the delivery's last one, not answered yet. */
const startedAttempt = (deliveryId: SQL, merchantId: SQL, s: AttemptStart, trigger: CallbackTriggerValue) => sql`
  select ${deliveryId}, ${merchantId}, (select coalesce(max(a.attempt_no), 0) + 1 from ${callbackAttempt} a where a.delivery_id = ${deliveryId}),
    ${s.url}, ${JSON.stringify(s.requestHeaders)}::jsonb, ${s.requestBody}, 0, ${trigger}, false, ${s.at.toISOString()}::timestamptz`;
const ATTEMPT_COLUMNS = sql`(delivery_id, merchant_id, attempt_no, url, request_headers, request_body, latency_ms, trigger, answered, created_at)`;

/**
 * An automatic attempt recorded before its request goes out, in one statement that commits on its own: the delivery's
 * attempt counter moved on and the attempt logged as not answered yet, only while the row is still pending under our
 * lease. Answers the attempt's id and the delivery's attempts now; undefined when the row is not ours to send any
 * more (nothing was written).
 */
export async function startAutoAttempt(db: DbLike, row: DeliveryRow, leaseUntil: Date, s: AttemptStart): Promise<{ attemptId: number; attempts: number } | undefined> {
  const res = await db.execute<{ id: string | number; attempts: number }>(sql`
    with d as (
      update ${callbackDelivery} set attempts = attempts + 1, updated_at = now()
      where id = ${row.id} and status = ${NotifyStatus.PENDING} and next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      returning id, merchant_id, attempts
    )
    insert into ${callbackAttempt} ${ATTEMPT_COLUMNS} ${startedAttempt(sql`d.id`, sql`d.merchant_id`, s, CallbackTrigger.AUTO)} from d
    returning id, (select attempts from d) as attempts`);
  const r = res.rows[0];
  return r ? { attemptId: Number(r.id), attempts: Number(r.attempts) } : undefined;
}

/** A manual attempt (a resend) recorded before its request goes out; the automatic counter is not the resend's. */
export async function startManualAttempt(db: DbLike, row: DeliveryRow, s: AttemptStart): Promise<number> {
  const res = await db.execute<{ id: string | number }>(sql`
    insert into ${callbackAttempt} ${ATTEMPT_COLUMNS} ${startedAttempt(sql`${row.id}::bigint`, sql`${row.merchantId}::integer`, s, CallbackTrigger.MANUAL)}
    returning id`);
  const id = res.rows[0]?.id;
  if (id === undefined) throw new Error('callback attempt not recorded');
  return Number(id);
}

/** What an attempt's answer sets on its row. */
const answerOf = (o: AttemptOutcome) => ({ responseStatus: o.responseStatus, responseExcerpt: o.responseExcerpt, error: o.error, latencyMs: o.latencyMs, answered: true });

/** A started attempt's answer (or the error that stopped it). */
export async function completeAttempt(tx: DbLike, attemptId: number, o: AttemptOutcome): Promise<void> {
  await tx.update(callbackAttempt).set(answerOf(o)).where(eq(callbackAttempt.id, attemptId));
}

/**
 * After an automatic attempt, in one statement: its answer on its row, and the delivery moved (notified, the next
 * retry, failed) only while it is still pending under our lease (a manual resend may have notified it meanwhile).
 * True when the delivery moved.
 */
export async function completeAutoAttempt(
  db: DbLike,
  attemptId: number,
  o: AttemptOutcome,
  d: { id: number; leaseUntil: Date; status: NotifyStatusValue; nextAttemptAt: Date },
): Promise<boolean> {
  const a = answerOf(o);
  const res = await db.execute<{ id: string | number }>(sql`
    with answered as (
      update ${callbackAttempt} set response_status = ${a.responseStatus}, response_excerpt = ${a.responseExcerpt}, error = ${a.error},
        latency_ms = ${a.latencyMs}, answered = true
      where id = ${attemptId}
    )
    update ${callbackDelivery} set status = ${d.status}, next_attempt_at = ${d.nextAttemptAt.toISOString()}::timestamptz,
      last_response_status = ${o.responseStatus}, updated_at = now()
    where id = ${d.id} and status = ${NotifyStatus.PENDING} and next_attempt_at = ${d.leaseUntil.toISOString()}::timestamptz
    returning id`);
  return res.rows.length > 0;
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

export * from './endpoints';
