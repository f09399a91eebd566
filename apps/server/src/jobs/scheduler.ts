/**
 * Background work of one server instance: each job runs every N ms, never overlapping itself. Correctness across
 * instances comes from the jobs' own SQL (FOR UPDATE SKIP LOCKED, conditional updates), not from this timer, so
 * any number of instances may run the same jobs. Disabled (JOBS=off, and in tests unless asked) it runs nothing;
 * tests call the job functions directly with a chosen clock.
 */
import type { FastifyBaseLogger } from 'fastify';

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

  constructor(
    private readonly enabled: boolean,
    private readonly log: FastifyBaseLogger,
  ) {}

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

  /** Stops the timers and waits (up to 10 s) for running jobs to finish. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const t of this.#timers) clearInterval(t);
    const deadline = Date.now() + 10_000;
    while (this.#running.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }

  #schedule(job: Job): void {
    const tick = async () => {
      if (this.#stopped || this.#running.has(job.name)) return;
      this.#running.add(job.name);
      try {
        await job.run();
      } catch (err) {
        this.log.error({ err, job: job.name }, 'background job failed');
      } finally {
        this.#running.delete(job.name);
      }
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    this.#timers.push(timer);
  }
}
