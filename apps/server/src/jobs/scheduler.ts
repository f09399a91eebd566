/**
 * Background work of one server instance: each job runs every N ms, never overlapping itself. Correctness across
 * instances comes from the jobs' own SQL (FOR UPDATE SKIP LOCKED, conditional updates), not from this timer, so
 * any number of instances may run the same jobs. Disabled (JOBS=off, and in tests unless asked) it runs nothing;
 * tests call the job functions directly with a chosen clock.
 *
 * While the database is away (a job fails with a connection error) every job pauses, backing off up to 30 s, and
 * the scheduler says so once, not once per tick; the first job that succeeds again resumes them all. A job cut
 * off mid-way is safe to run again: each one claims its rows in a transaction, so an interrupted run committed
 * nothing and a finished one is not repeated.
 */
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors';
import { jobRan } from '../lib/metrics';

/** Pauses after consecutive database outages seen by a job, in ms. */
export const JOB_OUTAGE_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000] as const;

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export class JobScheduler {
  readonly #jobs: Job[] = [];
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #running = new Set<string>();
  #started = false;
  #stopped = false;
  #stopping: Promise<boolean> | undefined;
  /** Consecutive outages seen; 0 when the database answers. */
  #outages = 0;
  #pausedUntil = 0;

  constructor(
    private readonly enabled: boolean,
    private readonly log: FastifyBaseLogger,
    private readonly backoffMs: readonly number[] = JOB_OUTAGE_BACKOFF_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while the jobs wait for the database to come back. */
  get paused(): boolean {
    return this.#outages > 0;
  }

  /** Registers a job; it starts with the server (onReady) when jobs are enabled. */
  every(name: string, everyMs: number, run: () => Promise<unknown>): void {
    this.#jobs.push({ name, everyMs, run });
    if (this.#started) this.#schedule({ name, everyMs, run });
  }

  get names(): string[] {
    return this.#jobs.map((j) => j.name);
  }

  start(): void {
    if (!this.enabled || this.#started) return;
    this.#started = true;
    for (const job of this.#jobs) this.#schedule(job);
  }

  /** The jobs running now (a shutdown says which ones it stopped waiting for). */
  get running(): string[] {
    return [...this.#running];
  }

  /**
   * Stops the timers (no run starts after this call) and waits up to `waitMs` for running jobs to finish. A job still
   * running then is left to the database: its transaction is rolled back when its connection closes, and another
   * instance runs it again (the module comment above). Resolves with whether none was left running; later calls
   * share the first call's wait.
   */
  stop(waitMs = 10_000): Promise<boolean> {
    // One wait for every caller: the shutdown starts it as it begins (app.ts preClose) and awaits it at the end.
    this.#stopping ??= (async () => {
      this.#stopped = true;
      for (const t of this.#timers.splice(0)) clearInterval(t);
      const deadline = Date.now() + waitMs;
      while (this.#running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return this.#running.size === 0;
    })();
    return this.#stopping;
  }

  #schedule(job: Job): void {
    const tick = async () => {
      if (this.#stopped || this.#running.has(job.name) || this.now() < this.#pausedUntil) return;
      this.#running.add(job.name);
      const started = performance.now();
      let outcome: 'ok' | 'error' | 'db_unavailable' = 'ok';
      try {
        await job.run();
        if (this.#outages > 0) {
          this.#outages = 0;
          this.#pausedUntil = 0;
          this.log.info({ job: job.name }, 'database back: background jobs resumed');
        }
      } catch (err) {
        outcome = isDatabaseUnavailable(err) ? 'db_unavailable' : 'error';
        if (isDatabaseUnavailable(err)) {
          if (this.#outages === 0) this.log.warn({ err, job: job.name }, 'database unavailable: background jobs paused');
          const pause = this.backoffMs[Math.min(this.#outages, this.backoffMs.length - 1)] ?? 0;
          this.#outages++;
          this.#pausedUntil = this.now() + pause;
        } else {
          this.log.error({ err, job: job.name }, 'background job failed');
        }
      } finally {
        this.#running.delete(job.name);
        jobRan(job.name, outcome, (performance.now() - started) / 1000);
      }
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    this.#timers.push(timer);
  }
}
