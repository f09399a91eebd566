/**
 * Long file: the generator writes every column of every seeded table in COPY order; splitting it would separate
 * the column lists from the rows that must match them.
 * Seeds N collections for the list / export benchmarks (docs/benchmarks.md), fast: rows are generated here in time
 * order and streamed with `COPY collection FROM STDIN` (./copy-in.ts), never one INSERT per row.
 *
 *   npm run bench:seed -w @mg/bench -- [--rows=1000000] [--days=90] [--others=50] [--other-share=0.1] [--append]
 *
 * Default: 1 000 000 collections of merchant 10001 (IDR) over the last 90 days, plus 50 smaller merchants
 * (20001-20050, created if missing) sharing another 10 % (Zipf-like: a few big, many small). Spread: channels of
 * IDR from the domain CHANNELS (enabled products, weighted like a real Indonesian mix), log-normal amounts within
 * the product limits, 90 % success / 5 % failed / 3 % closed / 2 % pending, fees by the merchant's fee rule (else
 * the platform default) with the server's own `feeOf`, paid a few minutes after creation, notify status mostly
 * notified, and every success in its merchant-day settlement batch (T+N in the merchant's zone; settled when due).
 *
 * Not written: ledger transfers / entries and callback deliveries. The list and export benchmarks read only
 * `collection` (and `settlement` for the settlement status); balances and balance records of these merchants do
 * NOT match the seeded collections. Use a throw-away DATA_DIR (docs/benchmarks.md).
 */
import { randomBytes } from 'node:crypto';
import {
  CHANNELS,
  COLLECTION_EXPIRY_HOURS_DEFAULT,
  CollectionFailureReason,
  CollectionSource,
  ApiKeyMode,
  NotifyStatus,
  PLATFORM_MERCHANT_ID,
  PaymentStatus,
  PaymentType,
  SettlementStatus,
  isProductChannel,
  type CurrencyCode,
} from '@mg/domain';
import pg from 'pg';
import { sandboxPaymentCode } from '../apps/server/src/modules/channels/sandbox';
import { feeOf, type FeeRuleValues } from '../apps/server/src/modules/fees/service';
import { dueAtOf, settleDateFor } from '../apps/server/src/modules/settlements/service';
import { newBusinessId } from '../apps/server/src/lib/ids';
import { BENCH_MERCHANT_ID, databaseUrl, describeUrl, int, machineLine, opt, optInt } from './common';
import { copyIn, copyText } from './copy-in';

const CURRENCY: CurrencyCode = 'IDR';
const ROWS = optInt('rows', 1_000_000);
const DAYS = optInt('days', 90);
const OTHERS = optInt('others', 50);
const OTHER_SHARE = Number(opt('other-share', '0.1'));
const MAIN = optInt('merchant', BENCH_MERCHANT_ID);
const FIRST_OTHER = optInt('first-other', 20001);
const APPEND = opt('append', 'false') === 'true';
/** Merchant order ids of this run: `B<run>-<seq>`, so a second run (--append) never collides. */
const RUN_TAG = Math.floor(Date.now() / 1000)
  .toString(36)
  .toUpperCase();
const ORDER_PREFIX = `B${RUN_TAG}-`;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/* ---------------------------------------------------------------------------------------------------------- */
/* Randomness                                                                                                   */

const rnd = Math.random;

/** Standard normal (Box-Muller). */
function normal(): number {
  let u = 0;
  while (u === 0) u = rnd();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
}

function weighted<T>(items: readonly { value: T; weight: number }[]): () => T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  const cum: number[] = [];
  let acc = 0;
  for (const i of items) cum.push((acc += i.weight / total));
  return () => {
    const r = rnd();
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (r <= cum[mid]!) hi = mid;
      else lo = mid + 1;
    }
    return items[lo]!.value;
  };
}

/** Random bytes from a refilled pool (one randomBytes call per 64 KiB instead of one per row). */
class BytePool {
  #buf = randomBytes(65_536);
  #at = 0;
  take(n: number): Buffer {
    if (this.#at + n > this.#buf.length) {
      this.#buf = randomBytes(65_536);
      this.#at = 0;
    }
    const out = this.#buf.subarray(this.#at, this.#at + n);
    this.#at += n;
    return out;
  }
}
const bytes = new BytePool();

/* ---------------------------------------------------------------------------------------------------------- */
/* What a row looks like                                                                                        */

