/**
 * Developer parameters (docs/payments-api.md): key lifecycle as an integrator sees it on the open API, the Google
 * code gate, callback addresses, IP whitelist, webhook secret, permissions and audit.
 */
import { API_KEY_MAX_ACTIVE, API_KEY_ROLL_GRACE_HOURS, IP_WHITELIST_MAX_ENTRIES } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newTotpSecret } from '../src/modules/auth/totp';
import { buildTestApp } from './helpers/app';
import { authHeaders, signIn } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { DEMO_KEY_ID, DEMO_KEY_SECRET, DEMO_WEBHOOK_SECRET, PROBE, registerOpenApiProbe } from './helpers/open-api';
import { signingKey, testProbeClient, type ProbeGet } from './helpers/open-api-client';

let tdb: TestDatabase;
let app: FastifyInstance;
let admin: string;

interface Envelope<T = unknown> {
  success: boolean;
  code: number;
  message: string;
  errorCode?: string;
  errors?: { field: string; label: string; message: string }[];
  result: T;
}
interface KeyView {
  id: string;
  name: string;
  mode: string;
  secretLast4: string;
  status: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  await registerOpenApiProbe(app);
  await app.ready();
  admin = await signIn(app, 'demo_admin');
});

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function call<T = unknown>(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await app.inject({ method, url: `/api${url}`, headers: authHeaders(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() as Envelope<T>, text: res.body };
}

const PROBE_WHOAMI = `${PROBE}/whoami` as const;
/** The probe of registerOpenApiProbe, typed for the generated client's signing (it is not in the served document). */
type Probe = Record<typeof PROBE_WHOAMI, { get: ProbeGet<{ caller: { merchantId: number; keyId: string; mode: string; configVersion: string } }> }>;
/** A signed call of the generated client with this key (of merchant 10001), from `remoteAddress` if given. */
const whoami = (keyId: string, secret: string, remoteAddress?: string) =>
  testProbeClient<Probe>(app, { key: signingKey(keyId, secret), ...(remoteAddress ? { remoteAddress } : {}) }).GET(PROBE_WHOAMI, {});
const errorCode = (res: { error?: { errorCode?: string } }) => res.error?.errorCode;

describe('GET /api/developer', () => {
  it('shows the keys with their last 4 characters and never a secret', async () => {
    const { status, body, text } = await call<{
      merchantId: number;
      keys: KeyView[];
      collectionCallbackUrl: string | null;
      ipWhitelist: string[];
      webhookSecretSet: boolean;
      totpEnabled: boolean;
    }>(admin, 'GET', '/developer');
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ merchantId: 10001, collectionCallbackUrl: null, ipWhitelist: [], webhookSecretSet: true, totpEnabled: false });
    expect(body.result.keys).toContainEqual(expect.objectContaining({ id: DEMO_KEY_ID, mode: 'sandbox', status: 'active', secretLast4: DEMO_KEY_SECRET.slice(-4) }));
    expect(text).not.toContain(DEMO_KEY_SECRET);
    expect(text).not.toContain(DEMO_WEBHOOK_SECRET);
    expect(text).not.toMatch(/secretSealed|sealed/);
  });

  it('needs the developer permission; another merchant may not look, platform staff may', async () => {
    const operator = await signIn(app, 'demo_operator');
    expect((await call(operator, 'GET', '/developer')).status).toBe(403);
    expect((await call(operator, 'POST', '/developer/keys', { name: 'x', mode: 'sandbox' })).status).toBe(403);
    const lumi = await signIn(app, 'demo_business');
    expect((await call(lumi, 'GET', '/developer?merchantId=10001')).status).toBe(403);
    const platform = await signIn(app, 'admin');
    const seen = await call<{ merchantId: number; keys: KeyView[] }>(platform, 'GET', '/developer?merchantId=10001');
    expect(seen.status).toBe(200);
    expect(seen.body.result.keys.map((k) => k.id)).toContain(DEMO_KEY_ID);
  });
});

