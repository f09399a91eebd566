/**
 * The shared limiter's leases (lib/rate-limit.ts, issue 41) over one counter, as two instances share one: concurrent
 * requests wait for the lease being taken instead of each taking one, and the limit is never exceeded over both.
 */
import { describe, expect, it } from 'vitest';
import { leaseOf, memoryWindowCounter, SharedRateLimiter, type WindowCounter } from '../src/lib/rate-limit';

function counted(): { counter: WindowCounter; adds: () => number } {
  const inner = memoryWindowCounter();
  let adds = 0;
  return {
    counter: {
      ...inner,
      async add(key, n, windowMs) {
        adds++;
        // A round trip: requests arriving meanwhile find the lease pending.
        await new Promise((r) => setTimeout(r, 5));
        return inner.add(key, n, windowMs);
      },
    },
    adds: () => adds,
  };
}

describe('leases of the shared counter', () => {
  it('fifty requests at once on a fresh key take one lease, not fifty', async () => {
    const { counter, adds } = counted();
    const limiter = new SharedRateLimiter(counter);
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.take('k', 10_000, 60_000)));
    expect(results.every((r) => r.current <= 10_000)).toBe(true);
    expect(leaseOf(10_000)).toBe(100);
    expect(adds()).toBe(1);
  });

  it('two instances on one counter admit at most the limit, and at most one lease each less', async () => {
    const { counter, adds } = counted();
    const [one, two] = [new SharedRateLimiter(counter), new SharedRateLimiter(counter)];
    let admitted = 0;
    await Promise.all(
      Array.from({ length: 24 }, async (_, c) => {
        for (let i = 0; i < 60; i++) if ((await (c % 2 ? one : two).take('key', 1_000, 60_000)).current <= 1_000) admitted++;
      }),
    );
    expect(admitted).toBeLessThanOrEqual(1_000);
    expect(admitted).toBeGreaterThanOrEqual(1_000 - 2 * leaseOf(1_000));
    // A write per lease of 10, and none once the window is spent.
    expect(adds()).toBeLessThanOrEqual(1_000 / leaseOf(1_000) + 2);
  });

  it('without leases every request is a write (RATE_LIMIT_LEASE=off), and still never past the limit', async () => {
    const { counter, adds } = counted();
    const limiter = new SharedRateLimiter(counter, undefined, false);
    let admitted = 0;
    for (let i = 0; i < 30; i++) if ((await limiter.take('k', 20, 60_000)).current <= 20) admitted++;
    expect(admitted).toBe(20);
    // The 20th write says the window is spent: the ten refused after it ask nothing.
    expect(adds()).toBe(20);
  });

  it('a counter that cannot be reached lets requests through', async () => {
    const limiter = new SharedRateLimiter({ add: () => Promise.reject(new Error('down')), purge: async () => 0, close: async () => {} });
    expect((await limiter.take('k', 1, 60_000)).current).toBe(0);
    expect((await limiter.take('k', 1, 60_000)).current).toBe(0);
  });
});
