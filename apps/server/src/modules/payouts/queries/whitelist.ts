/**
 * SQL of the crypto whitelist as payouts read it (issue 13, issue 39): the live address a payout may go to, which of
 * a job's payouts still have theirs, and the payouts not yet sent to an address being deleted. Every value is a bound
 * parameter.
 */
import { PayoutStatus } from '@mg/domain';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbLike } from '../../../db/pool';
import { cryptoAddress, payout } from '../../../db/schema';
import type { PayoutRow } from './index';

export type CryptoAddressRow = typeof cryptoAddress.$inferSelect;

/**
 * A live address of the merchant on a network (the payout's whitelist check). `share`: held until the caller's
 * transaction ends, so a delete waits for the payout that checked it (and the payout never goes to a deleted address).
 */
export async function selectLiveAddress(db: DbLike, merchantId: number, network: string, address: string, share = false): Promise<CryptoAddressRow | undefined> {
  const q = db
    .select()
    .from(cryptoAddress)
    .where(and(eq(cryptoAddress.merchantId, merchantId), eq(cryptoAddress.network, network), eq(cryptoAddress.address, address), isNull(cryptoAddress.deletedAt)))
    .limit(1);
  const [row] = share ? await q.for('share') : await q;
  return row;
}

/** Of the given (merchant, network, address) keys, those with a live address usable at `now`, as `m:network:address`. */
export async function selectUsableAddressKeys(db: DbLike, keys: readonly { merchantId: number; network: string; address: string }[], now: Date): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const body = JSON.stringify(keys.map((k) => ({ m: k.merchantId, n: k.network, a: k.address })));
  const res = await db.execute<{ merchant_id: number; network: string; address: string }>(sql`
    select c.merchant_id, c.network, c.address from ${cryptoAddress} c
    join json_to_recordset(${body}::json) as k(m integer, n text, a text) on c.merchant_id = k.m and c.network = k.n and c.address = k.a
    where c.deleted_at is null and c.usable_at <= ${now.toISOString()}::timestamptz`);
  return new Set(res.rows.map((r) => `${r.merchant_id}:${r.network}:${r.address}`));
}

/**
 * The merchant's payouts to a destination that are not yet sent (waiting for review, or approved and not handed to
 * the channel), locked in id order. Waits for a payout another transaction holds (an approval under way) and reads
 * it as that transaction left it.
 */
export function lockUnsentTo(tx: DbLike, merchantId: number, bankCode: string, accountNumber: string): Promise<PayoutRow[]> {
  return tx
    .select()
    .from(payout)
    .where(
      and(
        eq(payout.merchantId, merchantId),
        eq(payout.bankCode, bankCode),
        eq(payout.accountNumber, accountNumber),
        or(eq(payout.status, PayoutStatus.PENDING_REVIEW), and(eq(payout.status, PayoutStatus.PROCESSING), isNull(payout.sentAt))),
      ),
    )
    .orderBy(asc(payout.id))
    .for('update');
}