describe('key lifecycle', () => {
  it('creates a key whose secret is shown once and works on the open API', async () => {
    const created = await call<{ key: KeyView; secret: string }>(admin, 'POST', '/developer/keys', { name: 'Shop backend', mode: 'sandbox' });
    expect(created.status).toBe(200);
    const { key, secret } = created.body.result;
    expect(key.id).toMatch(/^mk_sandbox_[0-9A-Za-z]{16}$/);
    expect(secret).toMatch(/^sk_sandbox_[0-9A-Za-z]{32}$/);
    expect(key).toMatchObject({ name: 'Shop backend', status: 'active', expiresAt: null, secretLast4: secret.slice(-4) });

    const again = await call(admin, 'GET', '/developer');
    expect(again.text).toContain(key.id);
    expect(again.text).not.toContain(secret);
    const { rows } = await tdb.pool.query<{ secret_sealed: string }>('select secret_sealed from api_key where id = $1', [key.id]);
    expect(rows[0]!.secret_sealed).not.toContain(secret.slice(3));

    const res = await whoami(key.id, secret);
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ caller: { merchantId: 10001, keyId: key.id, mode: 'sandbox', configVersion: expect.stringMatching(/^\d+$/) } });

    const audit = await tdb.pool.query<{ detail: unknown }>(`select detail from audit_log where action = 'api_key_created' order by id desc limit 1`);
    expect(audit.rows[0]!.detail).toMatchObject({ keyId: key.id, mode: 'sandbox' });
    expect(JSON.stringify(audit.rows[0]!.detail)).not.toContain(secret);
  });

  it('rolling keeps the old key valid until its expiry, then the old key is 401', async () => {
    const { body } = await call<{ key: KeyView; secret: string }>(admin, 'POST', '/developer/keys', { name: 'to roll', mode: 'sandbox' });
    const old = body.result;
    const rolled = await call<{ key: KeyView; secret: string; oldKeyExpiresAt: string }>(admin, 'POST', `/developer/keys/${old.key.id}/roll`, {});
    expect(rolled.status).toBe(200);
    const fresh = rolled.body.result;
    expect(fresh.key.id).not.toBe(old.key.id);
    expect(fresh.key.name).toBe('to roll');
    const graceMs = new Date(fresh.oldKeyExpiresAt).getTime() - Date.now();
    expect(graceMs).toBeGreaterThan(API_KEY_ROLL_GRACE_HOURS * 3_600_000 - 60_000);
    expect(graceMs).toBeLessThanOrEqual(API_KEY_ROLL_GRACE_HOURS * 3_600_000);

    // Both work during the grace period.
    expect((await whoami(old.key.id, old.secret)).response.status).toBe(200);
    expect((await whoami(fresh.key.id, fresh.secret)).response.status).toBe(200);
    // Rolling the same key twice is refused (one replacement per key).
    const twice = await call(admin, 'POST', `/developer/keys/${old.key.id}/roll`, {});
    expect(twice.status).toBe(422);

    // The grace period ends.
    await tdb.pool.query(`update api_key set expires_at = now() - interval '1 second' where id = $1`, [old.key.id]);
    const expired = await whoami(old.key.id, old.secret);
    expect(expired.response.status).toBe(401);
    expect(errorCode(expired)).toBe('OPEN_API_KEY_EXPIRED');
    expect((await whoami(fresh.key.id, fresh.secret)).response.status).toBe(200);
  });

  it('revoking stops a key at once', async () => {
    const { body } = await call<{ key: KeyView; secret: string }>(admin, 'POST', '/developer/keys', { name: 'to revoke', mode: 'sandbox' });
    const k = body.result;
    expect((await whoami(k.key.id, k.secret)).response.status).toBe(200);
    const revoked = await call<KeyView>(admin, 'POST', `/developer/keys/${k.key.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(revoked.body.result.status).toBe('revoked');
    const res = await whoami(k.key.id, k.secret);
    expect(res.response.status).toBe(401);
    expect(errorCode(res)).toBe('OPEN_API_KEY_REVOKED');
    // A revoked key cannot be rolled back to life.
    expect((await call(admin, 'POST', `/developer/keys/${k.key.id}/roll`, {})).status).toBe(422);
  });

  it("another merchant's key is not found", async () => {
    const lumi = await signIn(app, 'br_admin');
    const res = await call(lumi, 'POST', `/developer/keys/${DEMO_KEY_ID}/revoke`, {});
    expect(res.status).toBe(404);
    expect((await whoami(DEMO_KEY_ID, DEMO_KEY_SECRET)).response.status).toBe(200);
  });

  it(`refuses more than ${API_KEY_MAX_ACTIVE} working keys`, async () => {
    const m = 10020; // br_admin's merchant: starts without keys
    const br = await signIn(app, 'br_admin');
    for (let i = 0; i < API_KEY_MAX_ACTIVE; i++) {
      expect((await call(br, 'POST', '/developer/keys', { name: `k${i}`, mode: 'sandbox' })).status).toBe(200);
    }
    const over = await call(br, 'POST', '/developer/keys', { name: 'one too many', mode: 'sandbox' });
    expect(over.status).toBe(422);
    expect(over.body.message).toContain(String(API_KEY_MAX_ACTIVE));
    const { rows } = await tdb.pool.query<{ n: number }>('select count(*)::int as n from api_key where merchant_id = $1', [m]);
    expect(rows[0]!.n).toBe(API_KEY_MAX_ACTIVE);
  });

  it('validates the mode and the name', async () => {
    expect((await call(admin, 'POST', '/developer/keys', { name: 'x', mode: 'production' })).status).toBe(400);
    expect((await call(admin, 'POST', '/developer/keys', { name: 'x'.repeat(65), mode: 'sandbox' })).status).toBe(400);
  });
});

describe('Google code gate (2FA on)', () => {
  let secret: string;
  let totpUser: string;

  beforeAll(async () => {
    // Signed in first (sign-in with 2FA on is a two-step flow of its own), then 2FA is switched on.
    totpUser = await signIn(app, 'crypto_admin');
    secret = await newTotpSecret();
    await tdb.pool.query(`update app_user set totp_secret = $1, totp_enabled = true where username = 'crypto_admin'`, [secret]);
  });
  beforeEach(async () => {
    // Each code is accepted once per time step; let every test use the current step afresh.
    await tdb.pool.query(`update app_user set totp_last_step = null where username = 'crypto_admin'`);
  });
  const code = () => generate({ secret });

  it('the screen learns that 2FA is on', async () => {
    const { body } = await call<{ totpEnabled: boolean }>(totpUser, 'GET', '/developer');
    expect(body.result.totpEnabled).toBe(true);
  });

  it('creating a key without a code is refused naming googleCode; a wrong code is GOOGLE_CODE_ERROR; the right one works', async () => {
    const missing = await call(totpUser, 'POST', '/developer/keys', { name: 'k', mode: 'sandbox' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field)).toEqual(['googleCode']);
    const wrong = await call(totpUser, 'POST', '/developer/keys', { name: 'k', mode: 'sandbox', googleCode: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe('GOOGLE_CODE_ERROR');
    const { rows } = await tdb.pool.query<{ n: number }>('select count(*)::int as n from api_key where merchant_id = 10010');
    expect(rows[0]!.n).toBe(0);
    const right = await call<{ secret: string }>(totpUser, 'POST', '/developer/keys', { name: 'k', mode: 'sandbox', googleCode: await code() });
    expect(right.status).toBe(200);
    expect(right.body.result.secret).toMatch(/^sk_sandbox_/);
  });

  it('rolling, revoking and the webhook secret ask the code too', async () => {
    const [{ id }] = (await tdb.pool.query<{ id: string }>('select id from api_key where merchant_id = 10010 limit 1')).rows as [{ id: string }];
    expect((await call(totpUser, 'POST', `/developer/keys/${id}/roll`, {})).status).toBe(400);
    expect((await call(totpUser, 'POST', '/developer/webhook-secret/reveal', {})).status).toBe(400);
    expect((await call(totpUser, 'POST', '/developer/webhook-secret/roll', {})).status).toBe(400);
    expect((await call(totpUser, 'POST', `/developer/keys/${id}/revoke`, {})).status).toBe(400);
    const rolled = await call<{ key: KeyView }>(totpUser, 'POST', `/developer/keys/${id}/roll`, { googleCode: await code() });
    expect(rolled.status).toBe(200);
    await tdb.pool.query(`update app_user set totp_last_step = null where username = 'crypto_admin'`);
    const reveal = await call<{ secret: string }>(totpUser, 'POST', '/developer/webhook-secret/reveal', { googleCode: await code() });
    expect(reveal.status).toBe(200);
    expect(reveal.body.result.secret).toMatch(/^whsec_/);
  });

  it('a code is accepted once', async () => {
    const c = await code();
    expect((await call(totpUser, 'POST', '/developer/webhook-secret/reveal', { googleCode: c })).status).toBe(200);
    const replay = await call(totpUser, 'POST', '/developer/webhook-secret/reveal', { googleCode: c });
    expect(replay.status).toBe(400);
    expect(replay.body.errorCode).toBe('GOOGLE_CODE_ERROR');
  });
});

describe('webhook secret', () => {
  it('reveals the seeded demo secret, rolls it, and reveals the new one', async () => {
    const shown = await call<{ secret: string }>(admin, 'POST', '/developer/webhook-secret/reveal', {});
    expect(shown.body.result.secret).toBe(DEMO_WEBHOOK_SECRET);
    const rolled = await call<{ secret: string }>(admin, 'POST', '/developer/webhook-secret/roll', {});
    expect(rolled.body.result.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{24,}$/);
    expect(rolled.body.result.secret).not.toBe(DEMO_WEBHOOK_SECRET);
    const again = await call<{ secret: string }>(admin, 'POST', '/developer/webhook-secret/reveal', {});
    expect(again.body.result.secret).toBe(rolled.body.result.secret);
    const actions = await tdb.pool.query<{ action: string; detail: unknown }>(
      `select action, detail from audit_log where action like 'webhook_secret_%' and merchant_id = 10001 order by id`,
    );
    expect(actions.rows.map((r) => r.action)).toEqual(['webhook_secret_revealed', 'webhook_secret_rolled', 'webhook_secret_revealed']);
    expect(JSON.stringify(actions.rows)).not.toContain('whsec_');
  });
});

describe('callback addresses', () => {
  it('saves http and https addresses and clears with null or empty', async () => {
    const saved = await call<{ collectionCallbackUrl: string | null }>(admin, 'PUT', '/developer/callbacks', {
      collectionCallbackUrl: ' https://shop.example.com/hooks/pay?x=1 ',
      payoutCallbackUrl: 'http://shop.example.com:8080/payout',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toEqual({ collectionCallbackUrl: 'https://shop.example.com/hooks/pay?x=1', payoutCallbackUrl: 'http://shop.example.com:8080/payout' });
    const { rows } = await tdb.pool.query('select collection_callback_url, payout_callback_url from merchant where id = 10001');
    expect(rows[0]).toEqual({ collection_callback_url: 'https://shop.example.com/hooks/pay?x=1', payout_callback_url: 'http://shop.example.com:8080/payout' });

    // Only the given field changes.
    await call(admin, 'PUT', '/developer/callbacks', { payoutCallbackUrl: '' });
    const after = await call<{ collectionCallbackUrl: string | null; payoutCallbackUrl: string | null }>(admin, 'GET', '/developer');
    expect(after.body.result.collectionCallbackUrl).toBe('https://shop.example.com/hooks/pay?x=1');
    expect(after.body.result.payoutCallbackUrl).toBeNull();
    await call(admin, 'PUT', '/developer/callbacks', { collectionCallbackUrl: null });
    expect((await call<{ collectionCallbackUrl: string | null }>(admin, 'GET', '/developer')).body.result.collectionCallbackUrl).toBeNull();
  });

  it('refuses other schemes, non-URLs and addresses over 512 characters, naming the field', async () => {
    for (const [value, fragment] of [
      ['ftp://shop.example.com/x', 'http'],
      ['javascript:alert(1)', 'http'],
      ['shop.example.com/hook', 'http'],
      [`https://shop.example.com/${'a'.repeat(520)}`, '512'],
    ] as const) {
      const res = await call(admin, 'PUT', '/developer/callbacks', { collectionCallbackUrl: value });
      expect(res.status, value).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('collectionCallbackUrl');
      expect(res.body.errors?.[0]?.message).toContain(fragment);
      expect(res.body.errors?.[0]?.label).toBe('Collection callback address');
    }
  });
});

