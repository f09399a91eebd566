/**
 * Online reports (spec §7): GET /online/cgreport/api/getRpColumns/{code}, getQueryInfo/{configId} and
 * getData/{configId}, declared once in the domain (reports/calls.ts). The popup pickers read them; see ./service.ts
 * for what a request may name.
 */
import { reportCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { onReadDb } from '../../db/read-replica';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { columnsOf, dataOf, queryInfoOf, reportFor } from './service';

const tags = ['reports'];

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mounted under /api/online/cgreport/api (modules/index.ts): the declared paths without that prefix.

  app.get(callPathUnder(app, reportCalls.columns), callRoute(reportCalls.columns, { tags }), async (req) => ok(columnsOf(reportFor(req, req.params.code, 'code'), req.lang)));

  app.get(callPathUnder(app, reportCalls.queryInfo), callRoute(reportCalls.queryInfo, { tags }), async (req) => ok(queryInfoOf(reportFor(req, req.params.configId, 'configId'), req.lang)));

  app.get(callPathUnder(app, reportCalls.data), callRoute(reportCalls.data, { tags }), async (req) =>
    ok(await onReadDb(app.readReplica, app.db, req.auth?.writeLsn ?? null, (db) => dataOf(db, req, reportFor(req, req.params.configId, 'configId'), req.query))),
  );
};
