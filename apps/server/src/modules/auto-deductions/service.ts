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
  type CallbackEventValue,
  type CurrencyCode,
  type IntervalUnitValue,
  type Language,
  type MandateStatusValue,
} from '@mg/domain';
import type { Db, DbLike } from '../../db/pool';
import { KeyedError } from '../../lib/admin';
import { validateAmount } from '../../lib/amounts';
import { newBusinessId, newToken } from '../../lib/ids';
import type { LowBalanceNotifier } from '../balances/limit';
import { selectMerchant } from '../balances/queries';
import { writeCallback } from '../callbacks/outbox';
import { createCollection, markCollectionFailed, payAtCashier, pickProduct } from '../collections/service';
import {
  claimDueMandates,
  claimNoticesDue,
  insertCharge,
  insertMandate,
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
 * transaction (to its notifyUrl, else the merchant's collection callback address).
 */
async function change(db: Db, m: MandateRow, from: readonly string[], set: Parameters<typeof updateMandate>[3], publicUrl: string): Promise<MandateRow | undefined> {
  return db.transaction(async (tx) => {
    const row = await updateMandate(tx, m.id, from, set);
    const event = row && row.status !== m.status ? EVENT_OF[row.status] : undefined;
    if (row && event) {
      await writeCallback(tx, { merchantId: row.merchantId, eventType: event, orderKind: CallbackOrderKind.MANDATE, orderId: row.id, url: await selectMandateCallbackUrl(tx, row), data: toMandateRecord(row, publicUrl) });
    }
    return row;
  });
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A claimed charge is leased this long: a crash mid-charge leaves the mandate due again after it. */
const CHARGE_LEASE_MS = 10 * 60_000;
const PAID: readonly string[] = [PaymentStatus.SUCCESS, PaymentStatus.PARTIAL];

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

/** One try of a charge: a collection made for it and paid through the sandbox channel (or failed on purpose). */
async function chargeOnce(deps: Deps, m: MandateRow, now: Date, fail: boolean): Promise<{ paid: boolean; reason: string | null }> {
  const seq = await nextChargeSeq(deps.db, m.id);
  const created = await createCollection(deps, {
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
    ? await markCollectionFailed(deps.db, { merchantId: m.merchantId, id: created.id, reason: CollectionFailureReason.PAYER_DECLINED, now })
    : await payAtCashier(deps.db, { merchantId: m.merchantId, id: created.id, now, publicUrl: deps.publicUrl });
  const paid = PAID.includes(ended.status);
  const reason = paid ? null : (ended.failureReason ?? ended.status);
  await insertCharge(deps.db, { mandateId: m.id, merchantId: m.merchantId, seq, collectionId: created.id, status: ended.status, failureReason: reason });
  return { paid, reason };
}

/** What a charge's outcome does to the mandate: the schedule moves on, or the retry count grows until it fails. */
async function afterCharge(deps: Deps, m: MandateRow, outcome: { paid: boolean; reason: string | null }, now: Date): Promise<MandateRow> {
  const { db, publicUrl } = deps;
  if (outcome.paid) {
    const chargesDone = m.chargesDone + 1;
    const done = m.repetitions !== null && chargesDone >= m.repetitions;
    const row = await change(db, m, [MandateStatus.INIT, MandateStatus.ACTIVE], {
      status: done ? MandateStatus.STOPPED : MandateStatus.ACTIVE,
      chargesDone,
      deductedAmount: m.deductedAmount + m.amount,
      failedAttempts: 0,
      lastFailureReason: null,
      nextChargeAt: done ? null : addInterval(now, m.intervalPeriod, m.intervalUnit),
    }, publicUrl);
    return row ?? m;
  }
  const failedAttempts = m.failedAttempts + 1;
  const failed = failedAttempts >= MANDATE_MAX_RETRIES;
  const row = await change(db, m, [MandateStatus.ACTIVE], {
    status: failed ? MandateStatus.FAIL : MandateStatus.ACTIVE,
    failedAttempts,
    lastFailureReason: outcome.reason,
    nextChargeAt: failed ? null : new Date(now.getTime() + MANDATE_RETRY_HOURS * HOUR_MS),
  }, publicUrl);
  return row ?? m;
}

/**
 * The payer at the authorisation page: authorised (the first charge taken; the mandate active) or declined (the
 * mandate stays waiting, the reason kept, the payer may try again until the deadline).
 */
export async function authorizeMandate(deps: Deps, m: MandateRow, decline: boolean, now: Date = new Date()): Promise<MandateRow> {
  if (m.status !== MandateStatus.INIT) {
    if (m.status === MandateStatus.ACTIVE && !decline) return m;
    throw new KeyedError('BUSINESS_RULE', 'cashier.notPayable');
  }
  if (now >= m.authorizeBefore) throw new KeyedError('BUSINESS_RULE', 'cashier.expired');
  const outcome = await chargeOnce(deps, m, now, decline);
  if (!outcome.paid) return (await updateMandate(deps.db, m.id, [MandateStatus.INIT], { lastFailureReason: outcome.reason })) ?? m;
  return afterCharge(deps, m, outcome, now);
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
  if (!row) throw new KeyedError('STATE_TRANSITION_INVALID', 'auto-deductions.notAllowed', { status: m.status });
  return row;
}

/** "Charge now": the next charge of an active mandate, taken at once; the schedule continues from now. */
export async function chargeNow(deps: Deps, merchantId: number, id: string, now: Date = new Date()): Promise<MandateRow> {
  const m = await selectMandate(deps.db, id);
  if (!m || m.merchantId !== merchantId) throw new KeyedError('NOT_FOUND', 'auto-deductions.notFound');
  if (m.status !== MandateStatus.ACTIVE) throw new KeyedError('STATE_TRANSITION_INVALID', 'auto-deductions.notAllowed', { status: m.status });
  return afterCharge(deps, m, await chargeOnce(deps, m, now, false), now);
}

/** The job: due charges taken (each claimed first), then the notices of the coming ones. */
export async function runMandates(deps: Deps, notifier: LowBalanceNotifier | null, now: Date = new Date()): Promise<{ charged: number; noticed: number }> {
  let charged = 0;
  for (const m of await claimDueMandates(deps.db, now, CHARGE_LEASE_MS, MANDATE_JOB_BATCH)) {
    await afterCharge(deps, m, await chargeOnce(deps, m, now, false), now);
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
