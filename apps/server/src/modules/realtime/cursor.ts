/**
 * Where an instance stands in the event outbox. Event numbers are taken in a transaction and become visible at its
 * commit, so a read can see number 12 while 11 is still being written: 11 is a gap, looked for at every later read
 * until it comes (delivered then) or REALTIME.GAP_WAIT_MS has passed (its transaction rolled back, or ran longer).
 * Pure: the hub reads with `after` and `gaps`, then hands what it read to `take`.
 */
import { REALTIME } from '@mg/domain';
import type { SeqRange } from './queries';

interface Gap extends SeqRange {
  /** When a read first found it missing (ms). */
  since: number;
}

export class OutboxCursor {
  #after: number;
  #gaps: Gap[] = [];

  constructor(after: number) {
    this.#after = after;
  }

  /** The newest number read: everything after it is new. */
  get after(): number {
    return this.#after;
  }

  /** The numbers below `after` not read yet. */
  get gaps(): readonly SeqRange[] {
    return this.#gaps;
  }

  /**
   * Takes the numbers of one read (oldest first, as the read orders them) and says which are new to this instance:
   * each is delivered once, whether it came after the newest or filled a gap.
   */
  take(seqs: readonly number[], now: number): boolean[] {
    const fresh = seqs.map((seq) => {
      if (seq > this.#after) {
        if (seq > this.#after + 1) this.#gaps.push({ from: this.#after + 1, to: seq - 1, since: now });
        this.#after = seq;
        return true;
      }
      return this.#fill(seq);
    });
    this.#gaps = this.#gaps.filter((g) => now - g.since < REALTIME.GAP_WAIT_MS).slice(-REALTIME.MAX_GAPS);
    return fresh;
  }

  #fill(seq: number): boolean {
    const i = this.#gaps.findIndex((g) => g.from <= seq && seq <= g.to);
    if (i < 0) return false;
    const g = this.#gaps[i]!;
    const rest: Gap[] = [];
    if (g.from < seq) rest.push({ from: g.from, to: seq - 1, since: g.since });
    if (seq < g.to) rest.push({ from: seq + 1, to: g.to, since: g.since });
    this.#gaps.splice(i, 1, ...rest);
    return true;
  }
}
