/**
 * Captures each open-API request for the merchant's request log, registered in the open API's scope after its
 * checks (open-api/routes.ts). A request is logged once its key is known to belong to the merchant it names (so a
 * signature made with the wrong secret is there, with the string the server signed); one that cannot name a key is
 * in the server's log only. The row is handed to the instance's writer after the answer went out (onResponse): the
 * request never waits for its log, and a failure of the log never fails a request.
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

/** The row of a finished request, or null when it names no key of its merchant. */
export function logRowOf(req: FastifyRequest, reply: FastifyReply, answerText: string | null, stateOf: RequestStateOf, now = Date.now()): ApiLogInsert | null {
  const s = stateOf(req);
  if (!s?.key) return null;
  const answer = parsed(answerText);
  const result = answer?.result && typeof answer.result === 'object' ? (answer.result as Record<string, unknown>) : null;
  const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : null;
  const query = req.query && typeof req.query === 'object' ? (req.query as Record<string, unknown>) : null;
  const params = req.params && typeof req.params === 'object' ? (req.params as Record<string, unknown>) : null;
  const errorCode = reply.statusCode >= 400 ? str(answer?.errorCode) : null;
  const errors = Array.isArray(answer?.errors) ? (answer.errors as { field?: unknown }[]) : [];
  const failed = errorCode && SIGNATURE_CHECKS.test(errorCode) ? errorCode : null;
  const verdict: ApiLogVerdict = {
    ok: failed === null,
    failedCheck: failed,
    header: failed ? str(errors[0]?.field) : null,
    canonical: s.timestamp && s.nonce ? [req.method, req.url, s.timestamp, s.nonce, s.bodyHash].join('\n') : null,
    bodySha256: s.bodyHash,
    timestampSkewS: s.timestamp ? Math.round(now / 1000) - Number(s.timestamp) : null,
  };
  const latency = Math.max(0, Math.round(reply.elapsedTime));
  return {
    merchantId: s.key.merchantId,
    createdAt: new Date(now - latency),
    method: req.method.slice(0, 8),
    path: req.url.slice(0, 1024),
    status: reply.statusCode,
    errorCode,
    latencyMs: latency,
    keyId: s.key.id,
    mode: s.key.mode,
    ip: req.ip.slice(0, 64),
    requestId: String(req.id).slice(0, 64),
    idempotencyKey: header(req, OPEN_API_HEADERS.IDEMPOTENCY_KEY),
    orderId: str(result?.id) ?? str(params?.id) ?? str(body?.collectionId),
    merchantOrderId: str(result?.merchantOrderId) ?? str(body?.merchantOrderId) ?? str(query?.merchantOrderId),
    requestBody: req.body === undefined || req.body === null ? null : maskParsed(req.body),
    responseBody: answer ? maskParsed(answer) : maskBody(answerText),
    verdict,
  };
}

/** The hooks, in the open API's encapsulated scope. */
export function captureApiRequests(app: FastifyInstance, writer: ApiLogWriter | null, stateOf: RequestStateOf): void {
  if (!writer) return;
  app.addHook('onSend', async (req, _reply, payload) => {
    if (isOpenApiRoute(req)) {
      const text = textOf(payload);
      if (text !== null) answers.set(req, text);
    }
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!isOpenApiRoute(req)) return;
    try {
      const row = logRowOf(req, reply, answers.get(req) ?? null, stateOf);
      if (row) writer.add(row);
    } catch (e) {
      req.log.warn({ err: e }, 'api request log row not made');
    }
  });
}
