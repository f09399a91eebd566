/**
 * Security headers on every answer, refusals included, and API answers never cached (issue 8, in part): a 401 or
 * 403 used to leave before the headers were set, and sign-in, session and key answers carried no Cache-Control.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, login } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildAdminTestApp(tdb);
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(String(res.headers['content-security-policy'] ?? ''), what).toContain("default-src 'self'");
  expect(res.headers['x-frame-options'] ?? String(res.headers['content-security-policy']).match(/frame-ancestors/)?.[0], what).toBeTruthy();
}

describe('security headers', () => {
  it('are on refusals (401, 403, 404) as on successes', async () => {
    const unauthorised = await app.inject({ method: 'GET', url: '/api/sys/user/list' });
    expect(unauthorised.statusCode).toBe(401);
    expectSecurityHeaders(unauthorised, '401');

    const token = await login(app, 'demo_read');
    const forbidden = await app.inject({ method: 'GET', url: '/api/sys/user/list', headers: { 'x-access-token': token } });
    expect(forbidden.statusCode).toBe(403);
    expectSecurityHeaders(forbidden, '403');

    const missing = await app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing, '404');
  });

  it('API answers are never cached: sign-in, the session, developer keys, refusals', async () => {
    const token = await login(app, 'demo_admin');
    const h = { 'x-access-token': token };
    for (const [what, res] of [
      ['session', await app.inject({ method: 'GET', url: '/api/user/info', headers: h })],
      ['permissions', await app.inject({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', headers: h })],
      ['developer', await app.inject({ method: 'GET', url: '/api/developer', headers: h })],
      ['401', await app.inject({ method: 'GET', url: '/api/developer' })],
    ] as const) {
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });
});
