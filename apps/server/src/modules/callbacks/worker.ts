/**
 * Callback delivery. No database transaction is held open during an HTTP call:
 *   1. claim: one short statement takes due pending rows (`next_attempt_at <= now`) with FOR UPDATE SKIP LOCKED and
 *      moves their next_attempt_at CALLBACK_LEASE_S ahead (the lease), so a concurrent run (this or another
 *      instance) neither waits for them nor sees them as due;
 *   2. record the attempt: one statement, committed before the request goes out, counts it on the delivery and logs
 *      it as sent with no answer yet, only while the row still holds our lease (issue 39);
 *   3. send: resolve and check the target (./guard.ts), POST the stored body byte for byte, signed (./signature.ts);
 *   4. complete: one statement writes the answer on the attempt and moves the delivery (notified / next retry / failed)
 *      if it still holds our lease; when it ended, the order's notify_status follows in the same transaction.
 * A worker that dies between 2 and 4 leaves the attempt counted with its outcome unknown (`answered` false) and the
 * row due again when the lease runs out: the next attempt is counted after it, with the same webhook-id. Delivery is
 * at least once; receivers deduplicate by webhook-id, which never changes for one event (docs/open-api.md).
 */
import {
  CALLBACK_BATCH_LIMIT,
  CALLBACK_LEASE_S,
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_RETRY_DELAYS_S,
  CALLBACK_RETRY_JITTER,
  DomainError,
  NOTIFY_STATUS,
  NotifyStatus,
  type NotifyStatusValue,
} from '@mg/domain';
import type { Db } from '../../db/pool';
import {
  completeAttempt,
  completeAutoAttempt,
  deliveryById,
  failLeasedDelivery,
  leaseDueDeliveries,
  parkHeldDeliveries,
  lockDelivery,
  mirrorNotifyStatus,
  noteResponseStatus,
  notifyPendingDelivery,
  reopenDelivery,
  startAutoAttempt,
  startManualAttempt,
} from './queries';
import type { AttemptOutcome, DeliveryRow } from './schemas';
import { addSeconds, clock, isSuccess, sendAttempt, type DeliverDeps } from './send';

export type { DeliverDeps } from './send';
export type { AttemptOutcome, DeliveryRow } from './schemas';

export interface DeliverResult {
  claimed: number;
  notified: number;
  retrying: number;
  failed: number;
}

