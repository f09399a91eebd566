/**
 * Captures each open-API request for the merchant's request log, registered in the open API's scope after its
 * checks (open-api/routes.ts). A request is logged once its key is known to belong to the merchant it names (so a
 * signature made with the wrong secret is there, with the string the server signed); one that cannot name a key is
 * in the server's log only. After the answer went out (onResponse) the request hands the writer only what the row
 * will be made of (`Finished`: its method, path, ids, parsed body, status, latency and answer text; nothing parsed
 * or masked yet); the writer makes the rows of a batch when it writes them (writer.ts), so the parse, the masking
 * and the JSON of the insert happen once per batch on a timer, never between a request and its answer. The hooks
 * are the callback kind, not async: no promise per request. A failure of the log never fails a request.
 */
import { OPEN_API_HEADERS, type ApiLogVerdict } from '@mg/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { maskBody, maskParsed } from './mask';
import type { ApiLogInsert } from './queries';
import type { ApiLogWriter } from './writer';

/** What the open API's checks learned of a request (open-api/auth.ts openApiStateOf, handed in: no import cycle). */
export type RequestStateOf = (req: FastifyRequest) => Readonly<{ key?: { id: string; merchantId: number; mode: string }; timestamp?: string; nonce?: string; bodyHash: string }> | undefined;

const answers = new WeakMap<FastifyRequest, string>();
const isOpenApiRoute = (req: FastifyRequest) => req.routeOptions.config?.openApi === true;
/** The checks of the signature, the key and the caller (a verdict names the first that failed). */
const SIGNATURE_CHECKS = /^OPEN_API_(?!IDEMPOTENCY)|^MERCHANT_NOT_APPROVED$/;

function textOf(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

function parsed(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown, max = 64): string | null => (typeof v === 'string' && v !== '' ? v.slice(0, max) : null);
const header = (req: FastifyRequest, name: string): string | null => {
  const v = req.headers[name];
  return str(Array.isArray(v) ? v[0] : v, 128);
};

/**
 * What a request's row is made of, taken when its answer went out: plain values and the parsed body (which the row
 * keeps anyway), never the request or the reply themselves. Held until the batch is written, a request object would
 * outlive the young generation's collections with its whole graph (headers, socket, context) and be promoted; this
 * stays small.
 */
export interface Finished {
  method: string;
  url: string;
  ip: string;
  requestId: string;
  idempotencyKey: string | null;
  body: unknown;
  query: unknown;
  params: unknown;
  key: { id: string; merchantId: number; mode: string };
  timestamp?: string;
  nonce?: string;
  bodyHash: string;
  status: number;
  /** Read when the answer went out (the reply's elapsedTime grows after). */
  latencyMs: number;
  /** When the answer went out (ms since the epoch). */
  at: number;
  answerText: string | null;
}

/** What to keep of a request that just got its answer, or null when it names no key of its merchant. */
export function finishedOf(req: FastifyRequest, reply: FastifyReply, answerText: string | null, stateOf: RequestStateOf, at = Date.now()): Finished | null {
  const s = stateOf(req);
  if (!s?.key) return null;
  return {
    method: req.method,
    url: req.url,
    ip: req.ip,
    requestId: String(req.id),
    idempotencyKey: header(req, OPEN_API_HEADERS.IDEMPOTENCY_KEY),
    body: req.body,
    query: req.query,
    params: req.params,
    key: s.key,
    timestamp: s.timestamp,
    nonce: s.nonce,
    bodyHash: s.bodyHash,
    status: reply.statusCode,
    latencyMs: Math.max(0, Math.round(reply.elapsedTime)),
    at,
    answerText,
  };
}

const objectOr = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : null);

/** The row of a finished request (made when its batch is written). */
export function logRowOf(f: Finished): ApiLogInsert {
  const answer = parsed(f.answerText);
  const result = objectOr(answer?.result);
  const body = objectOr(f.body);
  const query = objectOr(f.query);
  const params = objectOr(f.params);
  const errorCode = f.status >= 400 ? str(answer?.errorCode) : null;
  const errors = Array.isArray(answer?.errors) ? (answer.errors as { field?: unknown }[]) : [];
  const failed = errorCode && SIGNATURE_CHECKS.test(errorCode) ? errorCode : null;
  const verdict: ApiLogVerdict = {
    ok: failed === null,
    failedCheck: failed,
    header: failed ? str(errors[0]?.field) : null,
    canonical: f.timestamp && f.nonce ? [f.method, f.url, f.timestamp, f.nonce, f.bodyHash].join('\n') : null,
    bodySha256: f.bodyHash,
    timestampSkewS: f.timestamp ? Math.round(f.at / 1000) - Number(f.timestamp) : null,
  };
  return {
    merchantId: f.key.merchantId,
    createdAt: new Date(f.at - f.latencyMs),
    method: f.method.slice(0, 8),
    path: f.url.slice(0, 1024),
    status: f.status,
    errorCode,
    latencyMs: f.latencyMs,
    keyId: f.key.id,
    mode: f.key.mode,
    ip: f.ip.slice(0, 64),
    requestId: f.requestId.slice(0, 64),
    idempotencyKey: f.idempotencyKey,
    orderId: str(result?.id) ?? str(params?.id) ?? str(body?.collectionId),
    merchantOrderId: str(result?.merchantOrderId) ?? str(body?.merchantOrderId) ?? str(query?.merchantOrderId),
    requestBody: f.body === undefined || f.body === null ? null : maskParsed(f.body),
    responseBody: answer ? maskParsed(answer) : maskBody(f.answerText),
    verdict,
  };
}

/** The hooks, in the open API's encapsulated scope. */
export function captureApiRequests(app: FastifyInstance, writer: ApiLogWriter | null, stateOf: RequestStateOf): void {
  if (!writer) return;
  const log = app.log;
  app.addHook('onSend', (req, _reply, payload, next) => {
    if (isOpenApiRoute(req)) {
      const text = textOf(payload);
      if (text !== null) answers.set(req, text);
    }
    next(null, payload);
  });
  app.addHook('onResponse', (req, reply, next) => {
    if (isOpenApiRoute(req)) {
      try {
        const f = finishedOf(req, reply, answers.get(req) ?? null, stateOf);
        if (f)
          writer.add(() => {
            try {
              return logRowOf(f);
            } catch (e) {
              log.warn({ err: e, reqId: f.requestId }, 'api request log row not made');
              return null;
            }
          });
      } catch (e) {
        req.log.warn({ err: e }, 'api request log row not made');
      }
    }
    next();
  });
}
