/**
 * Collections (issue 4): the pay-in order from creation to its end state. Every status change is one transaction
 * with the collection row locked: the ledger transfer, the settlement batch and the callback outbox row are written
 * with it or not at all.
 *
 * Long file: the state machine of one order (create, pay, fail, close, expire) reads best in one place, each change
 * one transaction with its ledger transfer, settlement batch and callback; its SQL is in queries.ts.
 */
import { countPaymentOutcome } from '../../lib/metrics';
import {
  ApiKeyMode,
  COLLECTION_EXPIRY_BATCH,
  COLLECTION_EXPIRY_HOURS_DEFAULT,
  COLLECTION_EXPIRY_HOURS_MAX,
  CallbackEvent,
  CallbackOrderKind,
  CollectionFailureReason,
  ID_PREFIX,
  MERCHANT_ORDER_ID_PATTERN,
  NotifyStatus,
  PAYMENT_STATUS,
  PaymentStatus,
  SettlementStatus,
  isCollectionFailureReason,
  toMajorString,
  type ApiKeyModeValue,
  type CallbackEventValue,
  type CollectionSourceValue,
  type CurrencyCode,
  type PaymentStatusValue,
  refundableMinor,
  shownFee,
  CHANNELS,
} from '@mg/domain';
import { readConfig, type ConfigRead } from '../../db/config-cache';
import { downChannels } from '../channel-health/service';
import type { Db, DbLike } from '../../db/pool';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import {
  collectionInsert,
  expireLinks,
  insertCollection,
  lockCollectionWithMerchant,
  lockDueCollections,
  markLinkPaid,
  selectCallbackUrls,
  selectCollection,
  selectCollectionByOrderId,
  selectCollectionByToken,
  selectMerchantRow,
  selectProductsOf,
  selectSettlementStatus,
  updateCollection,
  updateCollectionWith,
  type CollectionRow,
  type MerchantRow,
  type ProductRow,
} from './queries';
import { validateAmount } from '../../lib/amounts';
import { fieldError } from '../../lib/errors';
import { cashierUrl } from '../../lib/cashier-url';
import { newBusinessId, newToken } from '../../lib/ids';
import { KeyedError } from '../../lib/admin';
import { callbackUrlOf, deliveryInsert, deliveryOf } from '../callbacks/outbox';
import type { ChannelPaymentStatus } from '../channels/adapter';
import { channelAdapterFor, sandboxPaymentResult } from '../channels/sandbox';
import { quoteFee } from '../fees/service';
import { collectionSucceeded, pgErrorCode } from '../ledger/service';
import { flushLedger, isTransaction, queuedTransfer } from '../ledger/writer';
import { addToSettlementBatch, BatchSettledMeanwhile, retryWhileBatchSettled } from '../settlements/service';

export interface CollectionDeps {
  db: DbLike;
  publicUrl: string;
  /** The open API's cached configuration reads (merchant, products, fee rule); without it they read the database. */
  config?: ConfigRead;
}
export interface CreateCollectionInput {
  merchantId: number;
  mode: ApiKeyModeValue;
  source: CollectionSourceValue;
  paymentLinkId?: string;
  merchantOrderId: string;
  amount: bigint;
  currency: CurrencyCode;
  paymentType: number;
  channel?: number | null;
  payerName?: string;
  payerEmail?: string;
  payerPhone?: string;
  orderDescription?: string;
  expiryHours?: number;
  notifyUrl?: string | null;
  returnUrl?: string | null;
  now?: Date;
}
export type { CollectionRow } from './queries';

const HOUR_MS = 3_600_000;
const PG_UNIQUE_VIOLATION = '23505';
const MERCHANT_FROZEN = 'frozen';
const MERCHANT_ACTIVE = 'active';
/** Statuses a payer can still pay from. */
const OPEN_STATUSES: PaymentStatusValue[] = [PaymentStatus.PENDING, PaymentStatus.PROCESSING, PaymentStatus.UNKNOWN];
/** Statuses that mean the money arrived (paying again answers the order unchanged). */
const PAID_STATUSES: PaymentStatusValue[] = [PaymentStatus.SUCCESS, PaymentStatus.PARTIAL, PaymentStatus.REFUNDED];

const notFound = () => new KeyedError('NOT_FOUND', 'collections.notFound');

/* ---------------------------------------------------------------------------------------------------------- */
/* Reads                                                                                                        */

export async function getCollection(db: DbLike, merchantId: number, id: string): Promise<CollectionRow | null> {
  return (await selectCollection(db, merchantId, id)) ?? null;
}

