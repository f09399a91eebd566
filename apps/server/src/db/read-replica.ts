/**
 * A streaming replica that lists, search and reports may read from (DATABASE_READ_URL; issue 41, docs/operations.md
 * "A read replica"), with the rule that decides, per request, whether it may:
 *
 *   the replica answers a signed-in user's read only when it is up, no further behind the primary than
 *   DATABASE_READ_MAX_LAG_MS, and has replayed the primary's WAL at least to where it was after that user's last
 *   write (app_user.write_lsn, set before the write's answer is sent): nobody misses their own write.
 *
 * Every POLL_MS the instance reads the primary's WAL position and the replica's replay position. The lag is the age of
 * the oldest primary position the replica has not replayed (0 when it holds everything): time, not bytes, since
 * "how stale may a list be" is a question of seconds. A replica that does not answer, is not in recovery (promoted,
 * or a plain server given by mistake) or falls behind sends every read back to the primary until it catches up; a
 * read that fails on it for want of a connection is run again on the primary at once.
 */
import type pg from 'pg';
import { isDatabaseUnavailable } from './errors';
import { createDatabase, type Database, type Db } from './pool';

export const POLL_MS = 200;
/** Primary positions kept to date the replica's lag: a few minutes of polls. */
const SAMPLES = 1_500;

export type ReplicaState = 'ok' | 'behind' | 'down';

export interface ReplicaStatus {
  state: ReplicaState;
  /** How far behind the primary the replica was at the last poll, ms (null: not known, it did not answer). */
  lagMs: number | null;
  maxLagMs: number;
}

export class ReadReplica {
  readonly #replica: Database;
  #samples: { at: number; lsn: bigint }[] = [];
  #replayLsn: bigint | null = null;
  #lagMs: number | null = null;
  #up = false;
  #timer: NodeJS.Timeout | null = null;
  #polling: Promise<void> | null = null;
  /** Reads answered by each side since the start (the metrics' counter reads it). */
  readonly reads = { replica: 0, primary: 0 };

  constructor(
    url: string,
    private readonly primary: pg.Pool,
    readonly maxLagMs: number,
    private readonly onChange: (status: ReplicaStatus) => void = () => {},
  ) {
    this.#replica = createDatabase(url, { max: 10, applicationName: 'mg-read', countRoundTrips: false });
  }

  async start(): Promise<void> {
    await this.poll();
    const tick = () => {
      this.#timer = setTimeout(() => {
        this.#polling = this.poll().finally(() => {
          this.#polling = null;
          if (this.#timer) tick();
        });
      }, POLL_MS);
      this.#timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#polling;
    await this.#replica.pool.end().catch(() => undefined);
  }

  status(): ReplicaStatus {
    const state: ReplicaState = !this.#up ? 'down' : this.#lagMs !== null && this.#lagMs <= this.maxLagMs ? 'ok' : 'behind';
    return { state, lagMs: this.#up ? this.#lagMs : null, maxLagMs: this.maxLagMs };
  }

  /** The replica's handle for a read by a user whose last write left the primary's WAL at `writeLsn`, or null. */
  dbFor(writeLsn: bigint | null): Db | null {
    if (this.status().state !== 'ok' || this.#replayLsn === null) return null;
    if (writeLsn !== null && this.#replayLsn < writeLsn) return null;
    return this.#replica.db;
  }

  /** The replica stopped answering in the middle of a read: primary until a poll finds it again. */
  markDown(): void {
    if (this.#up) {
      this.#up = false;
      this.onChange(this.status());
    }
  }

  /** One poll: the primary's position, then the replica's (in that order: what the replica holds is then dated). */
  async poll(): Promise<void> {
    const before = this.status().state;
    const now = Date.now();
    try {
      const p = await this.primary.query<{ lsn: string }>(`select (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint::text as lsn`);
      this.#samples.push({ at: now, lsn: BigInt(p.rows[0]!.lsn) });
      if (this.#samples.length > SAMPLES) this.#samples.splice(0, this.#samples.length - SAMPLES);
    } catch {
      // The primary not answering is the requests' problem, not the replica's: its state stays as it was.
      return;
    }
    try {
      const r = await this.#replica.pool.query<{ lsn: string | null; recovering: boolean }>(
        `select (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint::text as lsn, pg_is_in_recovery() as recovering`,
      );
      const row = r.rows[0]!;
      if (!row.recovering || row.lsn === null) throw new Error('not a streaming replica');
      this.#replayLsn = BigInt(row.lsn);
      this.#up = true;
      this.#lagMs = this.#lag(this.#replayLsn, Date.now());
    } catch {
      this.#up = false;
      this.#lagMs = null;
    }
    if (this.status().state !== before) this.onChange(this.status());
  }

  /** Age of the oldest primary position not replayed yet; samples the replica has passed are dropped. */
  #lag(replayed: bigint, now: number): number {
    let held = 0;
    while (held < this.#samples.length && this.#samples[held]!.lsn <= replayed) held++;
    // Keep the last one it holds: it dates the next position it has not.
    if (held > 1) this.#samples.splice(0, held - 1);
    const pending = this.#samples.find((s) => s.lsn > replayed);
    return pending ? now - pending.at : 0;
  }
}

/** A replica cancels a read whose rows its replay must remove ("conflict with recovery"): the primary answers it. */
const RECOVERY_CONFLICT = '40001';

/**
 * Runs a read on the replica when the rule allows it for a user whose last write is `writeLsn`, else on the
 * primary; a read the replica cannot answer (no connection, a recovery conflict) runs on the primary at once.
 */
export async function onReadDb<T>(replica: ReadReplica | null, primary: Db, writeLsn: bigint | null, read: (db: Db) => Promise<T>): Promise<T> {
  const db = replica?.dbFor(writeLsn) ?? null;
  if (!replica || !db) {
    if (replica) replica.reads.primary++;
    return read(primary);
  }
  try {
    const out = await read(db);
    replica.reads.replica++;
    return out;
  } catch (err) {
    const code = (err as { code?: unknown; cause?: { code?: unknown } }).code ?? (err as { cause?: { code?: unknown } }).cause?.code;
    if (!isDatabaseUnavailable(err) && code !== RECOVERY_CONFLICT) throw err;
    if (isDatabaseUnavailable(err)) replica.markDown();
    replica.reads.primary++;
    return read(primary);
  }
}
