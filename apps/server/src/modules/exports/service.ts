/**
 * Exports of the lists (spec §9 "large exports sent by e-mail"). Up to EXPORT_SYNC_MAX_ROWS rows: a short-lived
 * download link that streams the XLSX straight from the database. More: a job (export_job row) that any server
 * instance picks up (FOR UPDATE SKIP LOCKED), writes to a scratch file with progress, streams into the file store
 * that every instance reads (lib/files/storage.ts), then e-mails the link.
 * Both read through the list's own source (lib/list), with the filters, scope, currency and visible columns fixed
 * when the export was asked, so an export holds exactly what the screen listed.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  EXPORT_DOWNLOAD_PATH,
  EXPORT_LINK_TTL_HOURS,
  EXPORT_STALE_AFTER_MS,
  EXPORT_TOKEN_PARAM,
  EXPORT_SYNC_MAX_ROWS,
  ExportStatus,
  ID_PREFIX,
  formatWallClock,
  LANGUAGES,
  translate,
  type CallAnswer,
  type exportCalls,
  type Language,
} from '@mg/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/pool';
import { scratchFile, type FileStorage, type StoredBytes } from '../../lib/files/storage';
import { newBusinessId, newToken } from '../../lib/ids';
import type { ListRegistry } from '../../lib/list/route';
import { countAll, type ListSource } from '../../lib/list/source';
import type { RequestScope } from '../auth/scope';
import type { Mailer } from '../mail/mailer';
import { claimQueuedJob, expiredJobs, failJob, failStaleJobs, finishJob, forgetLinks, insertJob, jobsWithLocalFiles, moveJobFile, setProgress, userEmail, type ExportJobRow } from './queries';
import { runJobInProcess } from './run-in-process';
import { langOf, selection, sourceOf, storedOf, writeJob, type StoredExport } from './write-job';

export { findByToken, findUserJob, type ExportJobRow } from './queries';
export { parseFilters, sourceOf, type StoredExport } from './write-job';

/** A direct download link is used at once by the browser; it stays valid this long. */
export const DIRECT_LINK_TTL_MS = 10 * 60_000;
const PROGRESS_EVERY_MS = 500;

/**
 * The downloaded file's name: the list's title and when it was asked, on the wall clock of the export's zone (the
 * session currency's, as the times inside the file): a Jakarta user's 09:30 export is stamped 0930, not 0230 UTC.
 */
