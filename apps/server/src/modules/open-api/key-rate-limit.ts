/**
 * The open API's limit per key, counted after the signature proved the caller holds the key (a request merely naming
 * a key must not spend its budget). A one-minute window per key in the instances' shared counter
 * (lib/rate-limit.ts: leased, so the payment path writes the key's counter once per hundredth of its limit, not once
 * per call), like the dashboard's per-user and per-address limits: N instances allow the limit, not N times it.
 *
 * Not @fastify/rate-limit's `app.rateLimit()`: that skips any request its global hook already counted.
 */
import type { FastifyReply } from 'fastify';
import type { SharedRateLimiter } from '../../lib/rate-limit';

const WINDOW_MS = 60_000;

export class KeyRateLimiter {
  constructor(
    private readonly limiter: SharedRateLimiter,
    private readonly perMinute: number,
  ) {}

  /** Counts one request of `key`; past the limit sets Retry-After and throws a 429 (RATE_LIMITED). */
  async take(key: string, reply: FastifyReply): Promise<void> {
    const r = await this.limiter.take(`open-api-key:${key}`, this.perMinute, WINDOW_MS);
    if (r.current <= this.perMinute) return;
    const seconds = Math.max(1, Math.ceil(r.ttl / 1000));
    reply.header('retry-after', String(seconds));
    throw Object.assign(new Error(`rate limit exceeded, retry in ${seconds} s`), { statusCode: 429 });
  }
}
