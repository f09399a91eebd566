/** XLSX exports of the lists, streamed or as e-mailed jobs (docs/payments-api.md "Exports"). */
import { DomainError, EXPORT_DOWNLOAD_PATH, ExportStatus, Perm, exportCalls, visibleColumns } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { columnAccess, holds, requestScope, requireAuth } from '../auth';
import {
  exportJobView,
  exportMerchantOf,
  exportSource,
  exportStartAnswer,
  failLostExportJobs,
  fileNameOf,
  findByToken,
  findUserJob,
  mayDownload,
  purgeExpiredExports,
  runNextExportJob,
  sourceOf,
  startExport,
  streamExport,
} from './service';

const tags = ['exports'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function exportRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({
    db: app.db,
    // A job's read lasts minutes: on PostgreSQL itself, not holding one of a pooler's few server connections.
    databaseUrl: app.directUrl,
    dataDir: app.dataDir,
    fileStorage: app.fileStorage,
    publicUrl: app.publicUrl,
    mailer: app.mailer,
    log: app.log,
  });

  app.jobs.every('exports.run', 2_000, async () => {
    await failLostExportJobs(app.db);
    while ((await runNextExportJob(deps())) !== null) {
      /* take queued jobs one after the other */
    }
  });
  app.jobs.every('exports.purge', 3_600_000, () => purgeExpiredExports(app.db, app.fileStorage));

  app.post(exportCalls.start.path, callRoute(exportCalls.start, { tags }), async (req) => {
    const auth = requireAuth(req);
    const source = sourceOf(app.lists, req.body.kind);
    // Exporting a list needs the list itself too (spec §6: the export button belongs to a screen).
    if (!holds(auth, source.list.permission)) throw new DomainError('FORBIDDEN');
    const result = await startExport(app.db, app.lists, app.publicUrl, {
      merchantId: auth.merchantId,
      userId: auth.userId,
      kind: source.list.name,
      filters: req.body.filters,
      ctx: { ...requestScope(req, exportMerchantOf(req.body.filters), source.scope), now: new Date() },
      columns: visibleColumns(source.list.columns, columnAccess(req)).map((c) => c.key),
      lang: req.lang,
    });
    return ok(exportStartAnswer(result));
  });

  app.get(exportCalls.job.path, callRoute(exportCalls.job, { tags }), async (req) => {
    const auth = requireAuth(req);
    const job = await findUserJob(app.db, req.params.id, auth.userId);
    if (!job) throw new DomainError('NOT_FOUND');
    return ok(exportJobView(job, app.publicUrl));
  });

  // The token names the file; the session decides: a leaked link (a forwarded e-mail, a log) opens nothing by itself.
  app.get(
    `${EXPORT_DOWNLOAD_PATH}/:token`,
    {
      config: { permission: Perm.EXPORT },
      schema: {
        tags,
        summary: 'Download an export (XLSX): signed-in users of its merchant who may see the list and its columns',
        params: z.object({ token: z.string().min(20).max(64) }),
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const job = await findByToken(app.db, req.params.token);
      if (!job || job.status !== ExportStatus.DONE || !job.expiresAt || job.expiresAt <= new Date()) throw new DomainError('NOT_FOUND');
      const access = columnAccess(req);
      const allowed = mayDownload(app.lists, job, {
        merchantId: auth.merchantId,
        holds: (perm) => holds(auth, perm),
        visible: (list) => visibleColumns(list.columns, access).map((c) => c.key as string),
      });
      // Another merchant's file is not found; the merchant's own without the rights is forbidden.
      if (!allowed) throw new DomainError(job.merchantId === auth.merchantId ? 'FORBIDDEN' : 'NOT_FOUND');
      // Any instance reads the job's file from the shared store; one that is gone is a 404, before the answer starts.
      const source = await exportSource(app.fileStorage, job);
      if (!source) throw new DomainError('NOT_FOUND');
      const name = fileNameOf(job.kind, req.lang, job.createdAt, job.timeZone);
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': XLSX_TYPE,
        'content-disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'cache-control': 'no-store',
      });
      try {
        await streamExport(app.db, app.lists, job, source, reply.raw);
      } catch (err) {
        req.log.error({ err, exportId: job.id }, 'export download failed');
        reply.raw.destroy(err instanceof Error ? err : undefined);
      }
    },
  );
}
