/**
 * Callback delivery end to end against a real HTTP receiver (node:http on 127.0.0.1, so the worker runs with
 * allowPrivate except where the guard itself is under test) and real PostgreSQL: signing, byte-identical retries
 * on the schedule, failure after the last attempt, manual resend, the SSRF guard, concurrency, the outbox's
 * transaction, merchant scoping of the routes.
 *
 * Long file: one receiver and one app serve the whole delivery story, each case building on the shared fixtures.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_RESPONSE_EXCERPT_CHARS,
  CALLBACK_RETRY_DELAYS_S,
  CallbackEvent,
  CallbackOrderKind,
  DomainError,
  NotifyStatus,
  type CallbackOrderKindValue,
} from '@mg/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, callbackAttempt, callbackDelivery, merchant } from '../src/db/schema';
import { enqueueCallback, setCallbackDataCheck } from '../src/modules/callbacks/outbox';
import { getOrCreateWebhookSecret, readWebhookSecret, rollWebhookSecret } from '../src/modules/callbacks/secret';
import { verifyWebhook } from '../src/modules/callbacks/signature';
import { deliverDue, type DeliverDeps } from '../src/modules/callbacks/worker';
import { signIn, type Client } from './helpers/admin-session';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { checkCallbackData } from '../src/modules/api-docs/webhooks';

// These tests drive the delivery machinery with made-up data, not an order's record: no schema check of the data
// (helpers/app.ts sets it for every other file; restored for the next file of this worker).
beforeAll(() => setCallbackDataCheck(null));
afterAll(() => setCallbackDataCheck(checkCallbackData));

/* A receiver that records every request and answers what the test says -------------------------------------- */

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

const received: Received[] = [];
let answer: (r: Received) => Answer = () => ({ status: 200, body: 'ok' });
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const r: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
    received.push(r);
    const a = answer(r);
    setTimeout(() => {
      if (res.destroyed) return;
      res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
      res.end(a.body ?? '');
    }, a.delayMs ?? 0);
  });
});
let base = '';

let tdb: TestDatabase;
let app: FastifyInstance;
let strictApp: FastifyInstance;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb, { allowPrivateCallbacks: true, rateLimitPerMinute: 100_000 });
  strictApp = await buildTestApp(tdb, { rateLimitPerMinute: 100_000 });
  await Promise.all([app.ready(), strictApp.ready()]);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await app?.close();
  await strictApp?.close();
  await tdb?.drop();
});
afterEach(async () => {
  // Each test starts with an empty outbox and receiver log.
  received.length = 0;
  answer = () => ({ status: 200, body: 'ok' });
  await tdb.pool.query('delete from callback_attempt');
  await tdb.pool.query('delete from callback_delivery');
});

/* Fixtures -------------------------------------------------------------------------------------------------- */

let seq = 0;
async function newCollection(merchantId = 10001, currency = 'IDR'): Promise<string> {
  const id = `CTEST${Date.now().toString(36)}${++seq}`.toUpperCase();
  await tdb.pool.query(
    `insert into collection (id, merchant_id, merchant_order_id, mode, source, currency, payment_type, amount, status,
       expiry_hours, expires_at, cashier_token)
     values ($1, $2, $3, 'sandbox', 'api', $4, 1, 150000, 'success', 24, now() + interval '1 day', $5)`,
    [id, merchantId, `ORDER-${id}`, currency, randomBytes(16).toString('hex')],
  );
  return id;
}
async function newRefund(merchantId: number, collectionId: string): Promise<string> {
  const id = `RTEST${Date.now().toString(36)}${++seq}`.toUpperCase();
  await tdb.pool.query(
    `insert into refund (id, merchant_id, collection_id, currency, refund_type, refund_way, requested_amount, reason,
       status, created_by)
     values ($1, $2, $3, 'IDR', 'partial', 'original', 50000, 'test', 'returned_success', 'api')`,
    [id, merchantId, collectionId],
  );
  return id;
}
async function notifyStatusOf(kind: CallbackOrderKindValue, merchantId: number, id: string): Promise<string | null> {
  const table = kind === CallbackOrderKind.COLLECTION ? 'collection' : 'refund';
  const { rows } = await tdb.pool.query<{ s: string | null }>(`select notify_status as s from ${table} where merchant_id = $1 and id = $2`, [
    merchantId,
    id,
  ]);
  return rows[0]?.s ?? null;
}

