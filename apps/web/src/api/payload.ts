import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FIELDS, DATE_TIME_FORMAT, formatWallClock } from '@mg/domain';

/** Date-only values ("2025-03-01") are taken as the start of that day. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function isDayjs(value: unknown): value is Dayjs {
  return dayjs.isDayjs(value);
}

/**
 * The session-zone wall-clock text of a date-ish value, or undefined when it is not one. Pickers and typed dates are
 * the session zone's wall clock already (the screens show dates in the session zone); a Date is an instant, written
 * as the session zone's wall clock at that instant.
 */
function sessionWallClock(value: unknown, sessionZone: string): string | undefined {
  if (isDayjs(value)) return value.isValid() ? value.format(DATE_TIME_FORMAT) : undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : formatWallClock(value, sessionZone);
  if (typeof value === 'string' && value.trim()) {
    const text = value.trim();
    return DATE_ONLY.test(text) ? `${text} 00:00:00` : text;
  }
  return undefined;
}

/**
 * Spec §7: the date fields of a payload travel as the session zone's wall clock, `YYYY-MM-DD HH:mm:ss`. The pickers
 * run in the session zone (docs/decisions.md), so the "shift by the zone difference" of the spec is nothing for them;
 * Date instants are written in the session zone. Other fields are left as they are.
 */
export function sessionDateFields<T extends Record<string, unknown>>(payload: T, sessionZone: string): T {
  const out: Record<string, unknown> = { ...payload };
  for (const field of DATE_FIELDS as readonly string[]) {
    if (!(field in out)) continue;
    const wall = sessionWallClock(out[field], sessionZone);
    if (wall !== undefined) out[field] = wall;
  }
  return out as T;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Query string of a params object: undefined/null are left out, arrays repeat the key, dayjs/Date become text. */
export function toQueryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === undefined || v === null) continue;
      if (isDayjs(v)) search.append(key, v.format(DATE_TIME_FORMAT));
      else if (v instanceof Date) search.append(key, dayjs(v).format(DATE_TIME_FORMAT));
      else if (typeof v === 'object') search.append(key, JSON.stringify(v));
      else search.append(key, String(v));
    }
  }
  return search.toString();
}