export function fileNameOf(kind: string, lang: Language, createdAt: Date, timeZone: string): string {
  const stamp = formatWallClock(createdAt, timeZone).replace(/[- :]/g, '');
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

/** The merchant an export's filters name (platform staff narrowing to one), when they name one; else none. */
export function exportMerchantOf(filters: Record<string, unknown>): number | undefined {
  const raw = filters.merchantId;
  const merchantId = raw === undefined || raw === '' ? undefined : Number(raw);
  return Number.isInteger(merchantId) ? merchantId : undefined;
}

/** What the start of an export answers: the download link and its rows, or the job to follow. */
export function exportStartAnswer(result: StartExportResult): CallAnswer<typeof exportCalls.start> {
  return result.mode === 'download' ? { mode: result.mode, url: result.url, rows: result.rows } : { mode: result.mode, jobId: result.jobId, rows: result.totalRows };
}

/** A job's progress as its user sees it: its download link only while the file is done and the link unexpired. */
export function exportJobView(job: ExportJobRow, publicUrl: string, now: Date = new Date()): CallAnswer<typeof exportCalls.job> {
  const usable = job.status === ExportStatus.DONE && job.downloadToken && job.expiresAt && job.expiresAt > now;
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    totalRows: job.totalRows,
    doneRows: job.doneRows,
    url: usable && job.downloadToken ? downloadUrl(publicUrl, job.downloadToken) : null,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/**
 * What a finished export downloads from: a job's file in the store (null when it is gone: a 404), or `live` for a
 * direct one, written from the database as it streams.
 */
export async function exportSource(storage: FileStorage, job: ExportJobRow): Promise<StoredBytes | 'live' | null> {
  if (job.fileId) return storage.get(job.fileId);
  // A job that wrote its file before issue 41 and whose file the start-up import did not find.
  if (job.filePath) return null;
  return 'live';
}

/** Streams a finished export from its source (exportSource). */
export async function streamExport(db: Db, lists: ListRegistry, job: ExportJobRow, source: StoredBytes | 'live', out: Writable): Promise<void> {
  if (source !== 'live') {
    await pipeline(source.stream, out);
    return;
  }
  await writeJob(db, lists, job, out);
}

export interface JobDeps {
  db: Db;
  /** The database the job's process connects to (the server's own). */
  databaseUrl: string;
  /** Scratch space of this instance: the job's process writes the file there before it goes to the store. */
  dataDir: string;
  fileStorage: FileStorage;
  publicUrl: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Fails the jobs an instance lost while running them (EXPORT_STALE_AFTER_MS); returns their ids. */
export function failLostExportJobs(db: Db): Promise<string[]> {
  const messages = Object.fromEntries(LANGUAGES.map((lang) => [lang, translate(lang, 'exports.interrupted')])) as Record<Language, string>;
  return failStaleJobs(db, EXPORT_STALE_AFTER_MS, messages);
}

/** Takes one queued job (any instance may run this) and writes it; returns the job id or null when none waited. */
export async function runNextExportJob(deps: JobDeps): Promise<string | null> {
  const claimed = await claimQueuedJob(deps.db);
  if (!claimed) return null;
  const scratch = scratchFile(exportScratchDir(deps.dataDir), '.xlsx');
  const fileId = randomUUID();
  let stored = false;
  try {
    let lastProgress = 0;
    const rows = await runJobInProcess({ databaseUrl: deps.databaseUrl, publicUrl: deps.publicUrl, job: claimed, file: scratch.path }, async (done) => {
      if (Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = Date.now();
      await setProgress(deps.db, claimed.id, done);
    });
    await deps.fileStorage.put(fileId, fs.createReadStream(scratch.path));
    stored = true;
    const done = await finishJob(deps.db, claimed.id, rows, fileId);
    if (done) await mailLink(deps, done);
    return claimed.id;
  } catch (err) {
    deps.log.error({ err, exportId: claimed.id }, 'export job failed');
    if (stored) await deps.fileStorage.remove(fileId).catch(() => undefined);
    await failJob(deps.db, claimed.id, err instanceof Error ? err.message : String(err));
    return claimed.id;
  } finally {
    await scratch.discard();
  }
}

/** Where this instance's export processes write before the file goes to the store. */
export const exportScratchDir = (dataDir: string) => path.join(dataDir, 'scratch', 'exports');

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

/**
 * Deletes the files of expired job exports and forgets the rows' tokens. In PostgreSQL the bytes go with the row's
 * file_id (migration 0033's trigger); another store is told here.
 */
export async function purgeExpiredExports(db: Db, storage: FileStorage, now: Date = new Date()): Promise<number> {
  const expired = await expiredJobs(db, now);
  await forgetLinks(db, expired.map((e) => e.id));
  for (const e of expired) if (e.fileId) await storage.remove(e.fileId);
  return expired.length;
}

/**
 * Before issue 41 a job's file stayed in the `$DATA_DIR/exports` of the instance that wrote it: at start those this
 * instance holds go into the file store (then are removed here). Answers how many moved.
 */
export async function importLocalExports(db: Db, storage: FileStorage): Promise<number> {
  let moved = 0;
  for (const job of await jobsWithLocalFiles(db)) {
    if (!fs.existsSync(job.filePath)) continue;
    const fileId = randomUUID();
    await storage.put(fileId, fs.createReadStream(job.filePath));
    await moveJobFile(db, job.id, fileId);
    fs.rmSync(job.filePath, { force: true });
    moved++;
  }
  return moved;
}
