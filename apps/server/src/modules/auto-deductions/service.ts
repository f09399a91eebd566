/**
 * Auto-deduction (issue 12; spec §3 fields, §4 states): a mandate the payer authorises once at the cashier (the
 * first charge is taken then), then a charge every interval until its repetitions are done or it is stopped. Each
 * charge is a collection of its own (source `mandate`, its own record, ledger movement and `collection.*` callback).
 * The payer is e-mailed at least MANDATE_NOTICE_HOURS before each charge; a failed charge is tried again after
 * MANDATE_RETRY_HOURS, at most MANDATE_MAX_RETRIES times, then the mandate fails with the channel's reason. Each change
 * of its status sends a `mandate.*` callback, written with the change.
 */
import {
  CallbackEvent,
  CallbackOrderKind,
  CollectionFailureReason,
  CollectionSource,
  ID_PREFIX,
  IntervalUnit,
  MANDATE_AUTHORISE_HOURS,
  MANDATE_JOB_BATCH,
  MANDATE_MAX_RETRIES,
  MANDATE_NOTICE_HOURS,
  MANDATE_RETRY_HOURS,
  MandateStatus,
  PaymentStatus,
  findBrand,
  formatWallClock,
  toMajorString,
  zoneOf,
  translate,
  DEFAULT_BRAND_VALUE,
  DomainError,
  type CallbackEventValue,
  type CurrencyCode,
  type IntervalUnitValue,
  type Language,
  type MandateStatusValue,
} from '@mg/domain';
import type { Db, DbLike, DbTx } from '../../db/pool';
import { KeyedError } from '../../lib/admin';
import { validateAmount } from '../../lib/amounts';
import { newBusinessId, newToken } from '../../lib/ids';
import type { LowBalanceNotifier } from '../balances/limit';
import { selectMerchant } from '../balances/queries';
import { writeCallback } from '../callbacks/outbox';
import { createCollection, markCollectionFailed, payAtCashier, pickProduct } from '../collections/service';
import { inTransactionThenPost } from '../ledger/writer';
import { pgErrorCode } from '../ledger/service';
import {
  claimNoticesDue,
  countCharge,
  insertCharge,
  insertMandate,
  lockMandate,
  lockNextDueMandate,
  nextChargeSeq,
  selectMandate,
  selectMandateCallbackUrl,
  toMandateRecord,
  updateMandate,
  type MandateRow,
} from './queries';

const EVENT_OF: Readonly<Partial<Record<string, CallbackEventValue>>> = {
  [MandateStatus.ACTIVE]: CallbackEvent.MANDATE_ACTIVE,
  [MandateStatus.PAUSED]: CallbackEvent.MANDATE_PAUSED,
  [MandateStatus.STOPPED]: CallbackEvent.MANDATE_STOPPED,
  [MandateStatus.FAIL]: CallbackEvent.MANDATE_FAILED,
};

/**
 * A status-guarded change of the mandate with, when its status changed, the `mandate.*` callback in the same
 * transaction (to its notifyUrl, else the merchant's collection callback address). A charge in progress holds the
 * row, so a pause or stop waits for it and then applies to the mandate as the charge left it.
 */
async function change(db: DbLike, m: MandateRow, from: readonly string[], set: Parameters<typeof updateMandate>[3], publicUrl: string): Promise<MandateRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await updateMandate(tx, m.id, from, set);
    if (row) await tellStatus(tx, m.status, row, publicUrl);
    return row;
  });
}

