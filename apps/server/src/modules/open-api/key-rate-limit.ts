/**
 * The open API's limit per key, counted after the signature proved the caller holds the key (a request merely naming
 * a key must not spend its budget). A fixed one-minute window per key in this instance's memory, like the dashboard's
 * per-address limit (@fastify/rate-limit's local store): with N instances a key gets up to N times the limit.
 *
 * Not @fastify/rate-limit's `app.rateLimit()`: that skips any request its global hook already counted.
 */
import type { FastifyReply } from 'fastify';

const WINDOW_MS = 60_000;

export class KeyRateLimiter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  #sweptAt = 0;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`; past the limit sets Retry-After and throws a 429 (RATE_LIMITED). */
  take(key: string, reply: FastifyReply): void {
    const now = this.now();
    this.#sweep(now);
    let w = this.#windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + WINDOW_MS };
      this.#windows.set(key, w);
    }
    w.count++;
    if (w.count <= this.perMinute) return;
    const seconds = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    reply.header('retry-after', String(seconds));
    throw Object.assign(new Error(`rate limit exceeded, retry in ${seconds} s`), { statusCode: 429 });
  }

  /** Drops finished windows once a window, so keys seen once do not stay forever. */
  #sweep(now: number): void {
    if (now - this.#sweptAt < WINDOW_MS) return;
    this.#sweptAt = now;
    for (const [k, w] of this.#windows) if (w.resetAt <= now) this.#windows.delete(k);
  }
}
