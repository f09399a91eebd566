/**
 * GET /metrics (issue 41, docs/operations.md "Metrics"): behind its bearer token, in the Prometheus text format;
 * requests by route pattern (never the raw URL), payments and payouts counted once their outcome is committed (never a
 * rolled-back one), the pool, the realtime sockets and the jobs' backlogs read at scrape time.
 * The process registry is shared by the files of a worker: every count here is a difference.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { REALTIME } from '@mg/domain';
import { REPO_ROOT } from '../src/config';
import { countPaymentOutcome } from '../src/lib/metrics';
import { postTransfer, topUp } from '../src/modules/ledger/service';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { expectData, idempotent, testOpenApiClient, type RequestBody } from './helpers/open-api-client';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const M = 10001;
let tdb: TestDatabase;
let app: FastifyInstance;
let seq = 0;
const orderId = (p = 'MET') => `${p}-${process.pid}-${++seq}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  await postTransfer(tdb.db, topUp({ merchantId: M, currency: 'IDR', reference: 'metrics-fund', idempotencyKey: 'metrics-fund', amount: 5_000_000n }));
  app = await buildTestApp(tdb, { metricsToken: TOKEN, rateLimitPerMinute: 100_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

/** The generated client, signed with the demo sandbox key. */
const api = () => testOpenApiClient(app);
const createCollection = async () => expectData(await api().POST('/collections', { body: collectionBody(), params: idempotent() }), 201).result;
const sandboxPay = async (id: string) => expectData(await api().POST('/sandbox/collections/{id}/pay', { params: { path: { id }, ...idempotent() } }), 200);

async function scrape(): Promise<string> {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series (labels in any order), 0 when the series is not there yet. */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v) && Object.keys(have).length === Object.keys(labels).length) return Number(m[3]);
  }
  return 0;
}

const collectionBody = (): RequestBody<'/collections', 'post'> => ({ merchantOrderId: orderId(), amount: '150000', currency: 'IDR', paymentType: 1, channel: 1, notifyUrl: 'https://merchant.example.test/cb' });

