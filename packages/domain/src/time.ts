/**
 * Wall-clock time in IANA zones (DESIGN §4): filters arrive as `YYYY-MM-DD HH:mm:ss` in the session zone and are
 * converted to UTC instants; instants are shown back in that zone. Pure: only Intl, no clock reads.
 */

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss` (format only; calendar validity is checked by parseWallClock). */
export const WALL_CLOCK_RE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** Request fields the web client shifts between zones (spec §7). */
export const DATE_FIELDS = [
  'createTime_begin',
  'createTime_end',
  'createTimeBegin',
  'createTimeEnd',
  'startTime',
  'endTime',
] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export interface WallClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatterCache.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatterCache.set(zone, f);
  }
  return f;
}

export function isValidTimeZone(zone: string): boolean {
  if (typeof zone !== 'string' || zone === '' || zone.length > 64) return false;
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

function isValidDate(d: Date): boolean {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

/** Wall-clock fields of an instant in a zone. Throws RangeError for an invalid date or zone. */
export function wallClockParts(d: Date, zone: string): WallClockParts {
  if (!isValidDate(d)) throw new RangeError('invalid date');
  const parts = formatterFor(zone).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

function utcMs(p: WallClockParts): number {
  const d = new Date(0);
  d.setUTCFullYear(p.year, p.month - 1, p.day);
  d.setUTCHours(p.hour, p.minute, p.second, 0);
  return d.getTime();
}

/** Offset of the zone from UTC at an instant, in minutes (Asia/Yangon: 390, America/Sao_Paulo: -180). */
export function zoneOffsetMinutes(zone: string, at: Date): number {
  const ms = Math.floor(at.getTime() / 1000) * 1000;
  return Math.round((utcMs(wallClockParts(new Date(ms), zone)) - ms) / 60_000);
}

/** 390 -> "+06:30", -180 -> "-03:00". */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : (MONTH_DAYS[month - 1] ?? 0);
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** Fields of a wall-clock string, or null when the format or the calendar date/time is invalid (2026-02-30). */
export function parseWallClockParts(s: string): WallClockParts | null {
  if (typeof s !== 'string') return null;
  const m = WALL_CLOCK_RE.exec(s);
  if (!m) return null;
  const p: WallClockParts = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: m[4] === undefined ? 0 : Number(m[4]),
    minute: m[5] === undefined ? 0 : Number(m[5]),
    second: m[6] === undefined ? 0 : Number(m[6]),
  };
  if (p.year < 1000 || p.month < 1 || p.month > 12 || p.day < 1 || p.day > daysInMonth(p.year, p.month))
    return null;
  if (p.hour > 23 || p.minute > 59 || p.second > 59) return null;
  return p;
}

const DAY_MS = 86_400_000;

/**
 * Wall-clock time in `zone` -> UTC instant. Null for a malformed or impossible date, or an unknown zone.
 * DST is resolved like Temporal's "compatible" disambiguation, deterministically:
 * - overlap (the clock runs twice, e.g. New York 2026-11-01 01:30): the earlier instant (the pre-transition offset);
 * - gap (the time never exists, e.g. New York 2026-03-08 02:30): the offset in force before the gap, which moves the
 *   time forward by the gap's length (02:30 -> 03:30 EDT = 07:30Z).
 * Assumes at most one offset change within 24 h of the time, true of every zone in the database.
 */
export function parseWallClock(s: string, zone: string): Date | null {
  const p = parseWallClockParts(s);
  if (!p || !isValidTimeZone(zone)) return null;
  const naive = utcMs(p);
  const before = zoneOffsetMinutes(zone, new Date(naive - DAY_MS));
  const after = zoneOffsetMinutes(zone, new Date(naive + DAY_MS));
  const candidates: number[] = [];
  for (const off of before === after ? [before] : [before, after]) {
    const t = naive - off * 60_000;
    if (zoneOffsetMinutes(zone, new Date(t)) === off) candidates.push(t);
  }
  if (candidates.length === 0) return new Date(naive - before * 60_000);
  return new Date(Math.min(...candidates));
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

export function formatWallClockParts(p: WallClockParts, withTime = true): string {
  const date = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  return withTime ? `${date} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}` : date;
}

/** Instant -> `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD`) in `zone`. Throws RangeError for an invalid date or zone. */
export function formatWallClock(d: Date, zone: string, withTime = true): string {
  return formatWallClockParts(wallClockParts(d, zone), withTime);
}

/**
 * Re-expresses a wall-clock string of `fromZone` in `toZone` (the web client shifts the spec §7 date fields from the
 * browser's zone to the session zone). Always returns the full `YYYY-MM-DD HH:mm:ss` form, because a date-only input
 * (midnight) need not be midnight in the other zone. Null on invalid input.
 */
export function shiftWallClock(s: string, fromZone: string, toZone: string): string | null {
  if (!isValidTimeZone(toZone)) return null;
  const d = parseWallClock(s, fromZone);
  return d ? formatWallClock(d, toZone) : null;
}

/**
 * Calendar date `months` after (year, month, day). If that day does not exist in the target month (Jan 31 + 1
 * month), the result is the first day of the following month (Mar 1), so that every day of the shorter month stays
 * inside the range.
 */
function addMonthsOverflow(
  year: number,
  month: number,
  day: number,
  months: number,
): { year: number; month: number; day: number } {
  const idx = year * 12 + (month - 1) + months;
  const y = Math.floor(idx / 12);
  const mo = (idx % 12) + 1;
  if (day <= daysInMonth(y, mo)) return { year: y, month: mo, day };
  const nidx = idx + 1;
  return { year: Math.floor(nidx / 12), month: (nidx % 12) + 1, day: 1 };
}

export type QueryRangeError = 'DATE_START_AFTER_END' | 'DATE_RANGE_TOO_LONG';

/**
 * Spec §5 query-range rule. The range may not exceed `months` calendar months, measured in whole days in `zone`:
 * let L be 00:00:00 of the calendar date `months` after the start's calendar date in `zone` (overflowing to the
 * 1st of the next month when that day does not exist). The range is valid iff end's wall-clock time <= L.
 * With months = 1:
 * - 2026-01-15 (any time) .. 2026-02-14 23:59:59 and .. 2026-02-15 00:00:00 (exclusive-end pickers) are fine;
 *   2026-02-15 00:00:01 is too long.
 * - 2026-01-31 .. 2026-02-28 23:59:59 is fine (L = 2026-03-01 00:00:00); 2026-03-01 00:00:01 is too long.
 * Wall clocks are compared, not durations, so a DST change inside the range neither adds nor removes an hour.
 * start == end is valid; start > end is DATE_START_AFTER_END.
 */
export function checkQueryRange(
  start: Date,
  end: Date,
  zone: string,
  months: number,
): null | QueryRangeError {
  if (start.getTime() > end.getTime()) return 'DATE_START_AFTER_END';
  const s = wallClockParts(start, zone);
  const limit = addMonthsOverflow(s.year, s.month, s.day, months);
  const limitWall = formatWallClockParts({ ...limit, hour: 0, minute: 0, second: 0 });
  const endWall = formatWallClock(end, zone);
  return endWall > limitWall ? 'DATE_RANGE_TOO_LONG' : null;
}

const OFFSET_BUCKET_MS = 15 * 60_000;

/**
 * A fast `formatWallClock` for many instants in one zone (exports of a million rows): the zone's offset is looked up
 * once per quarter hour of UTC time (zone transitions fall on quarter hours) and the fields are read with UTC getters.
 */
export function wallClockFormatter(zone: string): (d: Date, withTime?: boolean) => string {
  const offsets = new Map<number, number>();
  return (d, withTime = true) => {
    const ms = d.getTime();
    const bucket = Math.floor(ms / OFFSET_BUCKET_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      offset = zoneOffsetMinutes(zone, new Date(bucket * OFFSET_BUCKET_MS));
      offsets.set(bucket, offset);
    }
    const local = new Date(ms + offset * 60_000);
    return formatWallClockParts(
      {
        year: local.getUTCFullYear(),
        month: local.getUTCMonth() + 1,
        day: local.getUTCDate(),
        hour: local.getUTCHours(),
        minute: local.getUTCMinutes(),
        second: local.getUTCSeconds(),
      },
      withTime,
    );
  };
}

/** Canonical `Date#toISOString` text: the UTC minute, then `:ss.sssZ`. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO_MINUTE_CHARS = 16;
const ISO_MINUTES_KEPT = 10_000;

/**
 * `wallClockFormatter` for instants given as ISO text (an export's records): offsets are whole minutes, so the local
 * "YYYY-MM-DD HH:mm" depends on the UTC minute alone and is formatted once per minute, the seconds copied.
 */
export function isoWallClockFormatter(zone: string): (iso: string) => string {
  const format = wallClockFormatter(zone);
  const minutes = new Map<string, string>();
  return (iso) => {
    if (!ISO_INSTANT.test(iso)) return format(new Date(iso));
    const key = iso.slice(0, ISO_MINUTE_CHARS);
    let local = minutes.get(key);
    if (local === undefined) {
      if (minutes.size >= ISO_MINUTES_KEPT) minutes.clear();
      local = format(new Date(`${key}:00.000Z`)).slice(0, ISO_MINUTE_CHARS);
      minutes.set(key, local);
    }
    return local + iso.slice(ISO_MINUTE_CHARS, ISO_MINUTE_CHARS + 3);
  };
}
