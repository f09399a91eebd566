/**
 * Withdrawals (issue 12; spec §4 result codes, §5 amount rules, §9 arrival in working days): the merchant's own
 * accounts (added by its admin, every admin told, usable once provider staff verify them or after the sandbox cooling
 * period), the per-currency minimum and maximum, and the withdrawal itself: held at once (available -> frozen, amount +
 * fee), reviewed by provider staff, sent through the channel, ended with '00' (frozen -> clearing and fee revenue) or
 * '99' (frozen -> available). Every status change is one transaction with its ledger transfer and its callback
 * (`withdrawal.*`, to the merchant's payout callback address).
 *
 * Long file: accounts, limits and the state machine of one withdrawal read best together; the SQL is in queries.ts.
 */
import {
  ActionType,
  ApiKeyMode,
  CallbackEvent,
  CallbackOrderKind,
  DomainError,
  ID_PREFIX,
  PaymentType,
  PayoutStatus,
  WITHDRAWAL_ACCOUNT_COOLING_HOURS,
  WITHDRAWAL_ACCOUNTS_MAX,
  WITHDRAWAL_JOB_BATCH,
  WITHDRAWAL_LIMITS_DEFAULT,
  WithdrawalAccountStatus,
  withdrawalAccountUsable,
  WithdrawalResult,
  destinationIssues,
  expectedArrivalDate,
  findPayoutDestination,
  parseAmount,
  toMajorString,
  type CallbackEventValue,
  type CurrencyCode,
  type DestinationInput,
  type WithdrawalLimitsView,
} from '@mg/domain';
import type { Db, DbLike } from '../../db/pool';
import { KeyedError } from '../../lib/admin';
import { validateAmount } from '../../lib/amounts';
import { FieldValidationError, fieldError } from '../../lib/errors';
import { newBusinessId } from '../../lib/ids';
import { tellMerchantAdmins, type AdminNotifier } from '../announcements/tell-admins';
import { writeCallback, writeCallbacks, type CallbackMessage } from '../callbacks/outbox';
import type { ChannelPayout } from '../channels/adapter';
import { channelAdapterFor } from '../channels/sandbox';
import { quoteFee } from '../fees/service';
import { selectPayoutCallbackUrl } from '../payouts/queries';
import { balancesOf, pgErrorCode, payoutSucceeded, postTransfer, postTransfers, releasePayout, reservePayout, type TransferRequest } from '../ledger/service';
import {
  countLiveAccounts,
  decideAccount,
  deleteAccount,
  insertAccount,
  insertWithdrawal,
  lockDueWithdrawals,
  lockWithdrawal,
  selectAccount,
  selectLimit,
  toWithdrawalRecord,
  updateWithdrawal,
  upsertLimit,
  type WithdrawalAccountRow,
  type WithdrawalRow,
} from './queries';

const HOUR_MS = 3_600_000;
const PG_UNIQUE_VIOLATION = '23505';
const WITHDRAWAL = ActionType.WITHDRAWAL;

/** Who writes the in-app notice's e-mails (the app's mailer and the request's log). */
export type Notifier = AdminNotifier;

/* Accounts ----------------------------------------------------------------------------------------------------- */

/** Verified, or (sandbox) nobody decided and the cooling period is over. A rejected account never is. */
export function isUsable(account: WithdrawalAccountRow, now: Date = new Date()): boolean {
  return withdrawalAccountUsable(account, now);
}

export interface AddAccountInput extends DestinationInput {
  merchantId: number;
  currency: CurrencyCode;
  bankCode: string;
  createdBy: string;
  now?: Date;
}