/** Share of Indonesian payments by channel code (VA ~45 %, e-wallets and QRIS ~40 %, convenience stores ~15 %). */
const CHANNEL_WEIGHT: Record<number, number> = {
  1: 18,
  2: 10,
  3: 7,
  4: 7,
  5: 3,
  6: 7,
  7: 8,
  8: 6,
  9: 3,
  10: 1,
  11: 15,
  12: 9,
  13: 6,
};

/** Hour-of-day intensity in the merchant's zone (quiet at night, peaks at lunch and evening). */
const HOURLY = [
  0.25, 0.15, 0.1, 0.08, 0.1, 0.2, 0.45, 0.7, 0.9, 1, 1.05, 1.15, 1.3, 1.2, 1.05, 1, 1, 1.05, 1.2, 1.45, 1.6,
  1.5, 1.1, 0.6,
];
const ZONE_OFFSET_H = 7; // Asia/Jakarta, no DST

const FIRST_NAMES = [
  'Budi',
  'Siti',
  'Agus',
  'Dewi',
  'Rudi',
  'Putri',
  'Andi',
  'Maya',
  'Hendra',
  'Lina',
  'Yusuf',
  'Rina',
  'Eko',
  'Wulan',
  'Fajar',
  'Indah',
  'Rizky',
  'Ayu',
  'Dimas',
  'Nur',
];
const LAST_NAMES = [
  'Santoso',
  'Rahma',
  'Wijaya',
  'Lestari',
  'Hartono',
  'Ayu',
  'Saputra',
  'Sari',
  'Gunawan',
  'Marlina',
  'Hidayat',
  'Kusuma',
  'Pratama',
  'Nugroho',
  'Utami',
  'Setiawan',
];
const ITEMS = [
  'Top-up 100 diamonds',
  'Monthly subscription',
  'Order of 3 items',
  'Voucher game 50K',
  'Premium membership',
  'Delivery fee',
  'E-book bundle',
  'Streaming plan',
  'Pulsa 100K',
  'Course enrolment',
];
const FAILURES = [
  { value: CollectionFailureReason.INSUFFICIENT_FUNDS, weight: 45 },
  { value: CollectionFailureReason.PAYER_DECLINED, weight: 25 },
  { value: CollectionFailureReason.CHANNEL_DECLINED, weight: 20 },
  { value: CollectionFailureReason.CHANNEL_TIMEOUT, weight: 10 },
];
const pickFailure = weighted(FAILURES);
const pickStatus = weighted([
  { value: PaymentStatus.SUCCESS, weight: 90 },
  { value: PaymentStatus.FAILED, weight: 5 },
  { value: PaymentStatus.CLOSED, weight: 3 },
  { value: PaymentStatus.PENDING, weight: 2 },
]);
const pickNotify = weighted([
  { value: NotifyStatus.NOTIFIED, weight: 96 },
  { value: NotifyStatus.PENDING, weight: 2.5 },
  { value: NotifyStatus.FAILED, weight: 1.5 },
]);

interface Product {
  paymentType: number;
  channel: number;
  min: bigint;
  max: bigint;
}

interface Merchant {
  id: number;
  settlementDays: number;
  seq: number;
}

const COLUMNS = [
  'id',
  'merchant_id',
  'merchant_order_id',
  'mode',
  'source',
  'currency',
  'payment_type',
  'channel',
  'payment_code',
  'amount',
  'admin_fee',
  'service_fee',
  'paid_amount',
  'refunded_amount',
  'status',
  'failure_reason',
  'payer_name',
  'payer_email',
  'payer_phone',
  'order_description',
  'expiry_hours',
  'expires_at',
  'paid_at',
  'notify_status',
  'cashier_token',
  'settlement_id',
  'channel_reference',
  'created_at',
  'updated_at',
] as const;

interface Batch {
  id: string;
  inserted: boolean;
  count: number;
  gross: bigint;
  fee: bigint;
  firstPaid: Date | null;
  lastPaid: Date | null;
}

/* ---------------------------------------------------------------------------------------------------------- */

