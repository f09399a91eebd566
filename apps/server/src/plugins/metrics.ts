/**
 * `GET /metrics` in the Prometheus text format (docs/operations.md "Metrics" lists every name), on the main listener,
 * behind a bearer token (METRICS_TOKEN). A token and not an internal listener bound to 127.0.0.1: Prometheus scrapes
 * each instance by its own address from another host, which a loopback listener cannot serve; the proxy in front
 * does not pass /metrics on (docs/operations.md). Without a token the route answers 404 like any unknown path, and
 * no request is timed: an instance that is not scraped does no metrics work at all.
 *
 * What it reports:
 *   - the process registry (lib/metrics.ts): request latency by route pattern, payments and payouts by outcome, job runs,
 *     prom-client's process metrics;
 *   - read from this app at scrape time: the request pool's connections in use, idle and waiting, the realtime sockets;
 *   - read from the database at scrape time, once per scrape with a 2 s statement timeout, on a connection of its own
 *     (never waiting for a pool slot that payments wait for): each job's backlog (rows due now) and lag (how long the
 *     oldest has been due). The database is shared, so every instance reports the same backlog: take max(), not sum().
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ExportStatus, NotifyStatus, PaymentStatus, PayoutStatus, SettlementStatus } from '@mg/domain';
import pg from 'pg';
import { fail } from '../lib/envelope';
import { catalogueMessage } from '../lib/i18n';
import { collectProcessMetrics, httpRequestDuration, processRegistry, promClient as client } from '../lib/metrics';

/** Counting more rows than this of one backlog is not worth a scrape's time: the gauge then says "at least". */
export const BACKLOG_COUNT_CAP = 100_000;
const BACKLOG_TIMEOUT_MS = 2_000;

/** A route that matched nothing is one label, not one per URL tried (scanners would make thousands of series). */
const UNMATCHED = 'unmatched';

/** Each job's work due now: rows, and seconds since the oldest became due. One statement, each part on its index. */
const BACKLOG_SQL = `
  select
    (select count(*) from (select 1 from callback_delivery where status = '${NotifyStatus.PENDING}' and next_attempt_at <= now() limit ${BACKLOG_COUNT_CAP}) x)::int as callbacks_n,
    (select extract(epoch from now() - min(next_attempt_at)) from callback_delivery where status = '${NotifyStatus.PENDING}' and next_attempt_at <= now())::float8 as callbacks_lag,
    (select count(*) from (select 1 from ledger_queued limit ${BACKLOG_COUNT_CAP}) x)::int as ledger_n,
    (select extract(epoch from now() - created_at) from ledger_queued order by id limit 1)::float8 as ledger_lag,
    (select count(*) from (select 1 from export_job where status = '${ExportStatus.QUEUED}' limit ${BACKLOG_COUNT_CAP}) x)::int as exports_n,
    (select extract(epoch from now() - min(created_at)) from export_job where status = '${ExportStatus.QUEUED}')::float8 as exports_lag,
    (select count(*) from export_job where status = '${ExportStatus.RUNNING}')::int as exports_running,
    (select count(*) from (select 1 from settlement where status = '${SettlementStatus.PENDING}' and due_at <= now() limit ${BACKLOG_COUNT_CAP}) x)::int as settlements_n,
    (select extract(epoch from now() - min(due_at)) from settlement where status = '${SettlementStatus.PENDING}' and due_at <= now())::float8 as settlements_lag,
    (select count(*) from (select 1 from collection where status in ('${PaymentStatus.PENDING}', '${PaymentStatus.PROCESSING}') and expires_at <= now() limit ${BACKLOG_COUNT_CAP}) x)::int as expiry_n,
    (select extract(epoch from now() - min(expires_at)) from collection where status in ('${PaymentStatus.PENDING}', '${PaymentStatus.PROCESSING}') and expires_at <= now())::float8 as expiry_lag,
    (select count(*) from (select 1 from payout where status = '${PayoutStatus.PROCESSING}' and (sent_at is null or due_at <= now()) limit ${BACKLOG_COUNT_CAP}) x)::int as payouts_n,
    (select extract(epoch from now() - min(coalesce(due_at, created_at))) from payout where status = '${PayoutStatus.PROCESSING}' and (sent_at is null or due_at <= now()))::float8 as payouts_lag
`;

interface BacklogRow {
  callbacks_n: number;
  callbacks_lag: number | null;
  ledger_n: number;
  ledger_lag: number | null;
  exports_n: number;
  exports_lag: number | null;
  exports_running: number;
  settlements_n: number;
  settlements_lag: number | null;
  expiry_n: number;
  expiry_lag: number | null;
  payouts_n: number;
  payouts_lag: number | null;
}

/** The scheduler's job name (jobs/scheduler.ts) each backlog belongs to, and its columns. */
const BACKLOGS = [
  ['callbacks.deliver', 'callbacks_n', 'callbacks_lag'],
  ['ledger.post-queued', 'ledger_n', 'ledger_lag'],
  ['exports.run', 'exports_n', 'exports_lag'],
  ['settlements.run', 'settlements_n', 'settlements_lag'],
  ['collections.expire', 'expiry_n', 'expiry_lag'],
  ['payouts.advance', 'payouts_n', 'payouts_lag'],
] as const satisfies readonly (readonly [string, keyof BacklogRow, keyof BacklogRow])[];

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time comparison of the presented bearer token with the configured one. */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return m !== null && timingSafeEqual(digest(m[1]!), expected);
}

