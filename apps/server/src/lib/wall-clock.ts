/**
 * Wall-clock date filters (spec §7): `createTime_begin`, `createTime_end`, `createTimeBegin`, `createTimeEnd`,
 * `startTime`, `endTime` arrive as `YYYY-MM-DD HH:mm:ss` in the session's zone and are converted to UTC here.
 */
import { parseWallClock } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors';

export const WALL_CLOCK_FIELDS = ['createTime_begin', 'createTime_end', 'createTimeBegin', 'createTimeEnd', 'startTime', 'endTime'] as const;
export type WallClockField = (typeof WALL_CLOCK_FIELDS)[number];

/** One value to a UTC Date; undefined when absent or blank; a 400 naming `field` when malformed. */
export function wallClockToUtc(value: unknown, zone: string, field: string): Date | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const date = typeof value === 'string' ? parseWallClock(value.trim(), zone) : null;
  if (!date) throw fieldError(field, 'validation.date.invalid', { params: { value: String(value).slice(0, 32) } });
  return date;
}

/**
 * All wall-clock fields present in `source` (default: the query) converted in the request's zone.
 */
export function wallClockFields(
  req: FastifyRequest,
  source: unknown = req.query,
  fields: readonly string[] = WALL_CLOCK_FIELDS,
): Partial<Record<string, Date>> {
  const out: Partial<Record<string, Date>> = {};
  const obj = (source ?? {}) as Record<string, unknown>;
  for (const f of fields) {
    const d = wallClockToUtc(obj[f], req.ctx.timeZone, f);
    if (d) out[f] = d;
  }
  return out;
}
