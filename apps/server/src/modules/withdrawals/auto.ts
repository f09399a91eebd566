/**
 * Auto-withdrawal (issue 12): a merchant keeps a floor in a currency and, every day at a set hour of that currency's
 * zone, what the available balance holds above it (less the withdrawal fee, within the currency's maximum) becomes a
 * withdrawal to its account, made by `auto` and reviewed like any other. A day runs once across instances: the job
 * claims the day on the setting's row before it withdraws.
 */
import {
  MONEY_ERROR_KEYS,
  PaymentType,
  WITHDRAWAL_AUTO_MAKER,
  decimalsOf,
  findPayoutDestination,
  formatWallClock,
  parseAmount,
  toMajorString,
  wallClockParts,
  zoneOf,
  type CurrencyCode,
  type WithdrawalAutoView,
} from '@mg/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbLike } from '../../db/pool';
import { fieldError } from '../../lib/errors';
import { quoteFee } from '../fees/service';
import { balancesOf } from '../ledger/service';
import { claimAutoDay, selectAccount, selectAuto, selectEnabledAutos, upsertAuto } from './queries';
import { createWithdrawal, limitsOf } from './service';

/** When nothing is set yet: off, at 10:00. */
const DEFAULT_HOUR = 10;

export async function autoWithdrawalView(db: DbLike, merchantId: number, currency: CurrencyCode): Promise<WithdrawalAutoView> {
  const row = await selectAuto(db, merchantId, currency);
  return {
    currency,
    enabled: row?.enabled ?? false,
    accountId: row?.accountId ?? null,
    floor: toMajorString(row?.floor ?? 0n, currency),
    hour: row?.hour ?? DEFAULT_HOUR,
    timeZone: zoneOf(currency),
    lastRunOn: row?.lastRunOn ?? null,
  };
}

/** The floor as typed (zero allowed): the amount rules of the currency, else 400 naming `floor`. */
export function autoFloorOf(value: string, currency: CurrencyCode): bigint {
  const parsed = parseAmount(value, currency, { allowZero: true });
  if (!parsed.ok) throw fieldError('floor', MONEY_ERROR_KEYS[parsed.error], { params: { digits: decimalsOf(currency) } });
  return parsed.minor;
}

export async function setAutoWithdrawal(
  db: DbLike,
  args: { merchantId: number; currency: CurrencyCode; enabled: boolean; accountId: number; floor: bigint; hour: number; by: string },
): Promise<WithdrawalAutoView> {
  const account = await selectAccount(db, args.accountId);
  if (!account || account.merchantId !== args.merchantId || account.currency !== args.currency) throw fieldError('accountId', 'withdrawals.accountRequired');
  if (args.floor < 0n) throw fieldError('floor', 'error.fieldInvalid', { params: { value: String(args.floor) } });
  await upsertAuto(db, { merchantId: args.merchantId, currency: args.currency, enabled: args.enabled, accountId: args.accountId, floor: args.floor, hour: args.hour, updatedBy: args.by });
  return autoWithdrawalView(db, args.merchantId, args.currency);
}

/** The amount of today's withdrawal: above the floor, less its fee, within the maximum; null below the minimum. */
async function amountFor(db: DbLike, merchantId: number, currency: CurrencyCode, floor: bigint, bankCode: string): Promise<bigint | null> {
  const available = (await balancesOf(db, merchantId)).find((b) => b.currency === currency && b.kind === 'available')?.balance ?? 0n;
  const spare = available - floor;
  if (spare <= 0n) return null;
  const channel = findPayoutDestination(currency, bankCode)?.channel ?? null;
  const { min, max } = await limitsOf(db, currency);
  let amount = max !== null && spare > max ? max : spare;
  // The fee comes out of the spare money: shrink until amount + fee fits (a percentage fee needs a second look).
  for (let i = 0; i < 2; i++) {
    const fee = (await quoteFee(db, { merchantId, currency, paymentType: PaymentType.PAYOUT, channel, amount })).total;
    if (amount + fee <= spare) break;
    amount = spare - fee;
  }
  return amount >= min ? amount : null;
}

/** One run of the job: every enabled setting whose hour has come today in its zone withdraws once. */
export async function runAutoWithdrawals(db: Db, now: Date = new Date(), log?: FastifyBaseLogger): Promise<number> {
  let made = 0;
  for (const s of await selectEnabledAutos(db)) {
    const currency = s.currency as CurrencyCode;
    const zone = zoneOf(currency);
    if (wallClockParts(now, zone).hour < s.hour) continue;
    const day = formatWallClock(now, zone, false);
    if (!(await claimAutoDay(db, s.merchantId, currency, day))) continue;
    try {
      const account = await selectAccount(db, s.accountId);
      if (!account) continue;
      const amount = await amountFor(db, s.merchantId, currency, s.floor, account.bankCode);
      if (amount === null) continue;
      await createWithdrawal(db, { merchantId: s.merchantId, currency, amount, accountId: s.accountId, createdBy: WITHDRAWAL_AUTO_MAKER, now });
      made++;
    } catch (err) {
      // A refused day (account not usable any more, balance moved meanwhile) is skipped until tomorrow.
      log?.warn({ err, merchantId: s.merchantId, currency }, 'auto-withdrawal skipped');
    }
  }
  return made;
}
