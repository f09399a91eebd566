/**
 * Date ranges in the session zone (spec §5: at most QUERY_RANGE_MONTHS). Calendar days are the session zone's days,
 * and the pickers show the session zone's wall clock (the API client sends it as is, spec §7), so a session day is
 * handed to a picker as the wall-clock text of its first and last second.
 */
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT, QUERY_RANGE_MONTHS, checkQueryRange, formatWallClock, parseWallClock, type QueryRangeError } from '@mg/domain';

const DAY_START = '00:00:00';
const DAY_END = '23:59:59';
const DAY_MS = 86_400_000;
/** Farthest a one-month range can reach back (31 days), the search start of defaultDays. */
const LONGEST_MONTH_DAYS = 31;

/** Today's calendar date (`YYYY-MM-DD`) in the zone. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return formatWallClock(now, zone, false);
}

/** `YYYY-MM-DD` plus `days` (negative: back), pure calendar arithmetic. */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  return new Date(t).toISOString().slice(0, DATE_FORMAT.length);
}

/** First day of the date's month. */
export function monthStart(date: string): string {
  return `${date.slice(0, 8)}01`;
}

/** The instants of [from 00:00:00, to 23:59:59] of calendar days in the zone. */
export function dayBounds(from: string, to: string, zone: string): { begin: Date; end: Date } | null {
  const begin = parseWallClock(`${from} ${DAY_START}`, zone);
  const end = parseWallClock(`${to} ${DAY_END}`, zone);
  return begin && end ? { begin, end } : null;
}

/** Spec §5 problem of a day range in the zone, or null when it is fine. */
export function dayRangeProblem(from: string, to: string, zone: string, months: number = QUERY_RANGE_MONTHS): QueryRangeError | null {
  const b = dayBounds(from, to, zone);
  if (!b) return 'DATE_START_AFTER_END';
  return checkQueryRange(b.begin, b.end, zone, months);
}

/** The longest range of whole days ending today that the one-month rule allows: the default of the lists. */
export function defaultDays(zone: string, now: Date = new Date(), months: number = QUERY_RANGE_MONTHS): [string, string] {
  const today = todayIn(zone, now);
  for (let back = LONGEST_MONTH_DAYS; back > 0; back--) {
    const from = addDays(today, -back);
    if (dayRangeProblem(from, today, zone, months) === null) return [from, today];
  }
  return [today, today];
}

/**
 * A session-zone day range as picker values: the pickers show the session zone's wall clock (00:00:00 to 23:59:59 of
 * those days), whatever the browser's zone.
 */
export function pickerRange(from: string, to: string): [Dayjs, Dayjs] | undefined {
  // Plain "YYYY-MM-DD HH:mm:ss" is read as that wall clock (checked: an impossible date is not rolled over).
  const a = dayjs(`${from} ${DAY_START}`);
  const b = dayjs(`${to} ${DAY_END}`);
  const exact = a.isValid() && b.isValid() && a.format(DATE_FORMAT) === from && b.format(DATE_FORMAT) === to;
  return exact && !b.isBefore(a) ? [a, b] : undefined;
}
