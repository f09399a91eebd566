/**
 * Webhook endpoint health (issue 15): the developer page's figures per address (success rate of the attempts,
 * latest errors), "send test event" answered with the endpoint's reply and counted like any attempt, and the failed
 * deliveries of a period sent again after the endpoint is fixed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackEvent, CallbackOrderKind } from '@mg/domain';
import { enqueueCallback } from '../src/modules/callbacks/outbox';
import { deliverDue } from '../src/modules/callbacks/worker';
import { buildTestApp } from './helpers/app';
import { client, login, type Client } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

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
});
