/**
 * Request limits shared by every instance of the server (issue 41): the dashboard's per user and per address, the
 * open API's per address and per key. Counted in PostgreSQL (`rate_limit_counter`, unlogged) by default, in Redis
 * when REDIS_URL is set; two instances allow the limit, not twice it.
 *
 * Leases, not a write per request: a per-key counter is one row (or one Redis key) shared by every call of that key,
 * and on the payment path a row every payment of a merchant updates is what issue 10 took out. So an instance takes
 * the requests it may admit in leases of `leaseOf(max)` (a hundredth of the limit) with one statement, admits them
 * from memory, and takes the next lease when they are spent: one counter write per lease, not per request. Nothing is
 * ever admitted that the shared counter did not hand out, so the limit is never exceeded over all instances. The cost
 * is the other way: at a window's end each instance may hold up to one lease unspent, so with I instances a client
 * can be refused up to I leases (I % of the limit) early. Limits under LEASE_DIVISOR lease one request at a time:
 * exact. docs/decisions.md "Nothing kept by one instance alone" has the measured cost.
 *
 * A window starts at a key's first request after the previous one ended (as @fastify/rate-limit's stores do), by the
 * counter's clock, so every instance agrees on it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type pg from 'pg';

/** A limit's lease is max / LEASE_DIVISOR requests (at least one). */
export const LEASE_DIVISOR = 100;

/** `leases: false` (RATE_LIMIT_LEASE=off): one request per lease, a counter write per request (bench:limits). */
export const leaseOf = (max: number, leases = true) => (leases ? Math.max(1, Math.floor(max / LEASE_DIVISOR)) : 1);

/** Where the counts live: adds `n` to the key's current window (starting a new one when it ended). */
export interface WindowCounter {
  /** The count after adding `n`, and the ms left of the window. */
  add(key: string, n: number, windowMs: number): Promise<{ taken: number; ttlMs: number }>;
  /** Forgets windows that ended (a job); answers how many. */
  purge(): Promise<number>;
  close(): Promise<void>;
}

export function pgWindowCounter(pool: pg.Pool): WindowCounter {
  return {
    async add(key, n, windowMs) {
      // One statement, on the database's clock: the window's start and count, reset when the window ended.
      const { rows } = await pool.query<{ taken: string; ttl: string }>(
        `with now_ms as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as t)
         insert into rate_limit_counter as c (key, window_start, taken)
         select $1, t, $2 from now_ms
         on conflict (key) do update set
           window_start = case when c.window_start + $3 <= excluded.window_start then excluded.window_start else c.window_start end,
           taken = case when c.window_start + $3 <= excluded.window_start then excluded.taken else c.taken + excluded.taken end
         returning taken, (window_start + $3 - (select t from now_ms)) as ttl`,
        [key, n, windowMs],
      );
      const r = rows[0]!;
      return { taken: Number(r.taken), ttlMs: Math.max(0, Number(r.ttl)) };
    },
    async purge() {
      // Every limit's window is a minute here; an hour is past any of them.
      const res = await pool.query('delete from rate_limit_counter where window_start < (extract(epoch from now()) * 1000)::bigint - 3600000');
      return res.rowCount ?? 0;
    },
    async close() {},
  };
}

/**
 * This process's memory (RATE_LIMIT_STORE=memory): for one instance only, since every instance then counts its own
 * (N instances allow N times the limit); what the limits were before issue 41, kept for bench:limits.
 */
export function memoryWindowCounter(): WindowCounter {
  const windows = new Map<string, { start: number; taken: number }>();
  return {
    async add(key, n, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.start + windowMs <= now) {
        if (windows.size > 100_000) for (const [k, x] of windows) if (x.start + windowMs <= now) windows.delete(k);
        w = { start: now, taken: 0 };
        windows.set(key, w);
      }
      w.taken += n;
      return { taken: w.taken, ttlMs: w.start + windowMs - now };
    },
    purge: async () => 0,
    async close() {},
  };
}

/** INCRBY and, for the window's first lease, PEXPIRE, in one script: as @fastify/rate-limit's own Redis store counts. */
const REDIS_ADD = `
local taken = redis.call('INCRBY', KEYS[1], ARGV[1])
if taken == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) ttl = tonumber(ARGV[2]) end
return { taken, ttl }`;

