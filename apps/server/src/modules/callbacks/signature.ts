/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, spec "Signature scheme"): HMAC-SHA256 keyed with
 * the base64-decoded part of the `whsec_...` secret, over `{webhook-id}.{webhook-timestamp}.{body}`, sent as
 * `webhook-signature: v1,<base64>`. The header may carry several space-separated signatures (secret rotation); a
 * receiver accepts the webhook when any `v1` one matches. Checked against the spec's published vector in
 * test/callbacks-signature.test.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_HEADERS, WEBHOOK_SECRET_PREFIX, WEBHOOK_SIGNATURE_VERSION, WEBHOOK_TOLERANCE_S } from '@mg/domain';

export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** The HMAC key of a secret: the base64 after `whsec_` (a secret without the prefix is taken as base64 too). */
export function webhookKey(secret: string): Buffer {
  const b64 = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  const key = Buffer.from(b64, 'base64');
  if (key.length === 0) throw new RangeError('empty webhook secret');
  return key;
}

/** `v1,<base64 HMAC-SHA256>` of one message. `timestampS` is unix seconds. */
export function signWebhook(secret: string, id: string, timestampS: number, body: string | Buffer): string {
  const mac = createHmac('sha256', webhookKey(secret))
    .update(`${id}.${timestampS}.`, 'utf8')
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('base64');
  return `${WEBHOOK_SIGNATURE_VERSION},${mac}`;
}

/** The three headers of one attempt (the timestamp is the attempt's, the id the event's). */
export function webhookHeaders(secret: string | readonly string[], id: string, at: Date, body: string | Buffer): WebhookHeaders {
  const ts = Math.floor(at.getTime() / 1000);
  // Several secrets (a roll's grace period): one signature each, space-separated, as Standard Webhooks allows.
  const secrets = typeof secret === 'string' ? [secret] : secret;
  return {
    [WEBHOOK_HEADERS.ID]: id,
    [WEBHOOK_HEADERS.TIMESTAMP]: String(ts),
    [WEBHOOK_HEADERS.SIGNATURE]: secrets.map((s) => signWebhook(s, id, ts, body)).join(' '),
  } as WebhookHeaders;
}

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

type HeaderBag = Record<string, string | string[] | undefined> | Headers;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const v = key === undefined ? undefined : bag[key];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * What a receiver does (docs and tests): checks the headers are present, the timestamp is within `toleranceS` of
 * `now` (replay protection) and one of the `v1` signatures matches, in constant time. Throws
 * WebhookVerificationError otherwise; answers the parsed body.
 */
export function verifyWebhook(
  secret: string,
  headers: HeaderBag,
  body: string | Buffer,
  toleranceS: number = WEBHOOK_TOLERANCE_S,
  now: Date = new Date(),
): unknown {
  const id = header(headers, WEBHOOK_HEADERS.ID);
  const ts = header(headers, WEBHOOK_HEADERS.TIMESTAMP);
  const sigs = header(headers, WEBHOOK_HEADERS.SIGNATURE);
  if (!id || !ts || !sigs) throw new WebhookVerificationError('missing webhook headers');
  if (!/^\d{1,12}$/.test(ts)) throw new WebhookVerificationError('invalid webhook-timestamp');
  const timestampS = Number(ts);
  const nowS = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowS - timestampS) > toleranceS) throw new WebhookVerificationError('webhook-timestamp outside the tolerance');
  const expected = Buffer.from(signWebhook(secret, id, timestampS, body).slice(WEBHOOK_SIGNATURE_VERSION.length + 1), 'base64');
  const ok = sigs.split(' ').some((entry) => {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== WEBHOOK_SIGNATURE_VERSION) return false;
    const given = Buffer.from(entry.slice(comma + 1), 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw new WebhookVerificationError('no matching signature');
  return JSON.parse(typeof body === 'string' ? body : body.toString('utf8')) as unknown;
}
