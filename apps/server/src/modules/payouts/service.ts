/**
 * Payouts (issue 11): money out, from creation to its end state. Every status change is one transaction with the
 * payout row locked: its ledger transfer (DESIGN §5: created available -> frozen amount + fee; succeeded frozen ->
 * clearing + fee revenue; failed, rejected, cancelled, expired frozen -> available) and its callback are written
 * with it or not at all. The ledger's CHECK refuses an available balance below zero: INSUFFICIENT_BALANCE (422),
 * nothing written, under any concurrency.
 *
 * Long file: the state machine of one payout (create with the approval decision, approve, reject, cancel, send,
 * succeed, fail, expire) reads best in one place; its SQL is in queries.ts.
 */
import { countPayoutOutcomes } from '../../lib/metrics';
import {
  ActionType,
  ApiKeyMode,
  CURRENCIES,
  CallbackEvent,
  CallbackOrderKind,
  DestinationKind,
  ID_PREFIX,
  MERCHANT_ORDER_ID_PATTERN,
  NotifyStatus,
  PAYOUT_DESCRIPTION_MAX_LENGTH,
  PAYOUT_NEW_DESTINATION_HOURS,
  PAYOUT_REJECT_REASON_MAX_LENGTH,
  PAYOUT_REVIEW_EXPIRY_HOURS,
  PAYOUT_QUERY_RETRY_MS,
  PAYOUT_STATUS,
  PaymentType,
  PayoutStatus,
  destinationIssues,
  findPayoutDestination,
  formatWallClock,
  networkOfBankCode,
  parseAmount,
  parseWallClock,
  FALLBACK_LANGUAGE,
  payoutFailureReason,
  type ApiKeyModeValue,
  type Language,
  type CallbackEventValue,
  type CurrencyCode,
  type DestinationInput,
  type PayoutDestination,
  type PayoutFailureCode,
  type PayoutStatusValue,
} from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { readConfig, type ConfigRead } from '../../db/config-cache';
import { validateAmount } from '../../lib/amounts';
import { FieldValidationError, fieldError } from '../../lib/errors';
import { newBusinessId } from '../../lib/ids';
import { KeyedError } from '../../lib/admin';
import { t } from '../../lib/i18n';

const DEFAULT_CALLBACK_LANGUAGE: Language = FALLBACK_LANGUAGE;
import { writeCallbacks } from '../callbacks/outbox';
import type { ChannelPayout } from '../channels/adapter';
import { channelAdapterFor } from '../channels/sandbox';
import { quoteFee } from '../fees/service';
import { chainedPosting, ledgerRefusalOf, payoutSucceeded, pgErrorCode, postTransfer, postTransfers, releasePayout, reservePayout, type TransferRequest } from '../ledger/service';
import {
  insertPayout,
  lockAutoApproval,
  lockDue,
  lockPayout,
  lockReviewExpired,
  lockUnsent,
  markSent,
  selectDestinationFirstUse,
  selectMerchantForPayout,
  selectPayoutCallbackUrl,
  selectPolicy,
  sumAutoApprovedSince,
  toPayoutRecord,
  updatePayout,
  updatePayouts,
  type PayoutRow,
} from './queries';
import { lockUnsentTo } from './queries/whitelist';
import { assertApprovable, checkedAddress, offWhitelist, whitelistedLabel } from './whitelist';

export type { PayoutRow } from './queries';
export { payoutInsert } from './queries';

const HOUR_MS = 3_600_000;
const PG_UNIQUE_VIOLATION = '23505';
const MERCHANT_ACTIVE = 'active';
const MERCHANT_FROZEN = 'frozen';
/** reviewedBy of a payout the approval policy let through. */
export const AUTO_REVIEWER = 'auto';

const notFound = () => new KeyedError('NOT_FOUND', 'payouts.notFound');
const duplicateOrderId = (merchantOrderId: string) => new KeyedError('CONFLICT', 'payouts.duplicateMerchantOrderId', { merchantOrderId });

