/**
 * The public cashier behind /pay/{token} (issue 4): what the payer sees and the buttons they press. A token is a
 * collection's cashier token or a payment link's token. The payer learns the merchant's name and brand, the amount
 * and how to pay, never anything else about the merchant.
 */
import type { CashierView } from '@mg/domain';
import {
  CollectionFailureReason,
  MandateStatus,
  PaymentLinkStatus,
  PaymentStatus,
  PaymentType,
  sandboxDepositAmount,
  toMajorString,
  type DepositOutcomeValue,
  ApiKeyMode,
  CashierOutcome,
  type CashierOutcomeValue,
  type CollectionFailureReasonValue,
  type CurrencyCode,
} from '@mg/domain';
import type { Db, DbLike } from '../../db/pool';
import { selectMerchantFace } from './queries';
import { KeyedError, notFound } from '../../lib/admin';
import {
  closeCollection,
  getCollection,
  getCollectionByToken,
  markCollectionFailed,
  payAtCashier,
  type CollectionRow,
} from '../collections/service';
import { effectiveLinkStatus, getPaymentLinkByToken, openCryptoLinkAttempt, payPaymentLink, type PaymentLinkRow } from '../payment-links/service';
import { finishTopUp, getTopUpByToken } from '../top-ups/service';
import { authorizeMandate, changeMandate } from '../auto-deductions/service';
import { selectMandateByToken, type MandateRow } from '../auto-deductions/queries';
import type { TopUpRow } from '../top-ups/queries';
import { depositView, sendDeposit } from '../crypto/deposits';
import { selectDeposit } from '../crypto/queries';

const OPEN: readonly string[] = [PaymentStatus.PENDING, PaymentStatus.PROCESSING];
const PAID: readonly string[] = [PaymentStatus.SUCCESS, PaymentStatus.PARTIAL, PaymentStatus.REFUNDED];

const isOpen = (row: CollectionRow) => OPEN.includes(row.status);
const isPastExpiry = (at: Date, now: Date) => at.getTime() <= now.getTime();

interface MerchantFace {
  name: string;
  brand: string;
}

async function merchantFace(db: DbLike, merchantId: number): Promise<MerchantFace> {
  const m = await selectMerchantFace(db, merchantId);
  if (!m) throw notFound();
  return m;
}

function money(v: bigint | null, currency: string): string | null {
  return v === null ? null : toMajorString(v, currency as CurrencyCode);
}

/**
 * What a partial payment still owes, from the order's own figures (the page shows it as is, it does no sums): the
 * amount less what arrived. Null for any other status.
 */
function dueOf(order: Pick<CollectionRow, 'status' | 'amount' | 'paidAmount' | 'currency'>): string | null {
  if (order.status !== PaymentStatus.PARTIAL || order.paidAmount === null || order.paidAmount >= order.amount) return null;
  return toMajorString(order.amount - order.paidAmount, order.currency as CurrencyCode);
}

export function collectionCashierView(row: CollectionRow, face: MerchantFace, now: Date = new Date()): CashierView {
  const expired = isOpen(row) && isPastExpiry(row.expiresAt, now);
  const sandbox = row.mode === ApiKeyMode.SANDBOX;
  const open = isOpen(row) && !expired;
  return {
    kind: 'collection',
    merchantName: face.name,
    brand: face.brand,
    amount: toMajorString(row.amount, row.currency as CurrencyCode),
    currency: row.currency as CurrencyCode,
    description: row.orderDescription,
    paymentType: row.paymentType,
    channel: row.channel,
    paymentCode: row.paymentCode,
    status: expired ? PaymentStatus.CLOSED : row.status,
    expired: expired || (row.status === PaymentStatus.CLOSED && isPastExpiry(row.expiresAt, now)),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    paidAmount: money(row.paidAmount, row.currency),
    dueAmount: dueOf(row),
    returnUrl: row.returnUrl,
    failureReason: row.failureReason,
    payable: open && sandbox,
    cancellable: open,
    sandbox,
  };
}