describe('GET /metrics', () => {
  it('answers 404 on an instance without METRICS_TOKEN, 401 without the right bearer token, and the Prometheus text with it', async () => {
    const off = await buildTestApp(tdb);
    try {
      const res = await off.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
      // Nor a token of another instance.
      expect((await off.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const none = await app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('mg_');
    expect((await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
    const ok = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('# TYPE mg_http_request_duration_seconds histogram');
    expect(ok.body).toContain('# TYPE mg_process_cpu_seconds_total counter');
  });

  it('names only metrics that docs/operations.md documents', async () => {
    const doc = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
    const names = [...(await scrape()).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
  });

  it('times requests by route pattern, method and status: an id in the URL is not a label, an unknown path is one series', async () => {
    const before = await scrape();
    const route = '/api/open/v1/collections/:id';
    const labels = { route, method: 'GET', status: '404' };
    const n0 = value(before, 'mg_http_request_duration_seconds_count', labels);
    const missing = [`C${Date.now()}AAAAAAAAAA`, `C${Date.now()}BBBBBBBBBB`];
    for (const id of missing) expect((await api().GET('/collections/{id}', { params: { path: { id } } })).response.status).toBe(404);
    await app.inject({ url: '/no/such/page/at/all.php' });
    const after = await scrape();
    expect(value(after, 'mg_http_request_duration_seconds_count', labels)).toBe(n0 + 2);
    expect(value(after, 'mg_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(n0 + 2);
    for (const id of missing) expect(after).not.toContain(id);
    expect(after).not.toContain('all.php');
    expect(value(after, 'mg_http_request_duration_seconds_count', { route: 'unmatched', method: 'GET', status: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('counts a payment and a payout once their outcome is committed, by channel, and never one rolled back', async () => {
    const before = await scrape();
    const paid = () => value(before, 'mg_payments_total', { channel: '1', outcome: 'success' });
    const c = await createCollection();
    expect(c.channel).toBe(1);
    await sandboxPay(c.id);
    // Paying again answers the same and counts nothing more.
    await sandboxPay(c.id);

    const p = expectData(
      await api().POST('/payouts', {
        body: { merchantOrderId: orderId('POUT'), amount: '150000', currency: 'IDR', bankCode: 'BCA', accountName: 'Budi Santoso', accountNumber: '1234567890' },
        params: idempotent(),
      }),
      201,
    ).result;
    await tdb.pool.query(`update payout set status = 'processing', reviewed_by = 'checker', reviewed_at = now() where id = $1`, [p.id]);
    expectData(await api().POST('/sandbox/payouts/{id}/fail', { params: { path: { id: p.id }, ...idempotent() }, body: { reason: 'CHANNEL_NETWORK_TIMEOUT' } }), 200);
    const payoutChannel = String((await tdb.pool.query<{ channel: number }>('select channel from payout where id = $1', [p.id])).rows[0]!.channel);

    // A status change whose transaction rolls back, inside a savepoint and out: not counted.
    await expect(
      tdb.db.transaction(async (tx) => {
        await tx.transaction(async (sp) => countPaymentOutcome(sp, 1, 'success'));
        countPaymentOutcome(tx, 1, 'success');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    const after = await scrape();
    expect(value(after, 'mg_payments_total', { channel: '1', outcome: 'success' })).toBe(paid() + 1);
    expect(value(after, 'mg_payouts_total', { channel: payoutChannel, outcome: 'failed' })).toBe(value(before, 'mg_payouts_total', { channel: payoutChannel, outcome: 'failed' }) + 1);

    // Committed: counted at the commit, not before it.
    let seenInside = -1;
    await tdb.db.transaction(async (tx) => {
      countPaymentOutcome(tx, 77, 'failed');
      seenInside = value(await scrape(), 'mg_payments_total', { channel: '77', outcome: 'failed' });
      await tx.execute(sql`select 1`);
    });
    const committed = value(await scrape(), 'mg_payments_total', { channel: '77', outcome: 'failed' });
    expect(committed).toBe(seenInside + 1);
  });

  it('reports the pool, the jobs’ backlog and lag from the database, and the realtime sockets of this instance', async () => {
    // A paid collection with a notify URL queues its callback, due now; jobs are off in tests, so it waits.
    const c = await createCollection();
    await sandboxPay(c.id);
    await tdb.pool.query(`update callback_delivery set next_attempt_at = now() - interval '90 seconds' where order_id = $1`, [c.id]);
    const due = Number((await tdb.pool.query(`select count(*) from callback_delivery where status = 'pending' and next_attempt_at <= now()`)).rows[0].count);

    const text = await scrape();
    expect(value(text, 'mg_metrics_database_up')).toBe(1);
    expect(value(text, 'mg_job_backlog', { job: 'callbacks.deliver' })).toBe(due);
    expect(value(text, 'mg_job_lag_seconds', { job: 'callbacks.deliver' })).toBeGreaterThanOrEqual(89);
    expect(value(text, 'mg_job_backlog', { job: 'ledger.post-queued' })).toBe(0);
    for (const job of ['exports.run', 'settlements.run', 'collections.expire', 'payouts.advance']) expect(text).toContain(`mg_job_backlog{job="${job}"}`);
    expect(value(text, 'mg_db_pool_max', { pool: 'requests' })).toBe(5);
    expect(text).toMatch(/mg_db_pool_connections\{pool="requests",state="in_use"\} \d+/);
    expect(value(text, 'mg_db_pool_waiting', { pool: 'requests' })).toBe(0);
    expect(value(text, 'mg_realtime_connections')).toBe(0);

    const { port } = app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api${REALTIME.PATH.replace(':userId', '1').replace(':pageId', 'metrics')}`);
    await new Promise<void>((resolve, reject) => socket.once('open', () => resolve()).once('error', reject));
    try {
      expect(value(await scrape(), 'mg_realtime_connections')).toBe(1);
    } finally {
      const closed = new Promise((r) => socket.once('close', r));
      socket.close();
      await closed;
    }
    // The server sees the close a moment after the client.
    for (let i = 0; i < 50 && value(await scrape(), 'mg_realtime_connections') !== 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(value(await scrape(), 'mg_realtime_connections')).toBe(0);
  });
});
