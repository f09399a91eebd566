/**
 * The integrator's side of the journey: the open API signed exactly as docs/open-api.md's Node example does it,
 * and a Standard Webhooks receiver (node:http on 127.0.0.1) that verifies what it gets the same way the docs do.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The demo merchant's sandbox key pair and webhook secret (README / docs/open-api.md "Quick start"). */
export const DEMO_MERCHANT_ID = '10001';
export const DEMO_KEY_ID = 'mk_sandbox_demo10001';
export const DEMO_KEY_SECRET = 'sk_sandbox_7Jq2vX9pL4mN8rT3wY6zB1cF5hK0dG2s';
export const DEMO_WEBHOOK_SECRET = 'whsec_MfKQ9r8GKYqXZ8pkUoYlq0uFpFhzjRJ8';

export interface OpenApiAnswer<T> {
  status: number;
  /** The x-request-id header: what the request log finds the request by. */
  requestId: string | null;
  body: { success: boolean; code: number; errorCode?: string; message?: string; result: T };
}

/**
 * A signed call: the body serialised once, those bytes hashed and sent; X-Signature = hex HMAC-SHA256 over
 * METHOD \n PATH_WITH_QUERY \n TIMESTAMP \n NONCE \n hex(SHA-256(body)); an Idempotency-Key on every POST.
 */
/** A merchant's key pair (default: the demo merchant's sandbox key). */
export interface OpenApiKey {
  merchantId: string;
  keyId: string;
  secret: string;
}
const DEMO_KEY: OpenApiKey = { merchantId: DEMO_MERCHANT_ID, keyId: DEMO_KEY_ID, secret: DEMO_KEY_SECRET };

/**
 * A new sandbox key of a merchant, made as its admin would in Developer parameters (through the same calls): sign-in
 * (captcha off on the e2e server), then POST /api/developer/keys.
 */
export async function newSandboxKey(base: string, a: { username: string; password: string; brand: string; merchantId: number; name: string }): Promise<OpenApiKey> {
  const login = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Brand': a.brand },
    body: JSON.stringify({ username: a.username, password: a.password, checkKey: `e2e${randomUUID().slice(0, 8)}`, captcha: 'abcd' }),
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const made = await fetch(`${base}/api/developer/keys`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Access-Token': token }, body: JSON.stringify({ name: a.name, mode: 'sandbox' }) });
  const r = ((await made.json()) as { result: { key: { id: string }; secret: string } }).result;
  return { merchantId: String(a.merchantId), keyId: r.key.id, secret: r.secret };
}

export async function openApi<T = Record<string, unknown>>(base: string, method: 'GET' | 'POST', pathWithQuery: string, body?: unknown, key: OpenApiKey = DEMO_KEY): Promise<OpenApiAnswer<T>> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomUUID();
  const bodyHash = createHash('sha256').update(raw).digest('hex');
  const signature = createHmac('sha256', key.secret).update([method, pathWithQuery, timestamp, nonce, bodyHash].join('\n')).digest('hex');
  const headers: Record<string, string> = {
    'X-Merchant-Id': key.merchantId,
    'X-Key-Id': key.keyId,
    'X-Timestamp': timestamp,
    'X-Nonce': nonce,
    'X-Signature': signature,
  };
  if (raw) headers['Content-Type'] = 'application/json';
  if (method === 'POST') headers['Idempotency-Key'] = randomUUID();
  const res = await fetch(base + pathWithQuery, { method, headers, body: raw || undefined });
  return { status: res.status, requestId: res.headers.get('x-request-id'), body: (await res.json()) as OpenApiAnswer<T>['body'] };
}

/** docs/open-api.md "Verifying in Node": throws unless authentic and fresh; answers the parsed body. */
export function verifyWebhook(secret: string, headers: IncomingHttpHeaders, rawBody: string, toleranceS = 300): unknown {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const id = one(headers['webhook-id']);
  const ts = one(headers['webhook-timestamp']);
  const signatures = one(headers['webhook-signature']);
  if (!id || !ts || !signatures) throw new Error('missing webhook headers');
  if (Math.abs(Date.now() / 1000 - Number(ts)) > toleranceS) throw new Error('stale webhook');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${rawBody}`).digest();
  const ok = signatures.split(' ').some((s) => {
    const [version, sig] = s.split(',');
    const given = Buffer.from(sig ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw new Error('bad webhook signature');
  return JSON.parse(rawBody);
}

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hooks/pay */
  url: string;
  received: ReceivedWebhook[];
  /** Resolves with the first request (already received or arriving) the predicate accepts. */
  waitFor(accept: (r: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

/** A merchant's callback endpoint: records every request and answers 200 `ok`. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      for (const w of waiters) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/pay`,
    received,
    waitFor(accept, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = received.find(accept);
          if (!hit) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching callback within ${timeoutMs} ms (received ${received.length}: ${received.map((r) => r.body.slice(0, 60)).join(' | ')})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