const t0 = new Date('2026-11-21T05:30:00.000Z');
const plus = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

async function enqueue(opts: { merchantId?: number; orderId: string; kind?: CallbackOrderKindValue; url?: string; now?: Date }) {
  const merchantId = opts.merchantId ?? 10001;
  const kind = opts.kind ?? CallbackOrderKind.COLLECTION;
  const eventId = await tdb.db.transaction((tx) =>
    enqueueCallback(tx, {
      merchantId,
      eventType: kind === CallbackOrderKind.COLLECTION ? CallbackEvent.COLLECTION_SUCCEEDED : CallbackEvent.REFUND_SUCCEEDED,
      orderKind: kind,
      orderId: opts.orderId,
      url: opts.url ?? `${base}/hooks/${opts.orderId}`,
      data: { id: opts.orderId, merchantOrderId: `ORDER-${opts.orderId}`, amount: '150000', currency: 'IDR', status: 'success', note: 'héllo ✓' },
      now: opts.now ?? t0,
    }),
  );
  if (!eventId) throw new Error('nothing enqueued');
  const [row] = await tdb.db.select().from(callbackDelivery).where(eq(callbackDelivery.eventId, eventId));
  return row!;
}
const deliveryById = async (id: number) => (await tdb.db.select().from(callbackDelivery).where(eq(callbackDelivery.id, id)))[0]!;
const attemptsOf = (id: number) =>
  tdb.db.select().from(callbackAttempt).where(eq(callbackAttempt.deliveryId, id)).orderBy(asc(callbackAttempt.attemptNo));
const deps = (now: Date, extra: Partial<DeliverDeps> = {}): DeliverDeps => ({
  db: tdb.db,
  secretBox: app.secretBox,
  allowPrivate: true,
  now,
  // The middle of the jitter: the schedule's own delays (the jitter has its own test).
  random: () => 0.5,
  ...extra,
});

/** Runs the schedule until the delivery is no longer pending, failing every attempt; answers the clock. */
async function failAll(deliveryId: number, from: Date): Promise<Date> {
  answer = () => ({ status: 500, body: 'down' });
  let now = from;
  for (let i = 0; i < CALLBACK_MAX_ATTEMPTS; i++) {
    const r = await deliverDue(deps(now));
    expect(r.claimed).toBe(1);
    const d = await deliveryById(deliveryId);
    if (d.status !== NotifyStatus.PENDING) break;
    now = d.nextAttemptAt;
  }
  return now;
}

/* ---------------------------------------------------------------------------------------------------------- */

