/**
 * Webhooks in flight at a crash (issue 39): the attempt is recorded before its request goes out, so a worker that
 * stops after the request reached the receiver and before its answer was recorded leaves the truth behind: the
 * attempt counted, logged as sent with no answer recorded. The redelivery after the lease is counted as the next
 * attempt and carries the same webhook-id, so the receiver's duplicates are exactly what the log and the counters say.
 *
 * The crash: the worker's transport hands the request to a real receiver (node:http on 127.0.0.1), the receiver
 * answers, and the transport never hands the answer back, as when the process dies there. Nothing of that worker
 * runs after it; a second worker takes the rows when their lease has passed.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CALLBACK_LEASE_S, CallbackEvent, CallbackOrderKind } from '@mg/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackDelivery } from '../src/db/schema';
import { enqueueCallback, setCallbackDataCheck } from '../src/modules/callbacks/outbox';
import { deliveryViews, endpointFigures } from '../src/modules/callbacks/queries';
import { deliverDue, type DeliverDeps } from '../src/modules/callbacks/worker';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { checkCallbackData } from '../src/modules/api-docs/webhooks';

// These tests drive the delivery machinery with made-up data, not an order's record: no schema check of the data
// (helpers/app.ts sets it for every other file; restored for the next file of this worker).
beforeAll(() => setCallbackDataCheck(null));
afterAll(() => setCallbackDataCheck(checkCallbackData));

const M = 10001;
const EVENTS = 40;

/** Every request the receiver got: its webhook-id and body. It acknowledges each with 200. */
const received: { id: string; body: string }[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ id: String(req.headers['webhook-id']), body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
});
let url = '';
let tdb: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb, { allowPrivateCallbacks: true, rateLimitPerMinute: 100_000 });
  await app.ready();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await app?.close();
  await tdb?.drop();
});

const until = async (what: string, ok: () => Promise<boolean> | boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

interface DeliveryState {
  order_id: string;
  event_id: string;
  status: string;
  attempts: number;
}
const deliveries = async () =>
  (await tdb.pool.query<DeliveryState>(`select order_id, event_id, status, attempts from callback_delivery where order_id like 'CRASH-%' order by id`)).rows;
const attemptsOf = async (orderId: string) =>
  (
    await tdb.pool.query<{ attempt_no: number; answered: boolean; response_status: number | null; error: string | null }>(
      `select a.attempt_no, a.answered, a.response_status, a.error from callback_attempt a join callback_delivery d on d.id = a.delivery_id
        where d.order_id = $1 order by a.attempt_no`,
      [orderId],
    )
  ).rows;

describe('webhooks in flight at a crash', () => {
  it('the attempt is counted before it is sent: a crash after the send leaves attempts = 1 with the outcome unknown; the redelivery is attempt 2 with the same webhook-id', async () => {
    const t0 = new Date(Date.now() - 1_000);
    for (let i = 0; i < EVENTS; i++) {
      await tdb.db.transaction((tx) =>
        enqueueCallback(tx, { merchantId: M, eventType: CallbackEvent.COLLECTION_SUCCEEDED, orderKind: CallbackOrderKind.COLLECTION, orderId: `CRASH-${i}`, url, data: { id: `CRASH-${i}`, n: i, salt: randomBytes(4).toString('hex') }, now: t0 }),
      );
    }

    // Worker 1: every other event's answer reaches the receiver and is never handed back (the process dies there).
    const crashing: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const body = JSON.parse(String(init?.body ?? '{}')) as { data: { n: number } };
      return body.data.n % 2 === 1 ? new Promise<Response>(() => undefined) : res;
    };
    const first: DeliverDeps = { db: tdb.db, secretBox: app.secretBox, allowPrivate: true, fetchImpl: crashing, limit: EVENTS, now: t0 };
    void deliverDue(first);
    await until('every event at the receiver', () => received.length === EVENTS);
    await until('the answered half recorded', async () => (await deliveries()).filter((d) => d.status === 'notified').length === EVENTS / 2);

    // What the crash left: every event counted once; the lost half pending with one attempt, sent, outcome unknown.
    const left = await deliveries();
    expect(left.map((d) => d.attempts)).toEqual(Array(EVENTS).fill(1));
    const lost = left.filter((d) => d.status === 'pending');
    expect(lost.map((d) => d.order_id).sort()).toEqual(Array.from({ length: EVENTS / 2 }, (_, k) => `CRASH-${2 * k + 1}`).sort());
    for (const d of lost) expect(await attemptsOf(d.order_id), d.order_id).toEqual([{ attempt_no: 1, answered: false, response_status: null, error: null }]);
    for (const d of left.filter((x) => x.status === 'notified')) expect(await attemptsOf(d.order_id)).toEqual([{ attempt_no: 1, answered: true, response_status: 200, error: null }]);
    // The dashboard's view says so.
    const [view] = await deliveryViews(tdb.db, await tdb.db.select().from(callbackDelivery).where(eq(callbackDelivery.orderId, 'CRASH-1')));
    expect(view).toMatchObject({ attempts: 1, status: 'pending', attemptsLog: [{ attemptNo: 1, answered: false, responseStatus: null }] });

    // Worker 2, after the lease: the lost half again, each as attempt 2 with its own webhook-id.
    const later = new Date(t0.getTime() + (CALLBACK_LEASE_S + 5) * 1000);
    const run = await deliverDue({ db: tdb.db, secretBox: app.secretBox, allowPrivate: true, limit: EVENTS, now: later });
    expect(run).toMatchObject({ claimed: EVENTS / 2, notified: EVENTS / 2 });
    expect(received).toHaveLength(EVENTS + EVENTS / 2);
    const after = await deliveries();
    expect(after.every((d) => d.status === 'notified')).toBe(true);
    for (const d of after) {
      const got = received.filter((r) => r.id === d.event_id);
      // What the receiver got of each event is what the delivery counted, all with the event's one webhook-id.
      expect(got.length, d.order_id).toBe(d.attempts);
      expect(new Set(got.map((r) => r.body)).size, `${d.order_id}: byte-identical`).toBe(1);
    }
    for (const d of lost) {
      expect(after.find((x) => x.order_id === d.order_id)?.attempts).toBe(2);
      expect(await attemptsOf(d.order_id)).toEqual([
        { attempt_no: 1, answered: false, response_status: null, error: null },
        { attempt_no: 2, answered: true, response_status: 200, error: null },
      ]);
    }
  });

  it('the endpoint health counts answered attempts only: an attempt whose answer was lost is neither success nor failure', async () => {
    const { rows } = await tdb.pool.query<{ answered: boolean; n: number }>(
      `select answered, count(*)::int as n from callback_attempt a join callback_delivery d on d.id = a.delivery_id where d.order_id like 'CRASH-%' group by answered order by answered`,
    );
    expect(rows).toEqual([{ answered: false, n: EVENTS / 2 }, { answered: true, n: EVENTS }]);
    const [figures] = await endpointFigures(tdb.db, M, new Date(Date.now() - 86_400_000));
    expect(figures).toMatchObject({ url, attempts: EVENTS, succeeded: EVENTS });
  });
});