const clean = (v: string | null | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Adds an account (the destination catalogue's bank rules of the currency) and tells every admin of the merchant. */
export async function addAccount(db: Db, input: AddAccountInput, notifier: Notifier | null): Promise<WithdrawalAccountRow> {
  const now = input.now ?? new Date();
  if (!input.bankCode) throw fieldError('bankCode', 'withdrawals.bankRequired');
  const destination = findPayoutDestination(input.currency, input.bankCode);
  if (destination && destination.kind !== 'bank') throw fieldError('bankCode', 'withdrawals.accountNotBank', { params: { bank: destination.name } });
  const issues = destinationIssues(input.currency, input.bankCode, input);
  if (issues.length > 0) throw new FieldValidationError(issues.map((i) => ({ field: i.field, messageKey: i.key, params: { currency: input.currency, ...i.params } })));
  if ((await countLiveAccounts(db, input.merchantId)) >= WITHDRAWAL_ACCOUNTS_MAX) {
    throw new KeyedError('BUSINESS_RULE', 'withdrawals.accountsFull', { max: WITHDRAWAL_ACCOUNTS_MAX });
  }
  let row: WithdrawalAccountRow;
  try {
    row = await insertAccount(db, {
      merchantId: input.merchantId,
      currency: input.currency,
      bankCode: input.bankCode,
      accountName: clean(input.accountName) ?? '',
      accountNumber: clean(input.accountNumber) ?? '',
      accountType: clean(input.accountType),
      documentId: clean(input.documentId),
      bankAgency: clean(input.bankAgency),
      status: WithdrawalAccountStatus.PENDING,
      usableAt: new Date(now.getTime() + WITHDRAWAL_ACCOUNT_COOLING_HOURS * HOUR_MS),
      createdBy: input.createdBy,
      createdAt: now,
    });
  } catch (e) {
    if (pgErrorCode(e).code === PG_UNIQUE_VIOLATION) throw new KeyedError('CONFLICT', 'withdrawals.accountDuplicate');
    throw e;
  }
  await tellAdmins(db, row, notifier, now);
  return row;
}

/** A new account is where money could go: every admin is told (in-app and by e-mail). */
function tellAdmins(db: Db, account: WithdrawalAccountRow, notifier: Notifier | null, now: Date): Promise<void> {
  const params = {
    user: account.createdBy,
    currency: account.currency,
    bank: findPayoutDestination(account.currency as CurrencyCode, account.bankCode)?.name ?? account.bankCode,
    account: account.accountNumber,
    name: account.accountName,
  };
  return tellMerchantAdmins(db, { merchantId: account.merchantId, titleKey: 'withdrawals.notice.accountAddedTitle', contentKey: 'withdrawals.notice.accountAddedContent', params }, notifier, now);
}

export async function removeAccount(db: DbLike, merchantId: number, id: number, now: Date = new Date()): Promise<void> {
  if (!(await deleteAccount(db, merchantId, id, now))) throw new KeyedError('NOT_FOUND', 'withdrawals.accountNotFound');
}

/** Provider staff verify (usable at once) or reject (never usable) a pending account. */
export async function verifyAccount(db: DbLike, id: number, verify: boolean, by: string, now: Date = new Date()): Promise<WithdrawalAccountRow> {
  const row = await decideAccount(db, id, verify ? WithdrawalAccountStatus.VERIFIED : WithdrawalAccountStatus.REJECTED, by, now);
  if (!row) throw new KeyedError('NOT_FOUND', 'withdrawals.accountNotFound');
  return row;
}

/* Limits ------------------------------------------------------------------------------------------------------- */

function minorOf(value: string, currency: CurrencyCode): bigint {
  const r = parseAmount(value, currency);
  if (!r.ok) throw new Error(`withdrawal limit ${value} of ${currency} is not an amount`);
  return r.minor;
}

/** The minimum and maximum of one withdrawal (provider staff's, else the domain default; none: no bound). */
export async function limitsOf(db: DbLike, currency: CurrencyCode): Promise<{ min: bigint; max: bigint | null }> {
  const row = await selectLimit(db, currency);
  if (row) return { min: row.minAmount, max: row.maxAmount };
  const d = WITHDRAWAL_LIMITS_DEFAULT[currency];
  return d ? { min: minorOf(d.min, currency), max: minorOf(d.max, currency) } : { min: 1n, max: null };
}

/** The form's figures for a currency (domain withdrawalCalls.limits): the bounds, the available balance, the arrival date if asked now. */
export async function limitsView(db: DbLike, merchantId: number, currency: CurrencyCode, now: Date = new Date()): Promise<WithdrawalLimitsView> {
  const { min, max } = await limitsOf(db, currency);
  const available = (await balancesOf(db, merchantId)).find((b) => b.currency === currency && b.kind === 'available')?.balance ?? 0n;
  const major = (v: bigint) => toMajorString(v, currency);
  return { currency, min: major(min), max: max === null ? null : major(max), available: major(available), expectedArrival: expectedArrivalDate(now, currency) };
}

export async function setLimits(db: DbLike, currency: CurrencyCode, min: bigint, max: bigint, by: string): Promise<void> {
  if (min <= 0n || max < min) throw fieldError('minAmount', 'withdrawals.limitsInvalid');
  await upsertLimit(db, { currency, minAmount: min, maxAmount: max, updatedBy: by });
}

/* One withdrawal --------------------------------------------------------------------------------------------- */

export interface WithdrawalInput {
  merchantId: number;
  currency: CurrencyCode;
  amount: bigint;
  accountId: number;
  createdBy: string;
  now?: Date;
}

export interface WithdrawalQuote {
  fee: bigint;
  total: bigint;
  available: bigint;
  expectedArrival: string;
  account: WithdrawalAccountRow;
}

const money = (v: bigint, c: CurrencyCode) => toMajorString(v, c);

/** Spec §5 checks in their order (account, minimum, maximum, balance), the fee and the expected arrival date. */
export async function quoteWithdrawal(db: DbLike, input: Omit<WithdrawalInput, 'createdBy'>): Promise<WithdrawalQuote> {
  const now = input.now ?? new Date();
  validateAmount(input.amount);
  const account = await selectAccount(db, input.accountId);
  if (!account || account.merchantId !== input.merchantId) throw fieldError('accountId', 'withdrawals.accountRequired');
  if (account.currency !== input.currency) throw fieldError('accountId', 'withdrawals.accountCurrency', { params: { accountCurrency: account.currency, currency: input.currency } });
  if (!isUsable(account, now)) throw fieldError('accountId', 'withdrawals.accountNotUsable');
  const { min, max } = await limitsOf(db, input.currency);
  if (input.amount < min) throw fieldError('amount', 'withdrawals.belowMin', { params: { min: money(min, input.currency), currency: input.currency } });
  if (max !== null && input.amount > max) throw fieldError('amount', 'withdrawals.aboveMax', { params: { max: money(max, input.currency), currency: input.currency } });
  const destination = findPayoutDestination(input.currency, account.bankCode);
  const [fee, balances] = await Promise.all([
    quoteFee(db, { merchantId: input.merchantId, currency: input.currency, paymentType: PaymentType.PAYOUT, channel: destination?.channel ?? null, amount: input.amount }),
    balancesOf(db, input.merchantId),
  ]);
  const available = balances.find((b) => b.currency === input.currency && b.kind === 'available')?.balance ?? 0n;
  return { fee: fee.total, total: input.amount + fee.total, available, expectedArrival: expectedArrivalDate(now, input.currency), account };
}

const overBalance = (total: bigint, available: bigint, currency: CurrencyCode) => ({ total: money(total, currency), available: money(available, currency) });

/** Held at once with the row, waiting for provider staff's review. */
export async function createWithdrawal(db: Db, input: WithdrawalInput): Promise<WithdrawalRow> {
  const now = input.now ?? new Date();
  const q = await quoteWithdrawal(db, { ...input, now });
  if (q.total > q.available) throw fieldError('amount', 'withdrawals.overBalance', { params: overBalance(q.total, q.available, input.currency) });
  const id = newBusinessId(ID_PREFIX.WITHDRAWAL, now);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertWithdrawal(tx, {
        id,
        merchantId: input.merchantId,
        accountId: q.account.id,
        currency: input.currency,
        bankCode: q.account.bankCode,
        accountName: q.account.accountName,
        accountNumber: q.account.accountNumber,
        amount: input.amount,
        fee: q.fee,
        status: PayoutStatus.PENDING_REVIEW,
        expectedArrival: q.expectedArrival,
        createdBy: input.createdBy,
        createdAt: now,
      });
      // The balance rows are locked last, just before the commit.
      await postTransfer(tx, hold(row));
      return row;
    });
  } catch (e) {
    if (e instanceof DomainError && e.code === 'INSUFFICIENT_BALANCE') {
      const again = await quoteWithdrawal(db, { ...input, now });
      throw new KeyedError('INSUFFICIENT_BALANCE', 'withdrawals.overBalance', overBalance(again.total, again.available, input.currency));
    }
    throw e;
  }
}

