/**
 * Status sets of spec §4 and their allowed transitions. The spec says transitions "are not shown"; these are ours,
 * written down with the reasoning in docs/state-machines.md. Labels are i18n keys `status.<name>.<state>`.
 */
import { defineStateMachine, type StateMachine } from './state-machine';

/* ---------------------------------------------------------------------------------------------------------- */
/* Payment (collection / payout order) status                                                                   */

export const PaymentStatus = {
  PENDING: 'pending',
  PROCESSING: 'processing',
  SUCCESS: 'success',
  FAILED: 'failed',
  /** Expired or closed: nobody paid before the deadline, or the merchant / platform closed it. */
  CLOSED: 'closed',
  /** Partial success / partial payment: less than the ordered amount arrived. */
  PARTIAL: 'partial',
  /** Request rejected / denied by the channel or risk control before money moved. */
  REJECTED: 'rejected',
  REFUNDED: 'refunded',
  /** Funds came back after a success (payout bounced by the receiving bank, collection reversed). */
  RETURNED: 'returned',
  /** The channel did not answer conclusively (timeout); a status query resolves it. */
  UNKNOWN: 'unknown',
} as const;
export type PaymentStatusValue = (typeof PaymentStatus)[keyof typeof PaymentStatus];

const PS = PaymentStatus;
export const PAYMENT_STATUS: StateMachine<PaymentStatusValue> = defineStateMachine<PaymentStatusValue>({
  name: 'payment',
  states: [
    PS.PENDING,
    PS.PROCESSING,
    PS.SUCCESS,
    PS.FAILED,
    PS.CLOSED,
    PS.PARTIAL,
    PS.REJECTED,
    PS.REFUNDED,
    PS.RETURNED,
    PS.UNKNOWN,
  ],
  initial: PS.PENDING,
  terminal: [PS.FAILED, PS.CLOSED, PS.REJECTED, PS.REFUNDED, PS.RETURNED],
  transitions: {
    pending: [PS.PROCESSING, PS.SUCCESS, PS.FAILED, PS.PARTIAL, PS.CLOSED, PS.REJECTED, PS.UNKNOWN],
    processing: [PS.SUCCESS, PS.FAILED, PS.PARTIAL, PS.REJECTED, PS.UNKNOWN],
    unknown: [PS.PROCESSING, PS.SUCCESS, PS.FAILED, PS.PARTIAL],
    partial: [PS.SUCCESS, PS.REFUNDED],
    success: [PS.REFUNDED, PS.RETURNED],
    failed: [],
    closed: [],
    rejected: [],
    refunded: [],
    returned: [],
  },
});

/**
 * Orders whose fee the ledger charged: the payment arrived (in full or in part), and a refund or a return after it
 * gives the fee back to nobody. An order still open (pending, processing, unknown) has moved no money yet, and one
 * that ended otherwise (failed, closed or expired, rejected) never will: neither was charged a fee.
 */
export const CHARGED_PAYMENT_STATUSES: readonly PaymentStatusValue[] = [PS.SUCCESS, PS.PARTIAL, PS.REFUNDED, PS.RETURNED];

/**
 * The fee an order shows in every view (list, export, details, open API, callbacks): what the ledger charged, so 0
 * until it is paid, whatever fee was quoted when it was created.
 */
