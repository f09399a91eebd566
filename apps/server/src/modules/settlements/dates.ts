/** Settlement dates: T+N counted in local days of the currency's zone, due at local midnight. */
import { parseWallClock, wallClockParts, zoneOf, type CurrencyCode } from '@mg/domain';

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** Local date (YYYY-MM-DD) in the currency's zone of `paidAt`, plus `days`. */
export function settleDateFor(paidAt: Date, currency: CurrencyCode, days: number): string {
  const p = wallClockParts(paidAt, zoneOf(currency));
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** 00:00 of a local date in the currency's zone. */
export function dueAtOf(settleDate: string, currency: CurrencyCode): Date {
  const d = parseWallClock(`${settleDate} 00:00:00`, zoneOf(currency));
  if (!d) throw new RangeError(`invalid settle date ${settleDate}`);
  return d;
}