/** A withdrawal's callback (to the merchant's payout callback address): the record as the dashboard shows it. */
const callbackOf = (row: WithdrawalRow, eventType: CallbackEventValue, url: string | null, now: Date): CallbackMessage => ({
  merchantId: row.merchantId,
  eventType,
  orderKind: CallbackOrderKind.WITHDRAWAL,
  orderId: row.id,
  url,
  data: toWithdrawalRecord(row),
  now,
});

const base = (row: WithdrawalRow, key: string) => ({
  merchantId: row.merchantId,
  currency: row.currency as CurrencyCode,
  reference: row.id,
  idempotencyKey: `${key}:${row.id}`,
  amount: row.amount,
  fee: row.fee,
  actionType: WITHDRAWAL,
});
const hold = (row: WithdrawalRow): TransferRequest => reservePayout(base(row, 'withdrawal_hold'));
const release = (row: WithdrawalRow): TransferRequest => releasePayout(base(row, 'withdrawal_release'));
const charge = (row: WithdrawalRow): TransferRequest => payoutSucceeded(base(row, 'withdrawal_paid'));

/** Provider staff approve (sent to the channel) or reject (the hold released) a withdrawal waiting for review. */
export async function reviewWithdrawal(
  db: Db,
  args: { merchantId: number; id: string; approve: boolean; reason?: string; by: string; now?: Date },
): Promise<WithdrawalRow> {
  const now = args.now ?? new Date();
  if (!args.approve && !args.reason?.trim()) throw fieldError('reason', 'withdrawals.rejectReasonRequired');
  return db.transaction(async (tx) => {
    const row = await lockWithdrawal(tx, args.merchantId, args.id);
    if (!row) throw new KeyedError('NOT_FOUND', 'withdrawals.notFound');
    if (row.status !== PayoutStatus.PENDING_REVIEW) throw new KeyedError('STATE_TRANSITION_INVALID', 'withdrawals.notReviewable', { id: row.id });
    const reviewed = { reviewedBy: args.by, reviewedAt: now };
    if (args.approve) {
      await send(row, now);
      return updateWithdrawal(tx, row.merchantId, row.id, { ...reviewed, status: PayoutStatus.PROCESSING, sentAt: now });
    }
    const rejected = await updateWithdrawal(tx, row.merchantId, row.id, {
      ...reviewed,
      status: PayoutStatus.REJECTED,
      rejectReason: args.reason!.trim(),
      completedAt: now,
    });
    await writeCallback(tx, callbackOf(rejected, CallbackEvent.WITHDRAWAL_REJECTED, await selectPayoutCallbackUrl(tx, row.merchantId), now));
    await postTransfer(tx, release(row));
    return rejected;
  });
}

