/**
 * The process's Prometheus metrics that code outside the metrics plugin feeds (docs/operations.md "Metrics" names
 * every one). Each is an in-memory counter or histogram: nothing here talks to the database or allocates per call
 * beyond prom-client's label lookup, so the payment path pays one increment after its commit.
 *
 * Payments and payouts are counted where their outcome is committed (counters), not read back from the order tables
 * (gauges): a counter costs the payment path one increment and no query, sums across instances (each counts what it
 * committed), and rate() of it is the dashboard's throughput; a gauge of outcomes would have to scan the order tables
 * by time of change at every scrape, which no index serves (one more index would be written by every payment).
 * Channel health already keeps the per-day outcome rows for its page (channel_outcome).
 *
 * The per-instance gauges (database pool, realtime sockets, job backlogs) are read at scrape time by
 * plugins/metrics.ts from the app that owns them.
 */
import client from 'prom-client';
import type { DbLike } from '../db/pool';
import { afterCommit } from '../db/pool';

/** Every metric of the process; plugins/metrics.ts merges an app's own gauges with it at scrape time. */
export const processRegistry = new client.Registry();

/** Request latency buckets (seconds): a signed open-API call answers in 2-20 ms, lists in 10-200 ms, exports stream longer. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new client.Histogram({
  name: 'mg_http_request_duration_seconds',
  help: 'HTTP requests by route pattern, method and status: time from the request to the end of the answer (its _count is the requests)',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

const paymentsTotal = new client.Counter({
  name: 'mg_payments_total',
  help: 'Collections that reached an outcome (success, partial, failed, rejected, closed, expired), by channel code, counted after the commit',
  labelNames: ['channel', 'outcome'] as const,
  registers: [processRegistry],
});

const payoutsTotal = new client.Counter({
  name: 'mg_payouts_total',
  help: 'Payouts that reached an outcome (success, failed, rejected, cancelled), by channel code, counted after the commit',
  labelNames: ['channel', 'outcome'] as const,
  registers: [processRegistry],
});

const jobRuns = new client.Counter({
  name: 'mg_job_runs_total',
  help: 'Runs of each background job of this instance by outcome (ok, error, db_unavailable)',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
});

const jobDuration = new client.Histogram({
  name: 'mg_job_duration_seconds',
  help: 'How long each run of a background job took',
  labelNames: ['job'] as const,
  buckets: [0.005, 0.025, 0.1, 0.5, 2.5, 10, 60],
  registers: [processRegistry],
});

const jobLastSuccess = new client.Gauge({
  name: 'mg_job_last_success_timestamp_seconds',
  help: 'Unix time of the last run of each background job that ended without an error',
  labelNames: ['job'] as const,
  registers: [processRegistry],
});

export type JobOutcome = 'ok' | 'error' | 'db_unavailable';

/** The scheduler's report of one run (jobs/scheduler.ts). */
export function jobRan(job: string, outcome: JobOutcome, seconds: number): void {
  jobRuns.inc({ job, outcome });
  jobDuration.observe({ job }, seconds);
  if (outcome === 'ok') jobLastSuccess.set({ job }, Date.now() / 1000);
}

const channelLabel = (channel: number | null | undefined) => (channel === null || channel === undefined ? 'none' : String(channel));

/** A collection's status change written in `tx`: counted once the transaction commits (never for a rollback). */
export function countPaymentOutcome(tx: DbLike, channel: number | null | undefined, outcome: string): void {
  afterCommit(tx, () => paymentsTotal.inc({ channel: channelLabel(channel), outcome }));
}

/** Payouts ended in `tx`: counted once the transaction commits. */
export function countPayoutOutcomes(tx: DbLike, endings: readonly { channel: number; outcome: string }[]): void {
  if (endings.length === 0) return;
  afterCommit(tx, () => {
    for (const e of endings) payoutsTotal.inc({ channel: channelLabel(e.channel), outcome: e.outcome });
  });
}

let defaultsCollected = false;

/** prom-client's process metrics (CPU, memory, event-loop delay, GC, handles), prefixed mg_; once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  client.collectDefaultMetrics({ register: processRegistry, prefix: 'mg_' });
}

export { client as promClient };
