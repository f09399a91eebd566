/** SQL of export jobs (export_job): create, claim, progress, finish, find, purge. */
import { ExportStatus, type Language } from '@mg/domain';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/pool';
import { appUser, exportJob } from '../../db/schema';

export type ExportJobRow = typeof exportJob.$inferSelect;
export type NewExportJob = typeof exportJob.$inferInsert;

export async function insertJob(db: Db, values: NewExportJob): Promise<ExportJobRow> {
  const [job] = await db.insert(exportJob).values(values).returning();
  if (!job) throw new Error('export_job insert returned nothing');
  return job;
}

/** Takes the oldest queued job (any instance may call this; a job is taken once). */
export function claimQueuedJob(db: Db): Promise<ExportJobRow | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(exportJob)
      .where(eq(exportJob.status, ExportStatus.QUEUED))
      .orderBy(exportJob.createdAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const job = rows[0];
    if (!job) return null;
    await tx.update(exportJob).set({ status: ExportStatus.RUNNING, heartbeatAt: sql`now()` }).where(eq(exportJob.id, job.id));
    return job;
  });
}

export async function setProgress(db: Db, id: string, doneRows: number): Promise<void> {
  await db.update(exportJob).set({ doneRows, heartbeatAt: sql`now()` }).where(eq(exportJob.id, id));
}

export async function finishJob(db: Db, id: string, rows: number, fileId: string): Promise<ExportJobRow | undefined> {
  const [done] = await db
    .update(exportJob)
    .set({ status: ExportStatus.DONE, doneRows: rows, totalRows: rows, fileId, finishedAt: new Date() })
    .where(eq(exportJob.id, id))
    .returning();
  return done;
}

export async function failJob(db: Db, id: string, error: string): Promise<void> {
  await db.update(exportJob).set({ status: ExportStatus.FAILED, error: error.slice(0, 1000), finishedAt: new Date() }).where(eq(exportJob.id, id));
}

/**
 * Fails, in one statement, the running jobs whose instance has not written a heartbeat for `staleMs`
 * (EXPORT_STALE_AFTER_MS), each with the message of its language in `messages` (English when its language is not
 * there); returns their ids. Two instances sweeping at once fail a job once: the second re-reads it as failed.
 */
export async function failStaleJobs(db: Db, staleMs: number, messages: Record<Language, string>): Promise<string[]> {
  const failed = await db
    .update(exportJob)
    .set({
      status: ExportStatus.FAILED,
      error: sql`coalesce(${JSON.stringify(messages)}::jsonb ->> ${exportJob.lang}, ${messages['en-US']})`,
      finishedAt: sql`now()`,
    })
    .where(and(eq(exportJob.status, ExportStatus.RUNNING), sql`coalesce(${exportJob.heartbeatAt}, ${exportJob.createdAt}) < now() - make_interval(secs => ${staleMs / 1000})`))
    .returning({ id: exportJob.id });
  return failed.map((j) => j.id);
}

/** A job of one user (the job carries their filters and their download link). */
export function findUserJob(db: Db, id: string, userId: number): Promise<ExportJobRow | undefined> {
  return db.query.exportJob.findFirst({ where: and(eq(exportJob.id, id), eq(exportJob.userId, userId)) });
}

export function findByToken(db: Db, token: string): Promise<ExportJobRow | undefined> {
  return db.query.exportJob.findFirst({ where: eq(exportJob.downloadToken, token) });
}

export async function userEmail(db: Db, userId: number): Promise<string | null> {
  const user = await db.query.appUser.findFirst({ where: eq(appUser.id, userId), columns: { email: true } });
  return user?.email ?? null;
}

/** Up to 500 expired jobs still holding a link; then forgets their links. */
export async function expiredJobs(db: Db, now: Date): Promise<{ id: string; fileId: string | null }[]> {
  return db
    .select({ id: exportJob.id, fileId: exportJob.fileId })
    .from(exportJob)
    .where(and(lt(exportJob.expiresAt, now), sql`${exportJob.downloadToken} is not null`))
    .limit(500);
}

export async function forgetLinks(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.update(exportJob).set({ downloadToken: null, filePath: null, fileId: null }).where(inArray(exportJob.id, ids));
}

/** Finished jobs whose file is still in an instance's own directory (written before issue 41). */
export async function jobsWithLocalFiles(db: Db): Promise<{ id: string; filePath: string }[]> {
  const rows = await db
    .select({ id: exportJob.id, filePath: exportJob.filePath })
    .from(exportJob)
    .where(and(sql`${exportJob.filePath} is not null`, isNull(exportJob.fileId), sql`${exportJob.downloadToken} is not null`));
  return rows.map((r) => ({ id: r.id, filePath: r.filePath ?? '' }));
}

export async function moveJobFile(db: Db, id: string, fileId: string): Promise<void> {
  await db.update(exportJob).set({ fileId, filePath: null }).where(eq(exportJob.id, id));
}
