/**
 * Signed open API calls for tests (docs/open-api.md): `openApiRequest(app, { method, url, body })` signs with the
 * demo sandbox key of merchant 10001 unless told otherwise and returns the inject response.
 *
 *   const res = await openApiRequest(app, { method: 'POST', url: '/collections', body: { ... } });
 *
 * `url` is the path with its query; a path not starting with /api/ is taken relative to /api/open/v1. POSTs get a
 * random Idempotency-Key unless one is given (`idempotencyKey: null` sends none). Tamper tests: `sign` signs other
 * values than those sent, `signature` replaces the computed one, `headers` adds or (value undefined) removes headers.
 */
import { randomUUID } from 'node:crypto';
import { OPEN_API_HEADERS, OPEN_API_PREFIX } from '@mg/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID, DEMO_WEBHOOK_SECRET } from '../../src/db/seed';
import { openApiAuth } from '../../src/modules/open-api/auth';
import { bodyHash, signRequest } from '../../src/modules/open-api/signature';

export { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID, DEMO_WEBHOOK_SECRET };

export type OpenApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OpenApiRequestOptions {
  method: OpenApiMethod;
  /** Path with query; relative paths are under /api/open/v1 (`/collections?merchantOrderId=A1`). */
  url: string;
  /** An object is sent as JSON; a string is sent as is (raw). */
  body?: unknown;
  keyId?: string;
  secret?: string;
  merchantId?: number | string;
  /** POST default: a random key; null: no Idempotency-Key header. */
  idempotencyKey?: string | null;
  /** Unix seconds; default now. */
  timestamp?: number | string;
  /** Default: a random UUID. */
  nonce?: string;
  /** Caller address (default 127.0.0.1). */
  remoteAddress?: string;
  /** Extra headers; a header given as undefined is removed (missing-header tests). */
  headers?: Record<string, string | undefined>;
  /** Sign these instead of what is sent (tampering tests). */
  sign?: { method?: string; url?: string; body?: string };
  /** Send this X-Signature instead of the computed one. */
  signature?: string;
  /** Content-Type of a body; default application/json. */
  contentType?: string;
}

export function openApiPath(url: string): string {
  return url.startsWith('/api/') ? url : `${OPEN_API_PREFIX}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The signed headers and raw body of a request (also for callers that send it with fetch). */
export function signedRequest(opts: OpenApiRequestOptions): { url: string; headers: Record<string, string>; payload: string | undefined } {
  const url = openApiPath(opts.url);
  const payload = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  const timestamp = String(opts.timestamp ?? nowSeconds());
  const nonce = opts.nonce ?? randomUUID();
  const secret = opts.secret ?? DEMO_KEY_SECRET;
  const signature =
    opts.signature ??
    signRequest(secret, {
      method: opts.sign?.method ?? opts.method,
      pathWithQuery: opts.sign?.url !== undefined ? openApiPath(opts.sign.url) : url,
      timestamp,
      nonce,
      bodyHash: bodyHash(opts.sign?.body ?? payload ?? ''),
    });
  const H = OPEN_API_HEADERS;
  const headers: Record<string, string> = {
    [H.MERCHANT_ID]: String(opts.merchantId ?? DEMO_OPEN_API_MERCHANT_ID),
    [H.KEY_ID]: opts.keyId ?? DEMO_KEY_ID,
    [H.TIMESTAMP]: timestamp,
    [H.NONCE]: nonce,
    [H.SIGNATURE]: signature,
  };
  if (payload !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
  if (opts.method === 'POST' && opts.idempotencyKey !== null) headers[H.IDEMPOTENCY_KEY] = opts.idempotencyKey ?? randomUUID();
  for (const [name, value] of Object.entries(opts.headers ?? {})) {
    const lower = name.toLowerCase();
    if (value === undefined) delete headers[lower];
    else headers[lower] = value;
  }
  return { url, headers, payload };
}

/** Sends a signed open API request through app.inject. */
export async function openApiRequest(app: FastifyInstance, opts: OpenApiRequestOptions): Promise<LightMyRequestResponse> {
  const { url, headers, payload } = signedRequest(opts);
  const inject: InjectOptions = { method: opts.method, url, headers, remoteAddress: opts.remoteAddress ?? '127.0.0.1' };
  if (payload !== undefined) inject.payload = payload;
  return app.inject(inject);
}

/** Prefix of the probe routes of `registerOpenApiProbe` (relative to /api/open/v1). */
export const PROBE = '/probe';

/**
 * Adds `GET /api/open/v1/probe/whoami` (answers `{ caller: req.openApi }`) behind the open API authentication, for
 * tests of keys and whitelists that should not depend on the business routes. Call before `app.ready()`.
 */
export async function registerOpenApiProbe(app: FastifyInstance): Promise<void> {
  await app.register(
    async (scope) => {
      await openApiAuth(scope);
      scope.get('/whoami', { config: { openApi: true } }, async (req) => ({ caller: req.openApi }));
    },
    { prefix: `${OPEN_API_PREFIX}${PROBE}` },
  );
}
