/**
 * The generated open-API client (packages/open-api-client) answering through app.inject: the tests call the API as
 * an integrator's generated client does, typed by the served document, without a socket.
 *
 *   const api = testOpenApiClient(app);
 *   const { data, response } = await api.POST('/collections', { body, params: idempotent() });
 *   expectData(await api.GET('/balance', {}), 200).result.balances;
 *
 * Another key, the caller's address or a client clock that is off: `testOpenApiClient(app, { key, remoteAddress,
 * now })`. What went over the wire (the signed headers, the raw answer bytes): `exchangeOf(response)`. Routes the
 * document does not have (the probe routes tests register) are called with `testProbeClient<Paths>(app)`, signed
 * the same way and typed by the test's own `Paths`.
 *
 * Requests the generated client cannot send (a wrong or missing signature header, a reused nonce, a body that is not
 * the JSON of its bytes) go through ./open-api.ts by hand.
 */
import { randomUUID } from 'node:crypto';
import { openApiClient, type components, type OpenApiClient, type paths, type SigningKey } from '@mg/open-api-client';
import type { FastifyInstance } from 'fastify';
import type { Client } from 'openapi-fetch';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID } from '../../src/db/seed';

export const DEMO_SIGNING_KEY: SigningKey = { merchantId: String(DEMO_OPEN_API_MERCHANT_ID), keyId: DEMO_KEY_ID, secret: DEMO_KEY_SECRET };

/** Another key (of the demo merchant unless told). */
export function signingKey(keyId: string, secret: string, merchantId: number | string = DEMO_OPEN_API_MERCHANT_ID): SigningKey {
  return { merchantId: String(merchantId), keyId, secret };
}

export interface TestClientOptions {
  /** Default: the demo sandbox key of merchant 10001. */
  key?: SigningKey;
  /** The caller's address as the server sees it; default 127.0.0.1. */
  remoteAddress?: string;
  /** The client's clock in Unix seconds (one that is off by some seconds); default now. */
  now?: () => number;
}

/** One call as it went over the wire: the signed request and the raw answer. */
export interface Exchange {
  request: { method: string; pathWithQuery: string; headers: Record<string, string>; body: string };
  status: number;
  /** The answer's bytes as text (a replay is the first answer byte for byte). */
  body: string;
}

const exchanges = new WeakMap<Response, Exchange>();

/** What went over the wire for an answer of a test client (`r.response`). */
export function exchangeOf(response: Response): Exchange {
  const e = exchanges.get(response);
  if (!e) throw new Error('not an answer of a test open-API client');
  return e;
}

/** A fetch that hands the request to the app. */
export function injectFetch(app: FastifyInstance, remoteAddress = '127.0.0.1'): (req: Request) => Promise<Response> {
  return async (req) => {
    const url = new URL(req.url);
    const body = req.body ? await req.text() : undefined;
    const headers = Object.fromEntries(req.headers);
    const res = await app.inject({
      method: req.method as 'GET',
      url: url.pathname + url.search,
      headers,
      remoteAddress,
      ...(body !== undefined ? { payload: body } : {}),
    });
    const answerHeaders = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) answerHeaders.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    const response = new Response(res.statusCode === 204 ? null : res.rawPayload, { status: res.statusCode, headers: answerHeaders });
    exchanges.set(response, {
      request: { method: req.method, pathWithQuery: url.pathname + url.search, headers, body: body ?? '' },
      status: res.statusCode,
      body: res.body,
    });
    return response;
  };
}

function optionsOf(o: TestClientOptions | SigningKey): TestClientOptions {
  return 'secret' in o ? { key: o } : o;
}

export function testOpenApiClient(app: FastifyInstance, options: TestClientOptions | SigningKey = {}): OpenApiClient {
  const o = optionsOf(options);
  return openApiClient({ baseUrl: 'http://gateway.test', key: o.key ?? DEMO_SIGNING_KEY, fetch: injectFetch(app, o.remoteAddress), ...(o.now ? { now: o.now } : {}) });
}

/** The JSON body of an operation of the document (`RequestBody<'/collections', 'post'>`). */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The params of a POST: an Idempotency-Key, a fresh one unless given (a retry sends the same). */
export function idempotent(key: string = randomUUID()): { header: { 'idempotency-key': string } } {
  return { header: { 'idempotency-key': key } };
}

type Answer<T> = { data?: T; error?: unknown; response: Response };

/** The answer's `data` when its status is `status`; else throws with the status and body that came back. */
export function expectData<T>(r: Answer<T>, status: number): NonNullable<T> {
  if (r.response.status !== status || r.data === undefined || r.data === null) {
    throw new Error(`expected ${status}, got ${r.response.status}: ${JSON.stringify(r.error ?? r.data)}`);
  }
  return r.data;
}

/** The answer's `error` when its status is `status`; else throws with the status and body that came back. */
export function expectError<E>(r: { data?: unknown; error?: E; response: Response }, status: number): NonNullable<E> {
  if (r.response.status !== status || r.error === undefined || r.error === null) {
    throw new Error(`expected ${status}, got ${r.response.status}: ${JSON.stringify(r.error ?? r.data)}`);
  }
  return r.error;
}

/** The Idempotent-Replayed header of an answer ('true' on a replay, else null). */
export function replayed(r: { response: Response }): string | null {
  return r.response.headers.get('idempotent-replayed');
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Probe routes: test-only routes behind the open API's authentication, not in the document                     */

export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } };

/** The answers of a probe operation, in the shape openapi-typescript writes: `Answer` on 200 / 201, else the error envelope. */
export interface ProbeResponses<Answer> {
  200: Json<Answer>;
  201: Json<Answer>;
  default: Json<ErrorEnvelope>;
}

/** A probe GET answering `Answer`, with an optional free query. */
export interface ProbeGet<Answer> {
  parameters: { query?: Record<string, string>; header?: never; path?: never; cookie?: never };
  requestBody?: never;
  responses: ProbeResponses<Answer>;
}

/** A probe POST taking `Body` as JSON (and an Idempotency-Key, as every open-API POST). */
export interface ProbePost<Answer, Body> {
  parameters: { query?: never; header: { 'idempotency-key': string }; path?: never; cookie?: never };
  requestBody: { content: { 'application/json': Body } };
  responses: ProbeResponses<Answer>;
}

/**
 * The generated client's signing over the test's own paths type (probe routes are not in the served document):
 * the same openapi-fetch client and signing middleware as `testOpenApiClient`, only typed by `Paths`.
 */
export function testProbeClient<Paths extends object>(app: FastifyInstance, options: TestClientOptions | SigningKey = {}): Client<Paths> {
  return testOpenApiClient(app, options) as unknown as Client<Paths>;
}
