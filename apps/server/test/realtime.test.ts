/**
 * Realtime push (issue 15) over real sockets on two server instances sharing one database: a change committed
 * through one instance reaches a socket of the other; a socket is sent its own merchant's records only; the token is
 * the first message and the path's user must be the session's; a reconnecting client is sent what it missed; a
 * signed-out session's socket is closed at its next ping. Besides the orders: a released announcement reaches its
 * merchant's users (all merchants' without one), an ended export its user only, a batch's status its merchant, a
 * top-up paid at its cashier its merchant (issue 40: the top-up list reloads on it).
 *
 * Long file: every case runs on the same two listening instances and socket helper; splitting the file would start
 * them once per part.
 */
import { ApiKeyMode, CollectionSource, ExportStatus, PaymentStatus, PaymentType, PayoutBatchStatus, REALTIME, RealtimeClose, RealtimeKind } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import { createCollection } from '../src/modules/collections/service';
import { createTopUp } from '../src/modules/top-ups/service';
import { failJob, finishJob, insertJob } from '../src/modules/exports/queries';
import { buildAdminTestApp, client, login, userId } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paymentFixtures } from './helpers/money-fixtures';
import { Socket } from './helpers/realtime-socket';

const M = 10001;
/** The bar for an event to cross instances. */
const CROSS_INSTANCE_MS = 2_000;
let tdb: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;
let seq = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  a = await buildAdminTestApp(tdb);
  b = await buildAdminTestApp(tdb);
  await a.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await tdb?.drop();
});

function urlOf(app: FastifyInstance, user: number | string, page = 'test'): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `ws://127.0.0.1:${address.port}/api/vxeSocket/${user}/${page}`;
}

async function connect(app: FastifyInstance, username: string, since: number | null = null): Promise<{ s: Socket; token: string; ready: number }> {
  const token = await login(app, username);
  const s = new Socket(urlOf(app, await userId(tdb, username)));
  await s.open();
  s.send({ type: 'auth', token, since });
  const ready = await s.until(() => s.messages.find((m) => m.type === 'ready'));
  return { s, token, ready: ready.type === 'ready' ? ready.seq : 0 };
}

function newCollection(merchantId = M) {
  return createCollection(
    { db: a.db, publicUrl: a.publicUrl },
    {
      merchantId,
      mode: ApiKeyMode.SANDBOX,
      source: CollectionSource.API,
      merchantOrderId: `RT-${process.pid}-${++seq}`,
      amount: 150000n,
      currency: 'IDR',
      paymentType: 1,
      channel: 1,
      orderDescription: 'Realtime',
      returnUrl: 'https://shop.example.test/done',
      notifyUrl: 'https://shop.example.test/hook',
      payerEmail: 'budi@example.test',
    },
  );
}

/**
 * Waits for both instances to read the outbox once more, then sends a ping and waits for its pong: whatever was
 * committed before has been sent to the socket, and has arrived.
 */
async function settled(s: Socket): Promise<void> {
  await Promise.all([a.realtime.sync(), b.realtime.sync()]);
  const pongs = s.messages.filter((m) => m.type === 'pong').length;
  s.send({ type: 'ping' });
  await s.until(() => s.messages.filter((m) => m.type === 'pong').length > pongs);
}

const eventsOf = (s: Socket, kind: string, id: string) => s.events().filter((m) => m.event.kind === kind && m.event.id === id);

const pay = (token: string) => a.inject({ method: 'POST', url: `/api/cashier/${token}/pay`, headers: { 'x-lang': 'en-US' }, payload: { outcome: 'success' } });

