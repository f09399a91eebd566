/** Dashboard lists (docs/payments-api.md): default range and the capped count. */

/** Lists without a date range show this many days up to now. */
export const LIST_DEFAULT_RANGE_DAYS = 30;
/**
 * Lists count matching rows only up to this many (an exact count of a month of a big merchant costs a scan of
 * every matching index entry); above it the answer says `totalCapped: true` and the screen shows "10000+".
 */
export const LIST_COUNT_CAP = 10_000;