export async function getCollectionByOrderId(db: DbLike, merchantId: number, merchantOrderId: string): Promise<CollectionRow | null> {
  return (await selectCollectionByOrderId(db, merchantId, merchantOrderId)) ?? null;
}

export async function getCollectionByToken(db: DbLike, cashierToken: string): Promise<CollectionRow | null> {
  return (await selectCollectionByToken(db, cashierToken)) ?? null;
}

export { cashierUrl } from '../../lib/cashier-url';

/** What is left to refund: what arrived minus what was refunded (0 unless success / partial). */
export function refundableOf(row: CollectionRow): bigint {
  return refundableMinor(row);
}

/** The order as the open API and callbacks show it (amounts as decimal strings, ISO dates). */
export function collectionView(row: CollectionRow, publicUrl: string): Record<string, unknown> {
  const c = row.currency as CurrencyCode;
  const money = (v: bigint | null) => (v == null ? null : toMajorString(v, c));
  const iso = (d: Date | null) => (d == null ? null : d.toISOString());
  return {
    id: row.id,
    merchantId: row.merchantId,
    merchantOrderId: row.merchantOrderId,
    mode: row.mode,
    source: row.source,
    paymentLinkId: row.paymentLinkId,
    currency: row.currency,
    paymentType: row.paymentType,
    channel: row.channel,
    paymentCode: row.paymentCode,
    status: row.status,
    amount: money(row.amount),
    fee: {
      adminFee: money(shownFee(row.status, row.adminFee)),
      serviceFee: money(shownFee(row.status, row.serviceFee)),
      total: money(shownFee(row.status, row.adminFee + row.serviceFee)),
    },
    paidAmount: money(row.paidAmount),
    refundedAmount: money(row.refundedAmount),
    refundable: money(refundableOf(row)),
    failureReason: row.failureReason,
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    payerPhone: row.payerPhone,
    payerAddress: row.payerAddress,
    chainTradeNo: row.chainTradeNo,
    orderDescription: row.orderDescription,
    expiryHours: row.expiryHours,
    expiresAt: iso(row.expiresAt),
    paidAt: iso(row.paidAt),
    notifyUrl: row.notifyUrl,
    returnUrl: row.returnUrl,
    notifyStatus: row.notifyStatus,
    settlementId: row.settlementId,
    cashierUrl: cashierUrl(publicUrl, row.cashierToken),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Create                                                                                                       */

async function loadMerchant(db: DbLike, merchantId: number, config?: ConfigRead): Promise<MerchantRow> {
  const m = await readConfig(config, `merchant:${merchantId}`, () => selectMerchantRow(db, merchantId));
  if (!m) throw new KeyedError('NOT_FOUND', 'collections.merchantNotFound');
  return m;
}

function trimOrNull(v: string | null | undefined, max: number, field: string): string | null {
  if (v == null) return null;
  const s = v.trim();
  if (s === '') return null;
  if (s.length > max) throw fieldError(field, 'collections.tooLong', { params: { max } });
  return s;
}

function urlOrNull(v: string | null | undefined, field: string): string | null {
  const s = trimOrNull(v, 512, field);
  if (s == null) return null;
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw fieldError(field, 'collections.urlInvalid');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw fieldError(field, 'collections.urlInvalid');
  return s;
}


/**
 * The enabled product for (currency, payment type[, channel]); validates the amount against its limits. Top-ups pay
 * through the same products.
 */
export async function pickProduct(
  db: DbLike,
  input: Pick<CreateCollectionInput, 'currency' | 'paymentType' | 'channel' | 'amount'>,
  config?: ConfigRead,
): Promise<ProductRow> {
  const offered = await readConfig(config, `products:${input.currency}:${input.paymentType}`, () => selectProductsOf(db, input.currency, input.paymentType));
  if (offered.length === 0) {
    throw fieldError('paymentType', 'collections.paymentTypeNotOffered', {
      params: { paymentType: input.paymentType, currency: input.currency },
    });
  }
  // A channel staff marked down takes nothing (channel health); without a channel asked for, the first one up.
  const down = await downChannels(db, input.currency, config);
  const chosen = input.channel != null ? offered.find((p) => p.channel === input.channel) : (offered.find((p) => !down.has(p.channel)) ?? offered[0]);
  if (!chosen) {
    throw fieldError('channel', 'collections.channelNotOffered', { params: { channel: input.channel ?? '' } });
  }
  if (down.has(chosen.channel)) {
    throw new KeyedError('CHANNEL_DOWN', 'error.channelDown', { channel: CHANNELS.find((c) => c.code === chosen.channel)?.name ?? String(chosen.channel) });
  }
  if (input.amount < chosen.minAmount || input.amount > chosen.maxAmount) {
    throw fieldError('amount', 'collections.amountOutOfRange', {
      params: {
        min: toMajorString(chosen.minAmount, input.currency),
        max: toMajorString(chosen.maxAmount, input.currency),
        currency: input.currency,
      },
    });
  }
  return chosen;
}

const duplicateOrder = (merchantOrderId: string) =>
  new KeyedError('CONFLICT', 'collections.duplicateOrderId', { merchantOrderId });

export { collectionInsert };

/** A unique index refusing a new order: its merchant order id was used before (409); anything else is rethrown. */
export function collectionInsertError(e: unknown, merchantOrderId: string): unknown {
  const { code, constraint } = pgErrorCode(e);
  return code === PG_UNIQUE_VIOLATION && constraint === 'collection_merchant_order_uq' ? duplicateOrder(merchantOrderId) : e;
}

export async function createCollection(deps: CollectionDeps, input: CreateCollectionInput): Promise<CollectionRow> {
  const row = await prepareCollection(deps, input);
  try {
    return await insertCollection(deps.db, row);
  } catch (e) {
    throw collectionInsertError(e, input.merchantOrderId);
  }
}

/**
 * A new order checked and priced, as the row to insert: every column is given (none left to a default), so what
 * the creator answers from this row is what the table holds. A merchant order id used before is found by the unique
 * index when the row is inserted (no read first).
 */
export async function prepareCollection(deps: CollectionDeps, input: CreateCollectionInput): Promise<CollectionRow> {
  const { db } = deps;
  const now = input.now ?? new Date();
  if (typeof input.merchantOrderId !== 'string' || !MERCHANT_ORDER_ID_PATTERN.test(input.merchantOrderId)) {
    throw fieldError('merchantOrderId', 'collections.merchantOrderIdInvalid');
  }
  validateAmount(input.amount);
  const expiryHours = input.expiryHours ?? COLLECTION_EXPIRY_HOURS_DEFAULT;
  if (!Number.isInteger(expiryHours) || expiryHours < 1 || expiryHours > COLLECTION_EXPIRY_HOURS_MAX) {
    throw fieldError('expiryHours', 'collections.expiryHoursInvalid', { params: { max: COLLECTION_EXPIRY_HOURS_MAX } });
  }
  const payerName = trimOrNull(input.payerName, 128, 'payerName');
  const payerEmail = trimOrNull(input.payerEmail, 191, 'payerEmail');
  if (payerEmail != null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(payerEmail)) throw fieldError('payerEmail', 'collections.emailInvalid', { labelOf: 'email' });
  const payerPhone = trimOrNull(input.payerPhone, 32, 'payerPhone');
  const orderDescription = trimOrNull(input.orderDescription, 255, 'orderDescription');
  const notifyUrl = urlOrNull(input.notifyUrl, 'notifyUrl');
  const returnUrl = urlOrNull(input.returnUrl, 'returnUrl');

  const m = await loadMerchant(db, input.merchantId, deps.config);
  if (m.status === MERCHANT_FROZEN || (input.mode === ApiKeyMode.LIVE && m.status !== MERCHANT_ACTIVE)) {
    throw new KeyedError('BUSINESS_RULE', 'collections.merchantInactive');
  }
  if (!m.currencies.includes(input.currency)) {
    throw fieldError('currency', 'collections.currencyNotOffered', { params: { currency: input.currency } });
  }
  const prod = await pickProduct(db, input, deps.config);
  const fee = await quoteFee(
    db,
    {
      merchantId: input.merchantId,
      currency: input.currency,
      paymentType: input.paymentType,
      channel: prod.channel,
      amount: input.amount,
    },
    deps.config,
  );
  const id = newBusinessId(ID_PREFIX.COLLECTION, now);
  const expiresAt = new Date(now.getTime() + expiryHours * HOUR_MS);
  const created = await channelAdapterFor(prod.channel, input.mode).createCollection({
    id,
    merchantId: input.merchantId,
    currency: input.currency,
    paymentType: input.paymentType,
    channel: prod.channel,
    amount: input.amount,
    expiresAt,
  });
  return {
    id,
    merchantId: input.merchantId,
    merchantOrderId: input.merchantOrderId,
    mode: input.mode,
    source: input.source,
    paymentLinkId: input.paymentLinkId ?? null,
    currency: input.currency,
    paymentType: input.paymentType,
    channel: prod.channel,
    paymentCode: created.paymentCode,
    channelReference: created.channelReference,
    amount: input.amount,
    adminFee: fee.adminFee,
    serviceFee: fee.serviceFee,
    paidAmount: null,
    refundedAmount: 0n,
    status: PaymentStatus.PENDING,
    failureReason: null,
    payerName,
    payerEmail,
    payerPhone,
    payerAddress: null,
    chainTradeNo: null,
    orderDescription,
    expiryHours,
    expiresAt,
    paidAt: null,
    notifyUrl,
    returnUrl,
    notifyStatus: null,
    cashierToken: newToken(),
    settlementId: null,
    createdAt: now,
    updatedAt: now,
  };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Status changes                                                                                               */

/** The order locked for its status change, with its merchant (404 when it is not this merchant's). */
async function lockCollection(tx: DbLike, merchantId: number, id: string): Promise<{ row: CollectionRow; m: MerchantRow }> {
  const locked = await lockCollectionWithMerchant(tx, merchantId, id);
  if (!locked) throw notFound();
  return locked;
}

/**
 * A status change with its callback: one update of the order row (its notify status set to pending with it when a
 * callback goes out) and the outbox row, sent to the order's notifyUrl, else the merchant's collection address.
 */
async function transition(
  tx: DbLike,
  row: CollectionRow,
  m: Pick<MerchantRow, 'collectionCallbackUrl'> | undefined,
  set: Partial<CollectionRow>,
  event: CallbackEventValue,
  publicUrl: string,
  now: Date,
  also: (updated: CollectionRow) => readonly SQLWrapper[] = () => [],
  /** A condition the update must also find true, and the error when it does not (the row itself is locked). */
  guard?: { where: SQL; miss: () => Error },
): Promise<CollectionRow> {
  const url = callbackUrlOf(row, m);
  const full = url ? { ...set, notifyStatus: NotifyStatus.PENDING } : set;
  // The row is locked and `set` holds values, not expressions: the updated row is known before it is written, so
  // the callback's body is, and the outbox row goes out with the update (one round trip; issue 10).
  const updated: CollectionRow = { ...row, ...full };
  const delivery = deliveryOf({
    merchantId: row.merchantId,
    eventType: event,
    orderKind: CallbackOrderKind.COLLECTION,
    orderId: row.id,
    url,
    data: collectionView(updated, publicUrl),
    now,
  });
  const carried = delivery ? [deliveryInsert(tx, delivery), ...also(updated)] : also(updated);
  const written =
    carried.length > 0 || guard ? await updateCollectionWith(tx, row, full, carried, guard?.where) : (await updateCollection(tx, row, full)) !== undefined;
  if (!written) throw guard ? guard.miss() : notFound();
  countPaymentOutcome(tx, row.channel, event === CallbackEvent.COLLECTION_EXPIRED ? 'expired' : String(updated.status));
  return updated;
}

/** Base of the cashier links in callback bodies when the caller passes none; the app sets it (registerCollectionJobs). */
let callbackPublicUrl = process.env.PUBLIC_URL?.replace(/\/+$/, '') ?? 'http://localhost:8080';
export function setCollectionPublicUrl(url: string): void {
  callbackPublicUrl = url.replace(/\/+$/, '');
}

function assertOpen(row: CollectionRow, target: PaymentStatusValue): void {
  if (!PAYMENT_STATUS.canTransition(row.status as PaymentStatusValue, target)) {
    throw new KeyedError('BUSINESS_RULE', 'collections.notOpen', { status: row.status });
  }
}

/** The payer paid (sandbox channel / cashier / sandbox helper): pending|processing -> success. Idempotent. */
export async function markCollectionPaid(
  db: DbLike,
  args: {
    merchantId: number;
    id: string;
    paidAmount?: bigint;
    now?: Date;
    publicUrl?: string;
    /** The caller's own check of the order, run on the locked row (throws to refuse). */
    check?: (row: CollectionRow) => void;
    /** A statement the order's update carries, given the paid row (the caller's answer, stored with the payment). */
    carry?: (paid: CollectionRow) => SQLWrapper | undefined;
  },
): Promise<CollectionRow> {
  const now = args.now ?? new Date();
  let queued = false;
  // Started over when the batch joined was settled while the payment waited for it (settlements/service.ts).
  const paidRow = await retryWhileBatchSettled(() => db.transaction(async (tx) => {
    const { row, m } = await lockCollection(tx, args.merchantId, args.id);
    args.check?.(row);
    if (PAID_STATUSES.includes(row.status as PaymentStatusValue)) return row;
    const paid = args.paidAmount ?? row.amount;
    if (paid <= 0n || paid > row.amount) throw fieldError('paidAmount', 'collections.paidAmountInvalid', { labelOf: 'amount' });
    const target = paid === row.amount ? PaymentStatus.SUCCESS : PaymentStatus.PARTIAL;
    assertOpen(row, target);
    const currency = row.currency as CurrencyCode;

    // A partial payment is charged the fee of what arrived.
    let { adminFee, serviceFee } = row;
    if (paid !== row.amount) {
      const q = await quoteFee(tx, { merchantId: row.merchantId, currency, paymentType: row.paymentType, channel: row.channel, amount: paid });
      adminFee = q.adminFee;
      serviceFee = q.serviceFee;
    }
    const fee = adminFee + serviceFee;

    // Lock order everywhere: collection row, settlement batch. The money in is queued with the order and posted by
    // the ledger's writer with the other payments' (group commit): no balance row is locked on the payment path.
    const batch = await addToSettlementBatch(tx, {
      merchantId: row.merchantId,
      currency,
      paidAt: now,
      settlementDays: m.settlementDays,
    });
    const moneyIn = collectionSucceeded({
      merchantId: row.merchantId,
      currency,
      reference: row.id,
      idempotencyKey: `collection:${row.id}:succeeded`,
      amount: paid,
      fee,
    });
    const updated = await transition(
      tx,
      row,
      m,
      { status: target, paidAt: now, paidAmount: paid, adminFee, serviceFee, settlementId: batch.id, updatedAt: now },
      CallbackEvent.COLLECTION_SUCCEEDED,
      args.publicUrl ?? callbackPublicUrl,
      now,
      (paid) => {
        const answer = args.carry?.(paid);
        return answer ? [queuedTransfer(tx, moneyIn), answer] : [queuedTransfer(tx, moneyIn)];
      },
      { where: batch.stillPending, miss: () => new BatchSettledMeanwhile() },
    );
    if (row.paymentLinkId) await markLinkPaid(tx, row.merchantId, row.paymentLinkId, row.id, now);
    queued = true;
    return updated;
  }));
  // Answered once the money is in the balances, so whoever reads them after the answer sees it. A pass that fails
  // (its statement aborted) does not undo the committed payment: the next pass or the ledger.post-queued job posts it,
  // and a transfer taking from the balance posts it first. Paid inside a caller's transaction (a mandate's charge),
  // nothing is committed yet: that caller flushes once it has.
  if (queued && !isTransaction(db)) await flushLedger(db).catch(() => 0);
  return paidRow;
}

async function endCollection(
  db: DbLike,
  args: { merchantId: number; id: string; now?: Date; publicUrl?: string },
  target: PaymentStatusValue,
  reason: string | null,
  event: CallbackEventValue,
): Promise<CollectionRow> {
  const now = args.now ?? new Date();
  return db.transaction(async (tx) => {
    const { row, m } = await lockCollection(tx, args.merchantId, args.id);
    if (row.status === target) return row; // repeated call: answered unchanged
    assertOpen(row, target);
    return transition(tx, row, m, { status: target, failureReason: reason, updatedAt: now }, event, args.publicUrl ?? callbackPublicUrl, now);
  });
}

/** The channel (or the sandbox helper) says the payment failed, with a domain CollectionFailureReason code. */
export async function markCollectionFailed(
  db: DbLike,
  args: { merchantId: number; id: string; reason: string; now?: Date; publicUrl?: string },
): Promise<CollectionRow> {
  if (!isCollectionFailureReason(args.reason)) throw fieldError('reason', 'collections.failureReasonInvalid');
  return endCollection(db, args, PaymentStatus.FAILED, args.reason, CallbackEvent.COLLECTION_FAILED);
}

/** Risk control or the channel refused the payment before money moved: -> rejected. */
export async function markCollectionRejected(
  db: DbLike,
  args: { merchantId: number; id: string; reason: string; now?: Date; publicUrl?: string },
): Promise<CollectionRow> {
  if (!isCollectionFailureReason(args.reason)) throw fieldError('reason', 'collections.failureReasonInvalid');
  return endCollection(db, args, PaymentStatus.REJECTED, args.reason, CallbackEvent.COLLECTION_FAILED);
}

/** Payer cancelled at the cashier: -> closed. */
export async function closeCollection(db: DbLike, args: { merchantId: number; id: string; now?: Date; publicUrl?: string }): Promise<CollectionRow> {
  return endCollection(db, args, PaymentStatus.CLOSED, null, CallbackEvent.COLLECTION_CLOSED);
}

/** Applies what a channel reported (status query or notification) to a collection. */
export async function applyChannelResult(
  db: DbLike,
  args: { merchantId: number; id: string; result: ChannelPaymentStatus; now?: Date; publicUrl?: string },
): Promise<CollectionRow> {
  const { result } = args;
  switch (result.status) {
    case 'success':
    case 'partial':
      return markCollectionPaid(db, { merchantId: args.merchantId, id: args.id, paidAmount: result.paidAmount, now: args.now, publicUrl: args.publicUrl });
    case 'failed':
      return markCollectionFailed(db, { merchantId: args.merchantId, id: args.id, reason: result.reason, now: args.now, publicUrl: args.publicUrl });
    case 'rejected':
      return markCollectionRejected(db, { merchantId: args.merchantId, id: args.id, reason: result.reason, now: args.now, publicUrl: args.publicUrl });
    default: {
      const row = await getCollection(db, args.merchantId, args.id);
      if (!row) throw notFound();
      return row;
    }
  }
}

/**
 * The payer pressed "Pay" on the cashier: the sandbox channel answers by the documented magic amounts (domain
 * SANDBOX_MAGIC): success, partial, failed, rejected, or nothing yet (stays pending). Refused unless still open.
 */
export async function payAtCashier(db: DbLike, args: { merchantId: number; id: string; now?: Date; publicUrl?: string }): Promise<CollectionRow> {
  const row = await getCollection(db, args.merchantId, args.id);
  if (!row) throw notFound();
  if (PAID_STATUSES.includes(row.status as PaymentStatusValue)) return row;
  if (!OPEN_STATUSES.includes(row.status as PaymentStatusValue)) {
    throw new KeyedError('BUSINESS_RULE', 'collections.notOpen', { status: row.status });
  }
  if ((args.now ?? new Date()) >= row.expiresAt) throw new KeyedError('BUSINESS_RULE', 'collections.expired');
  return applyChannelResult(db, { ...args, result: sandboxPaymentResult({ amount: row.amount, currency: row.currency as CurrencyCode }) });
}

/**
 * Pending / processing collections past their expiry: pending -> closed (event collection.expired), processing ->
 * failed with reason EXPIRED (the state machine has no processing -> closed). Batches of COLLECTION_EXPIRY_BATCH
 * rows taken with FOR UPDATE SKIP LOCKED, so concurrent callers share the work. Returns how many it ended.
 */
export async function expireDueCollections(db: Db, now: Date = new Date(), publicUrl?: string): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const due = await lockDueCollections(tx, now, COLLECTION_EXPIRY_BATCH);
      if (due.length === 0) return 0;
      const merchantIds = [...new Set(due.map((r) => r.merchantId))];
      const merchants = await selectCallbackUrls(tx, merchantIds);
      const byId = new Map(merchants.map((m) => [m.id, m]));
      for (const row of due) {
        const processing = row.status === PaymentStatus.PROCESSING;
        const target = processing ? PaymentStatus.FAILED : PaymentStatus.CLOSED;
        await transition(
          tx,
          row,
          byId.get(row.merchantId),
          { status: target, failureReason: processing ? CollectionFailureReason.EXPIRED : null, updatedAt: now },
          processing ? CallbackEvent.COLLECTION_FAILED : CallbackEvent.COLLECTION_EXPIRED,
          publicUrl ?? callbackPublicUrl,
          now,
        );
      }
      return due.length;
    });
    total += n;
    if (n < COLLECTION_EXPIRY_BATCH) return total;
  }
}

/** Active payment links past their expiry -> expired. Returns how many. */
export async function expireDuePaymentLinks(db: Db, now: Date = new Date()): Promise<number> {
  return expireLinks(db, now);
}

/** Settlement status of a collection for lists: the status of its batch, null before it succeeded. */
export async function settlementStatusOf(db: DbLike, row: CollectionRow): Promise<string | null> {
  if (!row.settlementId) return null;
  return (await selectSettlementStatus(db, row.merchantId, row.settlementId)) ?? SettlementStatus.PENDING;
}
