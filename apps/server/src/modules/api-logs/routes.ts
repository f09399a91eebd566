/**
 * The request log under Developer: GET /api/api-logs (the declared list, domain api-logs), GET /api/api-logs/:id
 * (one request with its masked bodies and the signature check's verdict), and the purge after the retention.
 */
import { API_LOGS_PERM, apiLogDetailSchema } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, notFound } from '../../lib/admin';
import { envelopeOf, ok } from '../../lib/envelope';
import { registerList } from '../../lib/list/route';
import { ownScope } from '../auth/scope';
import { apiLogsSource, purgeApiLogs, selectApiLog } from './queries';

const tags = ['api-logs'];
/** The purge runs this often and deletes at most 10 000 rows a run. */
const PURGE_EVERY_MS = 10 * 60_000;

export const apiLogRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, apiLogsSource, { tags, summary: "The open API's requests of the merchant, newest first; dates in the session zone" });

  app.get(
    '/api-logs/:id',
    {
      config: { permission: API_LOGS_PERM.API_LOGS_MENU },
      schema: { tags, summary: 'One request: its masked bodies and what the signature check found', params: z.object({ id: idSchema }), response: { 200: envelopeOf(apiLogDetailSchema) } },
    },
    async (req) => {
      const row = await selectApiLog(app.db, ownScope(req), req.params.id);
      if (!row) throw notFound();
      return ok(row);
    },
  );

  if (app.apiLog) {
    const days = app.apiLogRetentionDays;
    app.jobs.every('api-logs.purge', PURGE_EVERY_MS, () => purgeApiLogs(app.db, days));
  }
};
