/**
 * Payment links (issue 4): a shareable cashier for a fixed amount, single use, valid for N hours.
 *
 * Paying a link (the cashier, public) creates a collection for it (source payment_link, merchantOrderId = the link
 * id, the link's mode) and marks it paid; the link becomes paid and remembers the collection. Everything happens in
 * one transaction holding the link row (FOR UPDATE), so any number of concurrent "Pay" clicks give exactly one paid
 * collection and one ledger transfer. A failed attempt (the sandbox payer chose "fail", or a magic amount) leaves the
 * link active: the payer may try again, and each retry is a new collection `<linkId>-<n>`.
 *
 * Called by the open API (POST /payment-links), the dashboard routes (modules/collections/routes.ts) and the cashier.
 */
import {
  COLLECTION_EXPIRY_HOURS_MAX,
  CollectionSource,
  ID_PREFIX,
  PAYMENT_LINK_DESCRIPTION_MAX_LENGTH,
  PAYMENT_LINK_EXPIRY_HOURS_DEFAULT,
  PAYMENT_LINK_EXPIRY_HOURS_MAX,
  PaymentLinkStatus,
  PaymentStatus,
  PaymentType,
  toMajorString,
  CashierOutcome,
  type ApiKeyModeValue,
  type CashierOutcomeValue,
  type CollectionFailureReasonValue,
  type CurrencyCode,
  type PaymentLinkStatusValue,
} from '@mg/domain';
import type { Db, DbLike } from '../../db/pool';
import { fieldError } from '../../lib/errors';
import { newBusinessId, newToken } from '../../lib/ids';
import { KeyedError, notFound } from '../../lib/admin';
import {
  closeCollection,
  createCollection,
  getCollection,
  markCollectionFailed,
  payAtCashier,
  type CollectionDeps,
  type CollectionRow,
} from '../collections/service';
import { cashierUrl } from '../../lib/cashier-url';
import { pgErrorCode } from '../ledger/service';
import { inTransactionThenPost } from '../ledger/writer';
import {
  countLinkCollections,
  insertLink,
  lockAttemptNoWait,
  lockLink,
  selectLink,
  selectLinkByToken,
  selectMerchantCurrencies,
  selectOfferedProducts,
  updateLink,
  type PaymentLinkRow,
} from './queries';

export type { PaymentLinkRow } from './queries';
export type PaymentLinkDeps = CollectionDeps;

export interface CreatePaymentLinkInput {
  merchantId: number;
  mode: ApiKeyModeValue;
  /** Minor units (already parsed with the currency's decimals). */
  amount: bigint;
  currency: CurrencyCode;
  description: string;
  /** Default: the first payment type offered in the currency for this amount. */
  paymentType?: number;
  expiryHours?: number;
  /** 'api' or the dashboard username. */
  createdBy: string;
  now?: Date;
}

const HOUR_MS = 3_600_000;

/** The status a payer or merchant sees: an active link past its expiry is expired even before the job ran. */
export function effectiveLinkStatus(row: PaymentLinkRow, now: Date = new Date()): PaymentLinkStatusValue {
  const status = row.status as PaymentLinkStatusValue;
  return status === PaymentLinkStatus.ACTIVE && row.expiresAt.getTime() <= now.getTime() ? PaymentLinkStatus.EXPIRED : status;
}

/** A link is paid at the same public cashier as a collection. */
export const linkUrl = cashierUrl;