export function shownFee<T extends bigint>(status: string, fee: T): T | 0n {
  return (CHARGED_PAYMENT_STATUSES as readonly string[]).includes(status) ? fee : 0n;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Payout batch                                                                                                 */

export const PayoutBatchStatus = {
  INITIAL: 'initial',
  PENDING_REVIEW: 'pending_review',
  REVIEWED: 'reviewed',
  REJECTED: 'rejected',
  PROCESSING: 'processing',
  PROCESSED: 'processed',
} as const;
export type PayoutBatchStatusValue = (typeof PayoutBatchStatus)[keyof typeof PayoutBatchStatus];

const PB = PayoutBatchStatus;
export const PAYOUT_BATCH_STATUS: StateMachine<PayoutBatchStatusValue> =
  defineStateMachine<PayoutBatchStatusValue>({
    name: 'payoutBatch',
    states: [PB.INITIAL, PB.PENDING_REVIEW, PB.REVIEWED, PB.REJECTED, PB.PROCESSING, PB.PROCESSED],
    initial: PB.INITIAL,
    terminal: [PB.REJECTED, PB.PROCESSED],
    transitions: {
      initial: [PB.PENDING_REVIEW, PB.REVIEWED, PB.REJECTED],
      pending_review: [PB.REVIEWED, PB.REJECTED],
      reviewed: [PB.PROCESSING],
      processing: [PB.PROCESSED],
      rejected: [],
      processed: [],
    },
  });

/* ---------------------------------------------------------------------------------------------------------- */
/* Review (payout / withdrawal approval)                                                                       */

export const ReviewStatus = {
  PENDING: 'pending',
  REVIEWED: 'reviewed',
  REJECTED: 'rejected',
} as const;
export type ReviewStatusValue = (typeof ReviewStatus)[keyof typeof ReviewStatus];

export const REVIEW_STATUS: StateMachine<ReviewStatusValue> = defineStateMachine<ReviewStatusValue>({
  name: 'review',
  states: [ReviewStatus.PENDING, ReviewStatus.REVIEWED, ReviewStatus.REJECTED],
  initial: ReviewStatus.PENDING,
  terminal: [ReviewStatus.REVIEWED, ReviewStatus.REJECTED],
  transitions: {
    pending: [ReviewStatus.REVIEWED, ReviewStatus.REJECTED],
    reviewed: [],
    rejected: [],
  },
});

/** Review actions of spec §4: "access" approves, "reject" overrules. */
export const ReviewAction = {
  ACCESS: 'access',
  REJECT: 'reject',
} as const;
export type ReviewActionValue = (typeof ReviewAction)[keyof typeof ReviewAction];
export const REVIEW_ACTIONS: readonly {
  value: ReviewActionValue;
  i18nKey: string;
  target: ReviewStatusValue;
}[] = [
  { value: ReviewAction.ACCESS, i18nKey: 'status.reviewAction.access', target: ReviewStatus.REVIEWED },
  { value: ReviewAction.REJECT, i18nKey: 'status.reviewAction.reject', target: ReviewStatus.REJECTED },
];

/** Applies a review action; throws STATE_TRANSITION_INVALID if the item is not pending. */
export function applyReviewAction(current: ReviewStatusValue, action: ReviewActionValue): ReviewStatusValue {
  const target = action === ReviewAction.ACCESS ? ReviewStatus.REVIEWED : ReviewStatus.REJECTED;
  REVIEW_STATUS.assertTransition(current, target);
  return target;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Notification (merchant callback)                                                                            */

export const NotifyStatus = {
  PENDING: 'pending',
  NOTIFIED: 'notified',
  FAILED: 'failed',
} as const;
export type NotifyStatusValue = (typeof NotifyStatus)[keyof typeof NotifyStatus];

export const NOTIFY_STATUS: StateMachine<NotifyStatusValue> = defineStateMachine<NotifyStatusValue>({
  name: 'notify',
  states: [NotifyStatus.PENDING, NotifyStatus.NOTIFIED, NotifyStatus.FAILED],
  initial: NotifyStatus.PENDING,
  terminal: [NotifyStatus.NOTIFIED],
  transitions: {
    pending: [NotifyStatus.NOTIFIED, NotifyStatus.FAILED],
    failed: [NotifyStatus.PENDING],
    notified: [],
  },
});

/* ---------------------------------------------------------------------------------------------------------- */
/* Announcements: written as a draft, released to merchants, revoked when no longer true                        */

export const AnnouncementStatus = {
  DRAFT: 'draft',
  RELEASED: 'released',
  REVOKED: 'revoked',
} as const;
export type AnnouncementStatusValue = (typeof AnnouncementStatus)[keyof typeof AnnouncementStatus];
export const ANNOUNCEMENT_STATUSES = [AnnouncementStatus.DRAFT, AnnouncementStatus.RELEASED, AnnouncementStatus.REVOKED] as const;

export const ANNOUNCEMENT_STATUS: StateMachine<AnnouncementStatusValue> = defineStateMachine<AnnouncementStatusValue>({
  name: 'announcement',
  states: ANNOUNCEMENT_STATUSES,
  initial: AnnouncementStatus.DRAFT,
  terminal: [AnnouncementStatus.REVOKED],
  transitions: {
    draft: [AnnouncementStatus.RELEASED],
    released: [AnnouncementStatus.REVOKED],
    revoked: [],
  },
});

/** Announcement priorities: low, medium, high. */
export const ANNOUNCEMENT_PRIORITIES = ['L', 'M', 'H'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

/* ---------------------------------------------------------------------------------------------------------- */
/* Settlement                                                                                                   */

export const SettlementStatus = {
  PENDING: 'pending',
  SETTLED: 'settled',
} as const;
export type SettlementStatusValue = (typeof SettlementStatus)[keyof typeof SettlementStatus];

export const SETTLEMENT_STATUS: StateMachine<SettlementStatusValue> =
  defineStateMachine<SettlementStatusValue>({
    name: 'settlement',
    states: [SettlementStatus.PENDING, SettlementStatus.SETTLED],
    initial: SettlementStatus.PENDING,
    terminal: [SettlementStatus.SETTLED],
    transitions: { pending: [SettlementStatus.SETTLED], settled: [] },
  });

/* ---------------------------------------------------------------------------------------------------------- */
/* Refund fund                                                                                                  */

export const RefundFundStatus = {
  INITIALISED: 'initialised',
  RETURNED_SUCCESS: 'returned_success',
  RETURNED_FAILED: 'returned_failed',
} as const;
export type RefundFundStatusValue = (typeof RefundFundStatus)[keyof typeof RefundFundStatus];

export const REFUND_FUND_STATUS: StateMachine<RefundFundStatusValue> =
  defineStateMachine<RefundFundStatusValue>({
    name: 'refundFund',
    states: [
      RefundFundStatus.INITIALISED,
      RefundFundStatus.RETURNED_SUCCESS,
      RefundFundStatus.RETURNED_FAILED,
    ],
    initial: RefundFundStatus.INITIALISED,
    terminal: [RefundFundStatus.RETURNED_SUCCESS],
    transitions: {
      initialised: [RefundFundStatus.RETURNED_SUCCESS, RefundFundStatus.RETURNED_FAILED],
      returned_failed: [RefundFundStatus.INITIALISED],
      returned_success: [],
    },
  });

/* ---------------------------------------------------------------------------------------------------------- */
/* Auto-deduction (auto-debit mandate)                                                                          */

export const AutoDeductionStatus = {
  INIT: 'INIT',
  ACTIVE: 'ACTIVE',
  PAUSED: 'PAUSED',
  STOPPED: 'STOPPED',
  FAIL: 'FAIL',
} as const;
export type AutoDeductionStatusValue = (typeof AutoDeductionStatus)[keyof typeof AutoDeductionStatus];

const AD = AutoDeductionStatus;
export const AUTO_DEDUCTION_STATUS: StateMachine<AutoDeductionStatusValue> =
  defineStateMachine<AutoDeductionStatusValue>({
    name: 'autoDeduction',
    states: [AD.INIT, AD.ACTIVE, AD.PAUSED, AD.STOPPED, AD.FAIL],
    initial: AD.INIT,
    terminal: [AD.STOPPED, AD.FAIL],
    transitions: {
      INIT: [AD.ACTIVE, AD.STOPPED, AD.FAIL],
      ACTIVE: [AD.PAUSED, AD.STOPPED, AD.FAIL],
      PAUSED: [AD.ACTIVE, AD.STOPPED],
      STOPPED: [],
      FAIL: [],
    },
  });

/* ---------------------------------------------------------------------------------------------------------- */
/* Upload item                                                                                                  */

export const UploadItemStatus = {
  UPLOADING: 'uploading',
  DONE: 'done',
  ERROR: 'error',
  REMOVED: 'removed',
} as const;
export type UploadItemStatusValue = (typeof UploadItemStatus)[keyof typeof UploadItemStatus];

const UP = UploadItemStatus;
export const UPLOAD_ITEM_STATUS: StateMachine<UploadItemStatusValue> =
  defineStateMachine<UploadItemStatusValue>({
    name: 'uploadItem',
    states: [UP.UPLOADING, UP.DONE, UP.ERROR, UP.REMOVED],
    initial: UP.UPLOADING,
    terminal: [UP.REMOVED],
    transitions: {
      uploading: [UP.DONE, UP.ERROR, UP.REMOVED],
      done: [UP.REMOVED],
      error: [UP.UPLOADING, UP.REMOVED],
      removed: [],
    },
  });

/** Spec §4: an upload list change is emitted only when every item is done (removed items are gone from the list). */
export function isUploadListSettled(statuses: readonly UploadItemStatusValue[]): boolean {
  return statuses.filter((s) => s !== UP.REMOVED).every((s) => s === UP.DONE);
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Plain status enums (no transitions)                                                                         */

export interface StatusEnum<V extends string> {
  name: string;
  values: readonly V[];
  i18nKey(value: V): string;
  isValue(value: unknown): value is V;
}

function statusEnum<const V extends string>(name: string, values: readonly V[]): StatusEnum<V> {
  return Object.freeze({
    name,
    values,
    i18nKey: (value: V) => `status.${name}.${value}`,
    isValue: (value: unknown): value is V =>
      typeof value === 'string' && (values as readonly string[]).includes(value),
  });
}

/** Withdrawal result codes: '00' succeeded, '99' failed. */
export const WithdrawalResult = { SUCCEEDED: '00', FAILED: '99' } as const;
export type WithdrawalResultValue = (typeof WithdrawalResult)[keyof typeof WithdrawalResult];
export const WITHDRAWAL_RESULT: StatusEnum<WithdrawalResultValue> = statusEnum('withdrawalResult', [
  '00',
  '99',
]);

export const RefundWay = { ORIGINAL: 'original', OFFLINE: 'offline' } as const;
export type RefundWayValue = (typeof RefundWay)[keyof typeof RefundWay];
export const REFUND_WAY: StatusEnum<RefundWayValue> = statusEnum('refundWay', ['original', 'offline']);

export const RefundType = { PARTIAL: 'partial', FULL: 'full' } as const;
export type RefundTypeValue = (typeof RefundType)[keyof typeof RefundType];
export const REFUND_TYPE: StatusEnum<RefundTypeValue> = statusEnum('refundType', ['partial', 'full']);

/* ---------------------------------------------------------------------------------------------------------- */

/** Every machine by its dictionary code. */
export const STATE_MACHINES = {
  payment_status: PAYMENT_STATUS,
  payout_batch_status: PAYOUT_BATCH_STATUS,
  review_status: REVIEW_STATUS,
  notify_status: NOTIFY_STATUS,
  settlement_status: SETTLEMENT_STATUS,
  refund_fund_status: REFUND_FUND_STATUS,
  auto_deduction_status: AUTO_DEDUCTION_STATUS,
  upload_item_status: UPLOAD_ITEM_STATUS,
  announcement_status: ANNOUNCEMENT_STATUS,
} as const;

export const STATUS_ENUMS = {
  withdrawal_result: WITHDRAWAL_RESULT,
  refund_way: REFUND_WAY,
  refund_type: REFUND_TYPE,
} as const;

/** Spec §4: "the deal action is shown unless status is 1, 3 or 4" (numeric status of the legacy order lists). */
export function isDealActionShown(status: number): boolean {
  return status !== 1 && status !== 3 && status !== 4;
}
