/**
 * Callback delivery. No database transaction is held open during an HTTP call:
 *   1. claim: one short statement takes due pending rows (`next_attempt_at <= now`) with FOR UPDATE SKIP LOCKED and
 *      moves their next_attempt_at CALLBACK_LEASE_S ahead (the lease), so a concurrent run (this or another
 *      instance) neither waits for them nor sees them as due;
 *   2. send: resolve and check the target (./guard.ts), POST the stored body byte for byte, signed (./signature.ts);
 *   3. record: in one short transaction, log the attempt and move the delivery (notified / next retry / failed) if
 *      it still holds our lease, and mirror the delivery's status into the order's notify_status.
 * A worker that dies between 1 and 3 leaves the row due again when the lease runs out (at-least-once delivery:
 * receivers deduplicate by webhook-id, which never changes for one event).
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  CALLBACK_BATCH_LIMIT,
  CALLBACK_LEASE_S,
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_RESPONSE_EXCERPT_CHARS,
  CALLBACK_RETRY_DELAYS_S,
  CALLBACK_TIMEOUT_MS,
  CALLBACK_USER_AGENT,
  CallbackErrorCode,
  CallbackOrderKind,
  CallbackTrigger,
  DomainError,
  NOTIFY_STATUS,
  NotifyStatus,
  type CallbackTriggerValue,
  type NotifyStatusValue,
} from '@mg/domain';
import type { Db, DbLike } from '../../db/pool';
import { callbackAttempt, callbackDelivery, collection, refund } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { SERVER_VERSION } from '../../lib/version';
import { resolveTarget, TargetRefused, type ResolvedTarget, type Resolver } from './guard';
import { getOrCreateWebhookSecret } from './secret';
import { webhookHeaders } from './signature';

export type DeliveryRow = typeof callbackDelivery.$inferSelect;

export interface DeliverDeps {
  db: Db;
  secretBox: SecretBox;
  /** ALLOW_PRIVATE_CALLBACKS: loopback and private targets allowed (local testing). */
  allowPrivate: boolean;
  /**
   * Send with this fetch instead of the built-in transport. The target is still checked, but the connection is
   * then made by fetch's own DNS lookup (no address pinning): for tests and special set-ups only.
   */
  fetchImpl?: typeof fetch;
  /** The clock (tests inject one): due rows, retry schedule and webhook-timestamp follow it. */
  now?: Date | (() => Date);
  /** Rows per run; default CALLBACK_BATCH_LIMIT. */
  limit?: number;
  /** Default CALLBACK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Host name resolution (tests); default the system resolver. */
  resolver?: Resolver;
}

export interface DeliverResult {
  claimed: number;
  notified: number;
  retrying: number;
  failed: number;
}

const clock = (now: DeliverDeps['now']): Date => (now === undefined ? new Date() : typeof now === 'function' ? now() : now);
const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

