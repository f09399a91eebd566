/** Sign-in and request helpers for the administration tests (demo users of src/db/seed.ts). */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../../src/db/seed';
import { buildTestApp } from './app';
import type { TestDatabase } from './db';

export const DEMO_BRAND: Record<string, string> = {
  admin: 'tikipay',
  demo_admin: 'tikipay',
  demo_operator: 'tikipay',
  demo_read: 'tikipay',
  demo_business: 'lumipay',
  crypto_admin: 'coinrail',
  br_admin: 'pagoverde',
  formkit_applicant: 'formkit',
};

export async function buildAdminTestApp(tdb: TestDatabase): Promise<FastifyInstance> {
  const app = await buildTestApp(tdb, { captcha: false, nodeEnv: 'test', rateLimitPerMinute: 100_000 });
  await app.ready();
  return app;
}

/** A JSON request to an app (inject) or to a listening server's base URL (fetch: through a proxy, to a real process). */
type Target = FastifyInstance | string;

async function send(
  target: Target,
  method: 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload: object,
): Promise<{ statusCode: number; body: string }> {
  if (typeof target !== 'string') {
    const res = await target.inject({ method, url, headers, payload });
    return { statusCode: res.statusCode, body: res.body };
  }
  const res = await fetch(`${target}${url}`, { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  return { statusCode: res.status, body: await res.text() };
}

/** Signs a demo user in (captcha off) on an app, or on a server by its base URL (`http://127.0.0.1:PORT`). */
export async function login(
  app: Target,
  username: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await send(app, 'POST', '/api/sys/login', { 'x-lang': 'en-US' }, { username, password, brand: DEMO_BRAND[username] });
  const body = JSON.parse(res.body);
  if (res.statusCode !== 200 || !body.result?.token)
    throw new Error(`login ${username}: ${res.statusCode} ${res.body}`);
  if (body.result.multi_depart === 2) {
    // Choose the first department so the session is complete.
    const d = body.result.departs[0];
    await send(app, 'PUT', '/api/sys/selectDepart', { 'x-access-token': body.result.token }, { orgCode: d.orgCode, username });
  }
  return body.result.token as string;
}

export interface Client {
  token: string;
  get(
    url: string,
    query?: Record<string, string | number | boolean | undefined>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  post(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  del(url: string, query?: Record<string, string | number>): Promise<LightMyRequestResponse>;
}

function qs(query: Record<string, string | number | boolean | undefined> = {}): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export function client(app: FastifyInstance, token: string, lang = 'en-US'): Client {
  const headers = { 'x-access-token': token, 'x-lang': lang };
  return {
    token,
    get: (url, query, extra) =>
      app.inject({ method: 'GET', url: `/api${url}${qs(query)}`, headers: { ...headers, ...extra } }),
    post: (url, payload) =>
      app.inject({ method: 'POST', url: `/api${url}`, headers, payload: payload as object }),
    put: (url, payload) =>
      app.inject({ method: 'PUT', url: `/api${url}`, headers, payload: payload as object }),
    del: (url, query) => app.inject({ method: 'DELETE', url: `/api${url}${qs(query)}`, headers }),
  };
}

export async function signIn(app: FastifyInstance, username: string): Promise<Client> {
  return client(app, await login(app, username));
}

/** Id of a demo user (direct SQL; tests only). */
export async function userId(tdb: TestDatabase, username: string): Promise<number> {
  const { rows } = await tdb.pool.query<{ id: string }>('select id from app_user where username = $1', [
    username,
  ]);
  if (!rows[0]) throw new Error(`no user ${username}`);
  return Number(rows[0].id);
}
