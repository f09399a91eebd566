/**
 * Writing one export as it was asked: the list source of its kind, its stored filters, scope and columns, its
 * language and zone. Used by the direct download (in the request) and by the job's child process (./job-process.ts).
 */
import type { Writable } from 'node:stream';
import {
  filterSchemaOf,
  isCurrencyCode,
  isLanguage,
  translate,
  type AnyListDecl,
  type CurrencyCode,
  type Language,
  type ListFilters,
} from '@mg/domain';
import type { SQL } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { fieldError } from '../../lib/errors';
import { exportColumns } from '../../lib/list/cells';
import type { ListRegistry } from '../../lib/list/route';
import type { ListSource } from '../../lib/list/source';
import type { RequestScope, Scope } from '../auth/scope';
import type { ExportJobRow } from './queries';
import { writeXlsx } from './xlsx';

/** What is stored with a job: everything its rows and columns depend on, fixed when it was asked. */
export interface StoredExport {
  filters: Record<string, unknown>;
  scope: Scope;
  /** The session currency (default of the `currency` filter). */
  currency: CurrencyCode | null;
  /** Keys of the columns the user could see (spec §6), in order. */
  columns: string[];
  /** "Now" of default ranges. */
  now: string;
}

/** The list source of an export kind; 400 naming `kind` for one the app does not serve. */
export function sourceOf(lists: ListRegistry, kind: string): ListSource {
  const source = lists.get(kind);
  if (!source) throw fieldError('kind', 'error.fieldInvalid', { params: { value: kind.slice(0, 32) } });
  return source;
}

/** Parses the filters of the list (400 naming the first bad field). */
export function parseFilters<L extends AnyListDecl>(list: L, raw: Record<string, unknown>): ListFilters<L> {
  const parsed = filterSchemaOf(list).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(String(issue?.path[0] ?? 'filters'), issue?.message ?? 'error.fieldInvalid');
  }
  return parsed.data as ListFilters<L>;
}

/** The rows of an export: the WHERE of a paged list, or the filters a whole list reads with. */
export function selection(source: ListSource, filters: Record<string, unknown>, ctx: RequestScope): { where: SQL | undefined; parsed: ListFilters<AnyListDecl> } {
  const parsed = parseFilters(source.list, filters);
  return { where: source.kind === 'paged' ? source.where(parsed, ctx) : undefined, parsed };
}

export function storedOf(job: ExportJobRow): { stored: StoredExport; ctx: RequestScope } {
  const stored = job.filters as StoredExport;
  const currency = isCurrencyCode(stored.currency) ? stored.currency : undefined;
  return { stored, ctx: { scope: stored.scope, timeZone: job.timeZone, currency, now: stored.now ? new Date(stored.now) : job.createdAt } };
}

export function langOf(job: ExportJobRow): Language {
  return isLanguage(job.lang) ? job.lang : 'en-US';
}

/** Writes the export of a job to `out`, as it was asked. */
export function writeJob(db: DbLike, lists: ListRegistry, job: ExportJobRow, out: Writable, onProgress?: (rows: number) => Promise<void>): Promise<number> {
  const source = sourceOf(lists, job.kind);
  const { stored, ctx } = storedOf(job);
  const lang = langOf(job);
  const { where, parsed } = selection(source, stored.filters, ctx);
  const byKey = new Map(source.list.columns.map((c) => [c.key as string, c]));
  const columns = stored.columns.map((k) => byKey.get(k)).filter((c) => c !== undefined);
  return writeXlsx(out, {
    db,
    source,
    where,
    whole: { filters: parsed, ctx },
    columns: exportColumns(columns, lang),
    lang,
    timeZone: job.timeZone,
    sheetName: translate(lang, `${job.kind}.title`),
    ...(onProgress ? { onProgress } : {}),
  });
}

