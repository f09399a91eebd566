/**
 * Each JSON call of the dashboard API is declared once in the domain (calls/define.ts) or is a declared list; the
 * open API has its own table. A route made by hand would be a shape the web types by hand again: this names every
 * route that is neither, each with the reason it cannot be a call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

/** Routes under /api that answer no JSON envelope of a declared shape, and why. */
const NOT_CALLS: Record<string, string> = {
  'GET /api/health': 'the load balancer probe: no session, no envelope a client types',
  'GET /api/health/live': 'the liveness probe',
  'GET /api/health/ready': 'the readiness probe',
  'GET /api/thirdLogin/getLoginUser/:token': 'single sign-on, OPERATION_UNSUPPORTED until it is built (issue 44)',
  'GET /api/cas/client/validateLogin': 'CAS sign-on, OPERATION_UNSUPPORTED until it is built (issue 44)',
  'POST /api/sys/common/upload': 'a multipart upload, sent with progress through XMLHttpRequest (components/upload)',
  'GET /api/sys/common/static/:id': 'answers the file itself',
  'GET /api/payouts/batches/template': 'answers an XLSX or CSV file',
  'GET /api/payouts/batches/:id/result': 'answers an XLSX or CSV file',
  'GET /api/exports/download/:token': 'answers the export file (a signed link, no session)',
  'GET /api/vxeSocket/:userId/:pageId': 'the realtime WebSocket',
};

let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

describe('calls declared once', () => {
  it('every dashboard route is a declared call, a declared list, or named here with its reason', () => {
    const api = app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
    const undeclared = api.filter((r) => r.declared === null).map((r) => `${r.method} ${r.url}`);
    expect(undeclared.sort()).toEqual(Object.keys(NOT_CALLS).sort());
    expect(api.filter((r) => r.declared === 'call').length).toBeGreaterThan(150);
  });
});
