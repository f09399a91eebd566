/**
 * The request log under Developer: GET /api/api-logs (the declared list, domain api-logs), GET /api/api-logs/:id
 * (one request with its masked bodies and the signature check's verdict: apiLogCalls.detail), and the purge after
 * the retention.
 */
import { apiLogCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/admin';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { registerList } from '../../lib/list/route';
import { ownScope } from '../auth/scope';
import { apiLogsSource, purgeApiLogs, selectApiLog } from './queries';

const tags = ['api-logs'];
/** The purge runs this often and deletes at most 10 000 rows a run. */
const PURGE_EVERY_MS = 10 * 60_000;

export const apiLogRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, apiLogsSource, { tags, summary: "The open API's requests of the merchant, newest first; dates in the session zone" });

  app.get(apiLogCalls.detail.path, callRoute(apiLogCalls.detail, { tags }), async (req) => {
    const row = await selectApiLog(app.db, ownScope(req), req.params.id);
    if (!row) throw notFound();
    return ok(row);
  });

  if (app.apiLog) {
    const days = app.apiLogRetentionDays;
    app.jobs.every('api-logs.purge', PURGE_EVERY_MS, () => purgeApiLogs(app.db, days));
  }
};