describe('delivery', () => {
  it('a 2xx: one signed POST of the stored body; delivery and order notified; attempt logged', async () => {
    const orderId = await newCollection();
    const d = await enqueue({ orderId });
    expect(await notifyStatusOf('collection', 10001, orderId)).toBe(NotifyStatus.PENDING);

    expect(await deliverDue(deps(t0))).toEqual({ claimed: 1, notified: 1, retrying: 0, failed: 0 });

    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r!.method).toBe('POST');
    expect(r!.url).toBe(`/hooks/${orderId}`);
    expect(r!.headers['content-type']).toBe('application/json');
    expect(r!.headers['user-agent']).toMatch(/^MG-Webhooks\/\d+\.\d+\.\d+$/);
    expect(r!.headers['webhook-id']).toBe(d.eventId);
    expect(r!.headers['webhook-timestamp']).toBe(String(t0.getTime() / 1000));
    expect(r!.body.equals(Buffer.from(d.body, 'utf8'))).toBe(true);
    // The receiver checks it with the merchant's secret, as docs/open-api.md tells integrators to.
    const secret = await getOrCreateWebhookSecret(tdb.db, app.secretBox, 10001);
    const event = verifyWebhook(secret, r!.headers, r!.body, 300, t0) as { type: string; data: { id: string; note: string } };
    expect(event.type).toBe('collection.succeeded');
    expect(event.data).toMatchObject({ id: orderId, note: 'héllo ✓' });

    const after = await deliveryById(d.id);
    expect(after).toMatchObject({ status: NotifyStatus.NOTIFIED, attempts: 1, lastResponseStatus: 200 });
    expect(await notifyStatusOf('collection', 10001, orderId)).toBe(NotifyStatus.NOTIFIED);
    const [a] = await attemptsOf(d.id);
    expect(a).toMatchObject({ attemptNo: 1, trigger: 'auto', responseStatus: 200, responseExcerpt: 'ok', error: null, url: d.url });
    expect(a!.requestBody).toBe(d.body);
    expect(a!.requestHeaders).toMatchObject({ 'webhook-id': d.eventId, 'content-type': 'application/json' });
    expect(a!.latencyMs).toBeGreaterThanOrEqual(0);

    // Notified is final: nothing is sent again by the schedule.
    expect((await deliverDue(deps(plus(t0, 86_400)))).claimed).toBe(0);
    expect(received).toHaveLength(1);
  });

  it("a retry honours the endpoint's Retry-After (seconds or a date, capped) and carries jitter", async () => {
    const orderId = await newCollection();
    const d = await enqueue({ orderId });
    // 503 asking for 2 minutes: longer than the scheduled 5 s, so 120 s; jitter at its extremes moves it by 10 %.
    answer = () => ({ status: 503, body: 'busy', headers: { 'retry-after': '120' } });
    expect(await deliverDue(deps(t0, { random: () => 0 }))).toMatchObject({ retrying: 1 });
    expect((await deliveryById(d.id)).nextAttemptAt.toISOString()).toBe(plus(t0, 108).toISOString());
    const t1 = plus(t0, 108);
    // An HTTP-date an hour ahead at attempt 2 (scheduled 5 min): one hour, +10 %.
    answer = () => ({ status: 429, headers: { 'retry-after': new Date(t1.getTime() + 3_600_000).toUTCString() } });
    await deliverDue(deps(t1, { random: () => 1 }));
    expect((await deliveryById(d.id)).nextAttemptAt.toISOString()).toBe(plus(t1, 3_960).toISOString());
    // A year is capped at the longest scheduled delay (10 h).
    const t2 = plus(t1, 3_960);
    answer = () => ({ status: 503, headers: { 'retry-after': String(365 * 86_400) } });
    await deliverDue(deps(t2));
    expect((await deliveryById(d.id)).nextAttemptAt.toISOString()).toBe(plus(t2, Math.max(...CALLBACK_RETRY_DELAYS_S)).toISOString());
    // Without Retry-After, jitter alone: the scheduled 2 h at attempt 4, between 0.9x and 1.1x.
    const t3 = plus(t2, Math.max(...CALLBACK_RETRY_DELAYS_S));
    answer = () => ({ status: 500 });
    await deliverDue(deps(t3, { random: () => 0.25 }));
    expect((await deliveryById(d.id)).nextAttemptAt.toISOString()).toBe(plus(t3, 7_200 * 0.95).toISOString());
  });

  it('a 500 is retried at +5 s, then +5 min: same id and body byte for byte, fresh timestamp and signature', async () => {
    answer = () => ({ status: 500, body: 'boom' });
    const orderId = await newCollection();
    const d = await enqueue({ orderId });

    expect(await deliverDue(deps(t0))).toMatchObject({ claimed: 1, retrying: 1 });
    let row = await deliveryById(d.id);
    expect(row.status).toBe(NotifyStatus.PENDING);
    expect(row.attempts).toBe(1);
    expect(row.lastResponseStatus).toBe(500);
    expect(row.nextAttemptAt.toISOString()).toBe(plus(t0, CALLBACK_RETRY_DELAYS_S[0]).toISOString());
    expect(CALLBACK_RETRY_DELAYS_S[0]).toBe(5);
    expect(await notifyStatusOf('collection', 10001, orderId)).toBe(NotifyStatus.PENDING);

    expect((await deliverDue(deps(plus(t0, 4.999)))).claimed).toBe(0);
    const t1 = plus(t0, 5);
    expect((await deliverDue(deps(t1))).claimed).toBe(1);
    row = await deliveryById(d.id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.toISOString()).toBe(plus(t1, 300).toISOString());

    expect((await deliverDue(deps(plus(t1, 299)))).claimed).toBe(0);
    const t2 = plus(t1, 300);
    expect((await deliverDue(deps(t2))).claimed).toBe(1);
    row = await deliveryById(d.id);
    expect(row.attempts).toBe(3);
    expect(row.nextAttemptAt.toISOString()).toBe(plus(t2, 1_800).toISOString());

    expect(received).toHaveLength(3);
    const secret = await getOrCreateWebhookSecret(tdb.db, app.secretBox, 10001);
    const times = [t0, t1, t2];
    received.forEach((r, i) => {
      expect(r.body.equals(received[0]!.body)).toBe(true);
      expect(r.headers['webhook-id']).toBe(d.eventId);
      expect(r.headers['webhook-timestamp']).toBe(String(times[i]!.getTime() / 1000));
      expect(verifyWebhook(secret, r.headers, r.body, 300, times[i])).toBeTruthy();
    });
    expect(new Set(received.map((r) => r.headers['webhook-signature'])).size).toBe(3);
    const log = await attemptsOf(d.id);
    expect(log.map((a) => [a.attemptNo, a.responseStatus, a.responseExcerpt])).toEqual([
      [1, 500, 'boom'],
      [2, 500, 'boom'],
      [3, 500, 'boom'],
    ]);
  });

  it(`${CALLBACK_MAX_ATTEMPTS} failures on the schedule -> failed on the delivery and the order; then nothing more`, async () => {
    const orderId = await newCollection();
    const d = await enqueue({ orderId });
    answer = () => ({ status: 503, body: 'later' });
    let now = t0;
    for (let i = 0; i < CALLBACK_MAX_ATTEMPTS; i++) {
      // Not a moment before its time.
      if (i > 0) expect((await deliverDue(deps(plus(now, -1)))).claimed).toBe(0);
      const r = await deliverDue(deps(now));
      expect(r.claimed).toBe(1);
      const row = await deliveryById(d.id);
      if (i < CALLBACK_MAX_ATTEMPTS - 1) {
        expect(row.status).toBe(NotifyStatus.PENDING);
        expect(row.nextAttemptAt.getTime() - now.getTime()).toBe(CALLBACK_RETRY_DELAYS_S[i]! * 1000);
        now = row.nextAttemptAt;
      } else {
        expect(r.failed).toBe(1);
        expect(row).toMatchObject({ status: NotifyStatus.FAILED, attempts: CALLBACK_MAX_ATTEMPTS, lastResponseStatus: 503 });
      }
    }
    expect(CALLBACK_MAX_ATTEMPTS).toBe(8);
    // 5 s + 5 min + 30 min + 2 h + 5 h + 10 h + 10 h after the first attempt.
    expect((now.getTime() - t0.getTime()) / 1000).toBe(5 + 300 + 1_800 + 7_200 + 18_000 + 36_000 + 36_000);
    expect(await notifyStatusOf('collection', 10001, orderId)).toBe(NotifyStatus.FAILED);
    expect(received).toHaveLength(CALLBACK_MAX_ATTEMPTS);
    expect((await deliverDue(deps(plus(now, 30 * 86_400)))).claimed).toBe(0);
    expect(received).toHaveLength(CALLBACK_MAX_ATTEMPTS);
  });

  it('refund callbacks mirror their status into the refund', async () => {
    const collectionId = await newCollection();
    const refundId = await newRefund(10001, collectionId);
    const d = await enqueue({ orderId: refundId, kind: CallbackOrderKind.REFUND });
    expect(await notifyStatusOf('refund', 10001, refundId)).toBe(NotifyStatus.PENDING);
    expect(await notifyStatusOf('collection', 10001, collectionId)).toBeNull();
    await deliverDue(deps(t0));
    expect((await deliveryById(d.id)).status).toBe(NotifyStatus.NOTIFIED);
    expect(await notifyStatusOf('refund', 10001, refundId)).toBe(NotifyStatus.NOTIFIED);
    expect(JSON.parse(received[0]!.body.toString()).type).toBe('refund.succeeded');
  });

  it('an order without a callback address enqueues nothing and keeps no notify status', async () => {
    const orderId = await newCollection();
    const eventId = await tdb.db.transaction((tx) =>
      enqueueCallback(tx, {
        merchantId: 10001,
        eventType: CallbackEvent.COLLECTION_FAILED,
        orderKind: CallbackOrderKind.COLLECTION,
        orderId,
        url: null,
        data: { id: orderId },
      }),
    );
    expect(eventId).toBeNull();
    expect(await notifyStatusOf('collection', 10001, orderId)).toBeNull();
    expect((await deliverDue(deps(t0))).claimed).toBe(0);
  });

  it('an enqueue inside a rolled-back transaction sends nothing (outbox shares the transaction)', async () => {
    const orderId = await newCollection();
    await expect(
      tdb.db.transaction(async (tx) => {
        await tx.execute(`update collection set status = 'failed' where id = '${orderId}'`);
        await enqueueCallback(tx, {
          merchantId: 10001,
          eventType: CallbackEvent.COLLECTION_FAILED,
          orderKind: CallbackOrderKind.COLLECTION,
          orderId,
          url: `${base}/hooks/${orderId}`,
          data: { id: orderId },
          now: t0,
        });
        throw new Error('crash after the enqueue, before commit');
      }),
    ).rejects.toThrow('crash');
    const rows = await tdb.db.select().from(callbackDelivery).where(eq(callbackDelivery.orderId, orderId));
    expect(rows).toHaveLength(0);
    expect(await notifyStatusOf('collection', 10001, orderId)).toBeNull();
    expect((await deliverDue(deps(plus(t0, 3_600)))).claimed).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('concurrent runs never send a row twice', async () => {
    answer = () => ({ status: 200, body: 'ok', delayMs: 15 });
    const rows = [];
    for (let i = 0; i < 24; i++) rows.push(await enqueue({ orderId: await newCollection() }));
    const runs = await Promise.all(Array.from({ length: 4 }, () => deliverDue(deps(t0, { limit: 8 }))));
    const again = await Promise.all(Array.from({ length: 4 }, () => deliverDue(deps(t0, { limit: 8 }))));
    const claimed = [...runs, ...again].reduce((n, r) => n + r.claimed, 0);
    expect(claimed).toBe(24);
    expect(received).toHaveLength(24);
    const perId = new Map<string, number>();
    for (const r of received) perId.set(String(r.headers['webhook-id']), (perId.get(String(r.headers['webhook-id'])) ?? 0) + 1);
    expect(perId.size).toBe(24);
    expect([...perId.values()].every((n) => n === 1)).toBe(true);
    for (const d of rows) {
      expect((await deliveryById(d.id)).status).toBe(NotifyStatus.NOTIFIED);
      expect(await attemptsOf(d.id)).toHaveLength(1);
    }
  });

  it('a claimed row is leased: a run while it is being sent does not take it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    answer = () => ({ status: 200, body: 'ok', delayMs: 0 });
    const slowFetch: typeof fetch = async (input, init) => {
      await gate;
      return fetch(input, init);
    };
    const d = await enqueue({ orderId: await newCollection() });
    const first = deliverDue(deps(t0, { fetchImpl: slowFetch }));
    // Wait until the first run holds the lease.
    for (let i = 0; i < 100 && (await deliveryById(d.id)).nextAttemptAt.getTime() === t0.getTime(); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect((await deliverDue(deps(plus(t0, 30)))).claimed).toBe(0);
    release();
    expect(await first).toMatchObject({ claimed: 1, notified: 1 });
    expect(received).toHaveLength(1);
  });
});

describe('transport', () => {
  it('connects to the address that was checked (DNS answered once, pinned), with the host name kept', async () => {
    const resolver = async (host: string) => {
      expect(host).toBe('merchant-hooks.test');
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const port = (receiver.address() as AddressInfo).port;
    const d = await enqueue({ orderId: await newCollection(), url: `http://merchant-hooks.test:${port}/cb` });
    await deliverDue(deps(t0, { resolver }));
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.host).toBe(`merchant-hooks.test:${port}`);
    expect((await deliveryById(d.id)).status).toBe(NotifyStatus.NOTIFIED);
  });

  it('redirects are not followed (a 3xx is a failed attempt)', async () => {
    answer = (r) => (r.url === '/moved' ? { status: 302, headers: { location: `${base}/elsewhere` } } : { status: 200 });
    const d = await enqueue({ orderId: await newCollection(), url: `${base}/moved` });
    expect(await deliverDue(deps(t0))).toMatchObject({ claimed: 1, retrying: 1 });
    expect(received.map((r) => r.url)).toEqual(['/moved']);
    expect((await deliveryById(d.id)).lastResponseStatus).toBe(302);
  });

  it('keeps an excerpt of long answers and gives up after the timeout', async () => {
    answer = (r) => (r.url === '/slow' ? { status: 200, delayMs: 2_000 } : { status: 400, body: 'é'.repeat(CALLBACK_RESPONSE_EXCERPT_CHARS * 5) });
    const long = await enqueue({ orderId: await newCollection(), url: `${base}/long` });
    const slow = await enqueue({ orderId: await newCollection(), url: `${base}/slow` });
    await deliverDue(deps(t0, { timeoutMs: 300 }));
    const [a] = await attemptsOf(long.id);
    expect(a!.responseStatus).toBe(400);
    expect(a!.responseExcerpt).toBe('é'.repeat(CALLBACK_RESPONSE_EXCERPT_CHARS));
    const [b] = await attemptsOf(slow.id);
    expect(b).toMatchObject({ responseStatus: null, error: 'TIMEOUT: 300 ms' });
    expect(b!.latencyMs).toBeGreaterThanOrEqual(250);
    expect((await deliveryById(slow.id)).status).toBe(NotifyStatus.PENDING);
  });

  it('a connection refused is logged and retried', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const d = await enqueue({ orderId: await newCollection(), url: `http://127.0.0.1:${port}/cb` });
    expect(await deliverDue(deps(t0))).toMatchObject({ claimed: 1, retrying: 1 });
    const [a] = await attemptsOf(d.id);
    expect(a).toMatchObject({ responseStatus: null, error: 'CONNECTION_FAILED: ECONNREFUSED' });
  });
});

