/**
 * Long file: the instances, nginx and the load generator are one fixture that both cases run on; apart they would
 * start two servers and nginx twice.
 *
 * Two real server processes behind nginx (issue 41, "A proxy, a standby, a pooler"; docs/operations.md "Running
 * several instances"), on one test database, with the repository's own site file deploy/nginx-site.conf.example
 * (only its two instance ports and its listen line changed). Signed open-API clients create and pay collections
 * through nginx, each operation under its own Idempotency-Key, retrying that key on a network error, a 5xx or a 409
 * "still running", as docs/open-api.md tells merchants to.
 *
 *   1. kill -9 of the instance holding a realtime socket, mid-load: every acknowledged operation is stored with the
 *      answered id, each key sent again answers the committed record, one row per merchant order id, the ledger moved
 *      by exactly the paid collections; the socket reconnects through nginx to the survivor and is sent the event it
 *      missed.
 *   2. a rolling restart under the same load, as docs/operations.md's deploy script does it (out of nginx, SIGTERM,
 *      exit, start, ready, back in nginx, taking traffic; one instance after the other): not one request fails.
 *
 * Skipped when /usr/sbin/nginx is absent (Debian: apt-get install nginx-light; .ci/run installs it). PROXY_TEST_KEEP=1
 * keeps its temp dir (nginx.conf, site.conf, access.log with the instances each request went to, error.log).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PLATFORM_MERCHANT_ID, PaymentStatus, PaymentType, REALTIME, SOCKET_HEARTBEAT_MS } from '@mg/domain';
import { openApiClient, type OpenApiClient } from '@mg/open-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENT_REPLAYED_HEADER } from '../src/modules/open-api/idempotency';
import { SERVER_DIR } from '../src/lib/server-dir';
import { login, userId } from './helpers/admin-session';
import { TEST_SECRET_KEY } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { checkLedgerInvariants } from './helpers/ledger-invariants';
import { balance, paymentFixtures } from './helpers/money-fixtures';
import { Nginx, NGINX_BIN } from './helpers/nginx';
import { DEMO_OPEN_API_MERCHANT_ID } from './helpers/open-api';
import { DEMO_SIGNING_KEY, idempotent, type RequestBody } from './helpers/open-api-client';
import { Socket } from './helpers/realtime-socket';
import { freePort } from './helpers/ports';

const HAVE_NGINX = fs.existsSync(NGINX_BIN);
const M = DEMO_OPEN_API_MERCHANT_ID;
/** Start-up of a spawned server (tsx, a loaded two-core machine) took up to a minute in shutdown.test.ts. */
const START_TIMEOUT_MS = 150_000;
/** How long a client keeps retrying one request before it counts the operation as lost. */
const RETRY_FOR_MS = 60_000;
const CLIENTS = 6;
/** Operations acknowledged before the kill or the first restart, and after it, so both sides of it carry load. */
const OPS_AROUND = 25;
const METRICS_TOKEN = randomBytes(24).toString('hex');
const RUN = randomBytes(3).toString('hex').toUpperCase();

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-proxy-'));
let tdb: TestDatabase;
let proxy: Nginx;
const base = () => proxy.base;

async function until(what: string, ms: number, probe: () => Promise<boolean> | boolean): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One server process: its own port and DATA_DIR, the shared database and secret key. */
class Instance {
  child: ChildProcess | undefined;
  log = '';
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> = Promise.resolve({ code: null, signal: null });
  readonly dataDir: string;

