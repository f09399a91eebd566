/**
 * Live operations at a million orders (issue 15, docs/benchmarks.md): after `bench:seed` (whose collections' outcomes
 * the database writes into channel_outcome as they are copied), platform staff's GET /api/channel-health and one
 * channel's chart, and the global search by each kind of identifier (as the merchant and as platform staff);
 * sequential calls, client time over loopback; with the outcome rows counted and the plan of the windows'
 * statement. The bars: both under 100 ms at a million rows.
 *
 *   npm run bench:live -w @mg/bench -- [--base-url=http://127.0.0.1:18080] [--runs=50] [--warmup=5]
 */
import pg from 'pg';
import { baseUrl, databaseUrl, machineLine, ms, optInt, printTable, signIn, summarize, type Envelope } from './common';

const BASE = baseUrl();
const RUNS = optInt('runs', 50);
const WARMUP = optInt('warmup', 5);
const CURRENCY = 'IDR';
const TARGET_P95_MS = 100;

async function timed(url: string, token: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'x-access-token': token, accept: 'application/json' } });
  const body = (await res.json()) as Envelope<unknown>;
  if (res.status !== 200 || !body.success) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return performance.now() - t0;
}

async function main(): Promise<void> {
  const token = await signIn(BASE, 'admin', undefined, CURRENCY);
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  const counts = await db.query<{ all: string; day: string; orders: string }>(
    `select (select count(*) from channel_outcome) as all,
            (select count(*) from channel_outcome where currency = $1 and at > now() - interval '24 hours') as day,
            (select count(*) from collection) as orders`,
    [CURRENCY],
  );
  const c = counts.rows[0]!;
  console.log(machineLine());
  console.log(`collections ${Number(c.orders).toLocaleString('en-US')}, outcomes ${Number(c.all).toLocaleString('en-US')}, of ${CURRENCY} in the last 24 h ${Number(c.day).toLocaleString('en-US')}`);

  // A seeded order of the benchmark's merchant, found by each of its identifiers.
  const sample = await db.query<{ id: string; merchant_order_id: string; payment_code: string | null; payer_email: string | null }>(
    `select id, merchant_order_id, payment_code, payer_email from collection
     where merchant_id = 10001 and payment_code is not null and payer_email is not null order by created_at desc limit 1 offset 5000`,
  );
  const o = sample.rows[0];
  const merchantToken = await signIn(BASE, 'demo_admin', undefined, CURRENCY);
  const search = (q: string) => `${BASE}/api/search?q=${encodeURIComponent(q)}`;
  const cases: { name: string; url: string; token: string }[] = [
    { name: 'channel health, every channel (4 windows, top reasons)', url: `${BASE}/api/channel-health?currency=${CURRENCY}`, token },
    { name: 'one channel, 24 hourly buckets', url: `${BASE}/api/channel-health/series?currency=${CURRENCY}&kind=collection&channel=1`, token },
    ...(o
      ? [
          { name: 'search by platform id (merchant)', url: search(o.id), token: merchantToken },
          { name: 'search by merchant order id (merchant)', url: search(o.merchant_order_id), token: merchantToken },
          { name: 'search by payment code (merchant)', url: search(o.payment_code ?? ''), token: merchantToken },
          { name: 'search by payer e-mail (merchant)', url: search(o.payer_email ?? ''), token: merchantToken },
          { name: 'search by payment code (platform staff, every merchant)', url: search(o.payment_code ?? ''), token },
          { name: 'search, nothing found (platform staff)', url: search('NO-SUCH-ORDER-0000'), token },
        ]
      : []),
  ];
  const rows: string[][] = [['case', 'p50 ms', 'p95 ms', 'max ms', `p95 < ${TARGET_P95_MS} ms`]];
  for (const k of cases) {
    for (let i = 0; i < WARMUP; i++) await timed(k.url, k.token);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) samples.push(await timed(k.url, k.token));
    const s = summarize(samples);
    rows.push([k.name, ms(s.p50), ms(s.p95), ms(s.max), s.p95 < TARGET_P95_MS ? 'yes' : 'NO']);
  }
  printTable(rows);

  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) select kind, channel, count(*) filter (where at > now() - interval '5 minutes'),
       percentile_cont(0.95) within group (order by duration_ms) filter (where at > now() - interval '60 minutes')
     from channel_outcome where currency = $1 and at > now() - interval '24 hours' and at <= now() group by 1, 2`,
    [CURRENCY],
  );
  console.log('\nplan of the windows statement (two of its columns):');
  for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
  await db.end();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