export function linkCashierView(link: PaymentLinkRow, latest: CollectionRow | null, face: MerchantFace, now: Date = new Date()): CashierView {
  const linkStatus = effectiveLinkStatus(link, now);
  const sandbox = link.mode === ApiKeyMode.SANDBOX;
  let status: string;
  if (linkStatus === PaymentLinkStatus.PAID) status = latest?.status ?? PaymentStatus.SUCCESS;
  else if (linkStatus !== PaymentLinkStatus.ACTIVE) status = PaymentStatus.CLOSED;
  else if (latest && !isOpen(latest)) status = latest.status === PaymentStatus.CLOSED ? PaymentStatus.PENDING : latest.status;
  else status = PaymentStatus.PENDING;
  const active = linkStatus === PaymentLinkStatus.ACTIVE;
  return {
    kind: 'link',
    merchantName: face.name,
    brand: face.brand,
    amount: toMajorString(link.amount, link.currency as CurrencyCode),
    currency: link.currency as CurrencyCode,
    description: link.description,
    paymentType: link.paymentType,
    channel: latest?.channel ?? null,
    paymentCode: latest?.paymentCode ?? null,
    status,
    expired: linkStatus === PaymentLinkStatus.EXPIRED,
    expiresAt: link.expiresAt.toISOString(),
    paidAt: linkStatus === PaymentLinkStatus.PAID && latest?.paidAt ? latest.paidAt.toISOString() : null,
    paidAmount: linkStatus === PaymentLinkStatus.PAID && latest ? money(latest.paidAmount, latest.currency) : null,
    dueAmount: linkStatus === PaymentLinkStatus.PAID && latest ? dueOf(latest) : null,
    returnUrl: null,
    failureReason: active && latest && !isOpen(latest) ? latest.failureReason : null,
    payable: active && sandbox,
    cancellable: false,
    sandbox,
  };
}

/** A top-up as its merchant sees it at the cashier: always sandbox-payable while open (the merchant pays itself). */
export function topUpCashierView(row: TopUpRow, face: MerchantFace, now: Date = new Date()): CashierView {
  const expired = row.status === PaymentStatus.PENDING && isPastExpiry(row.expiresAt, now);
  const open = row.status === PaymentStatus.PENDING && !expired;
  return {
    kind: 'topUp',
    merchantName: face.name,
    brand: face.brand,
    amount: toMajorString(row.amount, row.currency as CurrencyCode),
    currency: row.currency as CurrencyCode,
    description: null,
    paymentType: row.paymentType,
    channel: row.channel,
    paymentCode: row.paymentCode,
    status: expired ? PaymentStatus.CLOSED : row.status,
    expired: expired || (row.status === PaymentStatus.CLOSED && isPastExpiry(row.expiresAt, now)),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    paidAmount: row.status === PaymentStatus.SUCCESS ? money(row.amount, row.currency) : null,
    // A top-up is paid in full or not at all.
    dueAmount: null,
    returnUrl: null,
    failureReason: row.failureReason,
    payable: open,
    cancellable: open,
    sandbox: true,
  };
}

/** A mandate's authorisation page: its amount per charge; paying authorises it (the first charge). */
export function mandateCashierView(m: MandateRow, face: MerchantFace, now: Date = new Date()): CashierView {
  const waiting = m.status === MandateStatus.INIT;
  const expired = waiting && isPastExpiry(m.authorizeBefore, now);
  const open = waiting && !expired;
  const status = m.status === MandateStatus.INIT ? (expired ? PaymentStatus.CLOSED : m.lastFailureReason ? PaymentStatus.FAILED : PaymentStatus.PENDING) : m.status === MandateStatus.STOPPED && m.chargesDone === 0 ? PaymentStatus.CLOSED : PaymentStatus.SUCCESS;
  return {
    kind: 'mandate',
    merchantName: face.name,
    brand: face.brand,
    amount: toMajorString(m.amount, m.currency as CurrencyCode),
    currency: m.currency as CurrencyCode,
    description: m.id,
    paymentType: m.paymentType,
    channel: null,
    paymentCode: null,
    status,
    expired,
    expiresAt: m.authorizeBefore.toISOString(),
    paidAt: null,
    paidAmount: status === PaymentStatus.SUCCESS ? toMajorString(m.amount, m.currency as CurrencyCode) : null,
    dueAmount: null,
    returnUrl: null,
    failureReason: waiting ? m.lastFailureReason : null,
    payable: open,
    cancellable: open,
    sandbox: true,
    recurring: { intervalPeriod: m.intervalPeriod, intervalUnit: m.intervalUnit, repetitions: m.repetitions },
  };
}

