/**
 * PostgreSQL's own figures for bench:api, run in the same run against the same database server (issue 43):
 *
 *   create + pay, best SQL  a pgbench custom script doing the writes of one create + pay as a person would write them
 *                           by hand: two transactions (the create, the payment), each with its nonce and its
 *                           Idempotency-Key answer; the order, the ledger transfer, its three entries, the order's
 *                           update to paid and its callback outbox row. No row every payment shares is locked or
 *                           updated: the entries carry the movement (balance before 0, after the amount) and no
 *                           balance row is moved, and the order joins an existing settlement batch by id. The answers
 *                           and the callback body are copies of what the open API phase stored, so every row has its
 *                           real size. The tables are copies of the product's (`create table ... (like ... including
 *                           all)`: columns, defaults, checks and indexes; no foreign keys, no triggers, so neither the
 *                           realtime events nor the channel outcome rows the product's triggers add) in a scratch
 *                           schema dropped afterwards: the product's ledger is never touched.
 *   TPC-B                   plain `pgbench` (its own tables, scale 16, in a scratch database dropped afterwards).
 *
 * Both with `-M prepared` (the product names its hot statements too) and the bench's client count.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from './server';

export interface PgbenchResult {
  name: string;
  /** Script runs per second (one run = one create + pay, or one TPC-B transaction), without connection setup. */
  tps: number;
  /** Mean latency of one run, ms. */
  latencyMs: number;
  failed: number;
}

const SCHEMA = 'bench_pgbench';
const TABLES = ['api_nonce', 'idempotency_record', 'collection', 'ledger_transfer', 'ledger_entry', 'callback_delivery'] as const;

/** pgbench's summary lines: "tps = 1234.5 (without initial connection time)", "latency average = 12.9 ms". */
function parse(name: string, out: string): PgbenchResult {
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
  const lat = /latency average = ([\d.]+) ms/.exec(out);
  const failed = /number of failed transactions: (\d+)/.exec(out);
  if (!tps || !lat) throw new Error(`pgbench (${name}) printed no figures:\n${out.slice(-2000)}`);
  return { name, tps: Number(tps[1]), latencyMs: Number(lat[1]), failed: failed ? Number(failed[1]) : 0 };
}

