/** Payouts: statuses and their transitions, limits, review timing and the sandbox channel's magic account numbers. */
import { defineStateMachine, type StateMachine } from '../state-machine';
import type { PayoutBatchStatusValue } from '../statuses';

/** Issue 11's status vocabulary, the open API's and the callbacks'. */
export const PayoutStatus = {
  PENDING_REVIEW: 'pending_review',
  REJECTED: 'rejected',
  PROCESSING: 'processing',
  SUCCESS: 'success',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
} as const;
export type PayoutStatusValue = (typeof PayoutStatus)[keyof typeof PayoutStatus];

const S = PayoutStatus;
export const PAYOUT_STATUS: StateMachine<PayoutStatusValue> = defineStateMachine<PayoutStatusValue>({
  name: 'payout',
  states: [S.PENDING_REVIEW, S.PROCESSING, S.SUCCESS, S.FAILED, S.REJECTED, S.CANCELLED],
  initial: S.PENDING_REVIEW,
  terminal: [S.SUCCESS, S.FAILED, S.REJECTED, S.CANCELLED],
  transitions: {
    // Rejected by a reviewer, or expired in review (reason REVIEW_EXPIRED); cancelled by the merchant.
    pending_review: [S.PROCESSING, S.REJECTED, S.CANCELLED],
    // Cancel only while not yet sent to the channel (sentAt null); the channel ends it otherwise.
    processing: [S.SUCCESS, S.FAILED, S.CANCELLED],
    success: [],
    failed: [],
    rejected: [],
    cancelled: [],
  },
});

/** Statuses that hold money (available -> frozen until they end). */
export const PAYOUT_HOLDING_STATUSES: readonly PayoutStatusValue[] = [S.PENDING_REVIEW, S.PROCESSING];

/** The fee a payout shows: held while open, charged on success; one that ended otherwise paid none. */
export function payoutShownFee(status: string, fee: bigint): bigint {
  return status === S.SUCCESS || PAYOUT_HOLDING_STATUSES.includes(status as PayoutStatusValue) ? fee : 0n;
}

export const PAYOUT_STATUS_COLORS: Readonly<Record<PayoutStatusValue, string>> = {
  pending_review: 'gold',
  processing: 'processing',
  success: 'green',
  failed: 'red',
  rejected: 'volcano',
  cancelled: 'default',
};

export const PAYOUT_BATCH_STATUS_COLORS: Readonly<Record<PayoutBatchStatusValue, string>> = {
  initial: 'default',
  pending_review: 'gold',
  reviewed: 'blue',
  rejected: 'volcano',
  processing: 'processing',
  processed: 'green',
};

/** A payout nobody reviewed within this many hours expires, and its hold is released. */
export const PAYOUT_REVIEW_EXPIRY_HOURS = 72;
/** Never auto-approved to a destination first used less than this many hours ago. */
export const PAYOUT_NEW_DESTINATION_HOURS = 24;
export const PAYOUT_DESCRIPTION_MAX_LENGTH = 255;
export const PAYOUT_REJECT_REASON_MAX_LENGTH = 255;
/** Payouts approved, rejected or cancelled in one call. */
export const PAYOUT_REVIEW_BATCH_MAX = 500;
/** The payout jobs (sending, sandbox completion, review expiry) run this often, and handle this many at a time. */
export const PAYOUT_JOB_MS = 2_000;
export const PAYOUT_JOB_BATCH = 1_000;
/** A channel that has no answer yet for a payout whose answer was due is asked again this much later. */
export const PAYOUT_QUERY_RETRY_MS = 60_000;
/** The sandbox channel answers a sent payout this long after sending (its asynchronous notification). */
export const PAYOUT_SANDBOX_DELAY_MS = 3_000;

/** Sandbox magic account numbers (docs/open-api.md): by suffix, what the sandbox channel does with the payout. */
export const PAYOUT_SANDBOX_MAGIC = {
  /** Fails with FAIL_REASON. */
  FAIL_SUFFIX: '13',
  FAIL_REASON: 'INVALID_DESTINATION_ACCOUNT',
  /** Stays processing until a sandbox helper ends it. */
  STAY_SUFFIX: '99',
} as const;
export const PayoutSandboxOutcome = { SUCCEED: 'succeed', FAIL: 'fail', STAY: 'stay' } as const;
export type PayoutSandboxOutcomeValue = (typeof PayoutSandboxOutcome)[keyof typeof PayoutSandboxOutcome];

export function payoutSandboxOutcome(accountNumber: string): PayoutSandboxOutcomeValue {
  if (accountNumber.endsWith(PAYOUT_SANDBOX_MAGIC.FAIL_SUFFIX)) return PayoutSandboxOutcome.FAIL;
  if (accountNumber.endsWith(PAYOUT_SANDBOX_MAGIC.STAY_SUFFIX)) return PayoutSandboxOutcome.STAY;
  return PayoutSandboxOutcome.SUCCEED;
}

/** Who made a payout: a dashboard user, or the API key (its maker for maker-checker). */
export const PAYOUT_API_MAKER_PREFIX = 'api:';