/** A link as the open API and the dashboard show it (amounts as decimal strings, ISO dates). */
export function linkView(row: PaymentLinkRow, publicUrl: string, now: Date = new Date()) {
  const currency = row.currency as CurrencyCode;
  return {
    id: row.id,
    currency,
    amount: toMajorString(row.amount, currency),
    description: row.description,
    paymentType: row.paymentType,
    expiryHours: row.expiryHours,
    expiresAt: row.expiresAt.toISOString(),
    status: effectiveLinkStatus(row, now),
    url: linkUrl(publicUrl, row.token),
    collectionId: row.collectionId,
    mode: row.mode,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}
export type PaymentLinkView = ReturnType<typeof linkView>;

/**
 * Validates and picks the payment type: the given one must be offered in the currency with the amount inside one of
 * its channels' limits; without one, the first payment type whose limits take the amount.
 */
async function choosePaymentType(db: DbLike, currency: CurrencyCode, amount: bigint, paymentType?: number): Promise<number> {
  const rows = await selectOfferedProducts(db, currency, paymentType);
  if (rows.length === 0) {
    if (paymentType === undefined) throw new KeyedError('BUSINESS_RULE', 'payment-links.noPaymentMethod');
    throw fieldError('paymentType', 'payment-links.paymentTypeUnavailable');
  }
  const fits = rows.find((r) => amount >= r.minAmount && amount <= r.maxAmount);
  if (fits) return fits.paymentType;
  if (paymentType === undefined) throw new KeyedError('BUSINESS_RULE', 'payment-links.noPaymentMethod');
  const min = rows.reduce((m, r) => (r.minAmount < m ? r.minAmount : m), rows[0]!.minAmount);
  const max = rows.reduce((m, r) => (r.maxAmount > m ? r.maxAmount : m), rows[0]!.maxAmount);
  throw fieldError('amount', 'payment-links.amountOutOfRange', {
    params: { min: toMajorString(min, currency), max: toMajorString(max, currency) },
  });
}

export async function createPaymentLink(deps: PaymentLinkDeps, input: CreatePaymentLinkInput): Promise<PaymentLinkRow> {
  const now = input.now ?? new Date();
  const description = input.description.trim();
  if (description === '') throw fieldError('description', 'payment-links.descriptionRequired');
  if (description.length > PAYMENT_LINK_DESCRIPTION_MAX_LENGTH) throw fieldError('description', 'validation.text.tooLong', { params: { max: PAYMENT_LINK_DESCRIPTION_MAX_LENGTH } });
  if (input.amount <= 0n) throw fieldError('amount', 'validation.amount.zero');
  const expiryHours = input.expiryHours ?? PAYMENT_LINK_EXPIRY_HOURS_DEFAULT;
  if (!Number.isInteger(expiryHours) || expiryHours < 1 || expiryHours > PAYMENT_LINK_EXPIRY_HOURS_MAX) {
    throw fieldError('expiryHours', 'payment-links.expiryHoursInvalid', { params: { max: PAYMENT_LINK_EXPIRY_HOURS_MAX } });
  }
  const currencies = await selectMerchantCurrencies(deps.db, input.merchantId);
  if (!currencies) throw notFound();
  if (!currencies.includes(input.currency)) {
    throw fieldError('currency', 'open-api.currencyUnknown', { params: { value: input.currency } });
  }
  const paymentType = await choosePaymentType(deps.db, input.currency, input.amount, input.paymentType);
  return insertLink(deps.db, {
      id: newBusinessId(ID_PREFIX.PAYMENT_LINK, now),
      merchantId: input.merchantId,
      token: newToken(),
      currency: input.currency,
      amount: input.amount,
      description,
      paymentType,
      expiryHours,
      expiresAt: new Date(now.getTime() + expiryHours * HOUR_MS),
      status: PaymentLinkStatus.ACTIVE,
      mode: input.mode,
      createdBy: input.createdBy,
      createdAt: now,
      updatedAt: now,
  });
}

export async function getPaymentLink(db: DbLike, merchantId: number, id: string): Promise<PaymentLinkRow | null> {
  return (await selectLink(db, merchantId, id)) ?? null;
}

export async function getPaymentLinkByToken(db: DbLike, token: string): Promise<PaymentLinkRow | null> {
  return (await selectLinkByToken(db, token)) ?? null;
}

const PG_LOCK_NOT_AVAILABLE = '55P03';
/** An attempt whose payment is under way: its money may still arrive (processing), or the channel may say it did. */
const UNDER_WAY: readonly string[] = [PaymentStatus.PROCESSING, PaymentStatus.UNKNOWN];
const paymentInProgress = () => new KeyedError('BUSINESS_RULE', 'payment-links.paymentInProgress');

/**
 * The merchant voids an active link (dashboard). Paid, expired or already void: 422. Other merchants' ids: 404. An
 * attempt a payer opened and left is closed with the link; one whose payment is under way (processing, unknown, or
 * being paid right now) refuses the void (422), since its money may still arrive and then pays the link.
 */
export async function voidPaymentLink(db: Db, merchantId: number, id: string, now: Date = new Date()): Promise<PaymentLinkRow> {
  return db.transaction(async (tx) => {
    const row = await lockLink(tx, merchantId, id);
    if (!row) throw notFound();
    if (effectiveLinkStatus(row, now) !== PaymentLinkStatus.ACTIVE) throw new KeyedError('BUSINESS_RULE', 'payment-links.notActive');
    // A payment holds its collection and then waits for this link's row to mark it paid: waiting for the collection
    // here would deadlock with it. Held means being paid: refused, and the payment goes on.
    let attempt: { id: string; status: string } | undefined;
    try {
      attempt = row.collectionId ? await lockAttemptNoWait(tx, merchantId, row.collectionId) : undefined;
    } catch (e) {
      if (pgErrorCode(e).code === PG_LOCK_NOT_AVAILABLE) throw paymentInProgress();
      throw e;
    }
    if (attempt && UNDER_WAY.includes(attempt.status)) throw paymentInProgress();
    const voided = await updateLink(tx, row, { status: PaymentLinkStatus.VOID, updatedAt: now });
    // An attempt a payer opened before the void must not be payable after it: it is closed with the link.
    if (attempt?.status === PaymentStatus.PENDING) await closeCollection(tx, { merchantId, id: attempt.id, now });
    return voided;
  });
}

export interface PayPaymentLinkInput {
  token: string;
  /** 'success' (default): the payer paid (magic amounts may still decide otherwise); 'fail': the payer failed. */
  outcome?: CashierOutcomeValue;
  failureReason?: CollectionFailureReasonValue;
  now?: Date;
}

export interface PaidLink {
  link: PaymentLinkRow;
  /** The link's latest collection. */
  collection: CollectionRow;
}

/**
 * The payer pays a link. One transaction, link row locked: creates the link's collection (or reuses a still-open
 * attempt), applies the outcome and, when the collection succeeded, marks the link paid.
 * - link paid already: answers the paid link and its collection unchanged (a double click, a reload); asking to
 *   fail a paid link is 422 cashier.alreadyPaid.
 * - void, expired (status or time): 422 (cashier.expired for time, paymentLink.notActive otherwise).
 */
export async function payPaymentLink(deps: PaymentLinkDeps, input: PayPaymentLinkInput): Promise<PaidLink> {
  const now = input.now ?? new Date();
  const outcome = input.outcome ?? CashierOutcome.SUCCESS;
  return inTransactionThenPost(deps.db, async (tx) => {
    const link = await selectLinkByToken(tx, input.token, { lock: true });
    if (!link) throw notFound();
    // Collection services open their own transaction; given this one, they run inside it as a savepoint, under
    // the link lock, on this connection.
    const db = tx;
    const status = effectiveLinkStatus(link, now);
    if (status === PaymentLinkStatus.PAID) {
      if (outcome === CashierOutcome.FAIL) throw new KeyedError('BUSINESS_RULE', 'cashier.alreadyPaid');
      const paid = link.collectionId ? await getCollection(tx, link.merchantId, link.collectionId) : null;
      if (!paid) throw new KeyedError('BUSINESS_RULE', 'cashier.alreadyPaid');
      return { link, collection: paid };
    }
    assertLinkOpen(status);
    // A crypto link is paid by what reaches its attempt's address, after its confirmations (issue 13).
    if (link.paymentType === PaymentType.CRYPTO && outcome === CashierOutcome.SUCCESS) throw new KeyedError('BUSINESS_RULE', 'crypto.payBySending');
    const current = await openAttempt(deps, db, link, now);
    let after: CollectionRow;
    if (outcome === CashierOutcome.FAIL) {
      after = await markCollectionFailed(db, { merchantId: link.merchantId, id: current.id, reason: input.failureReason ?? 'PAYER_DECLINED', now });
    } else {
      after = await payAtCashier(db, { merchantId: link.merchantId, id: current.id, now });
    }
    const succeeded = after.status === PaymentStatus.SUCCESS || after.status === PaymentStatus.PARTIAL;
    const updated = await updateLink(tx, link, { collectionId: after.id, status: succeeded ? PaymentLinkStatus.PAID : PaymentLinkStatus.ACTIVE, updatedAt: now });
    return { link: updated, collection: after };
  });
}

function assertLinkOpen(status: PaymentLinkStatusValue): void {
  if (status === PaymentLinkStatus.EXPIRED) throw new KeyedError('BUSINESS_RULE', 'cashier.expired');
  if (status !== PaymentLinkStatus.ACTIVE) throw new KeyedError('BUSINESS_RULE', 'payment-links.notActive');
}

/** The link's still-open attempt (pending / processing), else a new one. */
async function openAttempt(deps: PaymentLinkDeps, db: DbLike, link: PaymentLinkRow, now: Date): Promise<CollectionRow> {
  const current = link.collectionId ? await getCollection(db, link.merchantId, link.collectionId) : null;
  if (current && (current.status === PaymentStatus.PENDING || current.status === PaymentStatus.PROCESSING)) return current;
  const n = await countLinkCollections(db, link.merchantId, link.id);
  const hoursLeft = Math.ceil((link.expiresAt.getTime() - now.getTime()) / HOUR_MS);
  return createCollection(
    { db, publicUrl: deps.publicUrl },
    {
      merchantId: link.merchantId,
      mode: link.mode as ApiKeyModeValue,
      source: CollectionSource.PAYMENT_LINK,
      paymentLinkId: link.id,
      merchantOrderId: n === 0 ? link.id : `${link.id}-${n + 1}`,
      amount: link.amount,
      currency: link.currency as CurrencyCode,
      paymentType: link.paymentType,
      orderDescription: link.description,
      expiryHours: Math.min(Math.max(hoursLeft, 1), COLLECTION_EXPIRY_HOURS_MAX),
      now,
    },
  );
}

/**
 * A crypto link's payer asks where to send (issue 13): the link's open attempt, made when there is none, whose
 * deposit address the cashier then shows; its deposit pays the link through the collection once confirmed.
 */
export async function openCryptoLinkAttempt(deps: PaymentLinkDeps, token: string, now: Date = new Date()): Promise<PaidLink> {
  return deps.db.transaction(async (tx) => {
    const link = await selectLinkByToken(tx, token, { lock: true });
    if (!link) throw notFound();
    if (link.paymentType !== PaymentType.CRYPTO) throw new KeyedError('BUSINESS_RULE', 'crypto.notCryptoOrder');
    assertLinkOpen(effectiveLinkStatus(link, now));
    const current = await openAttempt(deps, tx, link, now);
    const updated = current.id === link.collectionId ? link : await updateLink(tx, link, { collectionId: current.id, updatedAt: now });
    return { link: updated, collection: current };
  });
}

