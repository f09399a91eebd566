/**
 * One collection's details as the dashboard shows them (domain collectionCalls.detail): the record with its refunds,
 * the callback deliveries of it and of its refunds, its cashier link, and what is left to refund.
 */
import { CallbackOrderKind, refundableMinor, toMajorString, type CallAnswer, type collectionCalls, type CurrencyCode } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { cashierUrl } from '../../lib/cashier-url';
import { deliveriesOf } from '../callbacks/queries';
import { refundsOfCollection } from '../refunds/queries';
import { toCollectionRecord, type CollectionRow } from './queries';

export type CollectionDetail = CallAnswer<typeof collectionCalls.detail>;

export async function collectionDetail(db: DbLike, publicUrl: string, found: { c: CollectionRow; settlementStatus: string | null }): Promise<CollectionDetail> {
  const { c, settlementStatus } = found;
  const refunds = await refundsOfCollection(db, c.merchantId, c.id);
  const callbacks = await deliveriesOf(db, c.merchantId, [
    { kind: CallbackOrderKind.COLLECTION, ids: [c.id] },
    { kind: CallbackOrderKind.REFUND, ids: refunds.map((r) => r.id) },
  ]);
  return {
    ...toCollectionRecord(c, settlementStatus),
    refunds,
    callbacks,
    cashierUrl: cashierUrl(publicUrl, c.cashierToken),
    notifyUrl: c.notifyUrl,
    returnUrl: c.returnUrl,
    // Paid (else ordered) amount less what was refunded; 0 unless success or partial.
    refundable: toMajorString(refundableMinor(c), c.currency as CurrencyCode),
  };
}