/** The `mandate.*` callback of a status change, written with it. */
async function tellStatus(tx: DbLike, before: string, row: MandateRow, publicUrl: string): Promise<void> {
  const event = row.status !== before ? EVENT_OF[row.status] : undefined;
  if (!event) return;
  await writeCallback(tx, { merchantId: row.merchantId, eventType: event, orderKind: CallbackOrderKind.MANDATE, orderId: row.id, url: await selectMandateCallbackUrl(tx, row), data: toMandateRecord(row, publicUrl) });
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const PAID: readonly string[] = [PaymentStatus.SUCCESS, PaymentStatus.PARTIAL];
/** PostgreSQL's answer to FOR UPDATE NOWAIT on a row another transaction holds. */
const LOCK_NOT_AVAILABLE = '55P03';

export interface CreateMandateInput {
  merchantId: number;
  currency: CurrencyCode;
  amount: bigint;
  paymentType: number;
  intervalPeriod: number;
  intervalUnit: IntervalUnitValue;
  repetitions: number | null;
  payerEmail: string;
  payerName?: string | null;
  merchantMandateId?: string | null;
  notifyUrl?: string | null;
  createdBy: string;
  now?: Date;
}

export interface Deps {
  db: Db;
  publicUrl: string;
}

/** The instant one interval after `from` (months keep the day of the month where the month has it). */
export function addInterval(from: Date, period: number, unit: string): Date {
  if (unit === IntervalUnit.DAY) return new Date(from.getTime() + period * DAY_MS);
  if (unit === IntervalUnit.WEEK) return new Date(from.getTime() + period * 7 * DAY_MS);
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + period);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export async function createMandate(db: DbLike, input: CreateMandateInput): Promise<MandateRow> {
  validateAmount(input.amount);
  const now = input.now ?? new Date();
  // The product of the payment method takes the amount within its limits, as for any collection.
  await pickProduct(db, { currency: input.currency, paymentType: input.paymentType, channel: null, amount: input.amount });
  return insertMandate(db, {
    id: newBusinessId(ID_PREFIX.MANDATE, now),
    merchantId: input.merchantId,
    merchantMandateId: input.merchantMandateId ?? null,
    currency: input.currency,
    amount: input.amount,
    paymentType: input.paymentType,
    intervalPeriod: input.intervalPeriod,
    intervalUnit: input.intervalUnit,
    repetitions: input.repetitions,
    status: MandateStatus.INIT,
    payerEmail: input.payerEmail,
    payerName: input.payerName ?? null,
    cashierToken: newToken(),
    authorizeBefore: new Date(now.getTime() + MANDATE_AUTHORISE_HOURS * HOUR_MS),
    notifyUrl: input.notifyUrl ?? null,
    createdBy: input.createdBy,
    createdAt: now,
  });
}

/** What a charge took from the payer (0 when it did not go through), and why not. */
interface Outcome {
  taken: bigint;
  reason: string | null;
}

/**
 * One try of a charge, in the caller's transaction, which holds the mandate row from before the sequence is read
 * until the counters are written: a collection made for it and paid through the sandbox channel (or failed on
 * purpose), its charge row, and the mandate's counters and schedule. Nothing of it survives a rollback or a crash.
 */
async function chargeLocked(tx: DbTx, publicUrl: string, m: MandateRow, now: Date, fail: boolean): Promise<MandateRow> {
  if (m.repetitions !== null && m.chargesDone >= m.repetitions) throw new KeyedError('BUSINESS_RULE', 'auto-deductions.repetitionsDone', { repetitions: m.repetitions });
  const seq = await nextChargeSeq(tx, m.id);
  const created = await createCollection({ db: tx, publicUrl }, {
    merchantId: m.merchantId,
    mode: 'sandbox',
    source: CollectionSource.MANDATE,
    merchantOrderId: `${m.id}-${seq}`,
    amount: m.amount,
    currency: m.currency as CurrencyCode,
    paymentType: m.paymentType,
    payerEmail: m.payerEmail,
    payerName: m.payerName ?? undefined,
    orderDescription: `${m.id} #${seq}`,
    notifyUrl: m.notifyUrl,
    now,
  });
  const ended = fail
    ? await markCollectionFailed(tx, { merchantId: m.merchantId, id: created.id, reason: CollectionFailureReason.PAYER_DECLINED, now })
    : await payAtCashier(tx, { merchantId: m.merchantId, id: created.id, now, publicUrl });
  const taken = PAID.includes(ended.status) ? (ended.paidAmount ?? ended.amount) : 0n;
  const outcome: Outcome = { taken, reason: taken > 0n ? null : (ended.failureReason ?? ended.status) };
  await insertCharge(tx, { mandateId: m.id, merchantId: m.merchantId, seq, collectionId: created.id, status: ended.status, failureReason: outcome.reason });
  const row = await countCharge(tx, m.id, outcome.taken, afterCharge(m, outcome, now));
  await tellStatus(tx, m.status, row, publicUrl);
  return row;
}

/**
 * What a charge's outcome does to the mandate: the schedule moves on (stopped once its repetitions are done), or the
 * retry count grows until it fails; a declined authorisation leaves it waiting with the reason.
 */
function afterCharge(m: MandateRow, outcome: Outcome, now: Date): Parameters<typeof countCharge>[3] {
  if (outcome.taken > 0n) {
    const done = m.repetitions !== null && m.chargesDone + 1 >= m.repetitions;
    return {
      status: done ? MandateStatus.STOPPED : MandateStatus.ACTIVE,
      failedAttempts: 0,
      lastFailureReason: null,
      nextChargeAt: done ? null : addInterval(now, m.intervalPeriod, m.intervalUnit),
    };
  }
  if (m.status === MandateStatus.INIT) return { status: m.status, failedAttempts: m.failedAttempts, lastFailureReason: outcome.reason, nextChargeAt: m.nextChargeAt };
  const failedAttempts = m.failedAttempts + 1;
  const failed = failedAttempts >= MANDATE_MAX_RETRIES;
  return {
    status: failed ? MandateStatus.FAIL : MandateStatus.ACTIVE,
    failedAttempts,
    lastFailureReason: outcome.reason,
    nextChargeAt: failed ? null : new Date(now.getTime() + MANDATE_RETRY_HOURS * HOUR_MS),
  };
}

/** A charge's transaction; the money it took is posted to the balances once it commits. */
const inCharge = <T>(deps: Deps, work: (tx: DbTx) => Promise<T>): Promise<T> => inTransactionThenPost(deps.db, work);

/** The mandate of `merchantId` locked for a charge or refused: not found, or another change of it in progress. */
async function lockOwn(tx: DbTx, merchantId: number, id: string, wait: 'wait' | 'nowait'): Promise<MandateRow> {
  let m: MandateRow | undefined;
  try {
    m = await lockMandate(tx, id, wait);
  } catch (e) {
    if (pgErrorCode(e).code === LOCK_NOT_AVAILABLE) throw new KeyedError('CONFLICT', 'auto-deductions.inProgress');
    throw e;
  }
  if (!m || m.merchantId !== merchantId) throw new KeyedError('NOT_FOUND', 'auto-deductions.notFound');
  return m;
}

/**
 * The payer at the authorisation page: authorised (the first charge taken; the mandate active) or declined (the
 * mandate stays waiting, the reason kept, the payer may try again until the deadline). A second press waits for the
 * first and is answered with the mandate it left.
 */
export async function authorizeMandate(deps: Deps, mandateRow: MandateRow, decline: boolean, now: Date = new Date()): Promise<MandateRow> {
  return inCharge(deps, async (tx) => {
    const m = await lockOwn(tx, mandateRow.merchantId, mandateRow.id, 'wait');
    if (m.status !== MandateStatus.INIT) {
      if (m.status === MandateStatus.ACTIVE && !decline) return m;
      throw new KeyedError('BUSINESS_RULE', 'cashier.notPayable');
    }
    if (now >= m.authorizeBefore) throw new KeyedError('BUSINESS_RULE', 'cashier.expired');
    return chargeLocked(tx, deps.publicUrl, m, now, decline);
  });
}

const ACTIONS: Readonly<Record<'pause' | 'resume' | 'stop', { from: readonly MandateStatusValue[]; to: MandateStatusValue }>> = {
  pause: { from: [MandateStatus.ACTIVE], to: MandateStatus.PAUSED },
  resume: { from: [MandateStatus.PAUSED], to: MandateStatus.ACTIVE },
  stop: { from: [MandateStatus.INIT, MandateStatus.ACTIVE, MandateStatus.PAUSED], to: MandateStatus.STOPPED },
};

/** The merchant's pause, resume and stop; a resumed mandate charges at once if its charge fell due meanwhile. */
export async function changeMandate(deps: Deps, merchantId: number, id: string, action: keyof typeof ACTIONS, now: Date = new Date()): Promise<MandateRow> {
  const { db } = deps;
  const m = await selectMandate(db, id);
  if (!m || m.merchantId !== merchantId) throw new KeyedError('NOT_FOUND', 'auto-deductions.notFound');
  const rule = ACTIONS[action];
  const set =
    action === 'stop'
      ? { status: rule.to, nextChargeAt: null }
      : action === 'resume'
        ? { status: rule.to, nextChargeAt: m.nextChargeAt && m.nextChargeAt > now ? m.nextChargeAt : now }
        : { status: rule.to };
  const row = await change(db, m, rule.from, set, deps.publicUrl);
  if (!row) throw new KeyedError('STATE_TRANSITION_INVALID', 'auto-deductions.notAllowed', { status: (await selectMandate(db, id))?.status ?? m.status });
  return row;
}

/**
 * "Charge now": the next charge of an active mandate, taken at once; the schedule continues from now. The caller
 * names the charge it means (`seq`: the mandate's charges done + 1, as its screen showed them), so a request sent
 * again, or ten at once, after that charge was taken is refused (409) instead of taking the one after it; one sent
 * while a charge (or any change) of the mandate is in progress is refused at once, never queued behind it.
 */
export async function chargeNow(deps: Deps, merchantId: number, id: string, seq: number, now: Date = new Date()): Promise<MandateRow> {
  return inCharge(deps, async (tx) => {
    const m = await lockOwn(tx, merchantId, id, 'nowait');
    if (m.status !== MandateStatus.ACTIVE) throw new KeyedError('STATE_TRANSITION_INVALID', 'auto-deductions.notAllowed', { status: m.status });
    if (seq !== m.chargesDone + 1) throw new KeyedError('CONFLICT', 'auto-deductions.chargeTaken', { seq, done: m.chargesDone });
    return chargeLocked(tx, deps.publicUrl, m, now, false);
  });
}

/** The job: due charges taken (each claimed first), then the notices of the coming ones. */
export async function runMandates(deps: Deps, notifier: LowBalanceNotifier | null, now: Date = new Date()): Promise<{ charged: number; noticed: number }> {
  let charged = 0;
  // One mandate a transaction: each holds its row through its charge; another instance skips the rows held.
  while (charged < MANDATE_JOB_BATCH) {
    const row = await inCharge(deps, async (tx) => {
      const m = await lockNextDueMandate(tx, now);
      if (!m) return undefined;
      try {
        return await tx.transaction((charge) => chargeLocked(charge, deps.publicUrl, m, now, false));
      } catch (e) {
        // A charge the product refuses (its channel down, the method withdrawn) is a failed try, retried like a
        // declined one: left due, it would be the first one picked at every run and hold up every other mandate.
        if (!(e instanceof DomainError)) throw e;
        const row = await countCharge(tx, m.id, 0n, afterCharge(m, { taken: 0n, reason: e.code }, now));
        await tellStatus(tx, m.status, row, deps.publicUrl);
        return row;
      }
    });
    if (!row) break;
    charged++;
  }
  let noticed = 0;
  for (const m of await claimNoticesDue(deps.db, new Date(now.getTime() + MANDATE_NOTICE_HOURS * HOUR_MS), MANDATE_JOB_BATCH)) {
    await sendNotice(deps.db, m, notifier);
    noticed++;
  }
  return { charged, noticed };
}

async function sendNotice(db: Db, m: MandateRow, notifier: LowBalanceNotifier | null): Promise<void> {
  if (!notifier || !m.nextChargeAt) return;
  const merchant = await selectMerchant(db, m.merchantId);
  const brand = findBrand(merchant?.brand) ?? findBrand(DEFAULT_BRAND_VALUE);
  const lang: Language = brand?.defaultLanguage ?? 'en-US';
  const params = {
    id: m.id,
    merchant: merchant?.name ?? String(m.merchantId),
    amount: `${toMajorString(m.amount, m.currency as CurrencyCode)} ${m.currency}`,
    // The payer reads the time in the zone of the currency they pay in, and is told which zone it is.
    date: formatWallClock(m.nextChargeAt, zoneOf(m.currency), true),
    zone: zoneOf(m.currency),
    seq: m.chargesDone + 1,
  };
  try {
    await notifier.mailer.send(db, notifier.log, {
      to: m.payerEmail,
      subject: translate(lang, 'auto-deductions.notice.subject', params),
      text: translate(lang, 'auto-deductions.notice.text', params),
      from: `no-reply@${brand?.host ?? 'localhost'}`,
      merchantId: m.merchantId,
    });
  } catch (err) {
    notifier.log.error({ err, mandateId: m.id }, 'mandate notice could not be written');
  }
}
