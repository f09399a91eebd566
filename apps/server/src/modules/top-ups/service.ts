/**
 * Top-ups (issue 12): the merchant funds its balance with a payment it makes through the cashier, like a collection
 * (the same products and amount limits). Paid: one ledger transfer clearing -> available (amount - fee) and fee
 * revenue (fee), written with the status change; no pending, no settlement. The fee comes from the fee rules of
 * payment type 20 (none by default). Failed, cancelled or expired: nothing moves. Paid and failed send the
 * `top_up.*` callbacks to the merchant's collection callback address, written in the same transaction.
 */
import {
  ApiKeyMode,
  CallbackEvent,
  CallbackOrderKind,
  CollectionFailureReason,
  ID_PREFIX,
  PaymentStatus,
  PaymentType,
  TOP_UP_EXPIRY_BATCH,
  TOP_UP_EXPIRY_MINUTES,
  type CallbackEventValue,
  type CollectionFailureReasonValue,
  type CurrencyCode,
} from '@mg/domain';
import type { Db, DbLike } from '../../db/pool';
import { KeyedError } from '../../lib/admin';
import { validateAmount } from '../../lib/amounts';
import { newBusinessId, newToken } from '../../lib/ids';
import { pickProduct } from '../collections/service';
import { channelAdapterFor } from '../channels/sandbox';
import { quoteFee } from '../fees/service';
import { postTransfer, topUp } from '../ledger/service';
import { writeCallback } from '../callbacks/outbox';
import { closeExpiredTopUps, insertTopUp, lockTopUp, selectTopUpByToken, selectTopUpCallbackUrl, toTopUpRecord, updateTopUp, type TopUpRow } from './queries';

const MINUTE_MS = 60_000;

export interface CreateTopUpInput {
  merchantId: number;
  currency: CurrencyCode;
  amount: bigint;
  paymentType: number;
  createdBy: string;
  now?: Date;
}

export async function createTopUp(db: DbLike, input: CreateTopUpInput): Promise<TopUpRow> {
  validateAmount(input.amount);
  const now = input.now ?? new Date();
  const product = await pickProduct(db, { currency: input.currency, paymentType: input.paymentType, channel: null, amount: input.amount });
  const fee = await quoteFee(db, { merchantId: input.merchantId, currency: input.currency, paymentType: PaymentType.MERCHANT_TOP_UP, amount: input.amount });
  const id = newBusinessId(ID_PREFIX.TOP_UP, now);
  const expiresAt = new Date(now.getTime() + TOP_UP_EXPIRY_MINUTES * MINUTE_MS);
  // The channel gives what the merchant pays to (a VA number, a QR payload, a store code), as it does for a
  // collection, and the cashier shows it. A top-up is paid on the sandbox cashier (its view is a sandbox one). Not for
  // crypto: no deposit address of a top-up is watched by the chain job (it pays collections), so none is shown.
  const channel = input.paymentType === PaymentType.CRYPTO ? null : await channelAdapterFor(product.channel, ApiKeyMode.SANDBOX).createCollection({
    id,
    merchantId: input.merchantId,
    currency: input.currency,
    paymentType: input.paymentType,
    channel: product.channel,
    amount: input.amount,
    expiresAt,
  });
  return insertTopUp(db, {
    id,
    merchantId: input.merchantId,
    currency: input.currency,
    amount: input.amount,
    fee: fee.total,
    paymentType: input.paymentType,
    channel: product.channel,
    paymentCode: channel?.paymentCode ?? null,
    channelReference: channel?.channelReference ?? null,
    status: PaymentStatus.PENDING,
    cashierToken: newToken(),
    expiresAt,
    createdBy: input.createdBy,
    createdAt: now,
  });
}

export function getTopUpByToken(db: DbLike, token: string): Promise<TopUpRow | undefined> {
  return selectTopUpByToken(db, token);
}

const isPastExpiry = (row: TopUpRow, now: Date) => row.expiresAt.getTime() <= now.getTime();

/**
 * Ends a pending top-up: paid (the money moves in the same transaction), failed or closed. Paid again answers it
 * unchanged (a double click); anything else on a finished or expired top-up is a 422 the cashier page shows.
 */
export async function finishTopUp(
  db: Db,
  args: { merchantId: number; id: string; outcome: 'paid' | 'failed' | 'closed'; failureReason?: CollectionFailureReasonValue; now?: Date; publicUrl?: string },
): Promise<TopUpRow> {
  const now = args.now ?? new Date();
  return db.transaction(async (tx) => {
    const row = await lockTopUp(tx, args.merchantId, args.id);
    if (!row) throw new KeyedError('NOT_FOUND', 'top-ups.notFound');
    if (row.status === PaymentStatus.SUCCESS && args.outcome === 'paid') return row;
    if (row.status === PaymentStatus.CLOSED && args.outcome === 'closed') return row;
    if (row.status !== PaymentStatus.PENDING) throw new KeyedError('BUSINESS_RULE', row.status === PaymentStatus.SUCCESS ? 'cashier.alreadyPaid' : 'cashier.notPayable');
    if (args.outcome !== 'closed' && isPastExpiry(row, now)) throw new KeyedError('BUSINESS_RULE', 'cashier.expired');
    if (args.outcome === 'closed') return updateTopUp(tx, row.merchantId, row.id, { status: PaymentStatus.CLOSED });
    const notify = async (ended: TopUpRow, eventType: CallbackEventValue) =>
      writeCallback(tx, {
        merchantId: ended.merchantId,
        eventType,
        orderKind: CallbackOrderKind.TOP_UP,
        orderId: ended.id,
        url: await selectTopUpCallbackUrl(tx, ended.merchantId),
        data: toTopUpRecord(ended, args.publicUrl ?? ''),
        now,
      });
    if (args.outcome === 'failed') {
      const failed = await updateTopUp(tx, row.merchantId, row.id, { status: PaymentStatus.FAILED, failureReason: args.failureReason ?? CollectionFailureReason.PAYER_DECLINED });
      await notify(failed, CallbackEvent.TOP_UP_FAILED);
      return failed;
    }
    const paid = await updateTopUp(tx, row.merchantId, row.id, { status: PaymentStatus.SUCCESS, paidAt: now });
    await notify(paid, CallbackEvent.TOP_UP_SUCCEEDED);
    // The balance rows are locked last, just before the commit.
    await postTransfer(
      tx,
      topUp({ merchantId: row.merchantId, currency: row.currency as CurrencyCode, reference: row.id, idempotencyKey: `top_up:${row.id}`, amount: row.amount, fee: row.fee }),
    );
    return paid;
  });
}

/** The expiry job: open top-ups past their deadline are closed. */
export function expireDueTopUps(db: DbLike, now: Date = new Date()): Promise<number> {
  return closeExpiredTopUps(db, now, TOP_UP_EXPIRY_BATCH);
}
