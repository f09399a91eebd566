/**
 * A typed client of the open API: openapi-fetch over the types openapi-typescript generated from the served
 * document (./schema.ts, from GET /api/docs/open-api.json), with a middleware that signs each request as
 * docs/open-api.md "Signing" says. The project's own open-API tests and benchmarks call the API through it, so a
 * change of the document that breaks an integrator's generated client breaks the type check here first.
 *
 *   const api = openApiClient({ baseUrl: 'http://127.0.0.1:8080', key: { merchantId: '10001', keyId, secret } });
 *   const { data, error, response } = await api.POST('/collections', { body: { ... } });
 *
 * Regenerate ./schema.ts after a change of the API: `npm run openapi:client` (apps/server test/openapi-contract
 * with UPDATE_OPENAPI=1); the contract test fails while it is stale.
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths, webhooks } from './schema';

/** Where the open API lives under the server's address. */
export const OPEN_API_BASE_PATH = '/api/open/v1';

export interface SigningKey {
  merchantId: string;
  keyId: string;
  secret: string;
}

export interface OpenApiClientOptions {
  /** The server's address (`http://127.0.0.1:8080`); the open API's prefix is added. */
  baseUrl: string;
  key: SigningKey;
  /** Another fetch (tests answer through the app without a socket). */
  fetch?: (input: Request) => Promise<Response>;
  /** Seconds since the epoch, for tests of the timestamp window; default now. */
  now?: () => number;
}

/** hex HMAC-SHA256 over METHOD \n PATH_WITH_QUERY \n TIMESTAMP \n NONCE \n hex(SHA-256(body)). */
export function signature(secret: string, p: { method: string; pathWithQuery: string; timestamp: string; nonce: string; body: string }): string {
  const bodyHash = createHash('sha256').update(p.body).digest('hex');
  return createHmac('sha256', secret).update([p.method, p.pathWithQuery, p.timestamp, p.nonce, bodyHash].join('\n')).digest('hex');
}

/** Signs every request (the Idempotency-Key of a POST is the caller's: a retry must send the same one). */
export function signingMiddleware(key: SigningKey, now: () => number = () => Math.floor(Date.now() / 1000)): Middleware {
  return {
    async onRequest({ request }) {
      const body = request.body ? await request.clone().text() : '';
      const url = new URL(request.url);
      const timestamp = String(now());
      const nonce = randomUUID();
      request.headers.set('x-merchant-id', key.merchantId);
      request.headers.set('x-key-id', key.keyId);
      request.headers.set('x-timestamp', timestamp);
      request.headers.set('x-nonce', nonce);
      request.headers.set('x-signature', signature(key.secret, { method: request.method, pathWithQuery: url.pathname + url.search, timestamp, nonce, body }));
      return request;
    },
  };
}

export type OpenApiClient = Client<paths>;

export function openApiClient(o: OpenApiClientOptions): OpenApiClient {
  const client = createClient<paths>({ baseUrl: `${o.baseUrl.replace(/\/$/, '')}${OPEN_API_BASE_PATH}`, fetch: o.fetch });
  client.use(signingMiddleware(o.key, o.now));
  return client;
}