describe('SSRF guard in the worker', () => {
  it('a private target is refused by default: nothing sent, an attempt says why, the schedule goes on', async () => {
    const orderId = await newCollection();
    const d = await enqueue({ orderId });
    expect(await deliverDue(deps(t0, { allowPrivate: false }))).toMatchObject({ claimed: 1, retrying: 1 });
    expect(received).toHaveLength(0);
    const [a] = await attemptsOf(d.id);
    expect(a!.responseStatus).toBeNull();
    expect(a!.error).toBe('BLOCKED_ADDRESS: 127.0.0.1 -> 127.0.0.1 loopback');
    expect((await deliveryById(d.id)).nextAttemptAt.toISOString()).toBe(plus(t0, 5).toISOString());

    const admin = await signIn(app, 'demo_admin');
    const res = await admin.get('/callbacks', { orderKind: 'collection', orderId });
    expect(res.statusCode).toBe(200);
    const [view] = res.json().result;
    expect(view.attemptsLog[0]).toMatchObject({
      errorKey: 'callbacks.error.blockedAddress',
      errorDetail: '127.0.0.1 -> 127.0.0.1 loopback',
      trigger: 'auto',
    });
  });

  it('the resend route follows ALLOW_PRIVATE_CALLBACKS (off: refused, on: sent)', async () => {
    const orderId = await newCollection();
    const d = await enqueue({ orderId });
    const strict = await signIn(strictApp, 'demo_admin');
    const r1 = await strict.post(`/callbacks/${d.id}/resend`);
    expect(r1.statusCode).toBe(200);
    expect(r1.json().result.attemptsLog[0].error).toMatch(/^BLOCKED_ADDRESS: .* loopback$/);
    expect(received).toHaveLength(0);
    const lenient = await signIn(app, 'demo_admin');
    const r2 = await lenient.post(`/callbacks/${d.id}/resend`);
    expect(r2.json().result.status).toBe(NotifyStatus.NOTIFIED);
    expect(received).toHaveLength(1);
  });
});

