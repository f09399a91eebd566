/**
 * Settlement batches (issue 4): a merchant's succeeded collections of one currency are grouped by the local date
 * they are due (T+N in the merchant's zone). The batch carries gross, fee, refunds taken from pending and the net
 * that moves from pending to available when the job settles it. Invariant: a merchant's pending balance in a
 * currency equals the sum of the net amounts of its pending batches.
 */
import { ID_PREFIX, SettlementStatus, parseWallClock, toMajorString, wallClockParts, zoneOf, type CurrencyCode } from '@mg/domain';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db, DbLike } from '../../db/pool';
import { settlement } from '../../db/schema';
import { newBusinessId } from '../../lib/ids';
import { toSettlementRecord } from '../collections/queries';
import { postTransfer, settle } from '../ledger/service';

export type SettlementRow = typeof settlement.$inferSelect;

/** Batches looked at by one settlement run before it stops (the job comes back a minute later). */
const RUN_MAX_BATCHES = 10_000;
/** How many later dates a collection may move to when its own date's batch was already settled early. */
const MAX_DATE_SHIFT = 366;

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** Local date (YYYY-MM-DD) in the currency's zone of `paidAt`, plus `days`. */
export function settleDateFor(paidAt: Date, currency: CurrencyCode, days: number): string {
  const p = wallClockParts(paidAt, zoneOf(currency));
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 00:00 of a local date in the currency's zone. */
export function dueAtOf(settleDate: string, currency: CurrencyCode): Date {
  const d = parseWallClock(`${settleDate} 00:00:00`, zoneOf(currency));
  if (!d) throw new RangeError(`invalid settle date ${settleDate}`);
  return d;
}

function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return `${pad(next.getUTCFullYear(), 4)}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/**
 * Adds a succeeded collection to its batch (called inside the collection's transaction; locks the batch row until
 * commit). When the batch of that date was already settled (an early manual run), the collection joins the next
 * date's batch instead, so its money is never stranded in pending.
 */
export async function addToSettlementBatch(
  tx: DbLike,
  args: { merchantId: number; currency: CurrencyCode; paidAt: Date; settlementDays: number; gross: bigint; fee: bigint },
): Promise<SettlementRow> {
  const net = args.gross - args.fee;
  let date = settleDateFor(args.paidAt, args.currency, args.settlementDays);
  for (let i = 0; i <= MAX_DATE_SHIFT; i++, date = nextDate(date)) {
    const rows = await tx
      .insert(settlement)
      .values({
        id: newBusinessId(ID_PREFIX.SETTLEMENT, args.paidAt),
        merchantId: args.merchantId,
        currency: args.currency,
        settleDate: date,
        dueAt: dueAtOf(date, args.currency),
        status: SettlementStatus.PENDING,
        collectionCount: 1,
        grossAmount: args.gross,
        feeAmount: args.fee,
        netAmount: net,
      })
      .onConflictDoUpdate({
        target: [settlement.merchantId, settlement.currency, settlement.settleDate],
        set: {
          collectionCount: sql`${settlement.collectionCount} + 1`,
          grossAmount: sql`${settlement.grossAmount} + ${args.gross}`,
          feeAmount: sql`${settlement.feeAmount} + ${args.fee}`,
          netAmount: sql`${settlement.netAmount} + ${net}`,
          updatedAt: sql`now()`,
        },
        setWhere: eq(settlement.status, SettlementStatus.PENDING),
      })
      .returning();
    if (rows[0]) return rows[0];
  }
  throw new Error('no open settlement batch found');
}

/** Settles one batch in its own transaction; false when none was left to take. */
async function settleOne(
  db: Db,
  args: { now: Date; merchantId?: number; dueOnly: boolean },
  amounts: Record<string, bigint>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const conds = [eq(settlement.status, SettlementStatus.PENDING)];
    if (args.dueOnly) conds.push(lte(settlement.dueAt, args.now));
    if (args.merchantId != null) conds.push(eq(settlement.merchantId, args.merchantId));
    const [batch] = await tx
      .select()
      .from(settlement)
      .where(and(...conds))
      .orderBy(asc(settlement.dueAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!batch) return false;
    const currency = batch.currency as CurrencyCode;
    if (batch.netAmount > 0n) {
      await postTransfer(
        tx,
        settle({
          merchantId: batch.merchantId,
          currency,
          reference: batch.id,
          idempotencyKey: `settlement:${batch.id}`,
          amount: batch.netAmount,
        }),
      );
    }
    await tx
      .update(settlement)
      .set({ status: SettlementStatus.SETTLED, settledAt: args.now, updatedAt: sql`now()` })
      .where(and(eq(settlement.merchantId, batch.merchantId), eq(settlement.id, batch.id)));
    amounts[currency] = (amounts[currency] ?? 0n) + batch.netAmount;
    return true;
  });
}

/**
 * Settles pending batches (due ones only when `dueOnly`): pending -> available for each batch's net, then marks it
 * settled. One transaction per batch with FOR UPDATE SKIP LOCKED, so concurrent runners share the work.
 */
export async function runSettlements(
  db: Db,
  args: { now?: Date; merchantId?: number; dueOnly: boolean },
): Promise<{ settled: number; amounts: Record<string, string> }> {
  const now = args.now ?? new Date();
  const sums: Record<string, bigint> = {};
  let settled = 0;
  while (settled < RUN_MAX_BATCHES && (await settleOne(db, { ...args, now }, sums))) settled++;
  const amounts: Record<string, string> = {};
  for (const [cur, v] of Object.entries(sums)) amounts[cur] = toMajorString(v, cur as CurrencyCode);
  return { settled, amounts };
}

/** A batch as the dashboard and exports show it (the settlement record of the lists). */
export function settlementView(row: SettlementRow): Record<string, unknown> {
  return toSettlementRecord(row);
}
