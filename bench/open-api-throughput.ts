/**
 * Long file: the benchmark and its raw-SQL baseline must do the same writes, so both live side by side.
 * Open API throughput (docs/benchmarks.md): C concurrent clients for D seconds, each looping
 *   POST /api/open/v1/collections                  (signed, Idempotency-Key, notifyUrl set)
 *   POST /api/open/v1/sandbox/collections/{id}/pay (signed: ledger transfer, settlement batch, callback outbox row)
 * through the generated client (packages/open-api-client, over kept-alive node:http connections)
 * then, in the same run against the same database and with the same concurrency, a raw-SQL baseline through pg
 * doing the same writes: insert the collection; then in one transaction lock it, join its settlement batch (insert
 * or find it, its advisory lock shared: the batch row is not updated),
 * insert the ledger transfer, lock and update the three balance rows the real flow moves (platform clearing,
 * merchant pending, platform fee revenue), insert the three entries, mark the collection paid, insert the callback
 * outbox row and set its notify status; then PostgreSQL's own figures (./pgbench-baseline.ts: the same writes as
 * best SQL through pgbench, and TPC-B), all with the same clients and seconds. Prints ops/s (one op = create + pay)
 * and p50/p95, and the ratios.
 *
 *   npm run bench:api -w @mg/bench -- [--clients=16] [--seconds=20] [--pgbench=off] [--base-url=http://127.0.0.1:18080]
 *
 * The server must run with the demo key seeded (any non-production start), RATE_LIMIT_PER_MINUTE and OPEN_API_RATE_LIMIT_PER_MINUTE high and, for a
 * clean measurement, JOBS=off (the callback worker would otherwise try to deliver the enqueued callbacks). The load
 * generator runs on the same machine as the server and the database and takes CPU from them.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  COLLECTION_EXPIRY_HOURS_DEFAULT,
  CallbackEvent,
  CallbackOrderKind,
  LEDGER_FLOW_ACTION,
  NotifyStatus,
  OPEN_API_PREFIX,
  PLATFORM_MERCHANT_ID,
  PaymentStatus,
  PaymentType,
  SettlementStatus,
  type CurrencyCode,
} from '@mg/domain';
import pg from 'pg';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_OPEN_API_MERCHANT_ID } from '../apps/server/src/db/seed';
import { newBusinessId } from '../apps/server/src/lib/ids';
import { feeOf, type FeeRuleValues } from '../apps/server/src/modules/fees/service';
import { BATCH_LOCK_CLASS } from '../apps/server/src/modules/settlements/queries';
import { pgbenchCreatePay, pgbenchTpcb } from './pgbench-baseline';
import { dueAtOf, settleDateFor } from '../apps/server/src/modules/settlements/service';
import {
  CpuMeter,
  DEFAULT_DATA_DIR,
  baseUrl,
  databaseUrl,
  describeUrl,
  int,
  machineLine,
  ms,
  opt,
  optInt,
  pidListeningOn,
  postgresPids,
  printTable,
  summarize,
  benchOpenApiClient,
  idempotent,
  type Envelope,
} from './common';

const BASE = baseUrl();
const CLIENTS = optInt('clients', 16);
const SECONDS = optInt('seconds', 20);
const WARMUP_OPS = optInt('warmup', 2);
const KEY_ID = opt('key-id', DEMO_KEY_ID);
const KEY_SECRET = opt('key-secret', DEMO_KEY_SECRET);
const MERCHANT = optInt('merchant', DEMO_OPEN_API_MERCHANT_ID);
const CURRENCY: CurrencyCode = 'IDR';
const PAYMENT_TYPE = PaymentType.VA;
const NOTIFY_URL = opt('notify-url', 'https://merchant.example.com/payments/callback');
/** Unique to this process: the time alone collided when two runs started in the same second (their order ids too). */
const RUN_TAG = `${Math.floor(Date.now() / 1000).toString(36)}${process.pid.toString(36)}${randomBytes(2).toString('hex')}`.toUpperCase();
const HOUR_MS = 3_600_000;
/** `--pgbench=off` leaves out PostgreSQL's own figures (pgbench: Debian's postgresql-client). */
const PGBENCH = opt('pgbench', 'on') !== 'off';