describe('realtime socket', () => {
  it('a payment made through one instance reaches the merchant on the other within 2 s, and no other merchant', async () => {
    const mine = await connect(b, 'demo_admin');
    const other = await connect(b, 'demo_business');
    const staff = await connect(a, 'admin');
    const c = await newCollection();
    const created = await mine.s.until(() => mine.s.events().find((m) => m.event.id === c.id && m.event.status === 'pending'));
    expect(created.event).toMatchObject({ kind: 'collection', merchantId: M, id: c.id, created: true });
    const t0 = Date.now();
    expect((await pay(c.cashierToken)).statusCode).toBe(200);
    const paid = await mine.s.until(() => mine.s.events().find((m) => m.event.id === c.id && m.event.status === 'success'), CROSS_INSTANCE_MS);
    expect(Date.now() - t0).toBeLessThan(CROSS_INSTANCE_MS);
    expect(paid.event.seq).toBeGreaterThan(created.event.seq);
    expect(paid.event.created).toBe(false);
    // Nobody's click: a payer's payment is not the merchant user's own action.
    expect(paid.mine).toBe(false);
    // Platform staff see every merchant's changes.
    await staff.s.until(() => staff.s.events().find((m) => m.event.id === c.id && m.event.status === 'success'));
    // Another merchant's user: the socket answers pings but never carries merchant 10001's records.
    other.s.send({ type: 'ping' });
    await other.s.until(() => other.s.messages.find((m) => m.type === 'pong'));
    expect(other.s.events().filter((m) => m.event.merchantId !== 10030)).toEqual([]);
    for (const x of [mine, other, staff]) x.s.close();
  });

  it('an event committed after a later-numbered one is still sent, once; a number rolled back holds nothing up', async () => {
    const mine = await connect(b, 'demo_admin');
    const late = await tdb.pool.connect();
    const lost = await tdb.pool.connect();
    const insert = async (c: typeof late, id: string) => {
      const r = await c.query<{ seq: string }>(
        `insert into realtime_event (merchant_id, kind, record_id, status, created) values ($1, $2, $3, 'pending', true) returning seq`,
        [M, RealtimeKind.COLLECTION, id],
      );
      return Number(r.rows[0]!.seq);
    };
    try {
      const lateId = `RTLATE${process.pid}${++seq}`;
      const lostId = `RTLOST${process.pid}${++seq}`;
      await late.query('begin');
      await lost.query('begin');
      const lateSeq = await insert(late, lateId);
      await insert(lost, lostId);
      // A later number commits first and is sent while the two before it are still open.
      const after = await newCollection();
      const first = await mine.s.until(() => eventsOf(mine.s, RealtimeKind.COLLECTION, after.id)[0]);
      expect(first.event.seq).toBeGreaterThan(lateSeq);
      await late.query('commit');
      await lost.query('rollback');
      const got = await mine.s.until(() => eventsOf(mine.s, RealtimeKind.COLLECTION, lateId)[0]);
      expect(got.event.seq).toBe(lateSeq);
      // Newer events still flow, and nothing comes twice.
      const next = await newCollection();
      await mine.s.until(() => eventsOf(mine.s, RealtimeKind.COLLECTION, next.id)[0]);
      await settled(mine.s);
      expect(eventsOf(mine.s, RealtimeKind.COLLECTION, lateId)).toHaveLength(1);
      expect(eventsOf(mine.s, RealtimeKind.COLLECTION, after.id)).toHaveLength(1);
      expect(eventsOf(mine.s, RealtimeKind.COLLECTION, lostId)).toEqual([]);
    } finally {
      late.release();
      lost.release();
      mine.s.close();
    }
  });

  it('reads that fail (the table away) are tried again, and what was committed meanwhile is sent once', async () => {
    const mine = await connect(b, 'demo_admin');
    const id = `RTAWAY${process.pid}${++seq}`;
    await tdb.pool.query('alter table realtime_event rename to realtime_event_away');
    try {
      // A read of each instance has failed.
      await Promise.all([a.realtime.sync(), b.realtime.sync()]);
      await tdb.pool.query(`insert into realtime_event_away (merchant_id, kind, record_id, status, created) values ($1, $2, $3, 'pending', true)`, [
        M,
        RealtimeKind.COLLECTION,
        id,
      ]);
    } finally {
      await tdb.pool.query('alter table realtime_event_away rename to realtime_event');
    }
    await mine.s.until(() => eventsOf(mine.s, RealtimeKind.COLLECTION, id)[0], REALTIME.POLL_RETRY_MAX_MS * 2);
    await settled(mine.s);
    expect(eventsOf(mine.s, RealtimeKind.COLLECTION, id)).toHaveLength(1);
    mine.s.close();
  });

  it('refuses a socket without a valid token, and one whose path names another user', async () => {
    const noToken = new Socket(urlOf(b, 1));
    await noToken.open();
    noToken.send({ type: 'auth', token: 'not-a-session-token-at-all', since: null });
    await noToken.until(() => noToken.closeCode !== null);
    expect(noToken.closeCode).toBe(RealtimeClose.UNAUTHORIZED);
    expect(noToken.messages).toEqual([]);

    const token = await login(b, 'demo_admin');
    const wrongUser = new Socket(urlOf(b, await userId(tdb, 'admin')));
    await wrongUser.open();
    wrongUser.send({ type: 'auth', token, since: null });
    await wrongUser.until(() => wrongUser.closeCode !== null);
    expect(wrongUser.closeCode).toBe(RealtimeClose.FORBIDDEN);
    expect(wrongUser.messages).toEqual([]);

    // A ping before the token, or a message that is not ours, ends the socket.
    const early = new Socket(urlOf(b, 1));
    await early.open();
    early.send({ type: 'ping' });
    await early.until(() => early.closeCode !== null);
    expect(early.closeCode).toBe(RealtimeClose.UNAUTHORIZED);
  });

  it('a client that reconnects with the last number it saw is sent what it missed, once', async () => {
    const first = await connect(b, 'demo_admin');
    const before = await newCollection();
    const seen = await first.s.until(() => first.s.events().find((m) => m.event.id === before.id));
    first.s.close();
    await first.s.until(() => first.s.closeCode !== null);

    const missed = [await newCollection(), await newCollection()];
    await pay(missed[0]!.cashierToken);

    const again = await connect(b, 'demo_admin', seen.event.seq);
    // The hub's next read brings the same events: not sent again.
    await settled(again.s);
    const replayed = again.s.events().map((m) => `${m.event.id}:${m.event.status}`);
    expect(replayed).toEqual(expect.arrayContaining([`${missed[0]!.id}:pending`, `${missed[1]!.id}:pending`, `${missed[0]!.id}:success`]));
    // Each event once, in order.
    const seqs = again.s.events().map((m) => m.event.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    expect(again.ready).toBeGreaterThanOrEqual(Math.max(...seqs));
    again.s.close();
  });

  it('the socket of a session that signed out is closed at its next ping', async () => {
    const { s, token } = await connect(b, 'demo_admin');
    s.send({ type: 'ping' });
    await s.until(() => s.messages.find((m) => m.type === 'pong'));
    expect((await a.inject({ method: 'POST', url: '/api/sys/logout', headers: { 'x-access-token': token } })).statusCode).toBe(200);
    s.send({ type: 'ping' });
    await s.until(() => s.closeCode !== null);
    expect(s.closeCode).toBe(RealtimeClose.UNAUTHORIZED);
  });

  it("pings never keep a session alive; the socket of a session idle past its limit is closed at its next ping", async () => {
    const { s, token } = await connect(b, 'demo_admin');
    const hash = createHash('sha256').update(token).digest('hex');
    await tdb.pool.query("update session set last_seen_at = now() - interval '2 minutes' where token_hash = $1", [hash]);
    for (let i = 0; i < 3; i++) {
      const pongs = s.messages.filter((m) => m.type === 'pong').length;
      s.send({ type: 'ping' });
      await s.until(() => s.messages.filter((m) => m.type === 'pong').length > pongs);
    }
    const { rows } = await tdb.pool.query("select last_seen_at < now() - interval '119 seconds' as untouched from session where token_hash = $1", [hash]);
    expect(rows[0].untouched).toBe(true);
    // Past the merchant limit (8 hours): the next ping closes the socket, as a signed-out session's.
    await tdb.pool.query("update session set last_seen_at = now() - interval '9 hours' where token_hash = $1", [hash]);
    s.send({ type: 'ping' });
    await s.until(() => s.closeCode !== null);
    expect(s.closeCode).toBe(RealtimeClose.UNAUTHORIZED);
    // The page then asks the API, which says why: the "Login expired" dialog's answer.
    expect((await a.inject({ url: '/api/user/info', headers: { 'x-access-token': token } })).json().errorCode).toBe('TOKEN_EXPIRED');
  });

  it('a released announcement reaches every merchant when it is to all, only its merchant when it names one', async () => {
    const staff = client(a, await login(a, 'admin'));
    const mine = await connect(b, 'demo_admin');
    const other = await connect(b, 'demo_business');
    // Staff see every merchant's orders, but their bell only the platform's own and the global announcements.
    const platform = await connect(a, 'admin');
    const publish = async (merchantId: number | null) => {
      const draft = await staff.post('/sys/annountCement/add', { title: `Realtime ${++seq}`, content: 'Maintenance tonight', merchantId });
      expect(draft.statusCode).toBe(200);
      const id = String(draft.json().result.id);
      // A draft is nobody's news.
      await settled(mine.s);
      expect(eventsOf(mine.s, RealtimeKind.ANNOUNCEMENT, id)).toEqual([]);
      expect((await staff.get('/sys/annountCement/doReleaseData', { id })).statusCode).toBe(200);
      return id;
    };

    const toAll = await publish(null);
    for (const x of [mine, other]) {
      const got = await x.s.until(() => eventsOf(x.s, RealtimeKind.ANNOUNCEMENT, toAll)[0]);
      expect(got.event).toMatchObject({ merchantId: null, userId: null, status: 'released', actor: 'admin' });
      expect(got.mine).toBe(false);
    }
    const own = await platform.s.until(() => eventsOf(platform.s, RealtimeKind.ANNOUNCEMENT, toAll)[0]);
    expect(own.mine).toBe(true);
    // A merchant's catch-up holds the announcements to all merchants.
    const back = await connect(b, 'demo_business', own.event.seq - 1);
    expect(eventsOf(back.s, RealtimeKind.ANNOUNCEMENT, toAll)).toHaveLength(1);

    const toLumi = await publish(10030);
    await other.s.until(() => eventsOf(other.s, RealtimeKind.ANNOUNCEMENT, toLumi)[0]);
    for (const x of [mine, platform]) {
      await settled(x.s);
      expect(eventsOf(x.s, RealtimeKind.ANNOUNCEMENT, toLumi)).toEqual([]);
    }
    for (const x of [mine, other, platform, back]) x.s.close();
  });

  it('an export job that ends reaches the user who started it, not another user of the merchant', async () => {
    const owner = await userId(tdb, 'demo_admin');
    const mine = await connect(b, 'demo_admin');
    const colleague = await connect(b, 'demo_read');
    const job = (id: string) =>
      insertJob(a.db, {
        id,
        merchantId: M,
        userId: owner,
        kind: 'collections',
        filters: {},
        lang: 'en-US',
        timeZone: 'Asia/Jakarta',
        status: ExportStatus.RUNNING,
      });
    const done = `EXRT${process.pid}${++seq}`;
    const failed = `EXRT${process.pid}${++seq}`;
    await job(done);
    await job(failed);
    await finishJob(a.db, done, 12, randomUUID());
    await failJob(a.db, failed, 'disk full');

    const ready = await mine.s.until(() => eventsOf(mine.s, RealtimeKind.EXPORT, done)[0]);
    expect(ready.event).toMatchObject({ merchantId: M, userId: owner, status: ExportStatus.DONE, created: false });
    await mine.s.until(() => eventsOf(mine.s, RealtimeKind.EXPORT, failed).find((m) => m.event.status === ExportStatus.FAILED));
    // A job starting (queued, running) is not news.
    expect(mine.s.events().filter((m) => m.event.kind === RealtimeKind.EXPORT && m.event.status === ExportStatus.RUNNING)).toEqual([]);
    await settled(colleague.s);
    expect(colleague.s.events().filter((m) => m.event.kind === RealtimeKind.EXPORT)).toEqual([]);

    // Catching up, too, gives the user's own export to that user only.
    const again = await connect(b, 'demo_admin', ready.event.seq - 1);
    expect(eventsOf(again.s, RealtimeKind.EXPORT, done).length).toBe(1);
    const otherAgain = await connect(b, 'demo_read', ready.event.seq - 1);
    expect(otherAgain.s.events().filter((m) => m.event.kind === RealtimeKind.EXPORT)).toEqual([]);
    for (const x of [mine, colleague, again, otherAgain]) x.s.close();
  });

  it("a payout batch's status change reaches its merchant's users who may see payouts, and tells its creator", async () => {
    const mine = await connect(b, 'demo_admin');
    const other = await connect(b, 'demo_business');
    const id = `PBRT${process.pid}${++seq}`;
    await tdb.pool.query(
      `insert into payout_batch (id, merchant_id, currency, status, file_name, uploaded_count, uploaded_total, row_count, total_amount, total_fee, created_by)
       values ($1, $2, 'IDR', $3, 'batch.xlsx', 1, 100000, 1, 100000, 2500, 'demo_admin')`,
      [id, M, PayoutBatchStatus.PENDING_REVIEW],
    );
    await tdb.pool.query('update payout_batch set status = $2 where id = $1', [id, PayoutBatchStatus.REJECTED]);
    const rejected = await mine.s.until(() => eventsOf(mine.s, RealtimeKind.PAYOUT_BATCH, id).find((m) => m.event.status === PayoutBatchStatus.REJECTED));
    expect(rejected.event).toMatchObject({ merchantId: M, userId: null, actor: 'demo_admin', created: false });
    expect(rejected.mine).toBe(true);
    expect(eventsOf(mine.s, RealtimeKind.PAYOUT_BATCH, id)[0]?.event.created).toBe(true);
    await settled(other.s);
    expect(other.s.events().filter((m) => m.event.kind === RealtimeKind.PAYOUT_BATCH)).toEqual([]);
    for (const x of [mine, other]) x.s.close();
  });

  it("a top-up paid at its cashier reaches its merchant's users, and tells its creator", async () => {
    const mine = await connect(b, 'demo_admin');
    const other = await connect(b, 'demo_business');
    const t = await createTopUp(a.db, { merchantId: M, currency: 'IDR', amount: 100_000n, paymentType: PaymentType.VA, createdBy: 'demo_admin' });
    const created = await mine.s.until(() => eventsOf(mine.s, RealtimeKind.TOP_UP, t.id)[0]);
    expect(created.event).toMatchObject({ merchantId: M, status: PaymentStatus.PENDING, created: true });
    expect((await pay(t.cashierToken)).statusCode).toBe(200);
    const paid = await mine.s.until(() => eventsOf(mine.s, RealtimeKind.TOP_UP, t.id).find((m) => m.event.status === PaymentStatus.SUCCESS));
    expect(paid.event).toMatchObject({ actor: 'demo_admin', created: false });
    expect(paid.mine).toBe(true);
    await settled(other.s);
    expect(other.s.events().filter((m) => m.event.kind === RealtimeKind.TOP_UP)).toEqual([]);
    for (const x of [mine, other]) x.s.close();
  });
});
