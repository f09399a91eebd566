/** Words and limits of auto-deduction (issue 12; spec §3 fields, §4 states INIT, ACTIVE, PAUSED, STOPPED, FAIL). */

/** Spec §4: authorised by nobody yet, charging, paused by the merchant, stopped (or all repetitions done), failed. */
export const MandateStatus = { INIT: 'INIT', ACTIVE: 'ACTIVE', PAUSED: 'PAUSED', STOPPED: 'STOPPED', FAIL: 'FAIL' } as const;
export type MandateStatusValue = (typeof MandateStatus)[keyof typeof MandateStatus];
export const MANDATE_STATUSES: readonly MandateStatusValue[] = Object.values(MandateStatus);
export const MANDATE_STATUS_COLORS: Readonly<Record<MandateStatusValue, string>> = { INIT: 'default', ACTIVE: 'green', PAUSED: 'gold', STOPPED: 'default', FAIL: 'red' };

export const IntervalUnit = { DAY: 'day', WEEK: 'week', MONTH: 'month' } as const;
export type IntervalUnitValue = (typeof IntervalUnit)[keyof typeof IntervalUnit];
export const INTERVAL_UNITS: readonly IntervalUnitValue[] = Object.values(IntervalUnit);
export const MANDATE_INTERVAL_MAX = 365;
export const MANDATE_REPETITIONS_MAX = 1_000;

/** A failed charge is tried again after this long, at most this many times, then the mandate fails. */
export const MANDATE_RETRY_HOURS = 24;
export const MANDATE_MAX_RETRIES = 3;
/** The payer is told of each charge at least this long before it. */
export const MANDATE_NOTICE_HOURS = 24;
/** The charging and notice job. */
export const MANDATE_JOB_MS = 10_000;
export const MANDATE_JOB_BATCH = 100;
/** How long the payer has to authorise a new mandate at the cashier. */
export const MANDATE_AUTHORISE_HOURS = 72;
