/**
 * Plumbing shared by the administration modules (users, roles, permissions, departments, dictionaries admin,
 * announcements, audit, mail outbox, checks): paging, sort allow-lists, merchant scope as SQL, id lists and
 * errors with a specific message key.
 */
import { adminIdListSchema, adminIdSchema, DomainError, pagingSchema, type ErrorCode, type ErrorParams } from '@mg/domain';
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { fieldError } from './errors';


/** A catalogue error (stable code and status) whose message is a more specific i18n key. */
export class KeyedError extends DomainError {
  constructor(
    code: ErrorCode,
    private readonly key: string,
    params: ErrorParams = {},
  ) {
    super(code, params);
  }
  override get messageKey(): string {
    return this.key;
  }
}

export const notFound = () => new DomainError('NOT_FOUND');
export const forbidden = (key = 'error.forbidden', params: ErrorParams = {}) =>
  new KeyedError('FORBIDDEN', key, params);

/* ---------------------------------------------------------------------------------------------------------- */
/* Paging                                                                                                       */

/** Paged list query: pageNo, pageSize, column, order (domain pagingSchema) plus an optional merchant filter. */
export const pageQuery = pagingSchema.extend({
  merchantId: z.coerce.number().int().positive().optional().describe('platform staff: only this merchant'),
});

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export function pageOf<T>(records: T[], total: number, p: { pageNo: number; pageSize: number }): Page<T> {
  return { records, total, size: p.pageSize, current: p.pageNo, pages: Math.ceil(total / p.pageSize) };
}

export function pageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });
}

export const offsetOf = (p: { pageNo: number; pageSize: number }) => (p.pageNo - 1) * p.pageSize;

/**
 * ORDER BY from the allow-list of a list: `column` must be one of its keys (else 400 naming `column`); the
 * fallback order applies when none is asked, and a tie-breaker (the id) always comes last.
 */
export function orderOf(
  allow: Readonly<Record<string, AnyColumn | SQL>>,
  column: string | undefined,
  order: 'asc' | 'desc' | undefined,
  fallback: SQL[],
  tieBreaker: AnyColumn,
): SQL[] {
  if (column === undefined) return [...fallback, desc(tieBreaker)];
  const col = Object.hasOwn(allow, column) ? allow[column] : undefined;
  if (!col)
    throw fieldError('column', 'validation.paging.column', { params: { value: column.slice(0, 64) } });
  return [order === 'asc' ? asc(col) : desc(col), order === 'asc' ? asc(tieBreaker) : desc(tieBreaker)];
}

/** `%`, `_` and `\` of a user's search text taken literally in ILIKE. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function isPlatformAdmin(auth: { isPlatformAdmin: boolean }): boolean {
  return auth.isPlatformAdmin;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Input helpers                                                                                                */

/** '1,2,3' (or an array) -> [1, 2, 3]; a 400 naming `field` when an entry is not a positive integer. */
export function parseIds(
  value: string | readonly (string | number)[] | undefined | null,
  field: string,
): number[] {
  if (value === undefined || value === null) return [];
  const parts = typeof value === 'string' ? value.split(',') : value.map(String);
  const out: number[] = [];
  for (const raw of parts) {
    const s = raw.trim();
    if (s === '') continue;
    if (!/^\d{1,15}$/.test(s) || Number(s) <= 0)
      throw fieldError(field, 'error.fieldInvalid', { params: { value: s.slice(0, 32) } });
    out.push(Number(s));
  }
  return [...new Set(out)];
}

/** Comma-separated ids or an array of ids, as the Jeecg screens send them (declared in the domain). */
export const idListSchema = adminIdListSchema;

export const idSchema = adminIdSchema;

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