type Resolved =
  | { kind: 'collection'; row: CollectionRow }
  | { kind: 'link'; link: PaymentLinkRow }
  | { kind: 'topUp'; topUp: TopUpRow }
  | { kind: 'mandate'; mandate: MandateRow };

async function resolve(db: DbLike, token: string): Promise<Resolved> {
  const row = await getCollectionByToken(db, token);
  if (row) return { kind: 'collection', row };
  const link = await getPaymentLinkByToken(db, token);
  if (link) return { kind: 'link', link };
  const topUp = await getTopUpByToken(db, token);
  if (topUp) return { kind: 'topUp', topUp };
  const mandate = await selectMandateByToken(db, token);
  if (mandate) return { kind: 'mandate', mandate };
  throw notFound();
}

async function linkView(db: DbLike, link: PaymentLinkRow, now: Date): Promise<CashierView> {
  const latest = link.collectionId ? await getCollection(db, link.merchantId, link.collectionId) : null;
  const view = linkCashierView(link, latest, await merchantFace(db, link.merchantId), now);
  return latest ? withDeposit(db, view, latest, now) : view;
}

export async function cashierView(db: DbLike, token: string, now: Date = new Date()): Promise<CashierView> {
  const r = await resolve(db, token);
  if (r.kind === 'link') return linkView(db, r.link, now);
  if (r.kind === 'topUp') return topUpCashierView(r.topUp, await merchantFace(db, r.topUp.merchantId), now);
  if (r.kind === 'mandate') return mandateCashierView(r.mandate, await merchantFace(db, r.mandate.merchantId), now);
  return withDeposit(db, collectionCashierView(r.row, await merchantFace(db, r.row.merchantId), now), r.row, now);
}

/** A crypto order's view adds what arrived at its deposit address (issue 13). */
async function withDeposit(db: DbLike, view: CashierView, row: CollectionRow, now: Date): Promise<CashierView> {
  if (row.paymentType !== PaymentType.CRYPTO) return view;
  const d = await selectDeposit(db, row.merchantId, row.id);
  return { ...view, deposit: d ? depositView(d, row.amount, now) : null, payable: view.payable && !d };
}

/** A crypto payment link's payer asks where to send: its attempt's deposit address (made once), in the view. */
export async function cashierCryptoAddress(deps: CashierDeps, token: string, now: Date = new Date()): Promise<CashierView> {
  const r = await resolve(deps.db, token);
  if (r.kind === 'collection') return cashierView(deps.db, token, now);
  if (r.kind !== 'link') throw new KeyedError('BUSINESS_RULE', 'crypto.notCryptoOrder');
  const { link } = await openCryptoLinkAttempt(deps, token, now);
  return linkView(deps.db, link, now);
}

/** The payer's sandbox wallet sends to a crypto order's (or link attempt's) deposit address: exactly, less or more. */
export async function cashierSendCrypto(deps: CashierDeps, token: string, outcome: DepositOutcomeValue, now: Date = new Date()): Promise<CashierView> {
  const r = await resolve(deps.db, token);
  if (r.kind === 'link') {
    const { link, collection } = await openCryptoLinkAttempt(deps, token, now);
    await sendDeposit(deps.db, { merchantId: collection.merchantId, collectionId: collection.id, amount: sandboxDepositAmount(collection.amount, outcome), now });
    return linkView(deps.db, link, now);
  }
  if (r.kind !== 'collection') throw new KeyedError('BUSINESS_RULE', 'crypto.notCryptoOrder');
  const { row } = await sendDeposit(deps.db, { merchantId: r.row.merchantId, collectionId: r.row.id, amount: sandboxDepositAmount(r.row.amount, outcome), now });
  return withDeposit(deps.db, collectionCashierView(row, await merchantFace(deps.db, row.merchantId), now), row, now);
}

export interface CashierPayInput {
  outcome: CashierOutcomeValue;
  failureReason?: CollectionFailureReasonValue;
}

export interface CashierDeps {
  db: Db;
  publicUrl: string;
}

/**
 * The payer pays (or, in the sandbox, chooses to fail). Success on an already paid order answers it unchanged (a
 * double click); everything else on a finished or expired order is a 422 with a message the page shows as is.
 */
