/** Settlement (T+N batches per merchant, currency and local day). */

/** T+N default in days, counted in the merchant's zone. */
export const SETTLEMENT_DAYS_DEFAULT = 1;
/** The settlement job runs this often. */
export const SETTLEMENT_JOB_MS = 60_000;
