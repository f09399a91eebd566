/**
 * Regional servers (issue 41, spec §7 "the base host differs per country, brand and environment"): the map of API
 * bases is deployment configuration (API_BASES / API_BASES_FILE), checked at start with one clear line; each brand's
 * part is served at GET /api/sys/apiBases; a server with web origins answers their cross-origin calls (CORS with
 * credentials and the session headers), one without stays closed, and the page's CSP lets it reach the map's hosts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { buildTestApp } from './helpers/app';
import { login } from './helpers/admin-session';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const WEB = 'https://merchant.tikipay.example';
const TH = 'https://api-th.tikipay.example/api';
const RELAY = 'https://gw.relaypay.example/api';
const MAP = { default: '/api', brands: { tikipay: { THB: TH, PHP: 'https://api-ph.tikipay.example/api/' }, relaypay: { default: RELAY } } };

describe('API_BASES in the configuration', () => {
  it('is read from the variable or from a file, and is absent without either', () => {
    expect(parseConfig({})).toMatchObject({ apiBases: null, webOrigins: [] });
    const c = parseConfig({ API_BASES: JSON.stringify(MAP), WEB_ORIGINS: `${WEB}, http://localhost:5173` });
    expect(c.apiBases).toEqual({
      default: '/api',
      brands: { tikipay: { currencies: { THB: TH, PHP: 'https://api-ph.tikipay.example/api' } }, relaypay: { default: RELAY, currencies: {} } },
    });
    expect(c.webOrigins).toEqual([WEB, 'http://localhost:5173']);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-bases-'));
    try {
      const file = path.join(dir, 'api-bases.json');
      fs.writeFileSync(file, JSON.stringify({ brands: { lumipay: { default: 'https://api.lumipay.example/api' } } }));
      expect(parseConfig({ API_BASES_FILE: file }).apiBases).toEqual({ default: '/api', brands: { lumipay: { default: 'https://api.lumipay.example/api', currencies: {} } } });
      expect(() => parseConfig({ API_BASES_FILE: path.join(dir, 'missing.json') })).toThrow(/^Invalid configuration: API_BASES_FILE cannot be read \(ENOENT: .*missing\.json\)$/);
      fs.writeFileSync(file, '{"brands": {"nopay": {}}}');
      expect(() => parseConfig({ API_BASES_FILE: file })).toThrow(`Invalid configuration: API_BASES_FILE brands names an unknown brand "nopay" (file ${JSON.stringify(file)})`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad map with one line naming the entry', () => {
    const bad = (map: unknown) => () => parseConfig({ API_BASES: typeof map === 'string' ? map : JSON.stringify(map) });
    expect(bad('{not json')).toThrow(/^Invalid configuration: API_BASES is not JSON/);
    expect(bad([])).toThrow('Invalid configuration: API_BASES must be a JSON object');
    expect(bad({ regions: {} })).toThrow('API_BASES has an unknown key "regions"');
    expect(bad({ brands: { tikipay: { XXX: TH } } })).toThrow('API_BASES brands.tikipay.XXX: "XXX" is neither "default" nor a currency code');
    expect(bad({ brands: { tikipay: { THB: 'ftp://th.example/api' } } })).toThrow('API_BASES brands.tikipay.THB must be an http(s):// URL');
    expect(bad({ brands: { tikipay: { THB: 'https://th.example/api?x=1' } } })).toThrow('must have no query, fragment or credentials');
    expect(bad({ brands: { tikipay: { THB: 42 } } })).toThrow('API_BASES brands.tikipay.THB must be a path (/api) or an http(s):// URL');
    expect(bad({ default: '//evil.example' })).toThrow('API_BASES default must be a path (/api) or an http(s):// URL');
    // relaypay's calls go to its own proxy host, whatever the country: one base.
    expect(bad({ brands: { relaypay: { THB: RELAY } } })).toThrow('API_BASES brands.relaypay.THB: relaypay calls through its own proxy');
    expect(() => parseConfig({ API_BASES: '{}', API_BASES_FILE: '/x.json' })).toThrow('API_BASES and API_BASES_FILE are both set');
    expect(() => parseConfig({ WEB_ORIGINS: WEB })).toThrow('WEB_ORIGINS needs API_BASES or API_BASES_FILE');
    expect(() => parseConfig({ API_BASES: '{}', WEB_ORIGINS: `${WEB}/login` })).toThrow('Invalid configuration: WEB_ORIGINS must be http(s)://host[:port] origins separated by commas, no path (got "https://merchant.tikipay.example/login")');
  });
});

describe('a regional server', () => {
  let tdb: TestDatabase;
  let regional: FastifyInstance;
  let plain: FastifyInstance;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    const config = parseConfig({ API_BASES: JSON.stringify(MAP), WEB_ORIGINS: WEB });
    regional = await buildTestApp(tdb, { apiBases: config.apiBases, webOrigins: config.webOrigins });
    plain = await buildTestApp(tdb);
    await Promise.all([regional.ready(), plain.ready()]);
  });
  afterAll(async () => {
    await regional?.close();
    await plain?.close();
    await tdb?.drop();
  });

  it("answers a brand's part of the map before sign-in, and /api for everything without one", async () => {
    const tiki = await regional.inject({ method: 'GET', url: '/api/sys/apiBases?brand=tikipay' });
    expect(tiki.statusCode).toBe(200);
    expect(tiki.json().result).toEqual({ default: '/api', brand: { currencies: { THB: TH, PHP: 'https://api-ph.tikipay.example/api' } } });
    // A brand's page does not learn the other brands' hosts.
    expect(JSON.stringify(tiki.json())).not.toContain('relaypay');
    expect((await regional.inject({ method: 'GET', url: '/api/sys/apiBases?brand=relaypay' })).json().result).toEqual({ default: '/api', brand: { default: RELAY, currencies: {} } });
    expect((await plain.inject({ method: 'GET', url: '/api/sys/apiBases?brand=tikipay' })).json().result).toEqual({ default: '/api', brand: { currencies: {} } });
    expect((await plain.inject({ method: 'GET', url: '/api/sys/apiBases?brand=nopay' })).statusCode).toBe(400);
  });

  it('answers the preflight and the call of a configured web origin, with credentials and the session headers', async () => {
    const preflight = await regional.inject({
      method: 'OPTIONS',
      url: '/api/sys/login',
      headers: { origin: WEB, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-access-token,x-currency,x-lang,tenant_id' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(WEB);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase().split(',').map((h) => h.trim());
    expect(allowed).toEqual(expect.arrayContaining(['x-access-token', 'content-type', 'x-currency', 'x-lang', 'tenant_id', 'x-brand', 'x-background']));
    expect(String(preflight.headers['access-control-allow-methods'])).toContain('PUT');

    const token = await login(regional, 'demo_admin');
    const info = await regional.inject({ method: 'GET', url: '/api/user/info', headers: { origin: WEB, 'x-access-token': token } });
    expect(info.statusCode).toBe(200);
    expect(info.headers['access-control-allow-origin']).toBe(WEB);
    expect(info.headers['access-control-allow-credentials']).toBe('true');
    expect(String(info.headers['access-control-expose-headers']).toLowerCase()).toContain('content-disposition');
    // The page of a web origin shows this server's signed file links.
    expect(info.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('stays closed to any other origin, and entirely without web origins', async () => {
    const preflight = { method: 'OPTIONS' as const, url: '/api/sys/login', headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-access-token' } };
    const other = await regional.inject({ ...preflight, headers: { ...preflight.headers, origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const closed = await plain.inject({ ...preflight, headers: { ...preflight.headers, origin: WEB } });
    expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    expect(closed.statusCode).toBe(404);
    const call = await plain.inject({ method: 'GET', url: '/api/health', headers: { origin: WEB } });
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
    expect(call.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("lets the page reach the map's other hosts (CSP), and only 'self' without a map", async () => {
    const csp = String((await regional.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(connect.split(' ')).toEqual(expect.arrayContaining(["'self'", 'https://api-th.tikipay.example', 'https://api-ph.tikipay.example', 'https://gw.relaypay.example']));
    expect(/img-src ([^;]+)/.exec(csp)?.[1]).toContain('https://api-th.tikipay.example');
    const plainCsp = String((await plain.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(/connect-src ([^;]+)/.exec(plainCsp)?.[1]).toBe("'self' ws: wss:");
  });
});
