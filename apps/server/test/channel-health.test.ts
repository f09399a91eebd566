/**
 * Channel health (issue 15): outcomes written by the database as orders end (through the open API's sandbox), the
 * windows and colours staff see, the chart's buckets, top failure reasons, tikipayStuff only; a channel marked down
 * is shown on the merchants' product list and refused by the open API with CHANNEL_DOWN (another channel still
 * works); thresholds are validated and change the colours.
 */
import { CHANNEL_HEALTH, type ChannelHealthRow, type ChannelHealthView, type HealthBucket } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminTestApp, signIn, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { expectData, expectError, idempotent, testOpenApiClient, type RequestBody } from './helpers/open-api-client';
import { purgeOutcomes } from '../src/modules/channel-health/queries';

let tdb: TestDatabase;
let app: FastifyInstance;
let staff: Client;
let merchant: Client;
let seq = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  app = await buildAdminTestApp(tdb);
  staff = await signIn(app, 'admin');
  merchant = await signIn(app, 'demo_admin');
});
afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

/** An IDR VA order on BCA (channel 1) created and then paid or failed through the sandbox. */
async function order(outcome: 'pay' | 'fail', channel = 1): Promise<string> {
  const created = await createCollection({ merchantOrderId: `CH-${Date.now()}-${++seq}`, amount: '50000', currency: 'IDR', paymentType: channel === 1 ? 1 : 4, channel });
  const id = expectData(created, 201).result.id;
  const params = { path: { id }, ...idempotent() };
  const ended =
    outcome === 'fail'
      ? await testOpenApiClient(app).POST('/sandbox/collections/{id}/fail', { params, body: { reason: 'CHANNEL_DECLINED' } })
      : await testOpenApiClient(app).POST('/sandbox/collections/{id}/pay', { params });
  expectData(ended, 200);
  return id;
}

/** POST /collections through the generated client, with the demo sandbox key. */
function createCollection(body: RequestBody<'/collections', 'post'>) {
  return testOpenApiClient(app).POST('/collections', { body, params: idempotent() });
}

