/**
 * Saved views (issue 15): a list's filters saved under a name, for the user or shared with the merchant's users,
 * shown as tabs above the list. A view keeps the list's own filters only: not its page, and not its date range, so
 * "Failed VA payments" shows the default range of today when opened tomorrow (an id filter still finds any date).
 */
import { z } from 'zod';
import type { AnyListDecl } from './define';

export const SAVED_VIEW = {
  NAME_MAX_LENGTH: 40,
  /** A filter's value (a comma-separated choice, an id, an amount). */
  VALUE_MAX_LENGTH: 200,
  /** Views one user keeps per list. */
  PER_LIST_MAX: 20,
} as const;

/** The filters of a query a view may keep: the list's declared filter keys with a non-empty value. */
export function viewFiltersOf(list: Pick<AnyListDecl, 'filters'>, query: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of list.filters) {
    const v = query[f.key];
    if (v === undefined || v === null || v === '') continue;
    out[f.key] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}

/** Two filter sets are the same view (key order does not matter). */
export function sameViewFilters(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

export const savedViewInputSchema = z.object({
  list: z.string().min(1).max(40),
  name: z.string().max(SAVED_VIEW.NAME_MAX_LENGTH * 2),
  filters: z.record(z.string(), z.string().max(SAVED_VIEW.VALUE_MAX_LENGTH)),
  shared: z.boolean(),
});
export type SavedViewInput = z.infer<typeof savedViewInputSchema>;

export const savedViewSchema = z.object({
  id: z.number(),
  list: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.string()),
  shared: z.boolean(),
  /** Who saved it (username). */
  owner: z.string(),
  /** Saved by the caller: only those can be deleted. */
  mine: z.boolean(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