export function registerMetrics(app: FastifyInstance, opts: { token: string | undefined }): void {
  const token = opts.token;
  if (token) {
    collectProcessMetrics();
    app.addHook('onResponse', (req, reply, done) => {
      httpRequestDuration.observe(
        { route: req.routeOptions.url ?? UNMATCHED, method: req.method, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  const registry = new client.Registry();
  new client.Gauge({
    name: 'mg_db_pool_connections',
    help: 'Connections of the request pool by state (in_use: checked out by a request or job; idle: open, free)',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      const p = app.pool;
      this.set({ pool: 'requests', state: 'in_use' }, p.totalCount - p.idleCount);
      this.set({ pool: 'requests', state: 'idle' }, p.idleCount);
    },
  });
  new client.Gauge({
    name: 'mg_db_pool_waiting',
    help: 'Requests and jobs waiting for a connection of the request pool',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.set({ pool: 'requests' }, app.pool.waitingCount);
    },
  });
  new client.Gauge({
    name: 'mg_db_pool_max',
    help: 'Size of the request pool',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.set({ pool: 'requests' }, app.pool.options.max ?? 10);
    },
  });
  if (app.readReplica) {
    const replica = app.readReplica;
    new client.Gauge({
      name: 'mg_replica_lag_seconds',
      help: 'How far behind the primary the read replica was at its last poll (NaN: it did not answer)',
      registers: [registry],
      collect() {
        const { lagMs } = replica.status();
        this.set(lagMs === null ? Number.NaN : lagMs / 1000);
      },
    });
    new client.Gauge({
      name: 'mg_replica_up',
      help: '1 when the read replica answers reads (up and within DATABASE_READ_MAX_LAG_MS), 0 when reads go to the primary',
      registers: [registry],
      collect() {
        this.set(replica.status().state === 'ok' ? 1 : 0);
      },
    });
    new client.Counter({
      name: 'mg_replica_reads_total',
      help: 'Reads that may use the replica (lists, search, reports), by where they ran',
      labelNames: ['target'] as const,
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ target: 'replica' }, replica.reads.replica);
        this.inc({ target: 'primary' }, replica.reads.primary);
      },
    });
  }
  new client.Gauge({
    name: 'mg_realtime_connections',
    help: 'Open realtime WebSockets of this instance (authenticated or not yet)',
    registers: [registry],
    collect() {
      this.set(app.realtime.connections);
    },
  });
  new client.Gauge({
    name: 'mg_realtime_subscribers',
    help: 'Realtime WebSockets of this instance whose session is checked and that receive events',
    registers: [registry],
    collect() {
      this.set(app.realtime.size);
    },
  });
  new client.Gauge({
    name: 'mg_jobs_paused',
    help: '1 while this instance’s background jobs wait for the database to come back',
    registers: [registry],
    collect() {
      this.set(app.jobs.paused ? 1 : 0);
    },
  });

  const backlog = new client.Gauge({ name: 'mg_job_backlog', help: `Rows each job has due now (shared database: the same on every instance; counted up to ${BACKLOG_COUNT_CAP})`, labelNames: ['job'] as const, registers: [registry] });
  const lag = new client.Gauge({ name: 'mg_job_lag_seconds', help: 'How long the oldest row due of each job has been waiting (0: none due)', labelNames: ['job'] as const, registers: [registry] });
  const exportsRunning = new client.Gauge({ name: 'mg_exports_running', help: 'Export jobs being written now, by any instance', registers: [registry] });
  const backlogUp = new client.Gauge({ name: 'mg_metrics_database_up', help: '1 when the backlog query of this scrape answered, 0 when it failed or took over 2 s', registers: [registry] });

  let own: pg.Pool | null = null;
  let reading: Promise<void> | null = null;
  const readBacklog = async () => {
    try {
      if (!own) {
        // statement_timeout: PostgreSQL stops a slow read itself; query_timeout below only frees the scrape.
        own = new pg.Pool({ connectionString: app.directUrl, max: 1, application_name: 'mg-metrics', statement_timeout: BACKLOG_TIMEOUT_MS, connectionTimeoutMillis: BACKLOG_TIMEOUT_MS });
        // A lost connection must not crash the process (db/pool.ts createDatabase says why); the next scrape reconnects.
        own.on('error', () => {});
      }
      const { rows } = await own.query<BacklogRow>({ text: BACKLOG_SQL, query_timeout: BACKLOG_TIMEOUT_MS } as never);
      const r = rows[0]!;
      for (const [job, n, l] of BACKLOGS) {
        backlog.set({ job }, r[n] ?? 0);
        lag.set({ job }, Math.max(0, Number(r[l] ?? 0)));
      }
      exportsRunning.set(r.exports_running);
      backlogUp.set(1);
    } catch (err) {
      backlogUp.set(0);
      backlog.reset();
      lag.reset();
      app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'metrics: the backlog query failed');
    }
  };
  app.addHook('onClose', async () => {
    await reading;
    await own?.end();
    own = null;
  });

  const merged = client.Registry.merge([processRegistry, registry]);
  const expected = token ? digest(token) : null;

  app.get('/metrics', { config: { rateLimit: false, public: true }, schema: { hide: true } }, async (req, reply) => {
    // Off: the answer of an unknown API path (not the web app's page, which the not-found handler gives other paths).
    if (!expected) return reply.code(404).send(fail(404, 'NOT_FOUND', catalogueMessage(req.lang ?? 'en-US', 'NOT_FOUND')));
    if (!bearerMatches(req.headers.authorization, expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').type('text/plain').send('metrics: a bearer token is required\n');
    }
    // Scrapes at the same moment share one read of the database.
    reading ??= readBacklog().finally(() => (reading = null));
    await reading;
    return reply.type(merged.contentType).header('cache-control', 'no-store').send(await merged.metrics());
  });
}