describe('routes', () => {
  let admin: Client;
  beforeAll(async () => {
    admin = await signIn(app, 'demo_admin');
  });

  it('GET /api/callbacks: the deliveries of an order with the attempts log (shape of docs/payments-api.md)', async () => {
    answer = () => ({ status: 500, body: 'nope' });
    const orderId = await newCollection();
    const d = await enqueue({ orderId });
    await deliverDue(deps(t0));
    const res = await admin.get('/callbacks', { orderKind: 'collection', orderId });
    expect(res.statusCode).toBe(200);
    const list = res.json().result;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: d.id,
      eventId: d.eventId,
      eventType: 'collection.succeeded',
      url: d.url,
      status: 'pending',
      attempts: 1,
      nextAttemptAt: plus(t0, 5).toISOString(),
      lastResponseStatus: 500,
    });
    expect(list[0].attemptsLog).toEqual([
      expect.objectContaining({
        attemptNo: 1,
        trigger: 'auto',
        url: d.url,
        responseStatus: 500,
        responseExcerpt: 'nope',
        error: null,
        errorKey: null,
        requestBody: d.body,
        createdAt: t0.toISOString(),
      }),
    ]);
    expect(list[0].attemptsLog[0].requestHeaders['webhook-id']).toBe(d.eventId);
    expect((await admin.get('/callbacks', { orderKind: 'settlement', orderId })).statusCode).toBe(400);
    expect((await admin.get('/callbacks', { orderKind: 'collection' })).statusCode).toBe(400);
  });

  it('resend of a failed delivery that now succeeds: notified on the delivery and the order, manual, audited', async () => {
    const orderId = await newCollection();
    const d = await enqueue({ orderId });
    await failAll(d.id, t0);
    expect((await deliveryById(d.id)).status).toBe(NotifyStatus.FAILED);
    expect(await notifyStatusOf('collection', 10001, orderId)).toBe(NotifyStatus.FAILED);

    answer = () => ({ status: 204 });
    const res = await admin.post(`/callbacks/${d.id}/resend`);
    expect(res.statusCode).toBe(200);
    const view = res.json().result;
    expect(view.status).toBe(NotifyStatus.NOTIFIED);
    expect(view.attempts).toBe(CALLBACK_MAX_ATTEMPTS);
    expect(view.attemptsLog).toHaveLength(CALLBACK_MAX_ATTEMPTS + 1);
    expect(view.attemptsLog.at(-1)).toMatchObject({ attemptNo: CALLBACK_MAX_ATTEMPTS + 1, trigger: 'manual', responseStatus: 204 });
    expect(await notifyStatusOf('collection', 10001, orderId)).toBe(NotifyStatus.NOTIFIED);
    // The same event: same id and body as every automatic attempt.
    const last = received.at(-1)!;
    expect(last.headers['webhook-id']).toBe(d.eventId);
    expect(last.body.equals(received[0]!.body)).toBe(true);

    const audits = await tdb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'callback_resent'), eq(auditLog.merchantId, 10001)))
      .orderBy(asc(auditLog.id));
    const mine = audits.filter((a) => (a.detail as { deliveryId?: number } | null)?.deliveryId === d.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ success: true, username: 'demo_admin' });
    expect(mine[0]!.detail).toMatchObject({ deliveryId: d.id, orderId, responseStatus: 204, status: 'notified' });
  });

  it('resend of a failed delivery that fails again stays failed; of a pending one keeps its schedule', async () => {
    const orderId = await newCollection();
    const d = await enqueue({ orderId });
    await failAll(d.id, t0);
    answer = () => ({ status: 502 });
    const res = await admin.post(`/callbacks/${d.id}/resend`);
    expect(res.json().result).toMatchObject({ status: 'failed', lastResponseStatus: 502, attempts: CALLBACK_MAX_ATTEMPTS });
    expect(await notifyStatusOf('collection', 10001, orderId)).toBe(NotifyStatus.FAILED);

    const p = await enqueue({ orderId: await newCollection() });
    await deliverDue(deps(t0)); // 502: retry at +5 s
    const before = await deliveryById(p.id);
    const r2 = await admin.post(`/callbacks/${p.id}/resend`);
    expect(r2.json().result).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: before.nextAttemptAt.toISOString() });
    answer = () => ({ status: 200 });
    const r3 = await admin.post(`/callbacks/${p.id}/resend`);
    expect(r3.json().result).toMatchObject({ status: 'notified', attempts: 1, nextAttemptAt: null });
    // Notified stays notified; the schedule has nothing left to send.
    expect((await deliverDue(deps(plus(t0, 86_400)))).claimed).toBe(0);
  });

  it('merchant scoping: another merchant\'s order lists nothing, its delivery id is 404; permissions enforced', async () => {
    const theirs = await newCollection(10030, 'THB');
    const d = await enqueue({ merchantId: 10030, orderId: theirs });
    const listed = await admin.get('/callbacks', { orderKind: 'collection', orderId: theirs });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().result).toEqual([]);
    expect((await admin.get('/callbacks', { orderKind: 'collection', orderId: theirs, merchantId: 10030 })).statusCode).toBe(403);
    const resent = await admin.post(`/callbacks/${d.id}/resend`);
    expect(resent.statusCode).toBe(404);
    expect((await admin.post('/callbacks/999999999/resend')).statusCode).toBe(404);
    expect(received).toHaveLength(0);
    expect(await attemptsOf(d.id)).toHaveLength(0);

    const business = await signIn(app, 'demo_business');
    const own = await business.get('/callbacks', { orderKind: 'collection', orderId: theirs });
    expect(own.json().result.map((x: { id: number }) => x.id)).toEqual([d.id]);
    expect((await business.post(`/callbacks/${d.id}/resend`)).statusCode).toBe(200);

    // A parent merchant sees its sub-merchant's callbacks.
    const sub = await newCollection(10002);
    const ds = await enqueue({ merchantId: 10002, orderId: sub });
    expect((await admin.get('/callbacks', { orderKind: 'collection', orderId: sub })).json().result[0].id).toBe(ds.id);

    // demo_read may look but not resend.
    const reader = await signIn(app, 'demo_read');
    expect((await reader.get('/callbacks', { orderKind: 'collection', orderId: sub })).statusCode).toBe(200);
    expect((await reader.post(`/callbacks/${ds.id}/resend`)).statusCode).toBe(403);
    // No session: 401.
    expect((await app.inject({ method: 'GET', url: `/api/callbacks?orderKind=collection&orderId=${sub}` })).statusCode).toBe(401);
  });

  it('registers the delivery job', () => {
    expect(app.jobs.names).toContain('callbacks.deliver');
  });
});

