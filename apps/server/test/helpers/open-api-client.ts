/**
 * The generated open-API client (packages/open-api-client) answering through app.inject: the tests call the API as
 * an integrator's generated client does, typed by the served document, without a socket.
 *
 *   const api = testOpenApiClient(app);
 *   const { data, response } = await api.POST('/collections', { body, params: { header: { 'idempotency-key': k } } });
 */
import { openApiClient, type OpenApiClient, type SigningKey } from '@mg/open-api-client';
import type { FastifyInstance } from 'fastify';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID } from '../../src/db/seed';

export const DEMO_SIGNING_KEY: SigningKey = { merchantId: String(DEMO_OPEN_API_MERCHANT_ID), keyId: DEMO_KEY_ID, secret: DEMO_KEY_SECRET };

/** A fetch that hands the request to the app. */
export function injectFetch(app: FastifyInstance): (req: Request) => Promise<Response> {
  return async (req) => {
    const url = new URL(req.url);
    const body = req.body ? await req.text() : undefined;
    const res = await app.inject({
      method: req.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(req.headers),
      remoteAddress: '127.0.0.1',
      ...(body !== undefined ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(res.statusCode === 204 ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

export function testOpenApiClient(app: FastifyInstance, key: SigningKey = DEMO_SIGNING_KEY): OpenApiClient {
  return openApiClient({ baseUrl: 'http://gateway.test', key, fetch: injectFetch(app) });
}