export async function cashierPay(deps: CashierDeps, token: string, input: CashierPayInput, now: Date = new Date()): Promise<CashierView> {
  const r = await resolve(deps.db, token);
  if (r.kind === 'mandate') {
    const after = await authorizeMandate(deps, r.mandate, input.outcome !== CashierOutcome.SUCCESS, now);
    return mandateCashierView(after, await merchantFace(deps.db, after.merchantId), now);
  }
  if (r.kind === 'topUp') {
    const outcome = input.outcome === CashierOutcome.SUCCESS ? 'paid' : 'failed';
    const after = await finishTopUp(deps.db, { merchantId: r.topUp.merchantId, id: r.topUp.id, outcome, failureReason: input.failureReason, now, publicUrl: deps.publicUrl });
    return topUpCashierView(after, await merchantFace(deps.db, after.merchantId), now);
  }
  if (r.kind === 'link') {
    if (r.link.mode !== ApiKeyMode.SANDBOX) throw new KeyedError('BUSINESS_RULE', 'cashier.liveNotSupported');
    const paid = await payPaymentLink(deps, {
      token,
      outcome: input.outcome,
      failureReason: input.failureReason,
      now,
    });
    return linkCashierView(paid.link, paid.collection, await merchantFace(deps.db, paid.link.merchantId), now);
  }
  const row = r.row;
  if (row.mode !== ApiKeyMode.SANDBOX) throw new KeyedError('BUSINESS_RULE', 'cashier.liveNotSupported');
  const face = await merchantFace(deps.db, row.merchantId);
  if (PAID.includes(row.status)) {
    if (input.outcome === CashierOutcome.SUCCESS) return collectionCashierView(row, face, now);
    throw new KeyedError('BUSINESS_RULE', 'cashier.alreadyPaid');
  }
  if (!isOpen(row)) throw new KeyedError('BUSINESS_RULE', 'cashier.notPayable');
  if (isPastExpiry(row.expiresAt, now)) throw new KeyedError('BUSINESS_RULE', 'cashier.expired');
  // A crypto order is paid by what reaches its address, after its confirmations (POST .../crypto/send).
  if (row.paymentType === PaymentType.CRYPTO && input.outcome === CashierOutcome.SUCCESS) throw new KeyedError('BUSINESS_RULE', 'crypto.payBySending');
  const after =
    input.outcome === CashierOutcome.SUCCESS
      ? await payAtCashier(deps.db, { merchantId: row.merchantId, id: row.id, now })
      : await markCollectionFailed(deps.db, {
          merchantId: row.merchantId,
          id: row.id,
          reason: input.failureReason ?? CollectionFailureReason.PAYER_DECLINED,
          now,
        });
  return collectionCashierView(after, face, now);
}

/** The payer cancels an open order: closed. Cancelling a closed one answers it; a paid or failed one is 422. */
export async function cashierCancel(deps: CashierDeps, token: string, now: Date = new Date()): Promise<CashierView> {
  const r = await resolve(deps.db, token);
  if (r.kind === 'mandate') {
    const after = await changeMandate(deps, r.mandate.merchantId, r.mandate.id, 'stop', now);
    return mandateCashierView(after, await merchantFace(deps.db, after.merchantId), now);
  }
  if (r.kind === 'topUp') {
    const after = await finishTopUp(deps.db, { merchantId: r.topUp.merchantId, id: r.topUp.id, outcome: 'closed', now });
    return topUpCashierView(after, await merchantFace(deps.db, after.merchantId), now);
  }
  if (r.kind === 'link') {
    const open = effectiveLinkStatus(r.link, now) === PaymentLinkStatus.ACTIVE;
    throw new KeyedError('BUSINESS_RULE', open ? 'cashier.linkNotCancellable' : 'cashier.notCancellable');
  }
  const row = r.row;
  const face = await merchantFace(deps.db, row.merchantId);
  if (row.status === PaymentStatus.CLOSED) return collectionCashierView(row, face, now);
  if (!isOpen(row)) throw new KeyedError('BUSINESS_RULE', 'cashier.notCancellable');
  const after = await closeCollection(deps.db, { merchantId: row.merchantId, id: row.id, now });
  return collectionCashierView(after, face, now);
}
