/**
 * Open API authentication (docs/open-api.md): signature, timestamp, nonce, keys, headers. Runs against probe routes
 * registered the way modules/open-api/routes.ts registers the business routes (openApiAuth in an encapsulated
 * plugin under /api/open/v1, routes declaring `config.openApi`), so it does not depend on those routes. What a
 * well-behaved integrator sends (any key, any clock) goes through the generated client's signing
 * (helpers/open-api-client.ts); what it cannot send (a signature not of the request, a chosen or reused nonce, a
 * missing or malformed header, a body that is not JSON) is signed by hand (helpers/open-api.ts).
 */
import { ApiKeyMode, OPEN_API_HEADERS, OPEN_API_PREFIX, OPEN_API_TIMESTAMP_TOLERANCE_S } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { RouteDeclarationError } from '../src/modules/auth/plugin';
import { openApiAuth } from '../src/modules/open-api/auth';
import { purgeNonces } from '../src/modules/open-api/queries';
import { bodyHash, signRequest, stringToSign } from '../src/modules/open-api/signature';
import { buildTestApp } from './helpers/app';
import { signIn } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, nowSeconds, openApiRequest } from './helpers/open-api';
import { exchangeOf, expectData, expectError, idempotent, signingKey, testProbeClient, type ProbeGet, type ProbePost, type TestClientOptions } from './helpers/open-api-client';

let tdb: TestDatabase;
let app: FastifyInstance;

async function probeRoutes(scope: FastifyInstance): Promise<void> {
  await openApiAuth(scope);
  scope.get('/whoami', { config: { openApi: true } }, async (req) => ({ caller: req.openApi, query: req.query }));
  scope.post('/echo', { config: { openApi: true } }, async (req) => ({ caller: req.openApi, body: req.body }));
}