describe('IP whitelist', () => {
  it('saves IPv4, IPv6 and CIDR entries (duplicates dropped) and the open API enforces them', async () => {
    const res = await call<{ ipWhitelist: string[] }>(admin, 'PUT', '/developer/ip-whitelist', {
      ipWhitelist: ['203.0.113.0/24', ' 2001:DB8::/32 ', '198.51.100.7', '198.51.100.7'],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.ipWhitelist).toEqual(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7']);
    expect((await whoami(DEMO_KEY_ID, DEMO_KEY_SECRET, '203.0.113.77')).response.status).toBe(200);
    expect((await whoami(DEMO_KEY_ID, DEMO_KEY_SECRET, '2001:db8::5')).response.status).toBe(200);
    expect((await whoami(DEMO_KEY_ID, DEMO_KEY_SECRET, '8.8.8.8')).response.status).toBe(403);

    await call(admin, 'PUT', '/developer/ip-whitelist', { ipWhitelist: [] });
    expect((await whoami(DEMO_KEY_ID, DEMO_KEY_SECRET, '8.8.8.8')).response.status).toBe(200);
  });

  it('answers 400 naming each bad entry, and keeps the saved list', async () => {
    await call(admin, 'PUT', '/developer/ip-whitelist', { ipWhitelist: ['10.0.0.1'] });
    const res = await call(admin, 'PUT', '/developer/ip-whitelist', { ipWhitelist: ['10.0.0.0/16', '10.0.0.0/33', 'shop.example.com', '2001:db8::/129'] });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['ipWhitelist.1', 'ipWhitelist.2', 'ipWhitelist.3']);
    expect(res.body.errors?.[1]?.message).toContain('shop.example.com');
    const { rows } = await tdb.pool.query('select ip_whitelist from merchant where id = 10001');
    expect(rows[0].ip_whitelist).toEqual(['10.0.0.1']);
    await call(admin, 'PUT', '/developer/ip-whitelist', { ipWhitelist: [] });
  });

  it('refuses ranges wider than /16 (IPv4) or /32 (IPv6), naming each and the prefix it needs', async () => {
    const res = await call(admin, 'PUT', '/developer/ip-whitelist', { ipWhitelist: ['0.0.0.0/0', '::/0', '10.0.0.0/8', '203.0.113.0/24', '2001:db8::/31', '2001:db8::/32'] });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['ipWhitelist.0', 'ipWhitelist.1', 'ipWhitelist.2', 'ipWhitelist.4']);
    expect(res.body.errors?.[0]?.message).toContain('/16');
    expect(res.body.errors?.[1]?.message).toContain('/32');
    const { rows } = await tdb.pool.query('select ip_whitelist from merchant where id = 10001');
    expect(rows[0].ip_whitelist).toEqual([]);
  });

  it(`refuses more than ${IP_WHITELIST_MAX_ENTRIES} entries`, async () => {
    const list = Array.from({ length: IP_WHITELIST_MAX_ENTRIES + 1 }, (_, i) => `10.1.${i}.0/24`);
    const res = await call(admin, 'PUT', '/developer/ip-whitelist', { ipWhitelist: list });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.field).toBe('ipWhitelist');
    const ok = await call(admin, 'PUT', '/developer/ip-whitelist', { ipWhitelist: list.slice(0, IP_WHITELIST_MAX_ENTRIES) });
    expect(ok.status).toBe(200);
    await call(admin, 'PUT', '/developer/ip-whitelist', { ipWhitelist: [] });
    const audit = await tdb.pool.query(`select count(*)::int as n from audit_log where action = 'ip_whitelist_changed' and merchant_id = 10001`);
    expect(audit.rows[0].n).toBeGreaterThanOrEqual(4);
  });
});