/** Takes the due rows and delivers each once. Safe to run concurrently from any number of instances. */
export async function deliverDue(deps: DeliverDeps): Promise<DeliverResult> {
  const now = clock(deps.now);
  const leaseUntil = addSeconds(now, CALLBACK_LEASE_S);
  const limit = deps.limit ?? CALLBACK_BATCH_LIMIT;
  // Deliveries to a disabled endpoint are held, not sent (issue 15).
  await parkHeldDeliveries(deps.db, now);
  const claimed = await leaseDueDeliveries(deps.db, now, leaseUntil, limit);
  const result: DeliverResult = { claimed: claimed.length, notified: 0, retrying: 0, failed: 0 };
  let firstError: unknown;
  // The batch is sent in parallel, so the whole of it takes about one timeout, well inside the lease.
  await Promise.all(
    claimed.map(async (id) => {
      try {
        const row = await deliveryById(deps.db, id);
        if (!row) return;
        let started: { attemptId: number; attempts: number } | undefined;
        const outcome = await sendAttempt(deps, row, async (s) => {
          started = await startAutoAttempt(deps.db, row, leaseUntil, s);
          return started !== undefined;
        });
        if (!outcome || !started) return;
        const status = await recordAuto(deps.db, row, started, leaseUntil, outcome, clock(deps.now), deps.random ?? Math.random);
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
/* Recording                                                                                                    */

/** Delay before the next automatic attempt after `attempts` failed ones (the last delay repeats if ever needed). */
export function retryDelayS(attempts: number): number {
  const i = Math.min(Math.max(attempts, 1), CALLBACK_RETRY_DELAYS_S.length) - 1;
  return CALLBACK_RETRY_DELAYS_S[i] as number;
}

/**
 * The wait before the next automatic attempt: the schedule's, or longer when the endpoint's Retry-After asked for
 * more, moved by up to CALLBACK_RETRY_JITTER either way (`unit` in 0..1).
 */
export function nextDelayS(attempts: number, retryAfterS: number | null, unit: number): number {
  const base = Math.max(retryDelayS(attempts), retryAfterS ?? 0);
  return Math.max(1, Math.round(base * (1 + CALLBACK_RETRY_JITTER * (2 * unit - 1))));
}

/**
 * After an automatic attempt (counted when it started): notified, the next retry, or failed once CALLBACK_MAX_ATTEMPTS
 * are counted. A retry is one statement; an ending also moves the order's notify_status, in one transaction. (A last
 * attempt whose answer a crash lost is followed by one more: its outcome is unknown, and giving up on it unsent would
 * be the silent loss at-least-once rules out.)
 */
async function recordAuto(
  db: Db,
  row: DeliveryRow,
  started: { attemptId: number; attempts: number },
  leaseUntil: Date,
  o: AttemptOutcome,
  now: Date,
  random: () => number,
): Promise<NotifyStatusValue> {
  const attempts = started.attempts;
  let status: NotifyStatusValue;
  let next = now;
  if (isSuccess(o)) status = NotifyStatus.NOTIFIED;
  else if (attempts >= CALLBACK_MAX_ATTEMPTS) status = NotifyStatus.FAILED;
  else {
    status = NotifyStatus.PENDING;
    next = addSeconds(now, nextDelayS(attempts, o.retryAfterS ?? null, random()));
  }
  const move = { id: row.id, leaseUntil, status, nextAttemptAt: next };
  if (status === NotifyStatus.PENDING) {
    await completeAutoAttempt(db, started.attemptId, o, move);
    return status;
  }
  NOTIFY_STATUS.assertTransition(NotifyStatus.PENDING, status);
  await db.transaction(async (tx) => {
    // Only while we hold the lease: a manual resend may have notified it meanwhile.
    if (await completeAutoAttempt(tx, started.attemptId, o, move)) await mirrorNotifyStatus(tx, row);
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
    const row = await lockDelivery(tx, deliveryId);
    if (!row || !merchantIds.includes(row.merchantId)) throw new DomainError('NOT_FOUND');
    const reopened = row.status === NotifyStatus.FAILED;
    if (reopened) {
      NOTIFY_STATUS.assertTransition(NotifyStatus.FAILED, NotifyStatus.PENDING);
      await reopenDelivery(tx, row.id, leaseUntil);
      await mirrorNotifyStatus(tx, row);
    }
    return { row, reopened };
  });

  let attemptId = 0;
  const outcome = await sendAttempt(deps, claim.row, async (s) => {
    attemptId = await startManualAttempt(deps.db, claim.row, s);
    return true;
  });
  if (!outcome) throw new Error('a manual attempt is always sent');
  const ok = isSuccess(outcome);
  const after = await deps.db.transaction(async (tx) => {
    await completeAttempt(tx, attemptId, outcome);
    const id = claim.row.id;
    if (ok) {
      NOTIFY_STATUS.assertTransition(NotifyStatus.PENDING, NotifyStatus.NOTIFIED);
      await notifyPendingDelivery(tx, id, outcome.responseStatus);
    } else if (claim.reopened) {
      NOTIFY_STATUS.assertTransition(NotifyStatus.PENDING, NotifyStatus.FAILED);
      await failLeasedDelivery(tx, id, leaseUntil, outcome.responseStatus);
    }
    if (!ok && !claim.reopened) await noteResponseStatus(tx, id, outcome.responseStatus);
    await mirrorNotifyStatus(tx, claim.row);
    return deliveryById(tx, id);
  });
  if (!after) throw new DomainError('NOT_FOUND');
  return { row: after, outcome };
}