/** Takes the due rows and delivers each once. Safe to run concurrently from any number of instances. */
export async function deliverDue(deps: DeliverDeps): Promise<DeliverResult> {
  const now = clock(deps.now);
  const leaseUntil = addSeconds(now, CALLBACK_LEASE_S);
  const limit = deps.limit ?? CALLBACK_BATCH_LIMIT;
  const claimed = await deps.db.execute<{ id: string | number }>(sql`
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
  const result: DeliverResult = { claimed: claimed.rows.length, notified: 0, retrying: 0, failed: 0 };
  let firstError: unknown;
  // The batch is sent in parallel, so the whole of it takes about one timeout, well inside the lease.
  await Promise.all(
    claimed.rows.map(async ({ id }) => {
      try {
        const [row] = await deps.db.select().from(callbackDelivery).where(eq(callbackDelivery.id, Number(id)));
        if (!row) return;
        const outcome = await sendAttempt(deps, row);
        const status = await recordAuto(deps.db, row, leaseUntil, outcome, clock(deps.now));
        if (status === NotifyStatus.NOTIFIED) result.notified++;
        else if (status === NotifyStatus.FAILED) result.failed++;
        else result.retrying++;
      } catch (err) {
        // A database error on one row must not strand the others: the row is due again after the lease, and
        // the scheduler logs the error.
        firstError ??= err;
      }
    }),
  );
  if (firstError !== undefined) throw firstError;
  return result;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* One attempt                                                                                                  */

export interface AttemptOutcome {
  at: Date;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  latencyMs: number;
}

const isSuccess = (o: AttemptOutcome) => o.responseStatus !== null && o.responseStatus >= 200 && o.responseStatus < 300;

class SendError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/** Signs and sends the stored body once; never throws (every failure becomes the attempt's error). */
export async function sendAttempt(deps: DeliverDeps, row: DeliveryRow): Promise<AttemptOutcome> {
  const at = clock(deps.now);
  const body = Buffer.from(row.body, 'utf8');
  const requestHeaders: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': `${CALLBACK_USER_AGENT}/${SERVER_VERSION}`,
  };
  const outcome: AttemptOutcome = {
    at,
    url: row.url,
    requestHeaders,
    requestBody: row.body,
    responseStatus: null,
    responseExcerpt: null,
    error: null,
    latencyMs: 0,
  };
  const started = performance.now();
  try {
    let secret: string;
    try {
      secret = await getOrCreateWebhookSecret(deps.db, deps.secretBox, row.merchantId);
    } catch (err) {
      throw new SendError(CallbackErrorCode.SIGNING_FAILED, (err as Error).message);
    }
    Object.assign(requestHeaders, webhookHeaders(secret, row.eventId, at, body));
    const target = await resolveTarget(row.url, { allowPrivate: deps.allowPrivate, resolver: deps.resolver });
    const timeoutMs = deps.timeoutMs ?? CALLBACK_TIMEOUT_MS;
    const res = deps.fetchImpl
      ? await sendWithFetch(deps.fetchImpl, target, requestHeaders, body, timeoutMs)
      : await sendPinned(target, requestHeaders, body, timeoutMs);
    outcome.responseStatus = res.status;
    outcome.responseExcerpt = res.excerpt;
  } catch (err) {
    const e =
      err instanceof TargetRefused || err instanceof SendError
        ? err
        : new SendError(CallbackErrorCode.CONNECTION_FAILED, (err as Error).message ?? String(err));
    outcome.error = e.message.slice(0, 255);
  }
  outcome.latencyMs = Math.max(0, Math.round(performance.now() - started));
  return outcome;
}

const EXCERPT_MAX_BYTES = CALLBACK_RESPONSE_EXCERPT_CHARS * 4;

function excerptOf(chunks: Buffer[]): string {
  return Buffer.concat(chunks).toString('utf8').slice(0, CALLBACK_RESPONSE_EXCERPT_CHARS);
}

/** node:http(s) connecting to the checked address only; no redirects, no connection reuse. */
function sendPinned(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: Buffer,
  timeoutMs: number,
): Promise<{ status: number; excerpt: string }> {
  const lookup: LookupFunction = (_host, opts, cb) => {
    if (opts.all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const request = target.url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = request(target.url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length) },
      lookup,
      agent: false,
    });
    const timer = setTimeout(() => {
      finish(() => reject(new SendError(CallbackErrorCode.TIMEOUT, `${timeoutMs} ms`)));
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish(() => reject(new SendError(CallbackErrorCode.CONNECTION_FAILED, err.code ?? err.message))),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish(() => resolve({ status: res.statusCode ?? 0, excerpt: excerptOf(chunks) }));
      res.on('data', (chunk: Buffer) => {
        if (size < EXCERPT_MAX_BYTES) chunks.push(chunk.subarray(0, EXCERPT_MAX_BYTES - size));
        size += chunk.length;
        // Enough for the excerpt: stop reading a large answer.
        if (size >= EXCERPT_MAX_BYTES) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.end(body);
  });
}

async function sendWithFetch(
  fetchImpl: typeof fetch,
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: Buffer,
  timeoutMs: number,
): Promise<{ status: number; excerpt: string }> {
  try {
    const res = await fetchImpl(target.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, excerpt: text.slice(0, CALLBACK_RESPONSE_EXCERPT_CHARS) };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new SendError(CallbackErrorCode.TIMEOUT, `${timeoutMs} ms`);
    throw new SendError(CallbackErrorCode.CONNECTION_FAILED, e.cause?.code ?? e.message);
  }
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Recording                                                                                                    */

async function logAttempt(tx: DbLike, row: DeliveryRow, o: AttemptOutcome, trigger: CallbackTriggerValue): Promise<void> {
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
}

/** Delay before the next automatic attempt after `attempts` failed ones (the last delay repeats if ever needed). */
export function retryDelayS(attempts: number): number {
  const i = Math.min(Math.max(attempts, 1), CALLBACK_RETRY_DELAYS_S.length) - 1;
  return CALLBACK_RETRY_DELAYS_S[i] as number;
}

/** After an automatic attempt: notified, the next retry, or failed after CALLBACK_MAX_ATTEMPTS. */
async function recordAuto(
  db: Db,
  row: DeliveryRow,
  leaseUntil: Date,
  o: AttemptOutcome,
  now: Date,
): Promise<NotifyStatusValue> {
  const attempts = row.attempts + 1;
  let status: NotifyStatusValue;
  let next = now;
  if (isSuccess(o)) status = NotifyStatus.NOTIFIED;
  else if (attempts >= CALLBACK_MAX_ATTEMPTS) status = NotifyStatus.FAILED;
  else {
    status = NotifyStatus.PENDING;
    next = addSeconds(now, retryDelayS(attempts));
  }
  if (status !== NotifyStatus.PENDING) NOTIFY_STATUS.assertTransition(NotifyStatus.PENDING, status);
  await db.transaction(async (tx) => {
    await logAttempt(tx, row, o, CallbackTrigger.AUTO);
    // Only while we hold the lease: a manual resend may have notified it meanwhile.
    const moved = await tx
      .update(callbackDelivery)
      .set({ status, attempts, nextAttemptAt: next, lastResponseStatus: o.responseStatus, updatedAt: new Date() })
      .where(
        and(
          eq(callbackDelivery.id, row.id),
          eq(callbackDelivery.status, NotifyStatus.PENDING),
          eq(callbackDelivery.nextAttemptAt, leaseUntil),
        ),
      )
      .returning({ id: callbackDelivery.id });
    if (moved.length > 0) await mirrorNotifyStatus(tx, row);
  });
  return status;
}

/**
 * One immediate attempt from the dashboard (trigger manual), whatever the schedule. A failed delivery goes back to
 * pending for the attempt (failed -> pending), then to notified on a 2xx or back to failed; a pending one becomes
 * notified on a 2xx and otherwise keeps its schedule; a notified one is sent again and stays notified. The
 * automatic attempt counter (which drives the retry schedule) is not changed. 404 when the delivery is not in
 * `merchantIds`. Answers the delivery after the attempt.
 */
export async function resendDelivery(
  deps: DeliverDeps,
  deliveryId: number,
  merchantIds: readonly number[],
): Promise<{ row: DeliveryRow; outcome: AttemptOutcome }> {
  const now = clock(deps.now);
  const leaseUntil = addSeconds(now, CALLBACK_LEASE_S);
  const claim = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(callbackDelivery)
      .where(eq(callbackDelivery.id, deliveryId))
      .for('update');
    if (!row || !merchantIds.includes(row.merchantId)) throw new DomainError('NOT_FOUND');
    const reopened = row.status === NotifyStatus.FAILED;
    if (reopened) {
      NOTIFY_STATUS.assertTransition(NotifyStatus.FAILED, NotifyStatus.PENDING);
      await tx
        .update(callbackDelivery)
        .set({ status: NotifyStatus.PENDING, nextAttemptAt: leaseUntil, updatedAt: new Date() })
        .where(eq(callbackDelivery.id, row.id));
      await mirrorNotifyStatus(tx, row);
    }
    return { row, reopened };
  });

  const outcome = await sendAttempt(deps, claim.row);
  const ok = isSuccess(outcome);
  const after = await deps.db.transaction(async (tx) => {
    await logAttempt(tx, claim.row, outcome, CallbackTrigger.MANUAL);
    const id = eq(callbackDelivery.id, claim.row.id);
    const pending = eq(callbackDelivery.status, NotifyStatus.PENDING);
    if (ok) {
      NOTIFY_STATUS.assertTransition(NotifyStatus.PENDING, NotifyStatus.NOTIFIED);
      await tx
        .update(callbackDelivery)
        .set({ status: NotifyStatus.NOTIFIED, lastResponseStatus: outcome.responseStatus, updatedAt: new Date() })
        .where(and(id, pending));
    } else if (claim.reopened) {
      NOTIFY_STATUS.assertTransition(NotifyStatus.PENDING, NotifyStatus.FAILED);
      await tx
        .update(callbackDelivery)
        .set({ status: NotifyStatus.FAILED, lastResponseStatus: outcome.responseStatus, updatedAt: new Date() })
        .where(and(id, pending, eq(callbackDelivery.nextAttemptAt, leaseUntil)));
    }
    if (!ok && !claim.reopened)
      await tx
        .update(callbackDelivery)
        .set({ lastResponseStatus: outcome.responseStatus, updatedAt: new Date() })
        .where(id);
    await mirrorNotifyStatus(tx, claim.row);
    const [row] = await tx.select().from(callbackDelivery).where(id);
    return row;
  });
  if (!after) throw new DomainError('NOT_FOUND');
  return { row: after, outcome };
}

/** Deliveries of one order, newest first (used by the routes and the collection detail). */
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
