/**
 * Refunds of collections (issue 4). One transaction with the collection row locked, so concurrent refunds can never
 * exceed what arrived. Money: while the collection's settlement batch is pending, the refund is taken from pending
 * (up to the batch's remaining net, which shrinks by as much), the rest from available; after settlement, all from
 * available. The ledger's CHECK refuses a negative balance: INSUFFICIENT_BALANCE (422), nothing written.
 * Sandbox refunds complete at once (returned_success) and report refund.succeeded to the merchant.
 */
import {
  CallbackEvent,
  CallbackOrderKind,
  ID_PREFIX,
  MERCHANT_REFUND_ID_PATTERN,
  NotifyStatus,
  PAYMENT_STATUS,
  PaymentStatus,
  REFUND_REASON_MAX_LENGTH,
  REFUND_WAY,
  RefundFundStatus,
  RefundType,
  SettlementStatus,
  refundableMinor,
  toMajorString,
  type CurrencyCode,
  type PaymentStatusValue,
  type RefundWayValue,
} from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { validateAmount } from '../../lib/amounts';
import { fieldError } from '../../lib/errors';
import { newBusinessId } from '../../lib/ids';
import { KeyedError } from '../../lib/admin';
import { checkLowBalance, type LowBalanceNotifier } from '../balances/limit';
import { callbackUrlOf, enqueueCallback } from '../callbacks/outbox';
import { pgErrorCode, postTransfer, refundSplit } from '../ledger/service';
import { pendingBatchNet } from '../settlements/service';
import {
  getRefund,
  getRefundByMerchantRefundId,
  insertRefund,
  lockCollection,
  lockSettlementBatch,
  merchantCallbackUrls,
  setCollectionRefunded,
  takeFromBatch,
  toRefundRecord,
  type RefundRow,
} from './queries';

export { getRefund, getRefundByMerchantRefundId, type RefundRow };

const PG_UNIQUE_VIOLATION = '23505';

const duplicateRefundId = (merchantRefundId: string) =>
  new KeyedError('CONFLICT', 'refunds.duplicateMerchantRefundId', { merchantRefundId });

/** The refund as the open API and callbacks show it: the dashboard's refund record without the merchant order id. */
export function refundView(row: RefundRow): Record<string, unknown> {
  const { merchantOrderId: _merchantOrderId, ...view } = toRefundRecord(row, null);
  return view;
}

export interface CreateRefundArgs {
  merchantId: number;
  collectionId: string;
  amount: bigint;
  refundWay: RefundWayValue;
  reason: string;
  merchantRefundId?: string | null;
  createdBy: string;
  now?: Date;
  /** App mailer and logger for the low-balance e-mail; without it the e-mail only lands in the mail outbox. */
  notifier?: LowBalanceNotifier;
}

