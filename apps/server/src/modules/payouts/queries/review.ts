/**
 * SQL of a reviewer's queue (issue 40): what waits for the caller's review in the session currency, counted and
 * listed under the same conditions (a batch is one decision: its payouts are reviewed with it), and what a batch's
 * payouts still waiting pay and cost, for its review's confirmation. Every value is a bound parameter.
 */
import { PayoutBatchStatus, PayoutStatus } from '@mg/domain';
import { and, asc, count, eq, isNull, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbLike } from '../../../db/pool';
import { payout, payoutBatch } from '../../../db/schema';
import { ownScope, scopeWhere, sessionCurrency } from '../../auth/scope';
import type { PayoutBatchRow } from './index';

/** Rows of `t` pending review in the caller's scope and session currency that someone other than `username` made. */
function waitingFor(req: FastifyRequest, username: string, t: { merchantId: AnyColumn; status: AnyColumn; createdBy: AnyColumn; currency: AnyColumn }, pending: string): SQL | undefined {
  const currency = sessionCurrency(req);
  return and(scopeWhere(t.merchantId, ownScope(req)), eq(t.status, pending), ne(t.createdBy, username), currency ? eq(t.currency, currency) : undefined);
}

/** The singles and batches waiting for this user's review (see countWaitingForReview). */
function waitingQueries(req: FastifyRequest, username: string) {
  const singles = and(waitingFor(req, username, payout, PayoutStatus.PENDING_REVIEW), isNull(payout.batchId));
  const batches = waitingFor(req, username, payoutBatch, PayoutBatchStatus.PENDING_REVIEW);
  return { singles, batches };
}

/**
 * What waits for this user's review in the session currency: single payouts and batches pending review that someone
 * else made (maker-checker: their own are not theirs to review). A batch counts once: its payouts are reviewed with
 * it, so `total` is the number of decisions, the length of the queue (selectReviewQueue).
 */
export async function countWaitingForReview(db: DbLike, req: FastifyRequest, username: string): Promise<{ payouts: number; batches: number; total: number }> {
  const w = waitingQueries(req, username);
  const [p] = await db.select({ n: count() }).from(payout).where(w.singles);
  const [b] = await db.select({ n: count() }).from(payoutBatch).where(w.batches);
  const payouts = p?.n ?? 0;
  const batches = b?.n ?? 0;
  return { payouts, batches, total: payouts + batches };
}

/** One decision of a reviewer's queue: a single payout, or a batch as one (its payouts counted, not listed). */
export interface ReviewQueueRow {
  kind: 'payout' | 'batch';
  id: string;
  merchantId: number;
  currency: string;
  count: number;
  amount: bigint;
  fee: bigint;
  /** The payee's name (a payout) or the file's (a batch). */
  name: string;
  bankCode: string | null;
  accountNumber: string | null;
  createdBy: string;
  createdAt: Date;
}

/**
 * The queue behind countWaitingForReview, oldest first (the first to expire), a page of it: the same conditions, so
 * its length is the count the reviewer was shown.
 */
export async function selectReviewQueue(db: DbLike, req: FastifyRequest, username: string, page: { limit: number; offset: number }): Promise<ReviewQueueRow[]> {
  const w = waitingQueries(req, username);
  const { rows } = await db.execute<{ kind: string; id: string; merchant_id: number; currency: string; count: number; amount: string; fee: string; name: string; bank_code: string | null; account_number: string | null; created_by: string; created_at: string | Date }>(sql`
    select 'payout' as kind, ${payout.id} as id, ${payout.merchantId} as merchant_id, ${payout.currency} as currency, 1 as count,
           ${payout.amount}::text as amount, ${payout.fee}::text as fee, ${payout.accountName} as name, ${payout.bankCode} as bank_code,
           ${payout.accountNumber} as account_number, ${payout.createdBy} as created_by, ${payout.createdAt} as created_at
      from ${payout} where ${w.singles ?? sql`true`}
    union all
    select 'batch', ${payoutBatch.id}, ${payoutBatch.merchantId}, ${payoutBatch.currency}, ${payoutBatch.rowCount},
           ${payoutBatch.totalAmount}::text, ${payoutBatch.totalFee}::text, ${payoutBatch.fileName}, null, null, ${payoutBatch.createdBy}, ${payoutBatch.createdAt}
      from ${payoutBatch} where ${w.batches ?? sql`true`}
    order by created_at asc, id asc
    limit ${page.limit} offset ${page.offset}`);
  return rows.map((r) => ({
    kind: r.kind === 'batch' ? 'batch' : 'payout',
    id: r.id,
    merchantId: Number(r.merchant_id),
    currency: r.currency,
    count: Number(r.count),
    amount: BigInt(r.amount),
    fee: BigInt(r.fee),
    name: r.name,
    bankCode: r.bank_code,
    accountNumber: r.account_number,
    createdBy: r.created_by,
    createdAt: new Date(r.created_at),
  }));
}

/** What a batch's payouts still waiting for review pay and cost, how many destinations they go to, and the first. */
export async function selectBatchPendingTotals(
  db: DbLike,
  b: Pick<PayoutBatchRow, 'merchantId' | 'id'>,
): Promise<{ count: number; amount: bigint; fee: bigint; payees: number; first: { bankCode: string; accountNumber: string; accountName: string } | null }> {
  const pending = and(eq(payout.merchantId, b.merchantId), eq(payout.batchId, b.id), eq(payout.status, PayoutStatus.PENDING_REVIEW));
  const [t] = await db
    .select({
      count: count(),
      amount: sql<string>`coalesce(sum(${payout.amount}), 0)::text`,
      fee: sql<string>`coalesce(sum(${payout.fee}), 0)::text`,
      payees: sql<number>`count(distinct (${payout.bankCode}, ${payout.accountNumber}))::int`,
    })
    .from(payout)
    .where(pending);
  const [first] = await db.select({ bankCode: payout.bankCode, accountNumber: payout.accountNumber, accountName: payout.accountName }).from(payout).where(pending).orderBy(asc(payout.batchRow)).limit(1);
  return { count: t?.count ?? 0, amount: BigInt(t?.amount ?? '0'), fee: BigInt(t?.fee ?? '0'), payees: Number(t?.payees ?? 0), first: first ?? null };
}