export function redisWindowCounter(redis: Redis, prefix = 'mg:rl:'): WindowCounter {
  // A Redis that is away fails the commands, which the limiter logs (once a minute); the client's own error events
  // would otherwise be printed for every reconnection attempt.
  redis.on('error', () => {});
  return {
    async add(key, n, windowMs) {
      const [taken, ttl] = (await redis.eval(REDIS_ADD, 1, prefix + key, n, windowMs)) as [number, number];
      return { taken, ttlMs: ttl };
    },
    // Redis forgets a window when its key expires.
    purge: async () => 0,
    async close() {
      redis.disconnect();
    },
  };
}

interface KeyState {
  /** Local clock: when the window of the lease ends. */
  endsAt: number;
  /** Requests of the lease not yet admitted. */
  left: number;
  /** The shared count when the last lease was taken. */
  taken: number;
  /** The window's budget is spent: refuse until it ends, without asking the counter again. */
  spent: boolean;
  /** The lease being taken (requests that find none wait for it rather than each taking one). */
  pending: Promise<void> | null;
}

export interface Taken {
  /** Over `max` when refused; otherwise the count of the window as far as this instance knows. */
  current: number;
  /** ms until the window ends. */
  ttl: number;
}

/**
 * The limiter of one instance over a shared counter. Also a store of @fastify/rate-limit (`incr`, `child`), which
 * gives the global per-user and per-address hook its headers and its 429.
 */
export class SharedRateLimiter {
  readonly #states = new Map<string, KeyState>();
  #sweptAt = 0;
  #warnedAt = 0;

  constructor(
    readonly counter: WindowCounter,
    private readonly log?: FastifyBaseLogger,
    private readonly leases = true,
  ) {}

  async take(key: string, max: number, windowMs: number): Promise<Taken> {
    for (;;) {
      const now = Date.now();
      this.#sweep(now, windowMs);
      let s = this.#states.get(key);
      // A state whose window ended starts again; one whose first lease is being taken is waited for, not replaced
      // (each request arriving meanwhile would take a lease of its own).
      if (!s || (s.endsAt <= now && !s.pending)) {
        s = { endsAt: 0, left: 0, taken: 0, spent: false, pending: null };
        this.#states.set(key, s);
      }
      if (s.left > 0) {
        s.left--;
        return { current: Math.min(max, s.taken - s.left), ttl: s.endsAt - now };
      }
      if (s.spent) return { current: max + 1, ttl: s.endsAt - now };
      if (!s.pending) s.pending = this.#lease(key, s, max, windowMs);
      const waited = s.pending;
      await waited;
      if (s.pending === waited) s.pending = null;
      // The counter could not be reached: the request goes through (a limit protects the service, it is not a
      // rule of the money), and the next one tries again.
      if (s.endsAt === 0) return { current: 0, ttl: windowMs };
    }
  }

  async #lease(key: string, s: KeyState, max: number, windowMs: number): Promise<void> {
    const n = leaseOf(max, this.leases);
    try {
      const { taken, ttlMs } = await this.counter.add(key, n, windowMs);
      // The lease is what of [taken - n, taken) lies under the limit; a lease is only taken once the last is spent.
      s.left = Math.max(0, Math.min(n, max - (taken - n)));
      s.taken = taken;
      s.endsAt = Date.now() + ttlMs;
      // At or past the limit: once this lease is spent, refuse until the window ends without asking again.
      s.spent = taken >= max;
    } catch (err) {
      s.endsAt = 0;
      const now = Date.now();
      if (now - this.#warnedAt > 60_000) {
        this.#warnedAt = now;
        this.log?.warn({ err }, 'rate limit counter unreachable: requests are let through until it answers');
      }
    }
  }

  /** Drops the states of windows that ended, once a window, so keys seen once do not stay forever. */
  #sweep(now: number, windowMs: number): void {
    if (now - this.#sweptAt < windowMs) return;
    this.#sweptAt = now;
    for (const [k, s] of this.#states) if (s.endsAt <= now && !s.pending) this.#states.delete(k);
  }

  /** @fastify/rate-limit's store interface. */
  incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
    this.take(key, max, timeWindow).then(
      (r) => cb(null, r),
      (e: unknown) => cb(e instanceof Error ? e : new Error(String(e))),
    );
  }

  child(): this {
    return this;
  }
}