async function view(): Promise<ChannelHealthView> {
  const res = await staff.get('/channel-health', { currency: 'IDR' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as ChannelHealthView;
}
const rowOf = (v: ChannelHealthView, channel: number, kind = 'collection'): ChannelHealthRow => {
  const r = v.rows.find((x) => x.kind === kind && x.channel === channel);
  if (!r) throw new Error(`no row ${kind} ${channel}`);
  return r;
};

describe('channel health', () => {
  it('is for tikipayStuff only', async () => {
    expect((await merchant.get('/channel-health', { currency: 'IDR' })).statusCode).toBe(403);
    expect((await merchant.put('/channel-health/mark', { currency: 'IDR', channel: 1, state: 'down', message: 'x' })).statusCode).toBe(403);
  });

  it('lists every channel of the country with no data before any outcome, then counts outcomes as they end', async () => {
    const before = await view();
    expect(before.rows.some((r) => r.kind === 'payout')).toBe(true);
    const bcaBefore = rowOf(before, 1);
    expect(bcaBefore.state).toBe('operational');
    const startTotal = bcaBefore.windows[0]!.total;

    for (let i = 0; i < 9; i++) await order('pay');
    await order('fail');
    const after = rowOf(await view(), 1);
    const five = after.windows[0]!;
    expect(five.minutes).toBe(CHANNEL_HEALTH.WINDOWS_MIN[0]);
    expect(five.total - startTotal).toBe(10);
    expect(five.succeeded).toBe(five.total - 1);
    // 9 of 10 (or more with earlier outcomes): below 95 % is red.
    expect(five.rate).toBeCloseTo(five.succeeded / five.total, 6);
    expect(five.level).toBe(five.rate! >= 0.98 ? 'green' : five.rate! >= 0.95 ? 'amber' : 'red');
    expect(five.p50Ms).not.toBeNull();
    expect(five.p95Ms! >= five.p50Ms!).toBe(true);
    expect(after.windows.map((w) => w.minutes)).toEqual([...CHANNEL_HEALTH.WINDOWS_MIN]);
    expect(after.topReasons[0]).toEqual({ reasonKey: 'collectionFailure.channelDeclined', count: 1 });
    // A refund or a second status after the final one adds nothing.
    const outcomes = await tdb.pool.query('select count(*)::int as n from channel_outcome where channel = 1');
    expect(outcomes.rows[0].n).toBe(five.total);
  });

  it('draws the last day in hourly buckets, the newest last', async () => {
    const res = await staff.get('/channel-health/series', { currency: 'IDR', kind: 'collection', channel: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const buckets = res.json().result as HealthBucket[];
    expect(buckets).toHaveLength(CHANNEL_HEALTH.SERIES_BUCKETS);
    const last = buckets.at(-1)!;
    expect(last.total).toBeGreaterThanOrEqual(10);
    expect(last.rate).toBeCloseTo(last.succeeded / last.total, 6);
    expect(buckets.slice(0, -2).every((b) => b.total === 0 && b.rate === null)).toBe(true);
  });

  it('thresholds recolour the windows, and amber above green is refused', async () => {
    const refused = await staff.put('/channel-health/thresholds', { greenMin: 0.9, amberMin: 0.95 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('amberMin');
    expect((await staff.put('/channel-health/thresholds', { greenMin: 0.5, amberMin: 0.4 })).statusCode).toBe(200);
    const v = await view();
    expect(v.thresholds).toEqual({ greenMin: 0.5, amberMin: 0.4 });
    expect(rowOf(v, 1).windows[0]!.level).toBe('green');
    expect((await staff.put('/channel-health/thresholds', { greenMin: 0.98, amberMin: 0.95 })).statusCode).toBe(200);
  });

  it('a down channel is shown to merchants and refused by the open API; another channel still takes orders', async () => {
    const noMessage = await staff.put('/channel-health/mark', { currency: 'IDR', channel: 1, state: 'down', message: '  ' });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.json().errors[0].field).toBe('message');

    const marked = await staff.put('/channel-health/mark', { currency: 'IDR', channel: 1, state: 'down', message: 'BCA maintenance until 14:00' });
    expect(marked.statusCode, marked.body).toBe(200);
    const row = rowOf(await view(), 1);
    expect(row).toMatchObject({ state: 'down', message: 'BCA maintenance until 14:00', markedBy: 'admin' });

    const products = await merchant.get('/products', { currency: 'IDR' });
    const bca = (products.json().result as { channel: number; channelState: string; channelNotice: string | null }[]).find((p) => p.channel === 1);
    expect(bca).toMatchObject({ channelState: 'down', channelNotice: 'BCA maintenance until 14:00' });

    const refused = expectError(await createCollection({ merchantOrderId: `CH-DOWN-${++seq}`, amount: '50000', currency: 'IDR', paymentType: 1, channel: 1 }), 422);
    expect(refused).toMatchObject({ success: false, errorCode: 'CHANNEL_DOWN' });
    expect(refused.message).toContain('BCA');

    // Another channel of the country is not affected.
    const wallet = await createCollection({ merchantOrderId: `CH-UP-${++seq}`, amount: '50000', currency: 'IDR', paymentType: 4, channel: 6 });
    expectData(wallet, 201);

    // Operational again: the mark is gone and orders are taken.
    expect((await staff.put('/channel-health/mark', { currency: 'IDR', channel: 1, state: 'operational', message: '' })).statusCode).toBe(200);
    expect(rowOf(await view(), 1)).toMatchObject({ state: 'operational', message: '', markedBy: null });
    await order('pay');
    const audit = await tdb.pool.query("select count(*)::int as n from audit_log where action = 'channel_state_changed'");
    expect(audit.rows[0].n).toBe(2);
  });

  it('refuses a currency it does not know', async () => {
    expect((await staff.get('/channel-health', { currency: 'XYZ' })).statusCode).toBe(400);
    expect((await staff.get('/channel-health/series', { currency: 'IDR', kind: 'refund', channel: 1 })).statusCode).toBe(400);
  });

  it('keeps outcomes for a week: older ones are purged, the recent ones stay', async () => {
    await tdb.pool.query(
      "insert into channel_outcome (kind, merchant_id, currency, channel, success, duration_ms, at) values ('collection', 10001, 'IDR', 1, true, 10, now() - interval '8 days')",
    );
    const before = await tdb.pool.query<{ n: number }>('select count(*)::int as n from channel_outcome');
    expect(await purgeOutcomes(tdb.db, new Date())).toBe(1);
    const after = await tdb.pool.query<{ n: number }>('select count(*)::int as n from channel_outcome');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n - 1);
  });
});

