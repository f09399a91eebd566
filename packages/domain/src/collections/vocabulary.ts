/** Collections: sources, expiry, merchant order ids, failure reasons, sandbox magic amounts, expiry job, statuses counted. */
import { PaymentStatus } from '../statuses';

export const CollectionSource = { API: 'api', PAYMENT_LINK: 'payment_link', DASHBOARD: 'dashboard', MANDATE: 'mandate' } as const;
export type CollectionSourceValue = (typeof CollectionSource)[keyof typeof CollectionSource];

export const COLLECTION_EXPIRY_HOURS_DEFAULT = 24;
export const COLLECTION_EXPIRY_HOURS_MAX = 720;
export const MERCHANT_ORDER_ID_MAX_LENGTH = 64;
/** Merchant order ids: letters, digits and - _ . : only. */
export const MERCHANT_ORDER_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** Why a collection failed (collection.failure_reason); label key `collectionFailure.<camelCase>`. */
export const CollectionFailureReason = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  PAYER_DECLINED: 'PAYER_DECLINED',
  CHANNEL_DECLINED: 'CHANNEL_DECLINED',
  RISK_REJECTED: 'RISK_REJECTED',
  CHANNEL_TIMEOUT: 'CHANNEL_TIMEOUT',
  /** A payment in processing that the channel never confirmed before the order expired. */
  EXPIRED: 'EXPIRED',
} as const;
export type CollectionFailureReasonValue = (typeof CollectionFailureReason)[keyof typeof CollectionFailureReason];
export const COLLECTION_FAILURE_REASONS = Object.values(CollectionFailureReason);
export function isCollectionFailureReason(value: unknown): value is CollectionFailureReasonValue {
  return typeof value === 'string' && (COLLECTION_FAILURE_REASONS as readonly string[]).includes(value);
}
export function collectionFailureKey(reason: CollectionFailureReasonValue): string {
  return `collectionFailure.${reason.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}`;
}

/**
 * Sandbox magic amounts (docs/open-api.md): what happens when the payer pays (cashier "Pay" button) is decided by
 * the last two digits of the amount's whole major units. Any other amount succeeds. The sandbox helper
 * `POST /sandbox/collections/{id}/pay` forces success and `/fail` forces a failure, whatever the amount.
 *
 * | amount ends in | example (IDR) | outcome when the payer pays                                           |
 * |----------------|---------------|-----------------------------------------------------------------------|
 * | ...13          | 10013         | failed, reason INSUFFICIENT_FUNDS                                      |
 * | ...14          | 10014         | failed, reason CHANNEL_DECLINED                                        |
 * | ...15          | 10015         | rejected (risk control), reason RISK_REJECTED                          |
 * | ...77          | 10077         | partial: half the amount (rounded down) arrives, status partial        |
 * | ...99          | 10099         | nothing arrives: stays pending until it expires (closed)               |
 */
export const SandboxOutcome = {
  SUCCESS: 'success',
  FAIL: 'fail',
  REJECT: 'reject',
  PARTIAL: 'partial',
  STAY_PENDING: 'stay_pending',
} as const;
export type SandboxOutcomeValue = (typeof SandboxOutcome)[keyof typeof SandboxOutcome];

export interface SandboxMagic {
  /** Last two digits of the whole major units. */
  suffix: string;
  outcome: SandboxOutcomeValue;
  reason?: CollectionFailureReasonValue;
}

export const SANDBOX_MAGIC: readonly SandboxMagic[] = [
  { suffix: '13', outcome: SandboxOutcome.FAIL, reason: CollectionFailureReason.INSUFFICIENT_FUNDS },
  { suffix: '14', outcome: SandboxOutcome.FAIL, reason: CollectionFailureReason.CHANNEL_DECLINED },
  { suffix: '15', outcome: SandboxOutcome.REJECT, reason: CollectionFailureReason.RISK_REJECTED },
  { suffix: '77', outcome: SandboxOutcome.PARTIAL },
  { suffix: '99', outcome: SandboxOutcome.STAY_PENDING },
];

/** The sandbox outcome of paying `amountMinor` in a currency with `decimals` minor digits. */
export function sandboxOutcome(amountMinor: bigint, decimals: number): SandboxMagic {
  const major = amountMinor / 10n ** BigInt(decimals);
  const suffix = (major % 100n).toString().padStart(2, '0');
  return SANDBOX_MAGIC.find((m) => m.suffix === suffix) ?? { suffix, outcome: SandboxOutcome.SUCCESS };
}

/** Collections expire (pending -> closed) and settlement batches are run by these background jobs. */
export const COLLECTION_EXPIRY_JOB_MS = 30_000;
/** Rows handled per statement by the expiry job (FOR UPDATE SKIP LOCKED batches). */
export const COLLECTION_EXPIRY_BATCH = 200;

/** Collection statuses whose money arrived (collected amount, fees, success rate numerator). */
export const COLLECTED_STATUSES = [PaymentStatus.SUCCESS, PaymentStatus.PARTIAL, PaymentStatus.REFUNDED] as const;
/** Collection statuses still undecided: left out of the success rate. */
export const IN_FLIGHT_STATUSES = [PaymentStatus.PENDING, PaymentStatus.PROCESSING, PaymentStatus.UNKNOWN] as const;