/** The withdrawal as the channel adapter takes it: a payout to the merchant's own account. */
function channelPayoutOf(row: WithdrawalRow): ChannelPayout {
  const destination = findPayoutDestination(row.currency as CurrencyCode, row.bankCode);
  return { id: row.id, currency: row.currency as CurrencyCode, channel: destination?.channel ?? 0, bankCode: row.bankCode, accountNumber: row.accountNumber, accountName: row.accountName, amount: row.amount };
}

/** Approved withdrawals go to the bank through the channel adapter (the sandbox answers a few seconds later). */
async function send(row: WithdrawalRow, now: Date): Promise<void> {
  await channelAdapterFor(channelPayoutOf(row).channel, ApiKeyMode.SANDBOX).sendPayout(channelPayoutOf(row), now);
}

/**
 * The channel's answers for withdrawals sent at least one job period ago, asked through the channel adapter (the
 * sandbox answers by the documented magic account numbers: ...13 refused, ...99 no answer yet): paid '00', refused
 * '99' with the hold released, or asked again next run. All of a run in one transaction, their transfers last.
 */
export async function completeDueWithdrawals(db: Db, sentBefore: Date, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await lockDueWithdrawals(tx, sentBefore, WITHDRAWAL_JOB_BATCH);
    const transfers: TransferRequest[] = [];
    const callbacks: CallbackMessage[] = [];
    const urls = new Map<number, string | null>();
    let ended = 0;
    for (const row of due) {
      const payout = channelPayoutOf(row);
      const answer = await channelAdapterFor(payout.channel, ApiKeyMode.SANDBOX).queryPayout(payout);
      if (answer.status === 'pending') {
        await updateWithdrawal(tx, row.merchantId, row.id, { sentAt: now });
        continue;
      }
      const failed = answer.status === 'failed';
      const done = await updateWithdrawal(tx, row.merchantId, row.id, {
        status: failed ? PayoutStatus.FAILED : PayoutStatus.SUCCESS,
        resultCode: failed ? WithdrawalResult.FAILED : WithdrawalResult.SUCCEEDED,
        completedAt: now,
      });
      if (!urls.has(row.merchantId)) urls.set(row.merchantId, await selectPayoutCallbackUrl(tx, row.merchantId));
      callbacks.push(callbackOf(done, failed ? CallbackEvent.WITHDRAWAL_FAILED : CallbackEvent.WITHDRAWAL_SUCCEEDED, urls.get(row.merchantId) ?? null, now));
      transfers.push(failed ? release(row) : charge(row));
      ended++;
    }
    await writeCallbacks(tx, callbacks);
    if (transfers.length > 0) await postTransfers(tx, transfers);
    return ended;
  });
}
