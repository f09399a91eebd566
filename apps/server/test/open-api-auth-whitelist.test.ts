/**
 * Open API IP whitelist (docs/open-api.md): IPv4, IPv6, CIDR; an empty list admits sandbox keys only. The calls go
 * through the generated client's signing (helpers/open-api-client.ts) from the address each test names.
 */
import { ApiKeyMode, OPEN_API_PREFIX } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openApiAuth } from '../src/modules/open-api/auth';
import { ipListContains, normalizeAddress, parseIpRule } from '../src/modules/open-api/ip';
import { buildTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { openApiRequest } from './helpers/open-api';
import { expectData, expectError, signingKey, testProbeClient, type ProbeGet } from './helpers/open-api-client';

let tdb: TestDatabase;
let app: FastifyInstance;
const LIVE_ID = 'mk_live_wl10001';
const LIVE_SECRET = 'sk_live_0123456789abcdefghijABCDEFGHIJ';

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  await app.register(
    async (scope) => {
      await openApiAuth(scope);
      scope.get('/whoami', { config: { openApi: true } }, async (req) => ({ caller: req.openApi }));
    },
    { prefix: `${OPEN_API_PREFIX}/probe` },
  );
  await app.ready();
  await tdb.pool.query(
    `insert into api_key (id, merchant_id, mode, secret_sealed, secret_last4) values ($1, 10001, $2, $3, $4)`,
    [LIVE_ID, ApiKeyMode.LIVE, app.secretBox.seal(LIVE_SECRET), LIVE_SECRET.slice(-4)],
  );
});

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

const setWhitelist = (list: string[]) => tdb.pool.query('update merchant set ip_whitelist = $1 where id = 10001', [list]);
/** The probe route above, typed for the generated client's signing (it is not in the served document). */
interface Probe {
  '/probe/whoami': { get: ProbeGet<{ caller: { merchantId: number; keyId: string; mode: string } }> };
}
/** A signed call of the generated client from `remoteAddress`, with the demo sandbox key or the live key. */
const from = (remoteAddress: string, live = false) =>
  testProbeClient<Probe>(app, { remoteAddress, ...(live ? { key: signingKey(LIVE_ID, LIVE_SECRET) } : {}) }).GET('/probe/whoami', {});
const status = (r: { response: Response }) => r.response.status;

describe('whitelist entries', () => {
  it('parses IPv4, IPv6 and CIDR and refuses the rest', () => {
    expect(parseIpRule('203.0.113.7')).toEqual({ family: 'ipv4', address: '203.0.113.7', prefix: 32 });
    expect(parseIpRule(' 203.0.113.0/24 ')).toEqual({ family: 'ipv4', address: '203.0.113.0', prefix: 24 });
    expect(parseIpRule('2001:DB8::/32')).toEqual({ family: 'ipv6', address: '2001:db8::', prefix: 32 });
    expect(parseIpRule('::1')).toEqual({ family: 'ipv6', address: '::1', prefix: 128 });
    for (const bad of ['', 'example.com', '256.1.1.1', '1.2.3', '10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/-1', 'fe80::1%eth0', '1.2.3.4/24/1', '01.2.3.4']) {
      expect(parseIpRule(bad), bad).toBeNull();
    }
  });

  it('matches addresses, blocks and IPv4-mapped IPv6 callers', () => {
    const list = ['203.0.113.0/24', '198.51.100.7', '2001:db8:abcd::/48'];
    expect(ipListContains(list, '203.0.113.255')).toBe(true);
    expect(ipListContains(list, '203.0.114.0')).toBe(false);
    expect(ipListContains(list, '198.51.100.7')).toBe(true);
    expect(ipListContains(list, '198.51.100.8')).toBe(false);
    expect(ipListContains(list, '::ffff:198.51.100.7')).toBe(true);
    expect(ipListContains(list, '2001:db8:abcd:12::1')).toBe(true);
    expect(ipListContains(list, '2001:db8:abce::1')).toBe(false);
    expect(ipListContains([], '203.0.113.1')).toBe(false);
    expect(ipListContains(['0.0.0.0/0'], '8.8.8.8')).toBe(true);
    expect(normalizeAddress('not an ip')).toBeNull();
  });
});

describe('whitelist on requests', () => {
  beforeEach(async () => {
    await setWhitelist([]);
  });

  it('a non-empty list admits matching IPv4 callers and refuses the others with 403', async () => {
    await setWhitelist(['203.0.113.0/24', '198.51.100.7']);
    expect(status(await from('203.0.113.42'))).toBe(200);
    expect(status(await from('198.51.100.7'))).toBe(200);
    const refused = expectError(await from('198.51.100.8'), 403);
    expect(refused.errorCode).toBe('OPEN_API_IP_NOT_ALLOWED');
    expect(refused.message).toContain('198.51.100.8');
  });

  it('matches IPv6 addresses and blocks', async () => {
    await setWhitelist(['2001:db8::/32', '2400:cb00::1']);
    expect(status(await from('2001:db8:1:2::3'))).toBe(200);
    expect(status(await from('2400:cb00::1'))).toBe(200);
    expect(status(await from('2400:cb00::2'))).toBe(403);
    expect(status(await from('203.0.113.1'))).toBe(403);
  });

  it('a whitelisted live key works from a listed address only', async () => {
    await setWhitelist(['203.0.113.9']);
    const ok = expectData(await from('203.0.113.9', true), 200);
    expect(ok).toMatchObject({ caller: { mode: 'live', keyId: LIVE_ID } });
    expect(status(await from('203.0.113.10', true))).toBe(403);
  });

  it('an empty list admits sandbox keys from anywhere and refuses live keys with 403', async () => {
    expect(status(await from('8.8.8.8'))).toBe(200);
    const live = expectError(await from('8.8.8.8', true), 403);
    expect(live.errorCode).toBe('OPEN_API_LIVE_KEY_NEEDS_WHITELIST');
  });

  it('checks the signature before the address: an unsigned caller learns nothing about the list', async () => {
    await setWhitelist(['203.0.113.9']);
    // By hand: a signature that is not the request's, which the generated client never sends.
    const res = await openApiRequest(app, { method: 'GET', url: '/probe/whoami', remoteAddress: '8.8.8.8', signature: '00'.repeat(32) });
    expect(res.statusCode).toBe(401);
  });
});