/** A log-normal IDR amount (median 150 000) that is not one of the sandbox magic endings. */
function amount(): bigint {
  let u = 0;
  while (u === 0) u = Math.random();
  const n = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * Math.random());
  const v = Math.min(40_000_000, Math.max(20_000, Math.round((150_000 * Math.exp(0.9 * n)) / 1000) * 1000));
  return BigInt(v + 500);
}

interface PhaseResult {
  name: string;
  ops: number;
  errors: number;
  seconds: number;
  pair: number[];
  create: number[];
  pay: number[];
  cpu: { server: number; postgres: number; bench: number };
  /** Mean number of client backends active / waiting for a lock (pg_stat_activity sampled every 200 ms). */
  waits: { active: number; lock: number };
  ids: string[];
  /** Statements sent to PostgreSQL during the timed part (NaN when the server does not report them). */
  roundTrips: number;
  firstError?: string;
}

/** The server's count of statements sent to PostgreSQL (it runs with DB_ROUND_TRIPS=on), else NaN. */
async function serverRoundTrips(): Promise<number> {
  const res = await fetch(`${BASE}/api/health`);
  const body = (await res.json()) as Envelope<{ dbRoundTrips?: number }>;
  return body.result?.dbRoundTrips ?? NaN;
}

/** Statements the raw-SQL phase's pool sends (each client.query is one round trip). */
let rawRoundTrips = 0;
function countRawRoundTrips(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      rawRoundTrips++;
      return query(...args);
    };
  });
}

/** Runs `op` from CLIENTS loops for SECONDS (after WARMUP_OPS untimed ops per client). */
async function runPhase(
  name: string,
  op: (client: number, n: number) => Promise<{ id: string; createMs: number; payMs: number }>,
  meters: { server: CpuMeter; postgres: CpuMeter },
  monitor: pg.Client,
  roundTrips: () => Promise<number>,
): Promise<PhaseResult> {
  const r: PhaseResult = {
    name,
    ops: 0,
    errors: 0,
    seconds: 0,
    pair: [],
    create: [],
    pay: [],
    cpu: { server: 0, postgres: 0, bench: 0 },
    waits: { active: 0, lock: 0 },
    ids: [],
    roundTrips: NaN,
  };
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; i < WARMUP_OPS; i++) await op(c, -1 - i);
    }),
  );
  const trips0 = await roundTrips();
  meters.server.start();
  meters.postgres.start();
  const benchCpu0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + SECONDS * 1000;
  const samples: { active: number; lock: number }[] = [];
  const sampler = (async () => {
    while (performance.now() < deadline) {
      const q = await monitor.query<{ active: number; lock: number }>(
        `select count(*) filter (where state = 'active')::int as active, count(*) filter (where wait_event_type = 'Lock')::int as lock
         from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`,
      );
      samples.push(q.rows[0]!);
      await new Promise((res) => setTimeout(res, 200));
    }
  })();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const s = performance.now();
        try {
          const x = await op(c, n);
          r.pair.push(performance.now() - s);
          r.create.push(x.createMs);
          r.pay.push(x.payMs);
          r.ids.push(x.id);
          r.ops++;
        } catch (e) {
          r.errors++;
          r.firstError ??= e instanceof Error ? e.message : String(e);
        }
      }
    }),
  );
  r.seconds = (performance.now() - t0) / 1000;
  // Less the one `select 1` of the health call that reads the counter.
  r.roundTrips = (await roundTrips()) - trips0 - 1;
  await sampler;
  const mean = (k: 'active' | 'lock') => samples.reduce((a, x) => a + x[k], 0) / Math.max(1, samples.length);
  r.waits = { active: mean('active'), lock: mean('lock') };
  r.cpu.server = meters.server.stop();
  r.cpu.postgres = meters.postgres.stop();
  const u = process.cpuUsage(benchCpu0);
  r.cpu.bench = (u.user + u.system) / 1e6;
  return r;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Open API                                                                                                     */

