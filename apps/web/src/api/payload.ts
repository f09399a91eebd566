import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FIELDS, DATE_TIME_FORMAT, shiftWallClock } from '@mg/domain';

/** Date-only values ("2025-03-01") are taken as the start of that day. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function isDayjs(value: unknown): value is Dayjs {
  return dayjs.isDayjs(value);
}

/** Browser wall-clock text of a date-ish value, or undefined when it is not one. */
function browserWallClock(value: unknown): string | undefined {
  if (isDayjs(value)) return value.isValid() ? value.format(DATE_TIME_FORMAT) : undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : dayjs(value).format(DATE_TIME_FORMAT);
  if (typeof value === 'string' && value.trim()) {
    const text = value.trim();
    return DATE_ONLY.test(text) ? `${text} 00:00:00` : text;
  }
  return undefined;
}

/**
 * Spec §7: the date fields of a payload are shifted from the browser's zone to the session zone and formatted
 * `YYYY-MM-DD HH:mm:ss`. Other fields are left as they are; a value that is not a date passes unchanged.
 */
export function shiftDateFields<T extends Record<string, unknown>>(payload: T, browserZone: string, sessionZone: string): T {
  const out: Record<string, unknown> = { ...payload };
  for (const field of DATE_FIELDS as readonly string[]) {
    if (!(field in out)) continue;
    const wall = browserWallClock(out[field]);
    if (wall === undefined) continue;
    out[field] = browserZone === sessionZone ? wall : (shiftWallClock(wall, browserZone, sessionZone) ?? wall);
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
