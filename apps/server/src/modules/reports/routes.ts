/**
 * Online reports (spec §7): GET /online/cgreport/api/getRpColumns/{code}, getQueryInfo/{configId} and
 * getData/{configId}. The popup pickers read them; see ./service.ts for what a request may name.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { onReadDb } from '../../db/read-replica';
import { envelopeOf, ok } from '../../lib/envelope';
import { columnsOf, dataOf, queryInfoOf, reportFor } from './service';

const tags = ['reports'];
const code = z.string().min(1).max(64);

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getRpColumns/:code',
    {
      config: { authenticated: true },
      schema: {
        tags,
        summary: "A report's popup configuration: cgRpConfigId, cgRpConfigName, columns, dictOptions",
        params: z.object({ code }),
        response: {
          200: envelopeOf(
            z.object({
              cgRpConfigId: z.string(),
              cgRpConfigName: z.string(),
              rowKey: z.string(),
              columns: z.array(z.object({ dataIndex: z.string(), title: z.string(), sorter: z.boolean() })),
              dictOptions: z.record(z.string(), z.array(z.object({ value: z.string(), text: z.string() }))),
            }),
          ),
        },
      },
    },
    async (req) => ok(columnsOf(reportFor(req, req.params.code, 'code'), req.lang)),
  );

  app.get(
    '/getQueryInfo/:configId',
    {
      config: { authenticated: true },
      schema: {
        tags,
        summary: "A report's query fields and their types",
        params: z.object({ configId: code }),
        response: { 200: envelopeOf(z.array(z.object({ field: z.string(), label: z.string(), type: z.string() }))) },
      },
    },
    async (req) => ok(queryInfoOf(reportFor(req, req.params.configId, 'configId'), req.lang)),
  );

  app.get(
    '/getData/:configId',
    {
      config: { authenticated: true },
      schema: {
        tags,
        summary: 'A page of a report: pageNo, pageSize, column and order (asc / desc), and its query fields; anything else is 400',
        params: z.object({ configId: code }),
        // Documented fields; the report's own query fields pass through (./service.ts checks every name).
        querystring: z.looseObject({
          pageNo: z.string().optional().describe('page, from 1'),
          pageSize: z.string().optional(),
          column: z.string().optional().describe('a column of the report to sort by'),
          order: z.string().optional().describe('asc or desc'),
        }),
        response: { 200: envelopeOf(z.object({ records: z.array(z.record(z.string(), z.unknown())), total: z.number() })) },
      },
    },
    async (req) => ok(await onReadDb(app.readReplica, app.db, req.auth?.writeLsn ?? null, (db) => dataOf(db, req, reportFor(req, req.params.configId, 'configId'), req.query))),
  );
};
