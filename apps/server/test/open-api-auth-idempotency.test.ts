/**
 * Idempotency-Key on open API POSTs (docs/open-api.md): replay, 422 on another body, 409 while running; the answer
 * commits with the work, so a request cut off by a lost connection leaves nothing behind and its retry runs once.
 * Sent through the generated client's signing (helpers/open-api-client.ts) to probe routes typed below; only the
 * POST without a key is sent by hand.
 */
import { OPEN_API_PREFIX } from '@mg/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idempotently } from '../src/modules/open-api/answer';
import { openApiAuth } from '../src/modules/open-api/auth';
import { purgeIdempotencyRecords } from '../src/modules/open-api/queries';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { openApiRequest } from './helpers/open-api';
import { exchangeOf, expectData, expectError, idempotent, replayed, testProbeClient, type ProbeGet, type ProbePost } from './helpers/open-api-client';

let tdb: TestDatabase;
let app: FastifyInstance;
let runs = 0;
let failNext = false;
let gate: Promise<void> | null = null;
let entered: (() => void) | null = null;

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  await tdb.pool.query('create table probe_work (idempotency_key text not null, run int not null)');
  await app.register(
    async (scope) => {
      await openApiAuth(scope);
      scope.post(
        '/orders',
        { config: { openApi: true }, schema: { body: z.object({ amount: z.string().regex(/^\d+$/), note: z.string().optional() }) } },
        async (req, reply) =>
          idempotently(scope, req, reply, 201, async (tx) => {
            runs += 1;
            const run = runs;
            await tx.execute(sql`insert into probe_work values (${String(req.headers['idempotency-key'])}, ${run})`);
            if (gate) {
              entered?.();
              await gate;
            }
            if (failNext) {
              failNext = false;
              throw new Error('boom');
            }
            const body = req.body as { amount: string; note?: string };
            return { orderId: `O${run}`, amount: body.amount, run, ...(body.note === 'nul' ? { note: 'a\u0000b' } : {}) };
          }),
      );
      scope.post('/other', { config: { openApi: true } }, async () => ({ other: true }));
      scope.get('/read', { config: { openApi: true } }, async () => ({ read: true }));
    },
    { prefix: `${OPEN_API_PREFIX}/probe` },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

/** The probe routes above, typed for the generated client's signing (they are not in the served document). */
type Order = { orderId: string; amount: string; run: number; note?: string };
interface Probe {
  '/probe/orders': { post: ProbePost<Order, { amount: string; note?: string }> };
  '/probe/other': { post: ProbePost<{ other: boolean }, { amount: string }> };
  '/probe/read': { get: ProbeGet<{ read: boolean }> };
}

const workRows = async (key: string) =>
  (await tdb.pool.query<{ run: number }>('select run from probe_work where idempotency_key = $1 order by run', [key])).rows.map((r) => r.run);
const api = () => testProbeClient<Probe>(app);
const post = (idempotencyKey: string, body: { amount: string; note?: string }) => api().POST('/probe/orders', { body, params: idempotent(idempotencyKey) });
const status = (r: { response: Response }) => r.response.status;
const bytes = (r: { response: Response }) => exchangeOf(r.response).body;

describe('idempotency', () => {
  it('a POST without Idempotency-Key is 400 OPEN_API_IDEMPOTENCY_KEY_MISSING; GETs need none', async () => {
    const before = runs;
    // By hand: the document makes Idempotency-Key a required header of every POST, so the generated client always sends one.
    const res = await openApiRequest(app, { method: 'POST', url: '/probe/orders', body: { amount: '100' }, idempotencyKey: null });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errorCode?: string }).errorCode).toBe('OPEN_API_IDEMPOTENCY_KEY_MISSING');
    expect(runs).toBe(before);
    expect(status(await api().GET('/probe/read', {}))).toBe(200);
  });

  it('an over-long Idempotency-Key is 400 naming the header', async () => {
    const res = expectError(await post('k'.repeat(129), { amount: '100' }), 400);
    expect(res.errors?.[0]?.field).toBe('Idempotency-Key');
  });

  it('the same key and body replays the first answer (status, body, header) without running again', async () => {
    const first = await post('idem-same', { amount: '100' });
    expect(status(first)).toBe(201);
    expect(replayed(first)).toBeNull();
    const runsAfterFirst = runs;

    const second = await post('idem-same', { amount: '100' });
    expect(status(second)).toBe(201);
    expect(replayed(second)).toBe('true');
    expect(second.data).toEqual(first.data);
    expect(runs).toBe(runsAfterFirst);
  });

  it('the same key with another body or path is 422 OPEN_API_IDEMPOTENCY_KEY_REUSED', async () => {
    await post('idem-other', { amount: '100' });
    const otherBody = expectError(await post('idem-other', { amount: '101' }), 422);
    expect(otherBody.errorCode).toBe('OPEN_API_IDEMPOTENCY_KEY_REUSED');
    const otherPath = await api().POST('/probe/other', { body: { amount: '100' }, params: idempotent('idem-other') });
    expect(status(otherPath)).toBe(422);
    // The stored answer is untouched.
    const replay = await post('idem-other', { amount: '100' });
    expect(replayed(replay)).toBe('true');
    expect(replay.data).toMatchObject({ amount: '100' });
  });

  it('a second request while the first still runs is 409 OPEN_API_IDEMPOTENCY_IN_PROGRESS, then replays', async () => {
    let release!: () => void;
    gate = new Promise<void>((r) => (release = r));
    const started = new Promise<void>((r) => (entered = r));
    const first = post('idem-race', { amount: '500' });
    await started;
    const concurrent = expectError(await post('idem-race', { amount: '500' }), 409);
    expect(concurrent.errorCode).toBe('OPEN_API_IDEMPOTENCY_IN_PROGRESS');
    gate = null;
    entered = null;
    release();
    const done = await first;
    expect(status(done)).toBe(201);
    const after = await post('idem-race', { amount: '500' });
    expect(replayed(after)).toBe('true');
    expect(after.data).toEqual(done.data);
  });

  it('many concurrent requests with one key run the handler once', async () => {
    const before = runs;
    const answers = await Promise.all(Array.from({ length: 8 }, () => post('idem-burst', { amount: '42' })));
    expect(runs - before).toBe(1);
    const statuses = answers.map(status).sort();
    // One 201 run; the rest are replays (201) or refused while it ran (409).
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(answers.filter((a) => status(a) === 201 && replayed(a) === null)).toHaveLength(1);
  });

  it('a request refused by validation does not consume the key', async () => {
    const invalid = await post('idem-invalid', { amount: 'abc' });
    expect(status(invalid)).toBe(400);
    const valid = await post('idem-invalid', { amount: '7' });
    expect(status(valid)).toBe(201);
    expect(replayed(valid)).toBeNull();
  });

  it('a server error is not stored: the client may retry with the same key', async () => {
    failNext = true;
    const failed = await post('idem-5xx', { amount: '9' });
    expect(status(failed)).toBe(500);
    // The work of the failed request rolled back with it.
    expect(await workRows('idem-5xx')).toEqual([]);
    const retried = await post('idem-5xx', { amount: '9' });
    expect(status(retried)).toBe(201);
    expect(replayed(retried)).toBeNull();
    expect(await workRows('idem-5xx')).toEqual([expectData(retried, 201).run]);
  });

  it('keys are per merchant and are purged after their time to live', async () => {
    await post('idem-purge', { amount: '1' });
    await tdb.pool.query(`update idempotency_record set created_at = now() - interval '25 hours' where key = 'idem-purge'`);
    expect(await purgeIdempotencyRecords(app.db)).toBe(1);
    const again = await post('idem-purge', { amount: '2' });
    expect(status(again)).toBe(201);
    expect(replayed(again)).toBeNull();
    const { rows } = await tdb.pool.query(`select merchant_id, response_status from idempotency_record where key = 'idem-purge'`);
    expect(rows).toEqual([{ merchant_id: 10001, response_status: 201 }]);
  });

  it('a request cut off by a lost connection leaves nothing: the retry runs at once (no 409 wait) and the work is done once', async () => {
    let release!: () => void;
    gate = new Promise<void>((r) => (release = r));
    const started = new Promise<void>((r) => (entered = r));
    const first = post('idem-crash', { amount: '5' });
    await started;
    // What a crash of the server (or of its connection) does to the open transaction. Only this file's database:
    // other files run at the same time on the same PostgreSQL and take the same kind of lock.
    const cut = await tdb.pool.query(
      `select pg_terminate_backend(l.pid) from pg_locks l join pg_database d on d.oid = l.database
        where l.locktype = 'advisory' and l.classid = 7340002 and l.granted and d.datname = current_database()`,
    );
    expect(cut.rowCount).toBe(1);
    gate = null;
    entered = null;
    release();
    expect(status(await first)).toBe(503);
    expect(await workRows('idem-crash')).toEqual([]);

    const retried = await post('idem-crash', { amount: '5' });
    expect(status(retried)).toBe(201);
    expect(replayed(retried)).toBeNull();
    const again = await post('idem-crash', { amount: '5' });
    expect(replayed(again)).toBe('true');
    expect(bytes(again)).toBe(bytes(retried));
    expect(await workRows('idem-crash')).toEqual([expectData(retried, 201).run]);
  });

  it('an answer holding any character (a NUL) is stored and replayed byte for byte', async () => {
    const first = await post('idem-nul', { amount: '6', note: 'nul' });
    expect(expectData(first, 201).note).toBe('a\u0000b');
    const replay = await post('idem-nul', { amount: '6', note: 'nul' });
    expect(replayed(replay)).toBe('true');
    expect(bytes(replay)).toBe(bytes(first));
  });
});
