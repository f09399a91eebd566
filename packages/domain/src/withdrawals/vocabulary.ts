/** Words and limits of withdrawals (issue 12; spec §4 result codes, §5 amounts, §9 "within 3 working days"). */
import { z } from 'zod';
import type { CurrencyCode } from '../currencies';
import { PayoutStatus, type PayoutStatusValue } from '../payouts/vocabulary';

/** A withdrawal goes through the payout states (no cancel): review by provider staff, then the channel. */
export const WITHDRAWAL_STATUSES: readonly PayoutStatusValue[] = [
  PayoutStatus.PENDING_REVIEW,
  PayoutStatus.PROCESSING,
  PayoutStatus.SUCCESS,
  PayoutStatus.FAILED,
  PayoutStatus.REJECTED,
];

/** A withdrawal account: usable once provider staff verify it, or (sandbox) after its cooling period. */
export const WithdrawalAccountStatus = { PENDING: 'pending', VERIFIED: 'verified', REJECTED: 'rejected' } as const;
export type WithdrawalAccountStatusValue = (typeof WithdrawalAccountStatus)[keyof typeof WithdrawalAccountStatus];
export const WITHDRAWAL_ACCOUNT_STATUS_COLORS: Readonly<Record<WithdrawalAccountStatusValue, string>> = { pending: 'gold', verified: 'green', rejected: 'red' };
/** Sandbox: an account nobody verified becomes usable this long after it was added. */
export const WITHDRAWAL_ACCOUNT_COOLING_HOURS = 24;

/**
 * Whether an account takes withdrawals at `now`: verified, or (sandbox) nobody decided and the cooling period is
 * over; a rejected one never. The server decides with it, and the form with the same rule on its own clock, so an
 * account that became usable while the form was open is not still offered "usable from" a time already past.
 */
export function withdrawalAccountUsable(account: { status: string; usableAt: Date | string }, now: Date = new Date()): boolean {
  if (account.status === WithdrawalAccountStatus.VERIFIED) return true;
  return account.status === WithdrawalAccountStatus.PENDING && new Date(account.usableAt).getTime() <= now.getTime();
}
export const WITHDRAWAL_ACCOUNTS_MAX = 20;

export const WITHDRAWAL_REJECT_REASON_MAX_LENGTH = 255;
/** Auto-withdrawal: the job looks this often for settings whose hour has come in their currency's zone. */
export const WITHDRAWAL_AUTO_JOB_MS = 60_000;
/** The maker of an automatic withdrawal. */
export const WITHDRAWAL_AUTO_MAKER = 'auto';
/** The sandbox channel answers a withdrawal this long after it was sent (the job's period). */
export const WITHDRAWAL_JOB_MS = 3_000;
export const WITHDRAWAL_JOB_BATCH = 200;

/**
 * Default minimum and maximum of one withdrawal per currency, in major units, until provider staff set others (spec §5:
 * IDR's older text says 1 000 000).
 */
export const WITHDRAWAL_LIMITS_DEFAULT: Readonly<Partial<Record<CurrencyCode, { min: string; max: string }>>> = {
  IDR: { min: '1000000', max: '500000000' },
  THB: { min: '500', max: '2000000' },
  PHP: { min: '1000', max: '2000000' },
  MYR: { min: '100', max: '500000' },
  VND: { min: '500000', max: '2000000000' },
  MMK: { min: '50000', max: '100000000' },
  MXN: { min: '500', max: '2000000' },
  BRL: { min: '50', max: '500000' },
  PKR: { min: '5000', max: '20000000' },
  INR: { min: '1000', max: '10000000' },
  COP: { min: '100000', max: '500000000' },
  BND: { min: '50', max: '200000' },
  SGD: { min: '50', max: '200000' },
  JPY: { min: '5000', max: '20000000' },
  KRW: { min: '50000', max: '200000000' },
};

/** A withdrawal account as the dashboard shows it (`GET /api/withdrawals/accounts`). */
export const withdrawalAccountSchema = z.object({
  id: z.number(),
  merchantId: z.number(),
  currency: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  status: z.enum([WithdrawalAccountStatus.PENDING, WithdrawalAccountStatus.VERIFIED, WithdrawalAccountStatus.REJECTED]),
  usable: z.boolean().describe('verified, or the sandbox cooling period is over'),
  usableAt: z.string().describe('ISO-8601: when the cooling period ends'),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type WithdrawalAccountView = z.infer<typeof withdrawalAccountSchema>;

/** The withdrawal form's figures for a currency (`GET /api/withdrawals/limits`), decimal strings. */
export const withdrawalLimitsSchema = z.object({
  currency: z.string(),
  min: z.string(),
  max: z.string().nullable(),
  available: z.string(),
  expectedArrival: z.string().describe('YYYY-MM-DD if asked now'),
});
export type WithdrawalLimitsView = z.infer<typeof withdrawalLimitsSchema>;

/** The confirmation step's figures (`POST /api/withdrawals/quote`). */
export const withdrawalQuoteSchema = z.object({
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  available: z.string(),
  expectedArrival: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});
export type WithdrawalQuoteView = z.infer<typeof withdrawalQuoteSchema>;

/**
 * Auto-withdrawal of a currency (`GET/PUT /api/withdrawals/auto/{currency}`): every day at `hour` (0-23, in the
 * currency's zone) what the available balance holds above `floor`, less the fee, goes to the account.
 */
export const withdrawalAutoSchema = z.object({
  currency: z.string(),
  enabled: z.boolean(),
  accountId: z.number().nullable(),
  floor: z.string().describe('decimal string: kept on the balance'),
  hour: z.number().int().min(0).max(23),
  timeZone: z.string(),
  lastRunOn: z.string().nullable().describe('YYYY-MM-DD in the zone: the last day it ran'),
});
export type WithdrawalAutoView = z.infer<typeof withdrawalAutoSchema>;
