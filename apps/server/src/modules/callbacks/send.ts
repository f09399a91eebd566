/**
 * One attempt of a callback: sign the stored body (./signature.ts), have the caller record the attempt, resolve and
 * check the target (./guard.ts), POST it byte for byte to the checked address only, and answer what happened. Nothing
 * here touches the delivery row.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { CALLBACK_RESPONSE_EXCERPT_CHARS, CALLBACK_TIMEOUT_MS, CALLBACK_USER_AGENT, CallbackErrorCode, retryAfterSeconds } from '@mg/domain';
import type { Db } from '../../db/pool';
import type { SecretBox } from '../../lib/secret-box';
import { SERVER_VERSION } from '../../lib/version';
import { resolveTarget, TargetRefused, type ResolvedTarget, type Resolver } from './guard';
import type { AttemptOutcome, DeliveryRow } from './schemas';
import { signingSecrets } from './secret';
import { webhookHeaders } from './signature';

export type { AttemptOutcome } from './schemas';

export interface DeliverDeps {
  db: Db;
  secretBox: SecretBox;
  /** ALLOW_PRIVATE_CALLBACKS: loopback and private targets allowed (local testing). */
  allowPrivate: boolean;
  /**
   * Send with this fetch instead of the built-in transport. The target is still checked, but the connection is
   * then made by fetch's own DNS lookup (no address pinning): for tests and special set-ups only.
   */
  fetchImpl?: typeof fetch;
  /** The clock (tests inject one): due rows, retry schedule and webhook-timestamp follow it. */
  now?: Date | (() => Date);
  /** Rows per run; default CALLBACK_BATCH_LIMIT. */
  limit?: number;
  /** Default CALLBACK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Host name resolution (tests); default the system resolver. */
  resolver?: Resolver;
  /** 0..1 for the retry jitter (tests inject a fixed one); default Math.random. */
  random?: () => number;
}

export const clock = (now: DeliverDeps['now']): Date => (now === undefined ? new Date() : typeof now === 'function' ? now() : now);
export const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

export const isSuccess = (o: AttemptOutcome) => o.responseStatus !== null && o.responseStatus >= 200 && o.responseStatus < 300;

class SendError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/**
 * Records the attempt before anything leaves (the request as it will be sent); false: do not send (the delivery is
 * not the caller's any more). Its own committed statement: a crash after it leaves the attempt counted.
 */
export type RecordStart = (start: AttemptOutcome) => Promise<boolean>;

/**
 * Signs and sends the stored body once, after `record` wrote the attempt; never throws for the send itself (every
 * failure becomes the attempt's error). Null when `record` answered false: nothing was sent.
 */
export async function sendAttempt(deps: DeliverDeps, row: DeliveryRow, record: RecordStart): Promise<AttemptOutcome | null> {
  const at = clock(deps.now);
  const body = Buffer.from(row.body, 'utf8');
  const requestHeaders: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': `${CALLBACK_USER_AGENT}/${SERVER_VERSION}`,
  };
  const outcome: AttemptOutcome = {
    at,
    url: row.url,
    requestHeaders,
    requestBody: row.body,
    responseStatus: null,
    responseExcerpt: null,
    error: null,
    latencyMs: 0,
  };
  let unsigned: SendError | null = null;
  try {
    Object.assign(requestHeaders, webhookHeaders(await signingSecrets(deps.db, deps.secretBox, row.merchantId, at), row.eventId, at, body));
  } catch (err) {
    unsigned = new SendError(CallbackErrorCode.SIGNING_FAILED, (err as Error).message);
  }
  if (!(await record(outcome))) return null;
  const started = performance.now();
  try {
    // Nothing is sent unsigned: the attempt ends with the reason.
    if (unsigned) throw unsigned;
    const target = await resolveTarget(row.url, { allowPrivate: deps.allowPrivate, resolver: deps.resolver });
    const timeoutMs = deps.timeoutMs ?? CALLBACK_TIMEOUT_MS;
    const res = deps.fetchImpl
      ? await sendWithFetch(deps.fetchImpl, target, requestHeaders, body, timeoutMs)
      : await sendPinned(target, requestHeaders, body, timeoutMs);
    outcome.responseStatus = res.status;
    outcome.responseExcerpt = res.excerpt;
    outcome.retryAfterS = retryAfterSeconds(res.retryAfter, at);
  } catch (err) {
    const e =
      err instanceof TargetRefused || err instanceof SendError
        ? err
        : new SendError(CallbackErrorCode.CONNECTION_FAILED, (err as Error).message ?? String(err));
    outcome.error = e.message.slice(0, 255);
  }
  outcome.latencyMs = Math.max(0, Math.round(performance.now() - started));
  return outcome;
}

const EXCERPT_MAX_BYTES = CALLBACK_RESPONSE_EXCERPT_CHARS * 4;

/** What an endpoint answered: its status, the start of its body, its Retry-After header. */
interface Answer {
  status: number;
  excerpt: string;
  retryAfter: string | null;
}

function excerptOf(chunks: Buffer[]): string {
  return Buffer.concat(chunks).toString('utf8').slice(0, CALLBACK_RESPONSE_EXCERPT_CHARS);
}

/** node:http(s) connecting to the checked address only; no redirects, no connection reuse. */
function sendPinned(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: Buffer,
  timeoutMs: number,
): Promise<Answer> {
  const lookup: LookupFunction = (_host, opts, cb) => {
    if (opts.all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const request = target.url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const req = request(target.url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length) },
      lookup,
      agent: false,
    });
    const timer = setTimeout(() => {
      finish(() => reject(new SendError(CallbackErrorCode.TIMEOUT, `${timeoutMs} ms`)));
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish(() => reject(new SendError(CallbackErrorCode.CONNECTION_FAILED, err.code ?? err.message))),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const retryAfter = res.headers['retry-after'];
      const done = () => finish(() => resolve({ status: res.statusCode ?? 0, excerpt: excerptOf(chunks), retryAfter: typeof retryAfter === 'string' ? retryAfter : null }));
      res.on('data', (chunk: Buffer) => {
        if (size < EXCERPT_MAX_BYTES) chunks.push(chunk.subarray(0, EXCERPT_MAX_BYTES - size));
        size += chunk.length;
        // Enough for the excerpt: stop reading a large answer.
        if (size >= EXCERPT_MAX_BYTES) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
    });
    req.end(body);
  });
}

async function sendWithFetch(
  fetchImpl: typeof fetch,
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: Buffer,
  timeoutMs: number,
): Promise<Answer> {
  try {
    const res = await fetchImpl(target.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, excerpt: text.slice(0, CALLBACK_RESPONSE_EXCERPT_CHARS), retryAfter: res.headers.get('retry-after') };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') throw new SendError(CallbackErrorCode.TIMEOUT, `${timeoutMs} ms`);
    throw new SendError(CallbackErrorCode.CONNECTION_FAILED, e.cause?.code ?? e.message);
  }
}
