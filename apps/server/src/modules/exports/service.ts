/**
 * Exports of the lists (spec §9 "large exports sent by e-mail"). Up to EXPORT_SYNC_MAX_ROWS rows: a short-lived
 * download link that streams the XLSX straight from the database. More: a job (export_job row) that any server
 * instance picks up (FOR UPDATE SKIP LOCKED), writes to $DATA_DIR/exports with progress, then e-mails the link.
 * Both read through the list's own source (lib/list), with the filters, scope, currency and visible columns fixed
 * when the export was asked, so an export holds exactly what the screen listed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  EXPORT_DOWNLOAD_PATH,
  EXPORT_LINK_TTL_HOURS,
  EXPORT_TOKEN_PARAM,
  EXPORT_SYNC_MAX_ROWS,
  ExportStatus,
  ID_PREFIX,
  filterSchemaOf,
  isCurrencyCode,
  isLanguage,
  translate,
  type AnyListDecl,
  type CurrencyCode,
  type Language,
  type ListFilters,
} from '@mg/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { fieldError } from '../../lib/errors';
import { newBusinessId, newToken } from '../../lib/ids';
import { exportColumns } from '../../lib/list/cells';
import type { ListRegistry } from '../../lib/list/route';
import { countAll, type ListSource } from '../../lib/list/source';
import type { RequestScope, Scope } from '../auth/scope';
import type { Mailer } from '../mail/mailer';
import { claimQueuedJob, expiredJobs, failJob, finishJob, forgetLinks, insertJob, setProgress, userEmail, type ExportJobRow } from './queries';
import { writeXlsx } from './xlsx';

export { findByToken, findUserJob, type ExportJobRow } from './queries';

/** A direct download link is used at once by the browser; it stays valid this long. */
export const DIRECT_LINK_TTL_MS = 10 * 60_000;
const PROGRESS_EVERY_MS = 500;

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

export function fileNameOf(kind: string, lang: Language, createdAt: Date): string {
  const stamp = createdAt.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return `${translate(lang, `${kind}.title`).replace(/[^\p{L}\p{N}_-]+/gu, '_')}_${stamp}.xlsx`;
}