function pgbench(url: string, args: string[]): string {
  const r = spawnSync('pgbench', [...args, url], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw new Error(`pgbench could not run (${r.error.message}): install postgresql-client (Debian) or put pgbench on PATH`);
  if (r.status !== 0) throw new Error(`pgbench ${args.join(' ')} exited ${r.status}:\n${r.stderr.slice(-2000)}`);
  return `${r.stdout}\n${r.stderr}`;
}

/** `url` with libpq parameters added (percent-encoded: libpq reads no '+' as a space). */
function withParams(url: string, params: Record<string, string>): string {
  const extra = Object.entries(params).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${url}${url.includes('?') ? '&' : '?'}${extra}`;
}

/**
 * A stored text by name: pgbench takes every `:name` of a script as a variable, inside quotes too (`18:47` of a
 * timestamp included), so the texts wait in a scratch table and each insert reads its own (one index lookup).
 */
const text = (k: string) => `(select body from bench_text where k = '${k}')`;

/** The texts the open API phase stored for one create + pay, so the baseline writes rows of the same size. */
async function realTexts(pool: pg.Pool, merchantId: number): Promise<{ created: string; paid: string; callback: string; settlementId: string }> {
  const answer = async (suffix: string) =>
    (
      await pool.query<{ body: string }>(
        `select response_body as body from idempotency_record where merchant_id = $1 and path like $2 and response_status < 300 order by created_at desc limit 1`,
        [merchantId, `%${suffix}`],
      )
    ).rows[0]?.body;
  const cb = await pool.query<{ body: string }>(`select body from callback_delivery where merchant_id = $1 order by id desc limit 1`, [merchantId]);
  const batch = await pool.query<{ id: string }>(`select id from settlement where merchant_id = $1 order by created_at desc limit 1`, [merchantId]);
  const created = await answer('/collections');
  const paid = await answer('/pay');
  if (!created || !paid || !cb.rows[0] || !batch.rows[0]) throw new Error('run the open API phase first: its stored answers size the baseline rows');
  return { created, paid, callback: cb.rows[0].body, settlementId: batch.rows[0].id };
}

/** The custom script: one run = one create + pay, two transactions. */
function script(settlementId: string, merchantId: number, platformId: number, accounts: { clearing: number; pending: number; feeRevenue: number }): string {
  const nonce = `insert into api_nonce (key_id, nonce) values ('mk_pgbench', md5(random()::text));`;
  const idem = (p: string, status: number, k: string) =>
    `insert into idempotency_record (merchant_id, key, method, path, request_hash, response_status, response_body) values (${merchantId}, gen_random_uuid()::text, 'POST', '${p}', md5(random()::text), ${status}, ${text(k)});`;
  return [
    '\\set amt random(20, 40000) * 1000 + 500',
    '\\set fee 4000',
    'BEGIN;',
    nonce,
    idem('/api/open/v1/collections', 201, 'created'),
    `insert into collection (id, merchant_id, merchant_order_id, mode, source, currency, payment_type, channel, payment_code, amount, admin_fee, service_fee, status, payer_name, payer_email, order_description, expiry_hours, expires_at, notify_url, cashier_token, channel_reference)
       values ('C' || upper(substr(md5(random()::text), 1, 22)), ${merchantId}, 'PGB-' || md5(random()::text), 'sandbox', 'api', 'IDR', 1, 1, '8801' || (random() * 1e11)::bigint, :amt, 0, :fee, 'pending', 'Bench Payer', 'payer@mail.example', 'Benchmark order', 24, now() + interval '24 hours', 'https://merchant.example.com/payments/callback', substr(md5(random()::text) || md5(random()::text), 1, 43), 'SBX' || upper(md5(random()::text)))
       returning id \\gset`,
    'COMMIT;',
    'BEGIN;',
    nonce,
    idem('/api/open/v1/sandbox/collections/x/pay', 200, 'paid'),
    `insert into ledger_transfer (merchant_id, currency, flow, action_type, reference, idempotency_key, amount, fee)
       values (${merchantId}, 'IDR', 'collection_succeeded', 1, :id::text, 'collection-' || :id::text || '-succeeded', :amt::bigint, :fee::bigint) returning id as tid \\gset`,
    `insert into ledger_entry (transfer_id, account_id, merchant_id, currency, amount, balance_before, balance_after)
       select :tid::bigint, a, ${merchantId}, 'IDR', x, 0, x from (values (${accounts.clearing}, -(:amt::bigint)), (${accounts.pending}, :amt::bigint - :fee::bigint), (${accounts.feeRevenue}, :fee::bigint)) v(a, x);`,
    `update collection set status = 'success', paid_at = now(), paid_amount = amount, settlement_id = '${settlementId}', notify_status = 'pending', updated_at = now() where merchant_id = ${merchantId} and id = :id::text;`,
    `insert into callback_delivery (merchant_id, event_id, event_type, order_kind, order_id, url, body, status)
       values (${merchantId}, 'msg_' || md5(random()::text), 'collection.succeeded', 'collection', :id::text, 'https://merchant.example.com/payments/callback', ${text('callback')}, 'pending');`,
    'COMMIT;',
    '',
  ].join('\n');
}

/**
 * The create + pay script for `seconds` at `clients` against copies of the product's tables in a scratch schema of
 * the product's database (dropped afterwards, also after a failure).
 */
export async function pgbenchCreatePay(url: string, pool: pg.Pool, o: { clients: number; seconds: number; merchantId: number; platformId: number }): Promise<PgbenchResult> {
  const texts = await realTexts(pool, o.merchantId);
  const ids = await pool.query<{ merchant_id: number; kind: string; id: string }>(
    `select merchant_id, kind, id::text from ledger_account where currency = 'IDR' and ((merchant_id = $1 and kind in ('clearing', 'fee_revenue')) or (merchant_id = $2 and kind = 'pending'))`,
    [o.platformId, o.merchantId],
  );
  const acc = (m: number, k: string) => Number(ids.rows.find((r) => r.merchant_id === m && r.kind === k)?.id ?? 0);
  const accounts = { clearing: acc(o.platformId, 'clearing'), pending: acc(o.merchantId, 'pending'), feeRevenue: acc(o.platformId, 'fee_revenue') };
  await pool.query(`drop schema if exists ${SCHEMA} cascade`);
  await pool.query(`create schema ${SCHEMA}`);
  try {
    for (const t of TABLES) await pool.query(`create table ${SCHEMA}.${t} (like public.${t} including all)`);
    await pool.query(`create table ${SCHEMA}.bench_text (k text primary key, body text not null)`);
    await pool.query(`insert into ${SCHEMA}.bench_text values ('created', $1), ('paid', $2), ('callback', $3)`, [texts.created, texts.paid, texts.callback]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbench-'));
    const file = path.join(dir, 'create-pay.sql');
    fs.writeFileSync(file, script(texts.settlementId, o.merchantId, o.platformId, accounts));
    // The scratch tables first on the search path: the script names tables as the product does.
    const out = pgbench(withParams(url, { options: `-c search_path=${SCHEMA},public`, application_name: 'bench-pgbench' }), ['-n', '-M', 'prepared', '-c', String(o.clients), '-j', String(Math.min(o.clients, os.cpus().length)), '-T', String(o.seconds), '-f', file]);
    fs.rmSync(dir, { recursive: true, force: true });
    return parse('pgbench create + pay (best SQL)', out);
  } finally {
    await pool.query(`drop schema if exists ${SCHEMA} cascade`);
  }
}

/** Plain TPC-B (`pgbench -i -s 16`) in a scratch database on the same server, dropped afterwards. */
export async function pgbenchTpcb(url: string, pool: pg.Pool, o: { clients: number; seconds: number }): Promise<PgbenchResult> {
  const db = 'bench_pgbench_tpcb';
  await pool.query(`drop database if exists ${db}`);
  await pool.query(`create database ${db}`);
  try {
    const target = withDatabase(url, db);
    pgbench(target, ['-i', '-q', '-s', '16']);
    const out = pgbench(target, ['-n', '-M', 'prepared', '-c', String(o.clients), '-j', String(Math.min(o.clients, os.cpus().length)), '-T', String(o.seconds)]);
    return parse('pgbench TPC-B (scale 16)', out);
  } finally {
    await pool.query(`drop database if exists ${db} with (force)`);
  }
}
