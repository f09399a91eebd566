/** Reads of one payout by the merchant's ids (open API), without the dashboard's request scope. */
import type { DbLike } from '../../db/pool';
import { selectPayout, selectPayoutByOrderId, type PayoutRow } from './queries';

export async function getPayout(db: DbLike, merchantId: number, id: string): Promise<PayoutRow | null> {
  return (await selectPayout(db, merchantId, id)) ?? null;
}

export async function getPayoutByOrderId(db: DbLike, merchantId: number, merchantOrderId: string): Promise<PayoutRow | null> {
  return (await selectPayoutByOrderId(db, merchantId, merchantOrderId)) ?? null;
}