/** The API address of an export's file: answers only a signed-in user allowed to read it (mayDownload). */
export function downloadUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api${EXPORT_DOWNLOAD_PATH}/${token}`;
}

/** The e-mailed link: the dashboard, which signs the user in if needed and then downloads with the session. */
export function dashboardDownloadUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/?${EXPORT_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * Who may download an export: a user of the merchant it was made for, who may see the list and every column the
 * file holds (spec §6 column rules: a colleague with fewer column rights does not get the file of one with more).
 */
export function mayDownload(lists: ListRegistry, job: ExportJobRow, reader: { merchantId: number; holds: (perm: string) => boolean; visible: (list: ListSource['list']) => string[] }): boolean {
  if (job.merchantId !== reader.merchantId) return false;
  const source = lists.get(job.kind);
  if (!source || !reader.holds(source.list.permission)) return false;
  const visible = new Set(reader.visible(source.list));
  return storedOf(job).stored.columns.every((k) => visible.has(k));
}

export interface StartExportInput {
  merchantId: number;
  userId: number;
  kind: string;
  filters: Record<string, unknown>;
  ctx: RequestScope;
  /** Keys of the columns the user may see. */
  columns: string[];
  lang: Language;
  now?: Date;
  /** Above this many rows the export runs as a job; default EXPORT_SYNC_MAX_ROWS. */
  syncMaxRows?: number;
}

export type StartExportResult =
  | { mode: 'download'; url: string; rows: number; job: ExportJobRow }
  | { mode: 'job'; jobId: string; totalRows: number; job: ExportJobRow };

/** The rows of an export: the WHERE of a paged list, or the filters a whole list reads with. */
function selection(source: ListSource, filters: Record<string, unknown>, ctx: RequestScope): { where: SQL | undefined; parsed: ListFilters<AnyListDecl> } {
  const parsed = parseFilters(source.list, filters);
  return { where: source.kind === 'paged' ? source.where(parsed, ctx) : undefined, parsed };
}

async function rowCount(db: Db, source: ListSource, filters: Record<string, unknown>, ctx: RequestScope): Promise<number> {
  const { where, parsed } = selection(source, filters, ctx);
  return source.kind === 'paged' ? countAll(db, source, where) : (await source.all(db, parsed, ctx)).length;
}

export async function startExport(db: Db, lists: ListRegistry, publicUrl: string, input: StartExportInput): Promise<StartExportResult> {
  const now = input.now ?? new Date();
  const source = sourceOf(lists, input.kind);
  const ctx = { ...input.ctx, now: input.ctx.now ?? now };
  const rows = await rowCount(db, source, input.filters, ctx);
  const direct = rows <= (input.syncMaxRows ?? EXPORT_SYNC_MAX_ROWS);
  const stored: StoredExport = { filters: input.filters, scope: ctx.scope, currency: ctx.currency ?? null, columns: input.columns, now: ctx.now.toISOString() };
  const job = await insertJob(db, {
    id: newBusinessId(ID_PREFIX.EXPORT, now),
    merchantId: input.merchantId,
    userId: input.userId,
    kind: input.kind,
    filters: stored,
    lang: input.lang,
    timeZone: ctx.timeZone,
    status: direct ? ExportStatus.DONE : ExportStatus.QUEUED,
    totalRows: rows,
    downloadToken: newToken(),
    createdAt: now,
    expiresAt: new Date(now.getTime() + (direct ? DIRECT_LINK_TTL_MS : EXPORT_LINK_TTL_HOURS * 3_600_000)),
  });
  return direct
    ? { mode: 'download', url: downloadUrl(publicUrl, job.downloadToken ?? ''), rows, job }
    : { mode: 'job', jobId: job.id, totalRows: rows, job };
}

function storedOf(job: ExportJobRow): { stored: StoredExport; ctx: RequestScope } {
  const stored = job.filters as StoredExport;
  const currency = isCurrencyCode(stored.currency) ? stored.currency : undefined;
  return { stored, ctx: { scope: stored.scope, timeZone: job.timeZone, currency, now: stored.now ? new Date(stored.now) : job.createdAt } };
}

function langOf(job: ExportJobRow): Language {
  return isLanguage(job.lang) ? job.lang : 'en-US';
}

/** Writes the export of a job to `out`, as it was asked. */
function writeJob(db: Db, lists: ListRegistry, job: ExportJobRow, out: Writable, onProgress?: (rows: number) => Promise<void>): Promise<number> {
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

/** Streams a finished export: live from the database for direct ones, from the file for job ones. */
export async function streamExport(db: Db, lists: ListRegistry, job: ExportJobRow, out: Writable): Promise<void> {
  if (job.filePath) {
    await pipeline(fs.createReadStream(job.filePath), out);
    return;
  }
  await writeJob(db, lists, job, out);
}

export interface JobDeps {
  db: Db;
  lists: ListRegistry;
  dataDir: string;
  publicUrl: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Takes one queued job (any instance may run this) and writes it; returns the job id or null when none waited. */
export async function runNextExportJob(deps: JobDeps): Promise<string | null> {
  const claimed = await claimQueuedJob(deps.db);
  if (!claimed) return null;
  const dir = path.join(deps.dataDir, 'exports');
  const file = path.join(dir, `${claimed.id}.xlsx`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    let lastProgress = 0;
    const rows = await writeJob(deps.db, deps.lists, claimed, fs.createWriteStream(file), async (done) => {
      if (Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = Date.now();
      await setProgress(deps.db, claimed.id, done);
    });
    const done = await finishJob(deps.db, claimed.id, rows, file);
    if (done) await mailLink(deps, done);
    return claimed.id;
  } catch (err) {
    deps.log.error({ err, exportId: claimed.id }, 'export job failed');
    fs.rmSync(file, { force: true });
    await failJob(deps.db, claimed.id, err instanceof Error ? err.message : String(err));
    return claimed.id;
  }
}

async function mailLink(deps: JobDeps, job: ExportJobRow): Promise<void> {
  const email = await userEmail(deps.db, job.userId);
  if (!email || !job.downloadToken) return;
  const lang = langOf(job);
  const params = {
    kind: translate(lang, `${job.kind}.title`),
    rows: job.totalRows ?? job.doneRows,
    url: dashboardDownloadUrl(deps.publicUrl, job.downloadToken),
    hours: EXPORT_LINK_TTL_HOURS,
  };
  await deps.mailer.send(deps.db, deps.log, {
    to: email,
    subject: translate(lang, 'exports.mail.subject', params),
    text: translate(lang, 'exports.mail.body', params),
    merchantId: job.merchantId,
  });
}

/** Deletes files of expired job exports and forgets the rows' tokens. */
export async function purgeExpiredExports(db: Db, now: Date = new Date()): Promise<number> {
  const expired = await expiredJobs(db, now);
  for (const e of expired) if (e.filePath) fs.rmSync(e.filePath, { force: true });
  await forgetLinks(db, expired.map((e) => e.id));
  return expired.length;
}