/** The generated client (packages/open-api-client) with the bench's key, over kept-alive connections. */
const api = benchOpenApiClient({ base: BASE, keyId: KEY_ID, keySecret: KEY_SECRET, merchantId: MERCHANT });

async function apiOp(client: number, n: number): Promise<{ id: string; createMs: number; payMs: number }> {
  const t0 = performance.now();
  const created = await api.POST('/collections', {
    body: {
      merchantOrderId: `A${RUN_TAG}-${client}-${n < 0 ? `w${-n}` : n}`,
      amount: amount().toString(),
      currency: CURRENCY,
      paymentType: PAYMENT_TYPE,
      payerName: 'Bench Payer',
      payerEmail: 'payer@mail.example',
      orderDescription: 'Benchmark order',
      notifyUrl: NOTIFY_URL,
    },
    params: idempotent(),
  });
  if (created.response.status !== 201 || !created.data)
    throw new Error(`create -> ${created.response.status}: ${JSON.stringify(created.error).slice(0, 300)}`);
  const t1 = performance.now();
  const id = created.data.result.id;
  const paid = await api.POST('/sandbox/collections/{id}/pay', { params: { path: { id }, ...idempotent() } });
  if (paid.response.status !== 200 || paid.data?.result.status !== PaymentStatus.SUCCESS) {
    throw new Error(`pay -> ${paid.response.status}: ${JSON.stringify(paid.data ?? paid.error).slice(0, 300)}`);
  }
  return { id, createMs: t1 - t0, payMs: performance.now() - t1 };
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Raw SQL baseline                                                                                             */

function rawOp(pool: pg.Pool, rule: FeeRuleValues | null, settlementDays: number) {
  return async (client: number, n: number): Promise<{ id: string; createMs: number; payMs: number }> => {
    const t0 = performance.now();
    const now = new Date();
    const id = newBusinessId('C', now);
    const amt = amount();
    const fee = rule ? feeOf(amt, rule) : { adminFee: 0n, serviceFee: 0n };
    const feeTotal = fee.adminFee + fee.serviceFee;
    await pool.query(
      `insert into collection (id, merchant_id, merchant_order_id, mode, source, currency, payment_type, channel, payment_code,
         amount, admin_fee, service_fee, status, payer_name, payer_email, order_description, expiry_hours, expires_at,
         notify_url, cashier_token, channel_reference, created_at, updated_at)
       values ($1, $2, $3, 'sandbox', 'api', $4, $5, 1, $6, $7, $8, $9, $10, 'Bench Payer', 'payer@mail.example', 'Benchmark order',
         $11, $12, $13, $14, $15, $16, $16)`,
      [
        id,
        MERCHANT,
        `R${RUN_TAG}-${client}-${n < 0 ? `w${-n}` : n}`,
        CURRENCY,
        PAYMENT_TYPE,
        `8801${String(Math.random()).slice(2, 14).padEnd(12, '0')}`,
        amt,
        fee.adminFee,
        fee.serviceFee,
        PaymentStatus.PENDING,
        COLLECTION_EXPIRY_HOURS_DEFAULT,
        new Date(now.getTime() + COLLECTION_EXPIRY_HOURS_DEFAULT * HOUR_MS),
        NOTIFY_URL,
        randomBytes(32).toString('base64url'),
        `SBX${randomBytes(10).toString('hex').toUpperCase()}`,
        now,
      ],
    );
    const t1 = performance.now();
    const c = await pool.connect();
    try {
      await c.query('begin');
      const paidAt = new Date();
      await c.query('select id from collection where merchant_id = $1 and id = $2 for update', [
        MERCHANT,
        id,
      ]);
      const date = settleDateFor(paidAt, CURRENCY, settlementDays);
      // Join the date's pending batch as the product does (settlements/queries.ts joinPendingBatch): find it taking its
      // advisory lock shared (its status is checked again by the order's update below); the date's first payment
      // creates it. Never an update of the batch.
      const batchId = async (): Promise<string> => {
        const found = await c.query<{ id: string }>(
          'select s.id, pg_advisory_xact_lock_shared($5::int, hashtext(s.id)) from settlement s where s.merchant_id = $1 and s.currency = $2 and s.settle_date = $3 and s.status = $4',
          [MERCHANT, CURRENCY, date, SettlementStatus.PENDING, BATCH_LOCK_CLASS],
        );
        if (found.rows[0]) return found.rows[0].id;
        const created = await c.query<{ id: string }>(
          `insert into settlement (id, merchant_id, currency, settle_date, due_at, status) values ($1, $2, $3, $4, $5, $6)
           on conflict (merchant_id, currency, settle_date) where status = $6 do nothing returning id`,
          [newBusinessId('S', paidAt), MERCHANT, CURRENCY, date, dueAtOf(date, CURRENCY), SettlementStatus.PENDING],
        );
        return created.rows[0]?.id ?? batchId();
      };
      const batch = { rows: [{ id: await batchId() }] };
      const transfer = await c.query<{ id: string }>(
        `insert into ledger_transfer (merchant_id, currency, flow, action_type, reference, idempotency_key, amount, fee)
         values ($1, $2, 'collection_succeeded', $7, $3, $4, $5, $6) returning id`,
        [
          MERCHANT,
          CURRENCY,
          id,
          `collection:${id}:succeeded`,
          amt,
          feeTotal,
          LEDGER_FLOW_ACTION.collection_succeeded,
        ],
      );
      const legs = [
        { merchantId: PLATFORM_MERCHANT_ID, kind: 'clearing', amount: -amt },
        { merchantId: MERCHANT, kind: 'pending', amount: amt - feeTotal },
        { merchantId: PLATFORM_MERCHANT_ID, kind: 'fee_revenue', amount: feeTotal },
      ].filter((l) => l.amount !== 0n);
      const accounts = await c.query<{ id: string; merchant_id: number; kind: string; balance: string }>(
        `select id, merchant_id, kind, balance from ledger_account
         where currency = $1 and ((merchant_id = $2 and kind in ('clearing', 'fee_revenue')) or (merchant_id = $3 and kind = 'pending'))
         order by id for update`,
        [CURRENCY, PLATFORM_MERCHANT_ID, MERCHANT],
      );
      const entries: (string | bigint | number)[][] = [];
      for (const leg of legs) {
        const a = accounts.rows.find((x) => x.merchant_id === leg.merchantId && x.kind === leg.kind);
        if (!a)
          throw new Error(
            `ledger account ${leg.merchantId}/${leg.kind} missing (run the open API phase first)`,
          );
        const before = BigInt(a.balance);
        const after = before + leg.amount;
        await c.query(
          'update ledger_account set balance = $2, version = version + 1, updated_at = now() where id = $1',
          [a.id, after],
        );
        entries.push([transfer.rows[0]!.id, a.id, leg.merchantId, leg.amount, before, after]);
      }
      await c.query(
        `insert into ledger_entry (transfer_id, account_id, merchant_id, currency, amount, balance_before, balance_after)
         select t, a, m, $1, x, b, f from unnest($2::bigint[], $3::bigint[], $4::int[], $5::bigint[], $6::bigint[], $7::bigint[]) as u(t, a, m, x, b, f)`,
        [CURRENCY, ...[0, 1, 2, 3, 4, 5].map((i) => entries.map((e) => e[i]))],
      );
      await c.query(
        `update collection set status = $3, paid_at = $4, paid_amount = amount, settlement_id = $5, updated_at = $4 where merchant_id = $1 and id = $2
           and exists (select 1 from settlement s where s.merchant_id = $1 and s.id = $5 and s.status = $6)`,
        [MERCHANT, id, PaymentStatus.SUCCESS, paidAt, batch.rows[0]!.id, SettlementStatus.PENDING],
      );
      const body = JSON.stringify({
        type: CallbackEvent.COLLECTION_SUCCEEDED,
        timestamp: paidAt.toISOString(),
        data: {
          id,
          merchantId: MERCHANT,
          merchantOrderId: `R${RUN_TAG}-${client}-${n}`,
          currency: CURRENCY,
          paymentType: PAYMENT_TYPE,
          status: PaymentStatus.SUCCESS,
          amount: amt.toString(),
          adminFee: fee.adminFee.toString(),
          serviceFee: fee.serviceFee.toString(),
          paidAt: paidAt.toISOString(),
          notifyStatus: NotifyStatus.PENDING,
        },
      });
      await c.query(
        `insert into callback_delivery (merchant_id, event_id, event_type, order_kind, order_id, url, body, status, next_attempt_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          MERCHANT,
          `msg_${randomBytes(16).toString('base64url')}`,
          CallbackEvent.COLLECTION_SUCCEEDED,
          CallbackOrderKind.COLLECTION,
          id,
          NOTIFY_URL,
          body,
          NotifyStatus.PENDING,
          paidAt,
        ],
      );
      await c.query('update collection set notify_status = $3 where merchant_id = $1 and id = $2', [
        MERCHANT,
        id,
        NotifyStatus.PENDING,
      ]);
      await c.query('commit');
    } catch (e) {
      await c.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
    return { id, createMs: t1 - t0, payMs: performance.now() - t1 };
  };
}

/* ---------------------------------------------------------------------------------------------------------- */

async function main(): Promise<void> {
  const url = databaseUrl();
  const pool = new pg.Pool({ connectionString: url, max: CLIENTS, application_name: 'bench-raw-sql' });
  countRawRoundTrips(pool);
  const port = Number(new URL(BASE).port || 80);
  const serverPid = Number(opt('server-pid', '0')) || pidListeningOn(port);
  const pgDir = path.join(path.resolve(opt('data-dir', DEFAULT_DATA_DIR)), 'pg');
  const meters = {
    server: new CpuMeter(() => (serverPid ? [serverPid] : [])),
    postgres: new CpuMeter(() => (process.env.DATABASE_URL ? [] : postgresPids(pgDir))),
  };
  console.log(
    `open-api-throughput: ${CLIENTS} clients x ${SECONDS} s, ${BASE}${OPEN_API_PREFIX} (key ${KEY_ID}), database ${describeUrl(url)}`,
  );
  console.log(
    `server pid ${serverPid || 'unknown'}; one op = POST /collections + POST /sandbox/collections/{id}/pay; machine: ${machineLine()}`,
  );

  const monitor = new pg.Client({ connectionString: url, application_name: 'bench-monitor' });
  await monitor.connect();
  const api = await runPhase('open API (HTTP, signed)', apiOp, meters, monitor, serverRoundTrips);
  if (api.ops === 0) throw new Error(`no open API op succeeded: ${api.firstError ?? 'unknown error'}`);

  const ruleRow = await pool.query<{ rate_bps: number; fixed_fee: string; min_fee: string }>(
    `select rate_bps, fixed_fee, min_fee from fee_rule where merchant_id = any($1::int[]) and currency = $2 and payment_type = $3
       and channel in (1, -1) and status = 1
     order by (merchant_id = $4) desc, (channel = -1) asc limit 1`,
    [[MERCHANT, PLATFORM_MERCHANT_ID], CURRENCY, PAYMENT_TYPE, MERCHANT],
  );
  const rule = ruleRow.rows[0]
    ? {
        rateBps: ruleRow.rows[0].rate_bps,
        fixedFee: BigInt(ruleRow.rows[0].fixed_fee),
        minFee: BigInt(ruleRow.rows[0].min_fee),
      }
    : null;
  const days =
    (await pool.query<{ d: number }>('select settlement_days as d from merchant where id = $1', [MERCHANT]))
      .rows[0]?.d ?? 1;
  const raw = await runPhase('raw SQL (pg, same writes)', rawOp(pool, rule, days), meters, monitor, async () => rawRoundTrips + 1);
  await monitor.end();
  // PostgreSQL's own figures in the same run (issue 43): the best SQL for a create + pay, and plain TPC-B.
  const pgb = PGBENCH
    ? [
        await pgbenchCreatePay(url, pool, { clients: CLIENTS, seconds: SECONDS, merchantId: MERCHANT, platformId: PLATFORM_MERCHANT_ID }),
        await pgbenchTpcb(url, pool, { clients: CLIENTS, seconds: SECONDS }),
      ]
    : [];

  // What the open API phase left behind: every paid collection has its callback in the outbox and its transfer.
  const check = await pool.query<{ callbacks: number; transfers: number; unbalanced: number }>(
    `select
       (select count(*)::int from callback_delivery where merchant_id = $1 and order_kind = 'collection' and order_id = any($2::text[])) as callbacks,
       (select count(*)::int from ledger_transfer where merchant_id = $1 and reference = any($2::text[])) as transfers,
       (select count(*)::int from (select t.id from ledger_transfer t join ledger_entry e on e.transfer_id = t.id
          where t.merchant_id = $1 and t.reference = any($3::text[]) group by t.id having sum(e.amount) <> 0) x) as unbalanced`,
    [MERCHANT, api.ids, [...api.ids, ...raw.ids]],
  );
  const replay = await pool.query<{ n: number }>(
    `select count(*)::int as n from ledger_account a
     where a.currency = $1 and a.balance <> coalesce((select sum(e.amount) from ledger_entry e where e.account_id = a.id), 0)`,
    [CURRENCY],
  );

  const rows: string[][] = [
    [
      'phase',
      'ops',
      'errors',
      'ops/s',
      'op p50 ms',
      'op p95 ms',
      'create p50/p95 ms',
      'pay p50/p95 ms',
      'CPU-ms/op server',
      'postgres',
      'bench',
      'DB active / lock-wait',
      'DB round trips/op',
    ],
  ];
  for (const p of [api, raw]) {
    const s = summarize(p.pair);
    const c = summarize(p.create);
    const y = summarize(p.pay);
    const per = (v: number) => (p.ops > 0 ? ((1000 * v) / p.ops).toFixed(1) : '-');
    rows.push([
      p.name,
      int(p.ops),
      int(p.errors),
      (p.ops / p.seconds).toFixed(1),
      ms(s.p50),
      ms(s.p95),
      `${ms(c.p50)} / ${ms(c.p95)}`,
      `${ms(y.p50)} / ${ms(y.p95)}`,
      p === raw ? '-' : per(p.cpu.server),
      per(p.cpu.postgres),
      per(p.cpu.bench),
      `${p.waits.active.toFixed(1)} / ${p.waits.lock.toFixed(1)}`,
      Number.isFinite(p.roundTrips) && p.ops > 0 ? (p.roundTrips / (p.ops + p.errors)).toFixed(1) : '-',
    ]);
  }
  console.log('');
  printTable(rows);
  console.log('');
  const apiRate = api.ops / api.seconds;
  const ratio = apiRate / (raw.ops / raw.seconds);
  console.log(
    `open API / raw SQL throughput: ${(ratio * 100).toFixed(0)} % (raw SQL is ${(1 / ratio).toFixed(1)}x the open API)`,
  );
  for (const b of pgb) {
    console.log(
      `${b.name}: ${b.tps.toFixed(1)} runs/s, latency ${b.latencyMs.toFixed(1)} ms, ${b.failed} failed; open API / it: ${(apiRate / b.tps).toFixed(2)}`,
    );
  }
  console.log(
    `open API ops: ${int(check.rows[0]!.callbacks)} callbacks enqueued and ${int(check.rows[0]!.transfers)} ledger transfers for ${int(api.ops)} paid collections`,
  );
  console.log(
    `ledger check: ${check.rows[0]!.unbalanced} unbalanced transfers; ${replay.rows[0]!.n} ${CURRENCY} accounts whose balance differs from the sum of their entries`,
  );
  console.log(
    'DB active / lock-wait: mean client backends running a statement / waiting for a row lock (pg_stat_activity every 200 ms)',
  );
  console.log(`machine after the run: ${machineLine()}`);
  for (const p of [api, raw]) if (p.firstError) console.log(`first error (${p.name}): ${p.firstError}`);
  await pool.end();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