describe('webhook secret', () => {
  it('created once, sealed at rest, the same for concurrent first calls; roll replaces it', async () => {
    const m = 10003;
    await tdb.db.update(merchant).set({ webhookSecretSealed: null }).where(eq(merchant.id, m));
    expect(await readWebhookSecret(tdb.db, app.secretBox, m)).toBeNull();
    const firsts = await Promise.all(Array.from({ length: 6 }, () => getOrCreateWebhookSecret(tdb.db, app.secretBox, m)));
    expect(new Set(firsts).size).toBe(1);
    const secret = firsts[0]!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(await getOrCreateWebhookSecret(tdb.db, app.secretBox, m)).toBe(secret);
    const [row] = await tdb.db.select({ sealed: merchant.webhookSecretSealed }).from(merchant).where(eq(merchant.id, m));
    expect(row!.sealed).toMatch(/^v1\./);
    expect(row!.sealed).not.toContain(secret.slice(6));

    const rolled = (await rollWebhookSecret(tdb.db, app.secretBox, m)).secret;
    expect(rolled).not.toBe(secret);
    expect(await getOrCreateWebhookSecret(tdb.db, app.secretBox, m)).toBe(rolled);
    await expect(rollWebhookSecret(tdb.db, app.secretBox, 99_999)).rejects.toBeInstanceOf(DomainError);
    await expect(getOrCreateWebhookSecret(tdb.db, app.secretBox, 99_999)).rejects.toBeInstanceOf(DomainError);
  });

  it('after a roll callbacks carry both signatures for 24 h, then the new one only', async () => {
    const m = 10003;
    const old = await getOrCreateWebhookSecret(tdb.db, app.secretBox, m);
    const { secret: fresh, previousValidUntil } = await rollWebhookSecret(tdb.db, app.secretBox, m, t0);
    expect(previousValidUntil.toISOString()).toBe(plus(t0, 24 * 3600).toISOString());
    await enqueue({ merchantId: m, orderId: await newCollection(m) });
    await deliverDue(deps(t0));
    const during = received[0]!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    // An endpoint still on the old secret, and one already on the new, both verify.
    expect(verifyWebhook(fresh, during.headers, during.body, 300, t0)).toBeTruthy();
    expect(verifyWebhook(old, during.headers, during.body, 300, t0)).toBeTruthy();

    const later = plus(t0, 25 * 3600);
    await enqueue({ merchantId: m, orderId: await newCollection(m), now: later });
    await deliverDue(deps(later));
    const after = received[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifyWebhook(fresh, after.headers, after.body, 300, later)).toBeTruthy();
    expect(() => verifyWebhook(old, after.headers, after.body, 300, later)).toThrow();
  });
});
