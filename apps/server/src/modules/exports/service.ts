/**
 * Exports of the lists (spec §9 "large exports sent by e-mail"). Up to EXPORT_SYNC_MAX_ROWS rows: a short-lived
 * download link that streams the XLSX straight from the database. More: a job (export_job row) that any server
 * instance picks up (FOR UPDATE SKIP LOCKED), writes to $DATA_DIR/exports with progress, then e-mails the link.
 * Both use the list's own filter (modules/collections/filters.ts), so an export holds exactly what the screen lists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  EXPORT_LINK_TTL_HOURS,
  EXPORT_SYNC_MAX_ROWS,
  ExportStatus,
  ID_PREFIX,
  isLanguage,
  translate,
  type ExportKindValue,
  type Language,
} from '@mg/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/pool';
import { appUser, exportJob } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { newBusinessId, newToken } from '../../lib/ids';
import type { Scope } from '../auth/scope';
import { LIST_FILTERS, type FilterContext } from '../collections/filters';
import type { Mailer } from '../mail/mailer';
import { EXPORTS } from './columns';
import { writeXlsx } from './xlsx';

/** A direct download link is used at once by the browser; it stays valid this long. */
export const DIRECT_LINK_TTL_MS = 10 * 60_000;
const PROGRESS_EVERY_MS = 500;

export type ExportJobRow = typeof exportJob.$inferSelect;

/** What is stored with a job: the list filters as given plus the merchant scope they were asked in. */
export interface StoredFilters {
  filters: Record<string, unknown>;
  scope: Scope;
}

/** Parses the list filters of `kind` (400 naming the first bad field) and builds the WHERE. */
export function exportWhere(kind: ExportKindValue, raw: Record<string, unknown>, ctx: FilterContext) {
  const filter = LIST_FILTERS[kind];
  const parsed = (filter.schema as z.ZodObject).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(String(issue?.path[0] ?? 'filters'), issue?.message ?? 'error.fieldInvalid');
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed shape is the filter's own schema
  return filter.where(parsed.data as any, ctx);
}

export function fileNameOf(kind: ExportKindValue, lang: Language, createdAt: Date): string {
  const stamp = createdAt.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  return `${translate(lang, `exports.kind.${kind}`).replace(/[^\p{L}\p{N}_-]+/gu, '_')}_${stamp}.xlsx`;
}