async function main(): Promise<void> {
  const url = databaseUrl();
  const client = new pg.Client({ connectionString: url, application_name: 'bench-seed' });
  await client.connect();
  // A million rows are not a million changes anyone watches: no realtime event per row (migration 0018).
  await client.query(`set mg.realtime = 'off'`);
  console.log(
    `seed-collections: ${int(ROWS)} rows for merchant ${MAIN} + ${Math.round(OTHER_SHARE * 100)} % for ${OTHERS} others, ${DAYS} days, ${CURRENCY}, database ${describeUrl(url)}; machine: ${machineLine()}`,
  );

  // Refuse to double a previous seed by accident.
  const prior = await client.query<{ n: number }>(
    `select count(*)::int as n from collection where merchant_id = $1 and merchant_order_id ~ '^B[0-9A-Z]+-'`,
    [MAIN],
  );
  if ((prior.rows[0]?.n ?? 0) > 0 && !APPEND) {
    console.error(
      `merchant ${MAIN} already has ${int(prior.rows[0]!.n)} seeded collections; pass --append to add more, or use a fresh DATA_DIR`,
    );
    process.exit(2);
  }

  // Merchants 20001.. (IDR), created if missing.
  const otherIds = Array.from({ length: OTHERS }, (_, i) => FIRST_OTHER + i);
  if (otherIds.length > 0) {
    await client.query(
      `insert into merchant (id, name, brand, currencies, status)
       select id, 'Bench Merchant ' || id, 'tikipay', array['${CURRENCY}'], 'active' from unnest($1::int[]) as id
       on conflict (id) do nothing`,
      [otherIds],
    );
  }
  const mrows = await client.query<{ id: number; settlement_days: number }>(
    `select id, settlement_days from merchant where id = any($1::int[])`,
    [[MAIN, ...otherIds]],
  );
  const merchants = new Map<number, Merchant>(
    mrows.rows.map((m) => [m.id, { id: m.id, settlementDays: m.settlement_days, seq: 0 }]),
  );
  if (!merchants.has(MAIN))
    throw new Error(`merchant ${MAIN} does not exist (start the server once so the demo data is seeded)`);

  // Products of the currency (domain channels that are products, enabled in the product table) and fee rules.
  const prows = await client.query<{
    payment_type: number;
    channel: number;
    min_amount: string;
    max_amount: string;
  }>(`select payment_type, channel, min_amount, max_amount from product where currency = $1 and status = 1`, [
    CURRENCY,
  ]);
  const products: Product[] = prows.rows
    .filter((p) =>
      CHANNELS.some((c) => c.code === p.channel && isProductChannel(c) && c.countries.includes(CURRENCY)),
    )
    .map((p) => ({
      paymentType: p.payment_type,
      channel: p.channel,
      min: BigInt(p.min_amount),
      max: BigInt(p.max_amount),
    }));
  if (products.length === 0)
    throw new Error(`no enabled ${CURRENCY} products: start the server once (it seeds products and fees)`);
  const pickProduct = weighted(products.map((p) => ({ value: p, weight: CHANNEL_WEIGHT[p.channel] ?? 1 })));

  const frows = await client.query<{
    merchant_id: number;
    payment_type: number;
    channel: number;
    rate_bps: number;
    fixed_fee: string;
    min_fee: string;
  }>(
    `select merchant_id, payment_type, channel, rate_bps, fixed_fee, min_fee from fee_rule where currency = $1 and status = 1 and merchant_id = any($2::int[])`,
    [CURRENCY, [PLATFORM_MERCHANT_ID, ...merchants.keys()]],
  );
  const rules = new Map<string, FeeRuleValues>(
    frows.rows.map((r) => [
      `${r.merchant_id}/${r.payment_type}/${r.channel}`,
      { rateBps: r.rate_bps, fixedFee: BigInt(r.fixed_fee), minFee: BigInt(r.min_fee) },
    ]),
  );
  /** Same precedence as fees/service quoteFee: merchant before platform, channel rule before any-channel rule. */
  const ruleCache = new Map<string, FeeRuleValues | null>();
  const ruleOf = (merchantId: number, p: Product): FeeRuleValues | null => {
    const key = `${merchantId}/${p.paymentType}/${p.channel}`;
    let r = ruleCache.get(key);
    if (r === undefined) {
      r =
        rules.get(`${merchantId}/${p.paymentType}/${p.channel}`) ??
        rules.get(`${merchantId}/${p.paymentType}/-1`) ??
        rules.get(`${PLATFORM_MERCHANT_ID}/${p.paymentType}/${p.channel}`) ??
        rules.get(`${PLATFORM_MERCHANT_ID}/${p.paymentType}/-1`) ??
        null;
      ruleCache.set(key, r);
    }
    return r;
  };

  // Time buckets (day x hour) and how many rows of each merchant fall in each, with cumulative rounding so the
  // totals are exact: the main merchant gets ROWS, the others ROWS * OTHER_SHARE by Zipf weight 1/rank.
  const now = Date.now();
  const end = now - MINUTE_MS;
  const start = end - DAYS * DAY_MS;
  const zipf = otherIds.map((_, i) => 1 / (i + 1));
  const zipfSum = zipf.reduce((a, b) => a + b, 0);
  const othersTotal = Math.round(ROWS * OTHER_SHARE);
  const shares = [
    { id: MAIN, total: ROWS },
    ...otherIds.map((id, i) => ({ id, total: Math.round((othersTotal * zipf[i]!) / zipfSum) })),
  ];
  const bucketMs = HOUR_MS;
  const buckets = Math.ceil((end - start) / bucketMs);
  const intensity: number[] = [];
  for (let b = 0; b < buckets; b++) {
    const t = start + b * bucketMs;
    const localHour = (new Date(t).getUTCHours() + ZONE_OFFSET_H) % 24;
    const weekday = new Date(t + ZONE_OFFSET_H * HOUR_MS).getUTCDay();
    // Slow growth over the period (+30 %) and busier weekends (+15 %).
    intensity.push(
      HOURLY[localHour]! * (1 + (0.3 * b) / buckets) * (weekday === 0 || weekday === 6 ? 1.15 : 1),
    );
  }
  const intensitySum = intensity.reduce((a, b) => a + b, 0);
  const cumIntensity: number[] = [];
  {
    let acc = 0;
    for (const w of intensity) cumIntensity.push((acc += w / intensitySum));
  }
  const countIn = (total: number, b: number) =>
    Math.round(total * cumIntensity[b]!) - (b === 0 ? 0 : Math.round(total * cumIntensity[b - 1]!));

  // Settlement batches: one per merchant and local settle date, created up front (existing ones, e.g. of the demo
  // data, are reused) so each collection row can carry its batch id; their sums are added at the end.
  const batchKeys = new Set<string>();
  for (let d = -1; d <= DAYS + 1; d++) {
    for (const m of merchants.values())
      batchKeys.add(`${m.id}|${settleDateFor(new Date(start + d * DAY_MS), CURRENCY, m.settlementDays)}`);
  }
  const batches = new Map<string, Batch>();
  {
    const keys = [...batchKeys].map((k) => k.split('|') as [string, string]);
    const res = await client.query<{
      id: string;
      merchant_id: number;
      settle_date: string;
      inserted: boolean;
    }>(
      `insert into settlement (id, merchant_id, currency, settle_date, due_at, status)
       select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::text[])
       on conflict (merchant_id, currency, settle_date) where status = '${SettlementStatus.PENDING}' do update set updated_at = settlement.updated_at
       returning id, merchant_id, settle_date, (xmax = 0) as inserted`,
      [
        keys.map(([, date]) => newBusinessId('S', new Date(`${date}T00:00:00Z`))),
        keys.map(([m]) => Number(m)),
        keys.map(() => CURRENCY),
        keys.map(([, date]) => date),
        keys.map(([, date]) => dueAtOf(date, CURRENCY)),
        keys.map(() => SettlementStatus.PENDING),
      ],
    );
    for (const r of res.rows) {
      batches.set(`${r.merchant_id}|${r.settle_date}`, {
        id: r.id,
        inserted: r.inserted,
        count: 0,
        gross: 0n,
        fee: 0n,
        firstPaid: null,
        lastPaid: null,
      });
    }
  }

  const total = shares.reduce((s, m) => s + m.total, 0);
  let generated = 0;
  const t0 = performance.now();
  let lastReport = t0;

  function rowOf(merchantId: number, createdMs: number): string {
    const m = merchants.get(merchantId)!;
    const created = new Date(createdMs);
    const id = newBusinessId('C', created);
    const p = pickProduct();
    // Log-normal amount: median ~150 000 IDR, most between 30 000 and 800 000; prices mostly round thousands.
    let amount = BigInt(Math.round(150_000 * Math.exp(1.05 * normal())));
    if (rnd() < 0.75) amount = (amount / 1000n) * 1000n;
    if (amount < p.min) amount = p.min;
    if (amount > p.max) amount = p.max;
    const rule = ruleOf(merchantId, p);
    const fee = rule ? feeOf(amount, rule) : { adminFee: 0n, serviceFee: 0n };
    const status = pickStatus();
    const reference = `SBX${bytes.take(10).toString('hex').toUpperCase()}`;
    const paymentCode = sandboxPaymentCode(
      {
        id,
        merchantId,
        currency: CURRENCY,
        paymentType: p.paymentType,
        channel: p.channel,
        amount,
        expiresAt: created,
      },
      reference,
    );
    const expiresAt = new Date(createdMs + COLLECTION_EXPIRY_HOURS_DEFAULT * HOUR_MS);
    let paidAt: Date | null = null;
    let updated = created;
    let settlementId: string | null = null;
    let failure: string | null = null;
    if (status === PaymentStatus.SUCCESS) {
      // Paid a few minutes later (log-normal, median ~3 min; VAs take longer than wallets).
      const median = p.paymentType === PaymentType.VA ? 6 : p.paymentType === PaymentType.OTC ? 25 : 1.5;
      paidAt = new Date(
        Math.min(now - 1000, createdMs + Math.round(median * MINUTE_MS * Math.exp(0.9 * normal()))),
      );
      updated = paidAt;
      const batch = batches.get(`${merchantId}|${settleDateFor(paidAt, CURRENCY, m.settlementDays)}`);
      if (!batch) throw new Error(`no settlement batch for ${merchantId} ${paidAt.toISOString()}`);
      settlementId = batch.id;
      batch.count++;
      batch.gross += amount;
      batch.fee += fee.adminFee + fee.serviceFee;
      if (!batch.firstPaid || paidAt < batch.firstPaid) batch.firstPaid = paidAt;
      if (!batch.lastPaid || paidAt > batch.lastPaid) batch.lastPaid = paidAt;
    } else if (status === PaymentStatus.FAILED) {
      failure = pickFailure();
      updated = new Date(createdMs + Math.round(2 * MINUTE_MS * Math.exp(normal())));
    } else if (status === PaymentStatus.CLOSED) {
      updated = expiresAt.getTime() < now ? expiresAt : created;
    }
    if (updated.getTime() > now) updated = new Date(now);
    const first = FIRST_NAMES[Math.floor(rnd() * FIRST_NAMES.length)]!;
    const last = LAST_NAMES[Math.floor(rnd() * LAST_NAMES.length)]!;
    const seq = ++m.seq;
    const phone = `08${String(1_000_000_000 + Math.floor(rnd() * 8_999_999_999)).slice(0, 10)}`;
    const values = [
      id,
      merchantId,
      `${ORDER_PREFIX}${String(seq).padStart(8, '0')}`,
      ApiKeyMode.SANDBOX,
      CollectionSource.API,
      CURRENCY,
      p.paymentType,
      p.channel,
      paymentCode,
      amount,
      fee.adminFee,
      fee.serviceFee,
      status === PaymentStatus.SUCCESS ? amount : null,
      0,
      status,
      failure,
      `${first} ${last}`,
      rnd() < 0.8 ? `${first}.${last}${seq % 97}@mail.example`.toLowerCase() : null,
      rnd() < 0.7 ? phone : null,
      ITEMS[Math.floor(rnd() * ITEMS.length)]!,
      COLLECTION_EXPIRY_HOURS_DEFAULT,
      expiresAt.toISOString(),
      paidAt?.toISOString() ?? null,
      status === PaymentStatus.PENDING ? null : pickNotify(),
      bytes.take(32).toString('base64url'),
      settlementId,
      reference,
      created.toISOString(),
      updated.toISOString(),
    ];
    return values.map(copyText).join('\t');
  }

  async function* chunks(): AsyncGenerator<string> {
    const lines: string[] = [];
    for (let b = 0; b < buckets; b++) {
      const bucketStart = start + b * bucketMs;
      const rows: { t: number; m: number }[] = [];
      for (const s of shares) {
        const n = countIn(s.total, b);
        for (let i = 0; i < n; i++) rows.push({ t: bucketStart + Math.floor(rnd() * bucketMs), m: s.id });
      }
      rows.sort((a, b2) => a.t - b2.t);
      for (const r of rows) lines.push(rowOf(r.m, Math.min(r.t, end)));
      generated += rows.length;
      if (lines.length >= 2_000) {
        yield `${lines.join('\n')}\n`;
        lines.length = 0;
      }
      const nowT = performance.now();
      if (nowT - lastReport > 5_000) {
        lastReport = nowT;
        const s = (nowT - t0) / 1000;
        console.log(
          `  ${int(generated)} / ${int(total)} rows, ${s.toFixed(0)} s, ${int(generated / s)} rows/s`,
        );
      }
    }
    if (lines.length > 0) yield `${lines.join('\n')}\n`;
  }

  const copied = await copyIn(client, `copy collection (${COLUMNS.join(', ')}) from stdin`, chunks());
  const copySeconds = (performance.now() - t0) / 1000;
  console.log(
    `collections: ${int(copied)} rows in ${copySeconds.toFixed(1)} s = ${int(copied / copySeconds)} rows/s (COPY, indexes in place)`,
  );

  // Settlement batch sums; batches created here that got nothing are removed again.
  const t1 = performance.now();
  const used = [...batches.values()].filter((b) => b.count > 0);
  const nowDate = new Date(now);
  await client.query(
    `update settlement s set
       collection_count = s.collection_count + u.n,
       gross_amount = s.gross_amount + u.gross,
       fee_amount = s.fee_amount + u.fee,
       net_amount = s.net_amount + u.gross - u.fee,
       created_at = case when u.inserted then u.first_paid else s.created_at end,
       updated_at = greatest(s.updated_at, u.last_paid),
       status = case when u.inserted and s.due_at <= $7 then '${SettlementStatus.SETTLED}' else s.status end,
       settled_at = case when u.inserted and s.due_at <= $7 then s.due_at + interval '5 minutes' else s.settled_at end
     from unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[], $5::timestamptz[], $6::timestamptz[], $8::bool[])
       as u(id, n, gross, fee, first_paid, last_paid, inserted)
     where s.id = u.id`,
    [
      used.map((b) => b.id),
      used.map((b) => b.count),
      used.map((b) => b.gross.toString()),
      used.map((b) => b.fee.toString()),
      used.map((b) => b.firstPaid),
      used.map((b) => b.lastPaid),
      nowDate,
      used.map((b) => b.inserted),
    ],
  );
  const unused = [...batches.values()].filter((b) => b.count === 0 && b.inserted).map((b) => b.id);
  await client.query(`delete from settlement where id = any($1::text[]) and collection_count = 0`, [unused]);
  console.log(
    `settlements: ${int(used.length)} merchant-day batches (${int(used.filter((b) => b.inserted).length)} new) in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
  );

  // A production table has been vacuumed and analysed; do the same so plans and index-only scans are realistic.
  // A VACUUM that runs while autovacuum analyses the new rows leaves most pages not all-visible (its snapshot holds
  // the horizon back: 10 % all-visible was seen), and index-only scans then visit the heap: vacuum until they are.
  const t2 = performance.now();
  let visible = 0;
  for (let round = 0; round < 3 && visible < 0.99; round++) {
    await client.query('vacuum (freeze, analyze) collection');
    await client.query('vacuum (analyze) settlement');
    const v = await client.query<{ f: number }>(
      `select coalesce(relallvisible::float / nullif(relpages, 0), 1) as f from pg_class where oid = 'collection'::regclass`,
    );
    visible = Number(v.rows[0]?.f ?? 0);
  }
  console.log(`vacuum (freeze, analyze): ${((performance.now() - t2) / 1000).toFixed(1)} s, ${(visible * 100).toFixed(1)} % of the heap all-visible`);

  const sizes = await client.query<{ n: string; heap: string; idx: string }>(
    `select (select count(*) from collection)::text as n, pg_size_pretty(pg_table_size('collection')) as heap, pg_size_pretty(pg_indexes_size('collection')) as idx`,
  );
  const mix = await client.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from collection where merchant_id = $1 and merchant_order_id like $2 group by 1 order by 2 desc`,
    [MAIN, `${ORDER_PREFIX}%`],
  );
  const totalSeconds = (performance.now() - t0) / 1000;
  console.log(
    `collection table: ${int(Number(sizes.rows[0]?.n))} rows, heap ${sizes.rows[0]?.heap}, indexes ${sizes.rows[0]?.idx}`,
  );
  console.log(
    `merchant ${MAIN} status mix: ${mix.rows.map((r) => `${r.status} ${((100 * r.n) / ROWS).toFixed(1)} %`).join(', ')}`,
  );
  console.log(
    `done: ${int(copied)} collections in ${totalSeconds.toFixed(1)} s overall = ${int(copied / totalSeconds)} rows/s (order ids ${ORDER_PREFIX}*); machine: ${machineLine()}`,
  );
  await client.end();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
