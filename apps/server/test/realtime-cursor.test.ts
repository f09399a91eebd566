/**
 * The outbox cursor (modules/realtime/cursor.ts): event numbers become visible in commit order, not number order, so
 * a number skipped by a read is looked for at every later read and handed on once when it comes; one that never
 * comes (rolled back) is given up after REALTIME.GAP_WAIT_MS.
 */
import { REALTIME } from '@mg/domain';
import { describe, expect, it } from 'vitest';
import { OutboxCursor } from '../src/modules/realtime/cursor';

describe('outbox cursor', () => {
  it('hands on each number once, whether it came in order or late', () => {
    const c = new OutboxCursor(10);
    expect(c.take([11, 12, 15], 0)).toEqual([true, true, true]);
    expect(c.after).toBe(15);
    expect(c.gaps).toEqual([{ from: 13, to: 14, since: 0 }]);
    // A read brings 14 (committed late) and 16; 13 is still awaited.
    expect(c.take([14, 16], 5)).toEqual([true, true]);
    expect(c.gaps).toEqual([{ from: 13, to: 13, since: 0 }]);
    // Read again (the caller's query overlaps): nothing twice.
    expect(c.take([14, 16], 6)).toEqual([false, false]);
    expect(c.take([13], 7)).toEqual([true]);
    expect(c.gaps).toEqual([]);
    expect(c.take([13], 8)).toEqual([false]);
  });

  it('splits a gap filled in its middle, and forgets a gap after the wait', () => {
    const c = new OutboxCursor(0);
    c.take([10], 1_000);
    expect(c.gaps).toEqual([{ from: 1, to: 9, since: 1_000 }]);
    c.take([5], 2_000);
    expect(c.gaps).toEqual([
      { from: 1, to: 4, since: 1_000 },
      { from: 6, to: 9, since: 1_000 },
    ]);
    c.take([20], 1_000 + REALTIME.GAP_WAIT_MS - 1);
    expect(c.gaps.map((g) => g.from)).toEqual([1, 6, 11]);
    // The first two gaps' transactions are given up; the newer one is still awaited.
    c.take([], 1_000 + REALTIME.GAP_WAIT_MS);
    expect(c.gaps).toEqual([{ from: 11, to: 19, since: 1_000 + REALTIME.GAP_WAIT_MS - 1 }]);
    expect(c.take([3], 1_000 + REALTIME.GAP_WAIT_MS)).toEqual([false]);
  });

  it('keeps at most MAX_GAPS ranges, the newest', () => {
    const c = new OutboxCursor(0);
    const seqs = Array.from({ length: REALTIME.MAX_GAPS + 5 }, (_, i) => 2 * (i + 1));
    c.take(seqs, 0);
    expect(c.gaps).toHaveLength(REALTIME.MAX_GAPS);
    expect(c.gaps[0]!.from).toBe(11);
    expect(c.gaps.at(-1)!.to).toBe(seqs.at(-1)! - 1);
  });
});