  constructor(
    readonly name: string,
    readonly port: number,
  ) {
    this.dataDir = path.join(work, name);
    fs.mkdirSync(this.dataDir, { recursive: true });
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: tdb.url,
      SECRET_KEY: TEST_SECRET_KEY.toString('hex'),
      DATA_DIR: this.dataDir,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      // Both run the background jobs, as two instances of a deploy do (each job takes its rows FOR UPDATE SKIP LOCKED).
      JOBS: 'on',
      CAPTCHA: 'off',
      // Every request comes from nginx's address: the per-address limit would count all clients as one.
      RATE_LIMIT_PER_MINUTE: '1000000',
      OPEN_API_RATE_LIMIT_PER_MINUTE: '10000000',
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
    };
    this.log += `--- start ${new Date().toISOString()}\n`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (c: Buffer) => (this.log = (this.log + c.toString()).slice(-20_000));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.exit = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
    this.child = child;
  }

  /** /api/health/ready through its own port, as a deploy script checks a new instance before the next step. */
  async ready(): Promise<void> {
    await until(`${this.name} to be ready on :${this.port}`, START_TIMEOUT_MS, async () => {
      if (!this.running) throw new Error(`${this.name} exited at start:\n${this.log.slice(-3000)}`);
      const r = await fetch(`http://127.0.0.1:${this.port}/api/health/ready`).catch(() => undefined);
      return r?.status === 200;
    });
  }

  async stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.running) this.child!.kill(signal);
    return this.exit;
  }

  /** A value of its Prometheus metrics, summed over the series of `prefix` whose labels contain `labels`. */
  async metric(prefix: string, labels = ''): Promise<number> {
    const res = await fetch(`http://127.0.0.1:${this.port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    if (res.status !== 200) throw new Error(`${this.name} /metrics: ${res.status}`);
    let sum = 0;
    for (const line of (await res.text()).split('\n')) {
      if (!line.startsWith(prefix) || (line[prefix.length] !== ' ' && line[prefix.length] !== '{') || !line.includes(labels)) continue;
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return sum;
  }
}

let a: Instance;
let b: Instance;

/* ---------------------------------------------------------------------------------------------------------- */
/* The load: signed create + pay, each under its own Idempotency-Key, retried on the same key                    */

interface Op {
  orderId: string;
  amount: bigint;
  createKey: string;
  payKey: string;
  /** The id the create answered (2xx). */
  id?: string;
  /** The pay answered success (2xx). */
  paid?: boolean;
}

interface Tally {
  /** HTTP requests sent (attempts, retries included). */
  requests: number;
  /** Attempts that got no answer, a 5xx or a 409 "still running" (each was retried). */
  failed: number;
  /** What those failed attempts were, for the report. */
  failures: Map<string, number>;
  /** Operations that never got an answer within RETRY_FOR_MS. */
  lost: number;
  /** Answers replayed from the key's stored answer (header idempotent-replayed). */
  replayed: number;
  ops: Op[];
}

const newTally = (): Tally => ({ requests: 0, failed: 0, failures: new Map(), lost: 0, replayed: 0, ops: [] });
const note = (t: Tally, what: string) => {
  t.failed++;
  t.failures.set(what, (t.failures.get(what) ?? 0) + 1);
};

interface Answer {
  status: number;
  replayed: boolean;
  body: { result?: { id?: string; status?: string } | null; errorCode?: string };
}

/**
 * One POST on a connection of its own (`agent: false`: Connection: close). A client that keeps its connection to
 * nginx alive can have it closed under a request it is sending when nginx reloads (the old workers close their idle
 * connections): measured, 2 network errors in 1 268 requests over the two reloads of a restart, each retried with its
 * key. That is true of any nginx reload, not of the instances; docs/operations.md says so.
 */
function postOnce(url: string, headers: Record<string, string>, body: string | undefined): Promise<{ status: number; replayed: boolean; text: string }> {
  return new Promise((resolve, reject) => {
    const len = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request(url, { method: 'POST', headers: { ...headers, ...len }, agent: false, timeout: 30_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, replayed: res.headers[IDEMPOTENT_REPLAYED_HEADER] === 'true', text }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The generated client (packages/open-api-client) through nginx, its requests sent by `postOnce` (every call of this
 * file is a POST): what an integrator's client does, each request signed with a new nonce.
 */
function proxyClient(): OpenApiClient {
  return openApiClient({
    baseUrl: base(),
    key: DEMO_SIGNING_KEY,
    fetch: async (req) => {
      const res = await postOnce(req.url, Object.fromEntries(req.headers), req.body ? await req.text() : undefined);
      return new Response(res.text, { status: res.status, headers: res.replayed ? { [IDEMPOTENT_REPLAYED_HEADER]: 'true' } : {} });
    },
  });
}

type Sent = { data?: unknown; error?: unknown; response: Response };

/** A call of the generated client through nginx, retried with the same key (a new nonce and signature each time) until answered. */
async function post(t: Tally, what: string, idempotencyKey: string, send: (params: ReturnType<typeof idempotent>) => Promise<Sent>): Promise<Answer> {
  const end = Date.now() + RETRY_FOR_MS;
  const params = idempotent(idempotencyKey);
  for (;;) {
    t.requests++;
    let failure: string;
    try {
      const res = await send(params);
      // nginx's own 502 is an HTML page (the client hands it back as text); the server answers JSON.
      const text = typeof res.error === 'string' ? res.error : '';
      const json = (res.data ?? (typeof res.error === 'object' ? res.error : undefined) ?? {}) as Answer['body'];
      const answer: Answer = { status: res.response.status, replayed: res.response.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true', body: json };
      if (answer.status < 500 && answer.body.errorCode !== 'OPEN_API_IDEMPOTENCY_IN_PROGRESS') {
        if (answer.replayed) t.replayed++;
        return answer;
      }
      failure = `${answer.status} ${answer.body.errorCode ?? (text.startsWith('<') ? "nginx's page" : text.slice(0, 80))}`.trim();
    } catch (e) {
      failure = `no answer (${(e as Error).message})`;
    }
    note(t, failure);
    if (Date.now() > end) throw new Error(`${what} key ${idempotencyKey}: no answer in ${RETRY_FOR_MS} ms (last: ${failure})`);
    // A client's back-off, not a wait for state: the next attempt is what finds out.
    await new Promise((r) => setTimeout(r, 100));
  }
}

let seq = 0;
function newOp(): Op {
  const n = ++seq;
  // Thousands ending in 500: none of the sandbox's magic endings.
  return { orderId: `PX${RUN}-${n}`, amount: BigInt(100_000 + 1000 * (n % 97) + 500), createKey: `c-${RUN}-${n}`, payKey: `p-${RUN}-${n}` };
}

const createBody = (op: Op): RequestBody<'/collections', 'post'> => ({
  merchantOrderId: op.orderId,
  amount: op.amount.toString(),
  currency: 'IDR',
  paymentType: PaymentType.VA,
  payerName: 'Proxy Payer',
  payerEmail: 'payer@mail.example',
  orderDescription: 'Two instances behind nginx',
});

/** The create of an operation under its key, through nginx. */
const create = (t: Tally, op: Op) => post(t, '/collections', op.createKey, (params) => proxyClient().POST('/collections', { body: createBody(op), params }));
/** The sandbox pay of order `id` under the operation's key, through nginx. */
const pay = (t: Tally, op: Op, id: string) =>
  post(t, `/sandbox/collections/${id}/pay`, op.payKey, (params) => proxyClient().POST('/sandbox/collections/{id}/pay', { params: { path: { id }, ...params } }));

async function createAndPay(t: Tally, op: Op): Promise<void> {
  t.ops.push(op);
  const created = await create(t, op);
  if (created.status !== 201 || !created.body.result?.id) throw new Error(`create ${op.orderId}: ${created.status} ${JSON.stringify(created.body)}`);
  op.id = created.body.result.id;
  const paid = await pay(t, op, op.id);
  if (paid.status !== 200 || paid.body.result?.status !== PaymentStatus.SUCCESS) throw new Error(`pay ${op.id}: ${paid.status} ${JSON.stringify(paid.body)}`);
  op.paid = true;
}

/** CLIENTS loops of create + pay until `stop()`; `acked()` counts the operations answered so far. */
function startLoad(t: Tally) {
  let stopping = false;
  const errors: string[] = [];
  const done = Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (!stopping) {
        try {
          await createAndPay(t, newOp());
        } catch (e) {
          t.lost++;
          errors.push((e as Error).message);
        }
      }
    }),
  );
  return {
    acked: () => t.ops.filter((o) => o.paid).length,
    errors,
    async stop() {
      stopping = true;
      await done;
    },
  };
}

/** What the database holds for the operations of a load, against what the clients were told. */
async function expectStored(t: Tally): Promise<void> {
  const orderIds = t.ops.map((o) => o.orderId);
  const { rows } = await tdb.pool.query<{ merchant_order_id: string; id: string; status: string; n: number }>(
    `select merchant_order_id, min(id) as id, min(status) as status, count(*)::int as n from collection
     where merchant_id = $1 and merchant_order_id = any($2::text[]) group by merchant_order_id`,
    [M, orderIds],
  );
  const stored = new Map(rows.map((r) => [r.merchant_order_id, r]));
  // One row per merchant order id, with the id its create answered, paid when its pay was answered.
  expect(rows.filter((r) => r.n !== 1)).toEqual([]);
  for (const op of t.ops) {
    expect(op.paid, `${op.orderId} acknowledged`).toBe(true);
    expect(stored.get(op.orderId)?.id, op.orderId).toBe(op.id);
    expect(stored.get(op.orderId)?.status, op.orderId).toBe(PaymentStatus.SUCCESS);
  }
  expect(rows).toHaveLength(t.ops.length);
  // Each paid collection moved the ledger once.
  const transfers = await tdb.pool.query<{ reference: string; n: number }>(
    'select reference, count(*)::int as n from ledger_transfer where merchant_id = $1 and reference = any($2::text[]) group by reference',
    [M, t.ops.map((o) => o.id)],
  );
  expect(transfers.rows.filter((r) => r.n !== 1)).toEqual([]);
  expect(transfers.rows).toHaveLength(t.ops.length);
}

/** Every key sent once more (a client retrying late) answers the committed record, replayed. */
async function expectReplays(t: Tally): Promise<void> {
  const again = newTally();
  const queue = [...t.ops];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let op = queue.pop(); op; op = queue.pop()) {
        const created = await create(again, op);
        expect(created.replayed, op.orderId).toBe(true);
        expect(created.body.result?.id, op.orderId).toBe(op.id);
        const paid = await pay(again, op, String(op.id));
        expect(paid.replayed, op.id).toBe(true);
        expect(paid.body.result).toMatchObject({ id: op.id, status: PaymentStatus.SUCCESS });
      }
    }),
  );
}

interface Balances {
  clearing: bigint;
  /** The merchant's pending and available together: the instances' settlement job may move one to the other. */
  merchant: bigint;
  fees: bigint;
}
const balances = async (): Promise<Balances> => ({
  clearing: await balance(tdb.pool, PLATFORM_MERCHANT_ID, 'IDR', 'clearing'),
  merchant: (await balance(tdb.pool, M, 'IDR', 'pending')) + (await balance(tdb.pool, M, 'IDR', 'available')),
  fees: await balance(tdb.pool, PLATFORM_MERCHANT_ID, 'IDR', 'fee_revenue'),
});

/** The ledger moved by the paid collections of `ids`, and by nothing else. */
async function expectLedgerMovedBy(before: Balances, ids: string[]): Promise<void> {
  const { rows } = await tdb.pool.query<{ amount: string; fees: string }>(
    `select coalesce(sum(amount), 0)::text as amount, coalesce(sum(admin_fee + service_fee), 0)::text as fees
     from collection where merchant_id = $1 and id = any($2::text[]) and status = $3`,
    [M, ids, PaymentStatus.SUCCESS],
  );
  const amount = BigInt(rows[0]!.amount);
  const fees = BigInt(rows[0]!.fees);
  const after = await balances();
  expect(after.clearing - before.clearing).toBe(-amount);
  expect(after.merchant - before.merchant).toBe(amount - fees);
  expect(after.fees - before.fees).toBe(fees);
  await checkLedgerInvariants(tdb);
}

/** Counts of nginx's access log: requests it answered, and those it passed on to the other instance. */
function accessLog(): { lines: number; passedOn: number; byStatus: Record<string, number> } {
  const lines = proxy.accessLog();
  const byStatus: Record<string, number> = {};
  for (const l of lines) {
    const status = l.split(' ')[2]!;
    byStatus[status] = (byStatus[status] ?? 0) + 1;
  }
  return { lines: lines.length, passedOn: lines.filter((l) => /"[^"]*, [^"]*"$/.test(l)).length, byStatus };
}

const report = (what: string, t: Tally, extra = '') =>
  console.log(
    `[proxy] ${what}: ${t.ops.length} operations (create + pay), ${t.requests} requests, ${t.failed} failed attempts ${JSON.stringify(Object.fromEntries(t.failures))}, ` +
      `${t.replayed} answers replayed, ${t.lost} operations lost${extra}`,
  );

/* ---------------------------------------------------------------------------------------------------------- */

beforeAll(async () => {
  if (!HAVE_NGINX) return;
  tdb = await createTestDatabase();
  await paymentFixtures(tdb.pool);
  const [nginxPort, portA, portB] = await Promise.all([freePort(), freePort(), freePort()]);
  a = new Instance('a', portA);
  b = new Instance('b', portB);
  a.start();
  b.start();
  await Promise.all([a.ready(), b.ready()]);
  proxy = new Nginx(path.join(work, 'nginx'), nginxPort, [portA, portB]);
  await proxy.start();
}, 2 * START_TIMEOUT_MS);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  await tdb?.drop();
  if (process.env.PROXY_TEST_KEEP) console.log(`[proxy] kept ${work}`);
  else fs.rmSync(work, { recursive: true, force: true });
});

/** A socket through nginx, signed in, told the last event it saw; pinged as the web app does. */
async function connectSocket(token: string, user: number, since: number | null): Promise<Socket> {
  const s = new Socket(`ws://127.0.0.1:${proxy.port}/api${REALTIME.PATH.replace(':userId', String(user)).replace(':pageId', 'proxy')}`);
  await s.open();
  s.send({ type: 'auth', token, since });
  await s.until(() => s.messages.find((m) => m.type === 'ready'), 20_000);
  const heartbeat = setInterval(() => s.ws.readyState === s.ws.OPEN && s.send({ type: 'ping' }), SOCKET_HEARTBEAT_MS);
  s.ws.once('close', () => clearInterval(heartbeat));
  return s;
}

/**
 * Started again and ready: waits until the instance answers requests that come through nginx, as a deploy waits
 * before its next step (nginx counts an instance it failed to reach as down for fail_timeout; stopping the other
 * one meanwhile would leave it no instance to send to). Needs load running through nginx.
 */
async function takesTraffic(instance: Instance): Promise<void> {
  // The open API's requests only: the health checks and these scrapes come to its own port.
  const served = () => instance.metric('mg_http_request_duration_seconds_count', 'route="/api/open/v1/');
  const before = await served();
  await until(`${instance.name} to answer requests through nginx`, 60_000, async () => (await served()) >= before + 5);
}

const subscribers = (i: Instance) => i.metric('mg_realtime_subscribers');
const lastSeq = (s: Socket) => Math.max(0, ...s.events().map((m) => m.event.seq));

describe.skipIf(!HAVE_NGINX)(`two instances behind nginx${HAVE_NGINX ? '' : ` (skipped: ${NGINX_BIN} absent; apt-get install nginx-light)`}`, () => {
  it('kill -9 of one instance mid-load: every acknowledged operation stored once, retried keys answer the committed record, the socket catches up on the other', async () => {
    const before = await balances();
    const token = await login(base(), 'demo_admin');
    const user = await userId(tdb, 'demo_admin');
    const first = await connectSocket(token, user, null);
    // The instance nginx gave the socket to is the one killed (each instance counts its own sockets).
    let victim: Instance | undefined;
    await until('the socket to be counted by an instance', 10_000, async () => {
      const [na, nb] = await Promise.all([subscribers(a), subscribers(b)]);
      victim = na === 1 ? a : nb === 1 ? b : undefined;
      return victim !== undefined;
    });
    const survivor = victim === a ? b : a;

    const t = newTally();
    const load = startLoad(t);
    await until(`${OPS_AROUND} operations before the kill`, 120_000, () => load.acked() >= OPS_AROUND || load.errors.length > 0);
    const ackedAtKill = load.acked();
    const killed = await victim!.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');

    // The socket went with its instance. While it is away, an order is created (through nginx, on the survivor).
    await first.until(() => first.closeCode !== null, 10_000);
    const seen = lastSeq(first);
    const marker = newOp();
    await createAndPay(t, marker);
    // It reconnects through the same address, with the last number it saw, and is sent what it missed.
    const again = await connectSocket(token, user, seen);
    const missed = await again.until(() => again.events().find((m) => m.event.id === marker.id && m.event.status === PaymentStatus.SUCCESS), 15_000);
    expect(missed.event.seq).toBeGreaterThan(seen);
    expect(again.events().find((m) => m.event.id === marker.id && m.event.created)).toBeDefined();
    await until('the survivor to count the socket', 10_000, async () => (await subscribers(survivor)) === 1);
    again.close();

    await until(`${OPS_AROUND} operations after the kill`, 120_000, () => load.acked() >= ackedAtKill + OPS_AROUND || load.errors.length > 0);
    // Back to two instances for the next case, under this load.
    victim!.start();
    await victim!.ready();
    await takesTraffic(victim!);
    await load.stop();
    const log = accessLog();
    report('kill -9', t, `; nginx: ${log.lines} requests, ${log.passedOn} passed on to the other instance, ${JSON.stringify(log.byStatus)}`);
    expect(load.errors).toEqual([]);
    expect(t.lost).toBe(0);

    await expectStored(t);
    await expectReplays(t);
    await expectLedgerMovedBy(
      before,
      t.ops.map((o) => o.id!),
    );

  }, 600_000);

  it('a rolling restart under load (out of nginx, SIGTERM, exit, start, ready, back in; one instance after the other): no request fails', async () => {
    const before = await balances();
    const logBefore = accessLog();
    const t = newTally();
    const load = startLoad(t);
    for (const instance of [a, b]) {
      const mark = load.acked();
      await until(`${OPS_AROUND} more operations before ${instance.name} restarts`, 120_000, () => load.acked() >= mark + OPS_AROUND || load.errors.length > 0);
      // Out of the proxy first (`down`, reload), then stopped: a POST nginx had just handed to a stopping instance
      // could otherwise be reset in its accept queue when the listener closes, and nginx passes a sent POST to no
      // other instance (measured without this step: 1 failed request in 2 771, docs/operations.md).
      await proxy.reload(instance.port);
      const ended = await instance.stop('SIGTERM');
      expect(ended.code, instance.log.slice(-3000)).toBe(0);
      instance.start();
      await instance.ready();
      await proxy.reload();
      await takesTraffic(instance);
    }
    const ackedAtEnd = load.acked();
    await until(`${OPS_AROUND} operations after the restarts`, 120_000, () => load.acked() >= ackedAtEnd + OPS_AROUND || load.errors.length > 0);
    await load.stop();
    // nginx writes a request's line after it has answered it: the last may come a moment after its answer.
    await until("nginx's log of every request", 10_000, () => accessLog().lines - logBefore.lines >= t.requests);
    const log = accessLog();
    report(
      'rolling restart',
      t,
      `; nginx: ${log.lines - logBefore.lines} requests, ${log.passedOn - logBefore.passedOn} passed on to the other instance`,
    );
    expect(load.errors).toEqual([]);
    expect(Object.fromEntries(t.failures)).toEqual({});
    expect(t.failed).toBe(0);
    await expectStored(t);
    await expectLedgerMovedBy(
      before,
      t.ops.map((o) => o.id!),
    );
  }, 600_000);
});
