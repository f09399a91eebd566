/**
 * Settlement batches (issue 4): a merchant's succeeded collections of one currency are grouped by the local date
 * they are due (T+N in the merchant's zone). A payment joins its batch without updating it (no row shared by a
 * merchant's payments is written on the payment path); the settle sums the batch's collections into gross, fee and
 * net, less the refunds it took while pending (kept on the row by the refunds), and moves the net from pending to
 * available. Invariant: a merchant's pending balance in a currency equals the sum over its pending batches of
 * (collections' paid amounts - their fees - refunds taken), which for a settled batch is its stored net.
 */
import { SETTLEMENT_DETAIL_MAX_REFUNDS, toMajorString, type CurrencyCode, type SettlementDetail } from '@mg/domain';
import type { SQL } from 'drizzle-orm';
import type { Db, DbLike } from '../../db/pool';
import { postTransfer, settle } from '../ledger/service';
import { settleDateFor } from './dates';
import type { Scope } from '../auth/scope';
import {
  batchCollectionSums,
  batchStillPending,
  batchRefunds,
  findScopedBatch,
  joinPendingBatch,
  lockBatchExclusive,
  lockNextPendingBatch,
  markSettled,
  sumBatch,
  toSettlementRecord,
  type SettlementRow,
} from './queries';

export { dueAtOf, settleDateFor } from './dates';
export { toSettlementRecord as settlementView, type SettlementRow } from './queries';

/** Batches looked at by one settlement run before it stops (the job comes back a minute later). */
const RUN_MAX_BATCHES = 10_000;
/**
 * Tries at joining the pending batch of the date. Each failed try means another transaction made progress (a
 * settlement run settled the batch, or another payment opened the next one), so a few more tries cost nothing in the
 * common case; 4 ran out once in the 8-client property test while runs settled the same date back to back.
 */
const JOIN_ATTEMPTS = 16;

/** The batch a succeeded collection joined, and what the statement recording the join must find still true. */
export interface JoinedBatch {
  id: string;
  /** The batch is still pending in that statement's snapshot; when it is not, the statement writes nothing. */
  stillPending: SQL;
}

/** The batch a payment joined was settled while the payment waited for its lock: the payment's transaction starts over. */
export class BatchSettledMeanwhile extends Error {
  constructor() {
    super('the settlement batch joined was settled meanwhile');
  }
}

/**
 * Adds a succeeded collection to the pending batch of its own business day's T+N date (called inside the
 * collection's transaction; holds the batch's lock shared until commit). When that date's batch was already settled
 * (an early manual run), a new batch of the same date opens: never a batch dated after the payment's T+N day.
 * The caller records the join with `stillPending` in the same statement, and throws `BatchSettledMeanwhile` when
 * that statement wrote nothing; `retryWhileBatchSettled` then runs its transaction again.
 */
export async function addToSettlementBatch(
  tx: DbLike,
  args: { merchantId: number; currency: CurrencyCode; paidAt: Date; settlementDays: number },
): Promise<JoinedBatch> {
  const settleDate = settleDateFor(args.paidAt, args.currency, args.settlementDays);
  for (let i = 0; i < JOIN_ATTEMPTS; i++) {
    const id = await joinPendingBatch(tx, { merchantId: args.merchantId, currency: args.currency, settleDate, createdAt: args.paidAt });
    if (id) return { id, stillPending: batchStillPending(args.merchantId, id) };
  }
  throw new Error(`no pending settlement batch of ${settleDate} could be joined`);
}

/** Runs a payment's transaction again while the batch it joined turns out settled (at most JOIN_ATTEMPTS times). */
export async function retryWhileBatchSettled<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (!(e instanceof BatchSettledMeanwhile) || attempt >= JOIN_ATTEMPTS) throw e;
    }
  }
}

/** What a pending batch holds now: its committed collections' net less the refunds it took (the refund's share). */
export async function pendingBatchNet(tx: DbLike, batch: SettlementRow): Promise<bigint> {
  return (await sumBatch(tx, batch)).netAmount;
}

/** Settles one batch in its own transaction; false when none was left to take. */
async function settleOne(db: Db, args: { now: Date; merchantId?: number; dueOnly: boolean }, amounts: Record<string, bigint>): Promise<boolean> {
  // The batch moves what its collections brought in (one paid a moment ago and still queued for the ledger's writer is
  // posted by postTransfer first).
  return db.transaction(async (tx) => {
    const batch = await lockNextPendingBatch(tx, args);
    if (!batch) return false;
    // Every payment still joining the batch commits first; then its collections are summed, all of them.
    await lockBatchExclusive(tx, batch.id);
    const totals = await sumBatch(tx, batch);
    const currency = batch.currency as CurrencyCode;
    if (totals.netAmount > 0n) {
      await postTransfer(tx, settle({ merchantId: batch.merchantId, currency, reference: batch.id, idempotencyKey: `settlement:${batch.id}`, amount: totals.netAmount }));
    }
    await markSettled(tx, batch, totals, args.now);
    amounts[currency] = (amounts[currency] ?? 0n) + totals.netAmount;
    return true;
  });
}

/**
 * Settles pending batches (due ones only when `dueOnly`): pending -> available for each batch's net, then marks it
 * settled. One transaction per batch with FOR UPDATE SKIP LOCKED, so concurrent runners share the work.
 */
export async function runSettlements(db: Db, args: { now?: Date; merchantId?: number; dueOnly: boolean }): Promise<{ settled: number; amounts: Record<string, string> }> {
  const now = args.now ?? new Date();
  const sums: Record<string, bigint> = {};
  let settled = 0;
  while (settled < RUN_MAX_BATCHES && (await settleOne(db, { ...args, now }, sums))) settled++;
  const amounts: Record<string, string> = {};
  for (const [cur, v] of Object.entries(sums)) amounts[cur] = toMajorString(v, cur as CurrencyCode);
  return { settled, amounts };
}

/**
 * One batch with what it is made of: its collections summed and the refunds taken from it while pending (the sum over
 * all of them; the first SETTLEMENT_DETAIL_MAX_REFUNDS listed). Undefined when the caller may not see it.
 */
export async function settlementDetail(db: Db, scope: Scope, id: string): Promise<SettlementDetail | undefined> {
  const batch = await findScopedBatch(db, scope, id);
  if (!batch) return undefined;
  const [sums, refunds] = await Promise.all([batchCollectionSums(db, batch), batchRefunds(db, batch, SETTLEMENT_DETAIL_MAX_REFUNDS)]);
  const money = (v: bigint) => toMajorString(v, batch.currency as CurrencyCode);
  const refundsTotal = refunds.total;
  const agrees =
    sums.count === batch.collectionCount &&
    sums.gross === batch.grossAmount &&
    sums.fee === batch.feeAmount &&
    refundsTotal === batch.refundedAmount &&
    batch.netAmount === batch.grossAmount - batch.feeAmount - batch.refundedAmount;
  return {
    batch: toSettlementRecord(batch),
    collections: { count: sums.count, gross: money(sums.gross), fee: money(sums.fee) },
    refunds: refunds.rows.map((r) => ({
      id: r.id,
      collectionId: r.collectionId,
      createdAt: r.createdAt.toISOString(),
      fromPending: money(r.fromPending),
    })),
    refundsTotal: money(refundsTotal),
    agrees,
  };
}