export function downloadUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/exports/download/${token}`;
}

export interface StartExportInput {
  merchantId: number;
  userId: number;
  kind: ExportKindValue;
  filters: Record<string, unknown>;
  ctx: FilterContext;
  lang: Language;
  now?: Date;
  /** Above this many rows the export runs as a job; default EXPORT_SYNC_MAX_ROWS. */
  syncMaxRows?: number;
}

export type StartExportResult =
  | { mode: 'download'; url: string; rows: number; job: ExportJobRow }
  | { mode: 'job'; jobId: string; totalRows: number; job: ExportJobRow };

export async function startExport(db: Db, publicUrl: string, input: StartExportInput): Promise<StartExportResult> {
  const now = input.now ?? new Date();
  const def = EXPORTS[input.kind];
  const where = exportWhere(input.kind, input.filters, input.ctx);
  const rows = await def.count(db, where);
  const direct = rows <= (input.syncMaxRows ?? EXPORT_SYNC_MAX_ROWS);
  const stored: StoredFilters = { filters: input.filters, scope: input.ctx.scope };
  const [job] = await db
    .insert(exportJob)
    .values({
      id: newBusinessId(ID_PREFIX.EXPORT, now),
      merchantId: input.merchantId,
      userId: input.userId,
      kind: input.kind,
      filters: { ...stored, now: (input.ctx.now ?? now).toISOString() },
      lang: input.lang,
      timeZone: input.ctx.timeZone,
      status: direct ? ExportStatus.DONE : ExportStatus.QUEUED,
      totalRows: rows,
      downloadToken: newToken(),
      createdAt: now,
      expiresAt: new Date(now.getTime() + (direct ? DIRECT_LINK_TTL_MS : EXPORT_LINK_TTL_HOURS * 3_600_000)),
    })
    .returning();
  if (!job) throw new Error('export_job insert returned nothing');
  return direct
    ? { mode: 'download', url: downloadUrl(publicUrl, job.downloadToken ?? ''), rows, job }
    : { mode: 'job', jobId: job.id, totalRows: rows, job };
}

function contextOf(job: ExportJobRow): { ctx: FilterContext; filters: Record<string, unknown> } {
  const stored = job.filters as StoredFilters & { now?: string };
  return {
    filters: stored.filters,
    ctx: { scope: stored.scope, timeZone: job.timeZone, currency: undefined, now: stored.now ? new Date(stored.now) : job.createdAt },
  };
}

function langOf(job: ExportJobRow): Language {
  return isLanguage(job.lang) ? job.lang : 'en-US';
}

/** Streams a finished export: live from the database for direct ones, from the file for job ones. */
export async function streamExport(db: Db, job: ExportJobRow, out: NodeJS.WritableStream): Promise<void> {
  if (job.filePath) {
    await pipeline(fs.createReadStream(job.filePath), out as NodeJS.WritableStream & import('node:stream').Writable);
    return;
  }
  const { ctx, filters } = contextOf(job);
  const kind = job.kind as ExportKindValue;
  const lang = langOf(job);
  await writeXlsx(out as import('node:stream').Writable, {
    db,
    def: EXPORTS[kind],
    where: exportWhere(kind, filters, ctx),
    ctx: { lang, timeZone: job.timeZone },
    sheetName: translate(lang, `exports.kind.${kind}`),
  });
}

export function findByToken(db: Db, token: string): Promise<ExportJobRow | undefined> {
  return db.query.exportJob.findFirst({ where: eq(exportJob.downloadToken, token) });
}

export interface JobDeps {
  db: Db;
  dataDir: string;
  publicUrl: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/** Takes one queued job (any instance may run this) and writes it; returns the job id or null when none waited. */
export async function runNextExportJob(deps: JobDeps): Promise<string | null> {
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(exportJob)
      .where(eq(exportJob.status, ExportStatus.QUEUED))
      .orderBy(exportJob.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const job = rows[0];
    if (!job) return null;
    await tx.update(exportJob).set({ status: ExportStatus.RUNNING }).where(eq(exportJob.id, job.id));
    return job;
  });
  if (!claimed) return null;
  const dir = path.join(deps.dataDir, 'exports');
  const file = path.join(dir, `${claimed.id}.xlsx`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const { ctx, filters } = contextOf(claimed);
    const kind = claimed.kind as ExportKindValue;
    const lang = langOf(claimed);
    let lastProgress = 0;
    const rows = await writeXlsx(fs.createWriteStream(file), {
      db: deps.db,
      def: EXPORTS[kind],
      where: exportWhere(kind, filters, ctx),
      ctx: { lang, timeZone: claimed.timeZone },
      sheetName: translate(lang, `exports.kind.${kind}`),
      onProgress: async (done) => {
        if (Date.now() - lastProgress < PROGRESS_EVERY_MS) return;
        lastProgress = Date.now();
        await deps.db.update(exportJob).set({ doneRows: done }).where(eq(exportJob.id, claimed.id));
      },
    });
    const [done] = await deps.db
      .update(exportJob)
      .set({ status: ExportStatus.DONE, doneRows: rows, totalRows: rows, filePath: file, finishedAt: new Date() })
      .where(eq(exportJob.id, claimed.id))
      .returning();
    if (done) await mailLink(deps, done);
    return claimed.id;
  } catch (err) {
    deps.log.error({ err, exportId: claimed.id }, 'export job failed');
    fs.rmSync(file, { force: true });
    await deps.db
      .update(exportJob)
      .set({ status: ExportStatus.FAILED, error: (err instanceof Error ? err.message : String(err)).slice(0, 1000), finishedAt: new Date() })
      .where(eq(exportJob.id, claimed.id));
    return claimed.id;
  }
}

async function mailLink(deps: JobDeps, job: ExportJobRow): Promise<void> {
  const user = await deps.db.query.appUser.findFirst({ where: eq(appUser.id, job.userId), columns: { email: true } });
  if (!user?.email || !job.downloadToken) return;
  const lang = langOf(job);
  const params = {
    kind: translate(lang, `exports.kind.${job.kind}`),
    rows: job.totalRows ?? job.doneRows,
    url: downloadUrl(deps.publicUrl, job.downloadToken),
    hours: EXPORT_LINK_TTL_HOURS,
  };
  await deps.mailer.send(deps.db, deps.log, {
    to: user.email,
    subject: translate(lang, 'exports.mail.subject', params),
    text: translate(lang, 'exports.mail.body', params),
    merchantId: job.merchantId,
  });
}

/** Deletes files of expired job exports and forgets the rows' tokens. */
export async function purgeExpiredExports(db: Db, now: Date = new Date()): Promise<number> {
  const expired = await db
    .select({ id: exportJob.id, filePath: exportJob.filePath })
    .from(exportJob)
    .where(and(lt(exportJob.expiresAt, now), sql`${exportJob.downloadToken} is not null`))
    .limit(500);
  for (const e of expired) if (e.filePath) fs.rmSync(e.filePath, { force: true });
  if (expired.length > 0) {
    await db.update(exportJob).set({ downloadToken: null, filePath: null }).where(inArray(exportJob.id, expired.map((e) => e.id)));
  }
  return expired.length;
}