async function addKey(id: string, secret: string, opts: { merchantId?: number; mode?: string; status?: string; expiresAt?: Date | null } = {}) {
  await tdb.pool.query(
    `insert into api_key (id, merchant_id, mode, name, secret_sealed, secret_last4, status, expires_at)
     values ($1, $2, $3, 'test', $4, $5, $6, $7)`,
    [id, opts.merchantId ?? 10001, opts.mode ?? ApiKeyMode.SANDBOX, app.secretBox.seal(secret), secret.slice(-4), opts.status ?? 'active', opts.expiresAt ?? null],
  );
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  await app.register(probeRoutes, { prefix: `${OPEN_API_PREFIX}/probe` });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const code = (res: { json: () => unknown }) => (res.json() as { errorCode?: string }).errorCode;

/** The probe routes above, typed for the generated client's signing (they are not in the served document). */
type Caller = { merchantId: number; keyId: string; mode: string; configVersion: string };
interface Probe {
  '/probe/whoami': { get: ProbeGet<{ caller: Caller; query: Record<string, string> }> };
  '/probe/echo': { post: ProbePost<{ caller: Caller; body: unknown }, unknown> };
}
/** The generated client's signed GET of the probe: the demo key unless told, a clock that is off if told. */
const whoami = (options: TestClientOptions = {}, a: FastifyInstance = app) => testProbeClient<Probe>(a, options).GET('/probe/whoami', {});
const status = (r: { response: Response }) => r.response.status;

describe('signature', () => {
  it('accepts a correctly signed GET with a query and names the caller', async () => {
    const res = await testProbeClient<Probe>(app).GET('/probe/whoami', { params: { query: { merchantOrderId: 'A-1', x: ' y' } } });
    expect(exchangeOf(res.response).request.pathWithQuery).toBe(`${OPEN_API_PREFIX}/probe/whoami?merchantOrderId=A-1&x=%20y`);
    expect(expectData(res, 200)).toEqual({
      caller: { merchantId: 10001, keyId: DEMO_KEY_ID, mode: 'sandbox', configVersion: expect.stringMatching(/^\d+$/) },
      query: { merchantOrderId: 'A-1', x: ' y' },
    });
  });

  it('accepts a correctly signed POST and hands the parsed body to the route', async () => {
    const res = await testProbeClient<Probe>(app).POST('/probe/echo', { body: { amount: '10000.00', nested: { a: [1, 2] } }, params: idempotent() });
    expect(expectData(res, 200)).toMatchObject({ body: { amount: '10000.00', nested: { a: [1, 2] } } });
  });

  it('signs the exact string of the contract', () => {
    const parts = { method: 'post', pathWithQuery: '/api/open/v1/collections?a=1', timestamp: '1700000000', nonce: 'n-1', bodyHash: bodyHash('{"a":1}') };
    expect(stringToSign(parts)).toBe(
      'POST\n/api/open/v1/collections?a=1\n1700000000\nn-1\n015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862',
    );
    // Lowercase hex of HMAC-SHA256, 64 characters.
    expect(signRequest('sk_x', parts)).toMatch(/^[0-9a-f]{64}$/);
    expect(bodyHash(undefined)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('refuses a wrong signature, a wrong secret and an upper-case signature with OPEN_API_BAD_SIGNATURE', async () => {
    // By hand where the signature is not the one the request's values give (the generated client always computes it).
    const random = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', signature: 'ab'.repeat(32) });
    expect(random.statusCode).toBe(401);
    expect(code(random)).toBe('OPEN_API_BAD_SIGNATURE');
    expect(random.json()).toMatchObject({ success: false, code: 401, message: 'The signature does not match the request' });

    // An integrator configured with another secret signs correctly, with the wrong key.
    const wrongSecret = await whoami({ key: signingKey(DEMO_KEY_ID, 'sk_sandbox_not_the_secret') });
    expect(expectError(wrongSecret, 401).errorCode).toBe('OPEN_API_BAD_SIGNATURE');

    const ts = nowSeconds();
    const good = signRequest(DEMO_KEY_SECRET, { method: 'GET', pathWithQuery: `${OPEN_API_PREFIX}/probe/whoami`, timestamp: String(ts), nonce: 'upper-1', bodyHash: bodyHash('') });
    const upper = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', timestamp: ts, nonce: 'upper-1', signature: good.toUpperCase() });
    expect(code(upper)).toBe('OPEN_API_BAD_SIGNATURE');
    const lower = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', timestamp: ts, nonce: 'upper-1', signature: good });
    expect(lower.statusCode).toBe(200);
  });

  it('refuses a tampered body, query, path or method', async () => {
    // By hand: each sends other values than it signed, which the generated client never does.
    const body = await openApiRequest(app, { method: 'POST', url: '/probe/echo', body: { amount: '99999' }, sign: { body: JSON.stringify({ amount: '1' }) } });
    expect(body.statusCode).toBe(401);
    expect(code(body)).toBe('OPEN_API_BAD_SIGNATURE');

    // Same JSON value, other bytes: the signature covers the raw body.
    const spaced = await openApiRequest(app, { method: 'POST', url: '/probe/echo', body: '{"amount": "1"}', sign: { body: '{"amount":"1"}' } });
    expect(code(spaced)).toBe('OPEN_API_BAD_SIGNATURE');

    const query = await openApiRequest(app, { method: 'GET', url: '/probe/whoami?merchantOrderId=B', sign: { url: '/probe/whoami?merchantOrderId=A' } });
    expect(code(query)).toBe('OPEN_API_BAD_SIGNATURE');

    const path = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', sign: { url: '/probe/other' } });
    expect(code(path)).toBe('OPEN_API_BAD_SIGNATURE');

    const method = await openApiRequest(app, { method: 'POST', url: '/probe/echo', body: {}, sign: { method: 'GET' } });
    expect(code(method)).toBe('OPEN_API_BAD_SIGNATURE');
  });

  it('reports a body that is not JSON only after the signature holds', async () => {
    // By hand: the generated client sends JSON of what it is given, never `{not json`.
    const unsigned = await openApiRequest(app, { method: 'POST', url: '/probe/echo', body: '{not json', signature: '00'.repeat(32) });
    expect(unsigned.statusCode).toBe(401);
    const signed = await openApiRequest(app, { method: 'POST', url: '/probe/echo', body: '{not json' });
    expect(signed.statusCode).toBe(400);
    expect(code(signed)).toBe('VALIDATION_FAILED');
  });

  it('refuses an unknown key and a key of another merchant with OPEN_API_UNKNOWN_KEY', async () => {
    const unknown = expectError(await whoami({ key: signingKey('mk_sandbox_nope', DEMO_KEY_SECRET) }), 401);
    expect(unknown.errorCode).toBe('OPEN_API_UNKNOWN_KEY');

    // The demo key belongs to 10001; its sub-merchant 10002 cannot use it.
    const otherMerchant = await whoami({ key: signingKey(DEMO_KEY_ID, DEMO_KEY_SECRET, 10002) });
    expect(otherMerchant.error?.errorCode).toBe('OPEN_API_UNKNOWN_KEY');

    const lumiSecret = 'sk_sandbox_lumiLumiLumiLumiLumiLumiLumiLu';
    await addKey('mk_sandbox_lumi30', lumiSecret, { merchantId: 10030 });
    const lumiKeyAsDemo = await whoami({ key: signingKey('mk_sandbox_lumi30', lumiSecret) });
    expect(lumiKeyAsDemo.error?.errorCode).toBe('OPEN_API_UNKNOWN_KEY');
    const lumi = expectData(await whoami({ key: signingKey('mk_sandbox_lumi30', lumiSecret, 10030) }), 200);
    expect(lumi).toMatchObject({ caller: { merchantId: 10030, keyId: 'mk_sandbox_lumi30' } });
  });

  it('refuses revoked and expired keys; a rolled key works until it expires', async () => {
    const secret = 'sk_sandbox_abcdefghijklmnopqrstuvwxyzABCDEF';
    await addKey('mk_sandbox_revoked1', secret, { status: 'revoked' });
    await addKey('mk_sandbox_expired1', secret, { expiresAt: new Date(Date.now() - 1000) });
    await addKey('mk_sandbox_grace1', secret, { expiresAt: new Date(Date.now() + 3_600_000) });
    const revoked = expectError(await whoami({ key: signingKey('mk_sandbox_revoked1', secret) }), 401);
    expect(revoked.errorCode).toBe('OPEN_API_KEY_REVOKED');
    const expired = await whoami({ key: signingKey('mk_sandbox_expired1', secret) });
    expect(expired.error?.errorCode).toBe('OPEN_API_KEY_EXPIRED');
    const grace = await whoami({ key: signingKey('mk_sandbox_grace1', secret) });
    expect(status(grace)).toBe(200);
  });
});

describe('timestamp and nonce', () => {
  it('accepts timestamps within the tolerance and refuses ±301 s with OPEN_API_STALE_TIMESTAMP', async () => {
    const tol = OPEN_API_TIMESTAMP_TOLERANCE_S;
    // The generated client with a clock that is off by `offset` seconds.
    for (const offset of [-(tol - 1), tol - 1]) {
      const res = await whoami({ now: () => nowSeconds() + offset });
      expect(status(res), `offset ${offset}`).toBe(200);
    }
    for (const offset of [-(tol + 1), tol + 1]) {
      const res = await whoami({ now: () => nowSeconds() + offset });
      expect(status(res), `offset ${offset}`).toBe(401);
      expect(res.error?.errorCode).toBe('OPEN_API_STALE_TIMESTAMP');
    }
    // Milliseconds instead of seconds is stale too (a common integration mistake).
    const ms = await whoami({ now: () => Date.now() });
    expect(ms.error?.errorCode).toBe('OPEN_API_STALE_TIMESTAMP');
  });

  // By hand: these send a nonce of their choosing (and again); the generated client draws a fresh one per request.
  it('refuses a nonce used twice by the same key with OPEN_API_NONCE_REUSED; another key may use it', async () => {
    const first = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', nonce: 'nonce-once' });
    expect(first.statusCode).toBe(200);
    const again = await openApiRequest(app, { method: 'GET', url: '/probe/whoami?other=1', nonce: 'nonce-once' });
    expect(again.statusCode).toBe(401);
    expect(code(again)).toBe('OPEN_API_NONCE_REUSED');

    const secret = 'sk_sandbox_ZYXWVUTSRQPONMLKJIHGFEDCBA012345';
    await addKey('mk_sandbox_second1', secret);
    const otherKey = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', nonce: 'nonce-once', keyId: 'mk_sandbox_second1', secret });
    expect(otherKey.statusCode).toBe(200);
  });

  it('does not burn a nonce on a request that fails its signature', async () => {
    const bad = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', nonce: 'nonce-after-bad', signature: '11'.repeat(32) });
    expect(code(bad)).toBe('OPEN_API_BAD_SIGNATURE');
    const good = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', nonce: 'nonce-after-bad' });
    expect(good.statusCode).toBe(200);
  });

  it('purges nonces older than the window, and an aged-out nonce is accepted again', async () => {
    await openApiRequest(app, { method: 'GET', url: '/probe/whoami', nonce: 'nonce-old' });
    await tdb.pool.query(`update api_nonce set created_at = now() - interval '11 minutes' where nonce = 'nonce-old'`);
    const reused = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', nonce: 'nonce-old' });
    expect(reused.statusCode).toBe(200);

    await tdb.pool.query(`update api_nonce set created_at = now() - interval '11 minutes' where nonce = 'nonce-old'`);
    const purged = await purgeNonces(app.db);
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await tdb.pool.query(`select count(*)::int as n from api_nonce where nonce = 'nonce-old'`);
    expect(left.rows[0].n).toBe(0);
    const fresh = await tdb.pool.query(`select count(*)::int as n from api_nonce where nonce = 'nonce-once'`);
    expect(fresh.rows[0].n).toBe(2); // the two keys' recent rows stay
  });
});

describe('headers', () => {
  const H = OPEN_API_HEADERS;
  const names: [string, string][] = [
    [H.MERCHANT_ID, 'X-Merchant-Id'],
    [H.KEY_ID, 'X-Key-Id'],
    [H.TIMESTAMP, 'X-Timestamp'],
    [H.NONCE, 'X-Nonce'],
    [H.SIGNATURE, 'X-Signature'],
  ];

  // By hand where a header is missing or not of its form: the generated client always sends all five, well formed.
  it.each(names)('a request without %s is 401 OPEN_API_MISSING_HEADER naming it', async (header, display) => {
    const res = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', headers: { [header]: undefined } });
    expect(res.statusCode).toBe(401);
    expect(code(res)).toBe('OPEN_API_MISSING_HEADER');
    expect((res.json() as { message: string }).message).toContain(display);
  });

  it('answers in the caller language', async () => {
    const res = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', headers: { [H.NONCE]: undefined, 'accept-language': 'zh-CN' } });
    expect((res.json() as { message: string }).message).toBe('缺少请求头 X-Nonce');
  });

  it('refuses malformed header values with OPEN_API_INVALID_HEADER', async () => {
    for (const [header, value] of [
      [H.TIMESTAMP, '17e8'],
      [H.NONCE, 'has space'],
    ] as const) {
      const res = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', headers: { [header]: value } });
      expect(res.statusCode, header).toBe(401);
      expect(code(res), header).toBe('OPEN_API_INVALID_HEADER');
    }
    // A merchant id and a key id of the wrong form are what a misconfigured generated client sends.
    for (const [header, key] of [
      [H.MERCHANT_ID, signingKey(DEMO_KEY_ID, DEMO_KEY_SECRET, 'abc')],
      [H.KEY_ID, signingKey('mk/../x', DEMO_KEY_SECRET)],
    ] as const) {
      const res = await whoami({ key });
      expect(status(res), header).toBe(401);
      expect(res.error?.errorCode, header).toBe('OPEN_API_INVALID_HEADER');
    }
  });

  it('a dashboard session does not open the open API, and open API routes ignore it', async () => {
    const token = await signIn(app, 'demo_admin');
    const res = await app.inject({ method: 'GET', url: `${OPEN_API_PREFIX}/probe/whoami`, headers: { 'x-access-token': token } });
    expect(res.statusCode).toBe(401);
    expect(code(res)).toBe('OPEN_API_MISSING_HEADER');
  });

  it('records when a key was last used', async () => {
    await tdb.pool.query('update api_key set last_used_at = null where id = $1', [DEMO_KEY_ID]);
    // A server that has not cached the key yet (one that has, knows it wrote last_used_at within the minute).
    const fresh = await buildTestApp(tdb);
    await fresh.register(probeRoutes, { prefix: `${OPEN_API_PREFIX}/probe` });
    await fresh.ready();
    try {
      expect(status(await whoami({}, fresh))).toBe(200);
    } finally {
      await fresh.close();
    }
    const { rows } = await tdb.pool.query<{ last_used_at: Date | null }>('select last_used_at from api_key where id = $1', [DEMO_KEY_ID]);
    expect(rows[0]!.last_used_at).toBeInstanceOf(Date);
    expect(Date.now() - rows[0]!.last_used_at!.getTime()).toBeLessThan(60_000);
  });
});

describe('route declarations', () => {
  async function buildWith(register: (a: FastifyInstance) => Promise<void>) {
    const a = await buildTestApp(tdb);
    try {
      await register(a);
      await a.ready();
    } finally {
      await a.close();
    }
  }

  it('refuses config.openApi outside /api/open/v1 and together with another declaration', async () => {
    await expect(
      buildWith(async (a) => {
        a.get('/api/not-open', { config: { openApi: true } }, async () => ({}));
      }),
    ).rejects.toThrow(RouteDeclarationError);
    await expect(
      buildWith(async (a) => {
        await a.register(
          async (s) => {
            await openApiAuth(s);
            s.get('/x', { config: { openApi: true, public: true } }, async () => ({}));
          },
          { prefix: `${OPEN_API_PREFIX}/decl` },
        );
      }),
    ).rejects.toThrow(/exactly one/);
  });

  it('an openApi route registered without openApiAuth never runs', async () => {
    const a = await buildApp({ pool: tdb.pool, db: tdb.db, logLevel: 'silent', webDistDir: null, captcha: false, nodeEnv: 'test' });
    let ran = false;
    await a.register(
      async (s) => {
        s.get('/naked', { config: { openApi: true } }, async () => {
          ran = true;
          return {};
        });
      },
      { prefix: `${OPEN_API_PREFIX}/naked` },
    );
    await a.ready();
    try {
      const res = await a.inject({ method: 'GET', url: `${OPEN_API_PREFIX}/naked/naked` });
      expect(res.statusCode).toBe(401);
      expect(ran).toBe(false);
    } finally {
      await a.close();
    }
  });
});
