/**
 * Webhook endpoint health (issue 15): the developer page's figures per address (success rate of the attempts,
 * latest errors), "send test event" answered with the endpoint's reply and counted like any attempt, and the failed
 * deliveries of a period sent again after the endpoint is fixed; an endpoint failing every attempt for a day is
 * disabled (its callbacks held, the admins told in the bell and by e-mail) until enabled again, which sends them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackEvent, CallbackOrderKind } from '@mg/domain';
import { enqueueCallback, setCallbackDataCheck } from '../src/modules/callbacks/outbox';
import { deliverDue } from '../src/modules/callbacks/worker';
import { disableFailingEndpoints } from '../src/modules/callbacks/endpoints';
import { buildTestApp } from './helpers/app';
import { client, login, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { checkCallbackData } from '../src/modules/api-docs/webhooks';

// These tests drive the delivery machinery with made-up data, not an order's record: no schema check of the data
// (helpers/app.ts sets it for every other file; restored for the next file of this worker).
beforeAll(() => setCallbackDataCheck(null));
afterAll(() => setCallbackDataCheck(checkCallbackData));

const M = 10001;
let status = 500;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(status === 200 ? 'ok' : 'down');
  });
});
let url = '';
let tdb: TestDatabase;
let app: FastifyInstance;
let admin: Client;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb, { allowPrivateCallbacks: true, captcha: false, nodeEnv: 'test', rateLimitPerMinute: 100_000 });
  await app.ready();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  await tdb.pool.query('update merchant set collection_callback_url = $1 where id = $2', [url, M]);
  admin = client(app, await login(app, 'demo_admin'));
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await app?.close();
  await tdb?.drop();
});

interface Endpoint {
  url: string;
  configuredFor: string[];
  attempts: number;
  succeeded: number;
  successRate: number | null;
  failedDeliveries: number;
  recentErrors: { responseStatus: number | null; eventType: string }[];
}
async function endpoint(): Promise<Endpoint> {
  const res = await admin.get('/callbacks/endpoints');
  expect(res.statusCode, res.body).toBe(200);
  const found = (res.json().result.endpoints as Endpoint[]).find((e) => e.url === url);
  if (!found) throw new Error('endpoint not listed');
  return found;
}

describe('webhook endpoint health', () => {
  it('lists the configured address before any callback', async () => {
    expect(await endpoint()).toMatchObject({ configuredFor: ['collection'], attempts: 0, successRate: null, recentErrors: [] });
  });

  it('a test event is sent now and answered with the endpoint reply; it counts into the success rate', async () => {
    status = 500;
    const failed = await admin.post('/callbacks/test', { target: 'collection' });
    expect(failed.statusCode, failed.body).toBe(200);
    // A failed test is not retried on its own.
    expect(failed.json().result).toMatchObject({ status: 'failed', eventType: CallbackEvent.WEBHOOK_TEST });
    expect(await endpoint()).toMatchObject({ attempts: 1, succeeded: 0, successRate: 0, recentErrors: [{ responseStatus: 500, eventType: CallbackEvent.WEBHOOK_TEST }] });

    status = 200;
    const ok = await admin.post('/callbacks/test', { target: 'collection' });
    expect(ok.json().result).toMatchObject({ status: 'notified' });
    expect(await endpoint()).toMatchObject({ attempts: 2, succeeded: 1, successRate: 0.5 });
    // No payout address configured.
    const none = await admin.post('/callbacks/test', { target: 'payout' });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].field).toBe('target');
  });

  it('the failed deliveries of a period are sent again once the endpoint is fixed', async () => {
    const t0 = new Date(Date.now() - 3_600_000);
    for (let i = 0; i < 3; i++) {
      await tdb.db.transaction((tx) =>
        enqueueCallback(tx, { merchantId: M, eventType: CallbackEvent.COLLECTION_SUCCEEDED, orderKind: CallbackOrderKind.COLLECTION, orderId: `REPLAY-${i}`, url, data: { id: `REPLAY-${i}` }, now: t0 }),
      );
    }
    // Every retry used up while the endpoint was down.
    await tdb.pool.query("update callback_delivery set status = 'failed', attempts = 8 where order_id like 'REPLAY-%'");
    expect((await endpoint()).failedDeliveries).toBeGreaterThanOrEqual(3);

    const wrongWay = await admin.post('/callbacks/replay', { from: new Date().toISOString(), to: t0.toISOString() });
    expect(wrongWay.statusCode).toBe(400);
    const tooLong = await admin.post('/callbacks/replay', { from: new Date(Date.now() - 40 * 86_400_000).toISOString(), to: new Date().toISOString() });
    expect(tooLong.statusCode).toBe(400);

    const replay = await admin.post('/callbacks/replay', { from: new Date(t0.getTime() - 60_000).toISOString(), to: new Date().toISOString() });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().result.replayed).toBe(3);
    status = 200;
    const run = await deliverDue({ db: tdb.db, secretBox: app.secretBox, allowPrivate: true });
    expect(run.notified).toBe(3);
    const left = await tdb.pool.query("select count(*)::int as n from callback_delivery where order_id like 'REPLAY-%' and status <> 'notified'");
    expect(left.rows[0].n).toBe(0);
  });

  it('an endpoint failing every attempt for a day is paused, the admins are told, and enabling it sends what was kept', async () => {
    const dead = `${url.replace('/hooks', '/dead')}`;
    const now = new Date();
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    // Attempts to the dead address: a success 30 h ago, failures from 26 h ago to 1 h ago.
    const d = await tdb.db.transaction((tx) =>
      enqueueCallback(tx, { merchantId: M, eventType: CallbackEvent.COLLECTION_SUCCEEDED, orderKind: CallbackOrderKind.COLLECTION, orderId: 'DEAD-0', url: dead, data: { id: 'DEAD-0' }, now: hoursAgo(30) }),
    );
    const { rows } = await tdb.pool.query<{ id: string }>('select id from callback_delivery where event_id = $1', [d]);
    const deliveryId = rows[0]!.id;
    for (const [h, status] of [[30, 200], [26, 500], [12, 500], [1, 503]] as const) {
      await tdb.pool.query(
        `insert into callback_attempt (delivery_id, merchant_id, attempt_no, url, request_headers, request_body, response_status, latency_ms, created_at)
         values ($1, $2, (select coalesce(max(attempt_no), 0) + 1 from callback_attempt where delivery_id = $1), $3, '{}', '{}', $4, 5, $5)`,
        [deliveryId, M, dead, status, hoursAgo(h)],
      );
    }
    // The healthy address (answered 200 above) is not touched; the dead one is.
    const notifier = { mailer: app.mailer, log: app.log };
    const disabled = await disableFailingEndpoints(tdb.db, notifier, now);
    expect(disabled).toEqual([{ merchantId: M, url: dead }]);
    expect(await disableFailingEndpoints(tdb.db, notifier, now)).toEqual([]);
    // In the bell of the merchant's users, and by e-mail to its admins.
    const bell = await tdb.pool.query('select title, content from announcement where merchant_id = $1 and content like $2', [M, `%${dead}%`]);
    expect(bell.rowCount).toBe(1);
    const mails = await tdb.pool.query('select count(*)::int as n from mail_outbox where subject = $1', [bell.rows[0].title]);
    expect(mails.rows[0].n).toBeGreaterThan(0);

    // A new callback to it is kept, not sent.
    await tdb.pool.query("update callback_delivery set status = 'notified' where url <> $1", [dead]);
    await tdb.db.transaction((tx) =>
      enqueueCallback(tx, { merchantId: M, eventType: CallbackEvent.COLLECTION_SUCCEEDED, orderKind: CallbackOrderKind.COLLECTION, orderId: 'DEAD-1', url: dead, data: { id: 'DEAD-1' } }),
    );
    const held = await deliverDue({ db: tdb.db, secretBox: app.secretBox, allowPrivate: true });
    expect(held.claimed).toBe(0);
    const view = (await admin.get('/callbacks/endpoints')).json().result.endpoints.find((e: { url: string }) => e.url === dead);
    expect(view.disabledAt).not.toBeNull();

    // Enabled again (the address now answers): the kept callbacks go out.
    status = 200;
    await tdb.pool.query("update merchant set collection_callback_url = $1 where id = $2", [dead, M]);
    const enabled = await admin.post('/callbacks/endpoints/enable', { url: dead });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json().result.released).toBeGreaterThanOrEqual(1);
    const sent = await deliverDue({ db: tdb.db, secretBox: app.secretBox, allowPrivate: true });
    expect(sent.notified).toBeGreaterThanOrEqual(1);
    await tdb.pool.query("update merchant set collection_callback_url = $1 where id = $2", [url, M]);
  });
});