export interface CreatePayoutInput extends DestinationInput {
  merchantId: number;
  mode: ApiKeyModeValue;
  merchantOrderId: string;
  amount: bigint;
  currency: CurrencyCode;
  bankCode: string;
  description?: string | null;
  notifyUrl?: string | null;
  /** The maker: a dashboard username or `api:<key id>`. */
  createdBy: string;
  /** A batch row (payment type 9 fee rules) rather than a single payout (type 8). */
  batch?: boolean;
  now?: Date;
}

/**
 * The payout as the open API and callbacks show it: the list record with the failure reason as code, message in
 * `lang` (callbacks: English) and whether trying again may help.
 */
export function payoutView(row: PayoutRow, lang: Language = DEFAULT_CALLBACK_LANGUAGE): Record<string, unknown> {
  // The batch is the dashboard's (batches are made there only): the open API and callbacks keep their fields.
  const { failureCode: _code, batchId: _batch, ...r } = toPayoutRecord(row);
  const reason = row.failureCode ? payoutFailureReason(row.failureCode) : undefined;
  return {
    ...r,
    failureReason: row.failureCode ? { code: row.failureCode, message: t(lang, reason?.messageKey ?? row.failureCode), retryable: reason?.retryable ?? false } : null,
  };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Create                                                                                                       */

/** The order id of a dashboard payout made without one: `DASH-<time>-<random>`, base 36, upper case. */
export function dashboardOrderId(now = Date.now()): string {
  return `DASH-${now.toString(36).toUpperCase()}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

const clean = (v: string | null | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The checks that need no database: destination, amount limits, order id, texts. Throws the first problem. */
export function checkPayoutInput(input: CreatePayoutInput): void {
  validateAmount(input.amount);
  if (!MERCHANT_ORDER_ID_PATTERN.test(input.merchantOrderId)) throw fieldError('merchantOrderId', 'collections.merchantOrderIdInvalid');
  const destination = findPayoutDestination(input.currency, input.bankCode);
  if (!destination && !CURRENCIES[input.currency]) throw fieldError('currency', 'payouts.currencyUnsupported', { params: { currency: input.currency } });
  const issues = destinationIssues(input.currency, input.bankCode, input);
  if (issues.length > 0) {
    throw new FieldValidationError(issues.map((i) => ({ field: i.field, messageKey: i.key, params: { currency: input.currency, ...i.params } })));
  }
  if (!destination) return;
  const limit = (s: string) => {
    const p = parseAmount(s, input.currency);
    if (!p.ok) throw new Error(`payout limit ${s} of ${destination.bankCode} is not an amount`);
    return p.minor;
  };
  const params = { currency: input.currency, bank: destination.name, min: destination.minAmount, max: destination.maxAmount };
  if (input.amount < limit(destination.minAmount)) throw fieldError('amount', 'payouts.amountBelowMin', { params });
  if (input.amount > limit(destination.maxAmount)) throw fieldError('amount', 'payouts.amountAboveMax', { params });
  const description = clean(input.description);
  if (description && description.length > PAYOUT_DESCRIPTION_MAX_LENGTH) {
    throw fieldError('description', 'collections.tooLong', { params: { max: PAYOUT_DESCRIPTION_MAX_LENGTH } });
  }
}

/** Whether the merchant's policy lets this payout through without review (inside the creating transaction). */
async function autoApproves(tx: DbLike, input: CreatePayoutInput, now: Date): Promise<boolean> {
  const policy = await selectPolicy(tx, input.merchantId, input.currency);
  if (!policy || policy.autoApproveMax === null || input.amount > policy.autoApproveMax) return false;
  const firstUse = await selectDestinationFirstUse(tx, input.merchantId, input.bankCode, (input.accountNumber ?? '').trim());
  if (!firstUse || now.getTime() - firstUse.getTime() < PAYOUT_NEW_DESTINATION_HOURS * HOUR_MS) return false;
  if (policy.dailyAutoMax === null) return true;
  await lockAutoApproval(tx, input.merchantId, input.currency);
  const zone = CURRENCIES[input.currency].timeZone;
  const dayStart = parseWallClock(formatWallClock(now, zone, false), zone) ?? now;
  const today = await sumAutoApprovedSince(tx, input.merchantId, input.currency, dayStart);
  return today + input.amount <= policy.dailyAutoMax;
}

/**
 * Who is paid: the account as given, or for crypto the address as its network writes it, named by its label in the
 * merchant's address book, and only once whitelisted past its cooling period (issue 13).
 */
export async function payeeOf(db: DbLike, input: CreatePayoutInput, destination: PayoutDestination, now: Date): Promise<{ accountName: string; accountNumber: string }> {
  const accountNumber = (input.accountNumber ?? '').trim();
  const network = networkOfBankCode(destination.bankCode);
  if (destination.kind !== DestinationKind.CRYPTO || !network) return { accountName: (input.accountName ?? '').trim(), accountNumber };
  const address = checkedAddress(network, accountNumber, 'accountNumber');
  return { accountName: await whitelistedLabel(db, input.merchantId, network, address, now), accountNumber: address };
}

/**
 * A payout checked, priced and decided before anything is written: the row to insert and its hold (amount + fee).
 * `plain` when the row is final as it is: no crypto address to hold in the address book, and no approval policy
 * that could let it through unreviewed (that needs the day's sum read inside the creating transaction). A plain
 * payout can be written in one statement with its answer and its hold (the open API's create: open-api/payout-routes.ts).
 */
export interface PreparedPayout {
  row: PayoutRow;
  reserve: TransferRequest;
  plain: boolean;
  /** The hold as writes of the row's own statement, when the payout is plain and the hold can go that way. */
  chainedHold: ReturnType<typeof chainedPosting>;
}

export async function preparePayout(db: DbLike, input: CreatePayoutInput, config?: ConfigRead): Promise<PreparedPayout> {
  const now = input.now ?? new Date();
  checkPayoutInput(input);
  const destination = findPayoutDestination(input.currency, input.bankCode);
  if (!destination) throw fieldError('bankCode', 'payouts.validation.bankCodeUnknown', { params: { currency: input.currency } });
  const m = await readConfig(config, `payout_merchant:${input.merchantId}`, () => selectMerchantForPayout(db, input.merchantId));
  if (!m) throw notFound();
  // As collections: a frozen merchant pays nothing out; live money only from an active (onboarded) one.
  if (m.status === MERCHANT_FROZEN || (input.mode === ApiKeyMode.LIVE && m.status !== MERCHANT_ACTIVE)) {
    throw new KeyedError('BUSINESS_RULE', 'collections.merchantInactive');
  }
  if (!m.currencies.includes(input.currency)) throw fieldError('currency', 'payouts.currencyUnsupported', { params: { currency: input.currency } });
  const to = await payeeOf(db, input, destination, now);
  const fee = await quoteFee(db, {
    merchantId: input.merchantId,
    currency: input.currency,
    paymentType: input.batch ? PaymentType.BATCH_PAYOUT : PaymentType.PAYOUT,
    channel: destination.channel,
    amount: input.amount,
  }, config);
  // Read through the configuration cache (a policy change bumps its version: migration 0039).
  const policy = await readConfig(config, `payout_policy:${input.merchantId}:${input.currency}`, () => selectPolicy(db, input.merchantId, input.currency));
  const mayAutoApprove = !!policy && policy.autoApproveMax !== null && input.amount <= policy.autoApproveMax;
  const row: PayoutRow = {
    id: newBusinessId(ID_PREFIX.PAYOUT, now),
    merchantId: input.merchantId,
    merchantOrderId: input.merchantOrderId,
    batchId: null,
    batchRow: null,
    mode: input.mode,
    currency: input.currency,
    bankCode: destination.bankCode,
    destinationKind: destination.kind,
    channel: destination.channel,
    accountName: to.accountName,
    accountNumber: to.accountNumber,
    accountType: destination.extra.includes('accountType') ? clean(input.accountType) : null,
    documentId: destination.extra.includes('documentId') ? clean(input.documentId) : null,
    bankAgency: destination.extra.includes('bankAgency') ? clean(input.bankAgency) : null,
    pixKeyType: destination.extra.includes('pixKeyType') ? clean(input.pixKeyType) : null,
    amount: input.amount,
    fee: fee.total,
    status: PayoutStatus.PENDING_REVIEW,
    failureCode: null,
    rejectReason: null,
    description: clean(input.description),
    notifyUrl: clean(input.notifyUrl),
    notifyStatus: null,
    createdBy: input.createdBy,
    reviewedBy: null,
    reviewedAt: null,
    autoApproved: false,
    sentAt: null,
    channelReference: null,
    dueAt: null,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
  const reserve = reservePayout({ ...ledgerBase(row), idempotencyKey: `payout:${row.id}:reserve`, amount: row.amount, fee: row.fee });
  const plain = destination.kind !== DestinationKind.CRYPTO && !mayAutoApprove;
  return { row, reserve, plain, chainedHold: plain ? chainedPosting(reserve) : null };
}

/** A payout's write refused by the database, as the error its maker sees (a used order id, a balance too low). */
export function payoutWriteError(e: unknown, merchantOrderId: string): unknown {
  const { code, constraint } = pgErrorCode(e);
  if (code === PG_UNIQUE_VIOLATION && constraint === 'payout_merchant_order_uq') return duplicateOrderId(merchantOrderId);
  return ledgerRefusalOf(e) ?? e;
}

/**
 * Creates a payout and holds amount + fee at once. Runs in the caller's transaction when given one (the open API's
 * idempotent answer), else in its own.
 */
export async function createPayout(db: DbLike, input: CreatePayoutInput, config?: ConfigRead): Promise<PayoutRow> {
  return writePayout(db, await preparePayout(db, input, config), input);
}

/** Writes a prepared payout and its hold, in the caller's transaction when given one. */
export async function writePayout(db: DbLike, prepared: PreparedPayout, input: CreatePayoutInput): Promise<PayoutRow> {
  try {
    return await db.transaction(async (tx) => {
      const row = prepared.plain ? prepared.row : await decided(tx, prepared.row, input);
      const written = await insertPayout(tx, row);
      // Last: the balance rows are locked from here to the commit only.
      await postTransfer(tx, prepared.reserve);
      return written;
    });
  } catch (e) {
    throw payoutWriteError(e, input.merchantOrderId);
  }
}

/** A payout that is not plain, decided with what it depends on held by the creating transaction. */
async function decided(tx: DbLike, row: PayoutRow, input: CreatePayoutInput): Promise<PayoutRow> {
  const now = row.createdAt;
  // Crypto: checked again with the address held, so a delete waits for this payout instead of racing it.
  const network = networkOfBankCode(row.bankCode);
  if (row.destinationKind === DestinationKind.CRYPTO && network) await whitelistedLabel(tx, input.merchantId, network, row.accountNumber, now, { hold: true });
  // The destination as stored (an Ethereum address in its EIP-55 form): the policy's first use is looked up by it.
  if (!(await autoApproves(tx, { ...input, accountNumber: row.accountNumber }, now))) return row;
  return { ...row, status: PayoutStatus.PROCESSING, reviewedBy: AUTO_REVIEWER, reviewedAt: now, autoApproved: true };
}

function ledgerBase(row: PayoutRow) {
  return { merchantId: row.merchantId, currency: row.currency as CurrencyCode, reference: row.id, actionType: ActionType.PAYOUT };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Status changes                                                                                               */

const EVENT_OF: Partial<Record<PayoutStatusValue, CallbackEventValue>> = {
  success: CallbackEvent.PAYOUT_SUCCEEDED,
  failed: CallbackEvent.PAYOUT_FAILED,
  rejected: CallbackEvent.PAYOUT_REJECTED,
  cancelled: CallbackEvent.PAYOUT_CANCELLED,
};

/** How one locked payout ends. */
export interface PayoutEnding {
  row: PayoutRow;
  to: PayoutStatusValue;
  failureCode?: PayoutFailureCode | null;
  rejectReason?: string | null;
  reviewedBy?: string | null;
}

/**
 * Ends locked payouts in the caller's transaction: their status (one update per kind of ending), their callbacks
 * (one outbox insert), and last their ledger transfers (charge on success, release otherwise), so the balance rows
 * are held from there to the commit only. One payout or a thousand: the same few statements (a job or a batch
 * rejection ended 10 000 payouts one transaction each in a minute).
 */
export async function finishPayouts(tx: DbLike, endings: readonly PayoutEnding[], now: Date): Promise<PayoutRow[]> {
  if (endings.length === 0) return [];
  const merchantUrls = new Map<number, string | null>();
  const targets: (string | null)[] = [];
  for (const e of endings) {
    PAYOUT_STATUS.assertTransition(e.row.status as PayoutStatusValue, e.to);
    if (!e.row.notifyUrl && !merchantUrls.has(e.row.merchantId)) merchantUrls.set(e.row.merchantId, await selectPayoutCallbackUrl(tx, e.row.merchantId));
    targets.push(e.row.notifyUrl ?? merchantUrls.get(e.row.merchantId) ?? null);
  }
  const groups = new Map<string, { set: Partial<PayoutRow>; ids: string[] }>();
  endings.forEach((e, i) => {
    const set: Partial<PayoutRow> = {
      status: e.to,
      failureCode: e.failureCode ?? null,
      rejectReason: e.rejectReason ?? null,
      ...(e.reviewedBy !== undefined ? { reviewedBy: e.reviewedBy, reviewedAt: now } : {}),
      ...(targets[i] && EVENT_OF[e.to] ? { notifyStatus: NotifyStatus.PENDING } : {}),
      dueAt: null,
      completedAt: now,
      updatedAt: now,
    };
    const key = JSON.stringify(set);
    const g = groups.get(key) ?? { set, ids: [] };
    g.ids.push(e.row.id);
    groups.set(key, g);
  });
  const updated = new Map<string, PayoutRow>();
  for (const g of groups.values()) for (const r of await updatePayouts(tx, g.ids, g.set)) updated.set(r.id, r);
  const rows = endings.map((e) => {
    const r = updated.get(e.row.id);
    if (!r) throw new Error(`payout ${e.row.id} vanished`);
    return r;
  });
  await writeCallbacks(
    tx,
    endings.flatMap((e, i) => {
      const event = EVENT_OF[e.to];
      const row = rows[i] as PayoutRow;
      return event ? [{ merchantId: row.merchantId, eventType: event, orderKind: CallbackOrderKind.PAYOUT, orderId: row.id, url: targets[i] ?? null, data: payoutView(row), now }] : [];
    }),
  );
  const transfers = endings.map(({ row, to }) => {
    const t = { ...ledgerBase(row), amount: row.amount, fee: row.fee };
    return to === PayoutStatus.SUCCESS ? payoutSucceeded({ ...t, idempotencyKey: `payout:${row.id}:success` }) : releasePayout({ ...t, idempotencyKey: `payout:${row.id}:release` });
  });
  if (transfers.length === 1) await postTransfer(tx, transfers[0] as TransferRequest);
  else await postTransfers(tx, transfers);
  countPayoutOutcomes(tx, endings.map((e) => ({ channel: e.row.channel, outcome: e.to })));
  return rows;
}

/** Ends one locked payout (finishPayouts for one). */
async function finish(tx: DbLike, row: PayoutRow, to: PayoutStatusValue, set: Omit<PayoutEnding, 'row' | 'to'>, now: Date): Promise<PayoutRow> {
  const [ended] = await finishPayouts(tx, [{ row, to, ...set }], now);
  return ended as PayoutRow;
}

/** Locks the payout and runs a change on it; an unknown id (or another merchant's) is a 404. */
async function change(db: DbLike, merchantId: number, id: string, fn: (tx: DbLike, row: PayoutRow) => Promise<PayoutRow>): Promise<PayoutRow> {
  return db.transaction(async (tx) => {
    const row = await lockPayout(tx, merchantId, id);
    if (!row) throw notFound();
    return fn(tx, row);
  });
}

const notPending = (row: PayoutRow) => new KeyedError('BUSINESS_RULE', 'payouts.notPendingReview', { status: row.status });

/** Maker-checker: the approver is not the maker (an API payout's maker is its key, so any approver differs). */
/**
 * A batch's payouts are reviewed with their batch (one decision over its total), never one by one: approving some
 * would leave the batch pending with part of it sent (issue 40).
 */
function notInBatch(row: PayoutRow): void {
  if (row.batchId) throw new KeyedError('BUSINESS_RULE', 'payouts.batch.reviewWithBatch', { batchId: row.batchId });
}

export async function approvePayout(db: DbLike, a: { merchantId: number; id: string; approver: string; now?: Date }): Promise<PayoutRow> {
  const now = a.now ?? new Date();
  return change(db, a.merchantId, a.id, async (tx, row) => {
    if (row.status !== PayoutStatus.PENDING_REVIEW) throw notPending(row);
    if (row.createdBy === a.approver) throw new KeyedError('FORBIDDEN', 'payouts.makerCannotApprove');
    notInBatch(row);
    await assertApprovable(tx, row, now);
    return updatePayout(tx, row, { status: PayoutStatus.PROCESSING, reviewedBy: a.approver, reviewedAt: now, updatedAt: now });
  });
}

export async function rejectPayout(db: DbLike, a: { merchantId: number; id: string; approver: string; reason: string; now?: Date }): Promise<PayoutRow> {
  const now = a.now ?? new Date();
  const reason = a.reason.trim();
  if (reason === '') throw fieldError('reason', 'payouts.rejectReasonRequired');
  if (reason.length > PAYOUT_REJECT_REASON_MAX_LENGTH) throw fieldError('reason', 'collections.tooLong', { params: { max: PAYOUT_REJECT_REASON_MAX_LENGTH } });
  return change(db, a.merchantId, a.id, async (tx, row) => {
    if (row.status !== PayoutStatus.PENDING_REVIEW) throw notPending(row);
    if (row.createdBy === a.approver) throw new KeyedError('FORBIDDEN', 'payouts.makerCannotApprove');
    notInBatch(row);
    return finish(tx, row, PayoutStatus.REJECTED, { rejectReason: reason, reviewedBy: a.approver }, now);
  });
}

/** How a payout not yet sent ends when its address left the book: rejected while in review, else cancelled. */
const stoppedBeforeSending = (row: PayoutRow, by: string | null): PayoutEnding =>
  row.status === PayoutStatus.PENDING_REVIEW
    ? { row, to: PayoutStatus.REJECTED, failureCode: 'ADDRESS_DELETED', ...(by ? { reviewedBy: by } : {}) }
    : { row, to: PayoutStatus.CANCELLED, failureCode: 'ADDRESS_DELETED' };

/**
 * A crypto address is being deleted (in the caller's transaction, which holds the address row): every payout to it
 * not yet sent ends now with its hold released, those waiting for review rejected by `by`, approved ones cancelled
 * (issue 39). One sent already is on the chain and ends as the chain answers.
 */
export async function stopPayoutsTo(tx: DbLike, a: { merchantId: number; bankCode: string; address: string; by: string; now: Date }): Promise<PayoutRow[]> {
  const rows = await lockUnsentTo(tx, a.merchantId, a.bankCode, a.address);
  return finishPayouts(tx, rows.map((row) => stoppedBeforeSending(row, a.by)), a.now);
}

/** While pending review, or approved but not yet sent to the channel. */
export async function cancelPayout(db: DbLike, a: { merchantId: number; id: string; now?: Date }): Promise<PayoutRow> {
  const now = a.now ?? new Date();
  return change(db, a.merchantId, a.id, async (tx, row) => {
    const cancellable = row.status === PayoutStatus.PENDING_REVIEW || (row.status === PayoutStatus.PROCESSING && row.sentAt === null);
    if (!cancellable) throw new KeyedError('BUSINESS_RULE', 'payouts.notCancellable', { status: row.status });
    return finish(tx, row, PayoutStatus.CANCELLED, {}, now);
  });
}

/** The channel's answer: success, or failure with a catalogue reason. Idempotent for an ended payout. */
export async function completePayout(
  db: DbLike,
  a: { merchantId: number; id: string; result: { status: 'success' } | { status: 'failed'; reason: PayoutFailureCode }; check?: (row: PayoutRow) => void; now?: Date },
): Promise<PayoutRow> {
  const now = a.now ?? new Date();
  return change(db, a.merchantId, a.id, async (tx, row) => {
    a.check?.(row);
    if (row.status !== PayoutStatus.PROCESSING) {
      if (PAYOUT_STATUS.isTerminal(row.status as PayoutStatusValue)) return row;
      throw new KeyedError('BUSINESS_RULE', 'payouts.sandboxOnlyProcessing', { status: row.status });
    }
    if (row.sentAt === null) {
      // Never sent to an address that left the book (issue 39): stopped instead, as the sending job does.
      if ((await offWhitelist(tx, [row], now)).has(row.id)) return finish(tx, row, PayoutStatus.CANCELLED, { failureCode: 'ADDRESS_DELETED' }, now);
      const sent = await channelOf(row).sendPayout(channelPayout(row), now);
      row = await updatePayout(tx, row, { sentAt: now, channelReference: sent.channelReference });
    }
    return a.result.status === 'success'
      ? finish(tx, row, PayoutStatus.SUCCESS, {}, now)
      : finish(tx, row, PayoutStatus.FAILED, { failureCode: a.result.reason }, now);
  });
}

/** The payout as its channel sees it. */
function channelPayout(row: PayoutRow): ChannelPayout {
  return { id: row.id, currency: row.currency as CurrencyCode, channel: row.channel, bankCode: row.bankCode, accountNumber: row.accountNumber, accountName: row.accountName, amount: row.amount };
}

const channelOf = (row: PayoutRow) => channelAdapterFor(row.channel, row.mode);

/* ---------------------------------------------------------------------------------------------------------- */
/* The jobs: send approved payouts, take the channel's answers, expire unreviewed ones                          */

/**
 * Hands approved payouts to their channel, noting its reference and when its answer is due. A crypto payout whose
 * address left the book since its approval is not sent: it is cancelled with its hold released (issue 39).
 */
export async function sendApproved(db: DbLike, limit: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const locked = await lockUnsent(tx, limit);
    const gone = await offWhitelist(tx, locked, now);
    await finishPayouts(tx, locked.filter((r) => gone.has(r.id)).map((row) => stoppedBeforeSending(row, null)), now);
    const rows = locked.filter((r) => !gone.has(r.id));
    const sent = await Promise.all(rows.map(async (r) => ({ id: r.id, ...(await channelOf(r).sendPayout(channelPayout(r), now)) })));
    await markSent(tx, sent.map((s) => ({ id: s.id, channelReference: s.channelReference, dueAt: s.answerDueAt })), now);
    return locked.length;
  });
}

/** The channels' answers to payouts whose answer is due: they end, or are asked again PAYOUT_QUERY_RETRY_MS later. */
export async function completeDue(db: DbLike, limit: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockDue(tx, now, limit);
    const answers = await Promise.all(rows.map(async (row) => ({ row, answer: await channelOf(row).queryPayout(channelPayout(row)) })));
    const waiting = answers.filter((a) => a.answer.status === 'pending').map((a) => a.row.id);
    if (waiting.length > 0) await updatePayouts(tx, waiting, { dueAt: new Date(now.getTime() + PAYOUT_QUERY_RETRY_MS), updatedAt: now });
    await finishPayouts(
      tx,
      answers.flatMap(({ row, answer }): PayoutEnding[] =>
        answer.status === 'success' ? [{ row, to: PayoutStatus.SUCCESS }] : answer.status === 'failed' ? [{ row, to: PayoutStatus.FAILED, failureCode: answer.reason }] : [],
      ),
      now,
    );
    return rows.length;
  });
}

/** Payouts nobody reviewed within PAYOUT_REVIEW_EXPIRY_HOURS: rejected with REVIEW_EXPIRED, the hold released. */
export async function expireUnreviewed(db: DbLike, limit: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockReviewExpired(tx, new Date(now.getTime() - PAYOUT_REVIEW_EXPIRY_HOURS * HOUR_MS), limit);
    await finishPayouts(tx, rows.map((row) => ({ row, to: PayoutStatus.REJECTED, failureCode: 'REVIEW_EXPIRED' as const })), now);
    return rows.length;
  });
}

/** For sandbox helpers: the payout must be the caller's sandbox payout. */
export function assertSandboxPayout(row: PayoutRow): void {
  if (row.mode !== ApiKeyMode.SANDBOX) throw new KeyedError('BUSINESS_RULE', 'open-api.sandboxOrderOnly');
}