export async function createRefund(db: DbLike, args: CreateRefundArgs): Promise<RefundRow> {
  const now = args.now ?? new Date();
  validateAmount(args.amount);
  if (!REFUND_WAY.isValue(args.refundWay)) throw fieldError('refundWay', 'refunds.refundWayInvalid');
  const reason = typeof args.reason === 'string' ? args.reason.trim() : '';
  if (reason === '') throw fieldError('reason', 'refunds.reasonRequired');
  if (reason.length > REFUND_REASON_MAX_LENGTH) {
    throw fieldError('reason', 'collections.tooLong', { params: { max: REFUND_REASON_MAX_LENGTH } });
  }
  const merchantRefundId = args.merchantRefundId?.trim() || null;
  if (merchantRefundId != null && !MERCHANT_REFUND_ID_PATTERN.test(merchantRefundId)) {
    throw fieldError('merchantRefundId', 'refunds.merchantRefundIdInvalid');
  }

  let created: RefundRow;
  try {
    created = await db.transaction(async (tx) => {
      const col = await lockCollection(tx, args.merchantId, args.collectionId);
      if (!col) throw new KeyedError('NOT_FOUND', 'collections.notFound');
      if (merchantRefundId != null && (await getRefundByMerchantRefundId(tx, args.merchantId, merchantRefundId))) {
        throw duplicateRefundId(merchantRefundId);
      }
      if (col.status !== PaymentStatus.SUCCESS && col.status !== PaymentStatus.PARTIAL) {
        throw new KeyedError('BUSINESS_RULE', 'refunds.notRefundable', { status: col.status });
      }
      const currency = col.currency as CurrencyCode;
      const refundable = refundableMinor(col);
      if (args.amount > refundable) {
        throw new KeyedError('BUSINESS_RULE', 'refunds.amountExceedsRefundable', {
          refundable: toMajorString(refundable, currency),
          currency,
        });
      }
      const id = newBusinessId(ID_PREFIX.REFUND, now);
      const full = args.amount === refundable;

      // Lock order: collection, settlement batch, ledger accounts (as markCollectionPaid and the settlement run).
      let fromPending = 0n;
      if (col.settlementId) {
        const batch = await lockSettlementBatch(tx, col.merchantId, col.settlementId);
        // What the batch holds now; a payment still joining it is not counted, so the refund never takes more from
        // pending than the batch will settle with.
        const net = batch && batch.status === SettlementStatus.PENDING ? await pendingBatchNet(tx, batch) : 0n;
        if (batch && net > 0n) {
          fromPending = args.amount < net ? args.amount : net;
          await takeFromBatch(tx, batch, fromPending);
        }
      }
      await postTransfer(
        tx,
        refundSplit({
          merchantId: col.merchantId,
          currency,
          reference: id,
          idempotencyKey: `refund:${id}`,
          fromPending,
          fromAvailable: args.amount - fromPending,
        }),
      );

      const refundedAmount = col.refundedAmount + args.amount;
      const fullyRefunded = refundedAmount === (col.paidAmount ?? col.amount);
      if (fullyRefunded) PAYMENT_STATUS.assertTransition(col.status as PaymentStatusValue, PaymentStatus.REFUNDED);
      await setCollectionRefunded(tx, col, refundedAmount, fullyRefunded ? PaymentStatus.REFUNDED : col.status, now);

      const m = await merchantCallbackUrls(tx, col.merchantId);
      const url = callbackUrlOf(col, m);
      const row = await insertRefund(tx, {
          id,
          merchantId: col.merchantId,
          collectionId: col.id,
          merchantRefundId,
          currency,
          refundType: full ? RefundType.FULL : RefundType.PARTIAL,
          refundWay: args.refundWay,
          requestedAmount: args.amount,
          actualAmount: args.amount,
          reason,
          status: RefundFundStatus.RETURNED_SUCCESS,
          notifyStatus: url ? NotifyStatus.PENDING : null,
          createdBy: args.createdBy,
          createdAt: now,
          updatedAt: now,
        completedAt: now,
      });
      await enqueueCallback(tx, {
        merchantId: col.merchantId,
        eventType: CallbackEvent.REFUND_SUCCEEDED,
        orderKind: CallbackOrderKind.REFUND,
        orderId: id,
        url,
        data: { ...refundView(row), merchantOrderId: col.merchantOrderId },
        now,
      });
      return row;
    });
  } catch (e) {
    const { code, constraint } = pgErrorCode(e);
    if (code === PG_UNIQUE_VIOLATION && constraint === 'refund_merchant_refund_uq' && merchantRefundId != null) {
      throw duplicateRefundId(merchantRefundId);
    }
    throw e;
  }
  try {
    await checkLowBalance(db, args.notifier ?? null, created.merchantId, created.currency as CurrencyCode, now);
  } catch (err) {
    // The refund is committed; a failing notice must not turn it into an error for the caller.
    args.notifier?.log.error({ err, refundId: created.id }, 'low-balance check failed');
  }
  return created;
}
