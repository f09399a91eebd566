/**
 * Regional servers (issue 41, spec §4 "Changing country", §7 "the base host differs per country, brand and
 * environment"): the web reads its brand's part of the deployment's map at start, sends every call to the base of
 * the session's country (a proxy brand: its own base whatever the country), and a switch to a country served by
 * another server signs out there and opens the sign-in page of that country, whose calls go to the other server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetCurrentBrand } from '../src/brands/resolve';
import { configureApi, request, resetApiForTests } from '../src/api';
import { apiBaseFor, countrySwitchAction, currentApiBases, isRegional, loadApiBases, setApiBases, socketUrl, underBase, type ApiBaseMap } from '../src/api/servers';
import { realtimeUrl } from '../src/app/shell/useRealtime';
import { clearSession, setPermissions, setUserInfo } from '../src/session/store';
import { getSessionCurrency, getToken, setSessionCurrency, setToken } from '../src/session/storage';
import { setViewportWidth } from './setup';
import { brand, loginResult, renderApp, sampleMenu, userInfo, type Handler } from './shell-harness';

const TH = 'https://api-th.lumipay.test/api';
const PROXY = 'https://gw.relaypay.test/api';
/** LumiPay's Thailand on a server of its own; the rest of the brand on the page's server. */
const lumipay: ApiBaseMap = { default: '/api', brand: { currencies: { THB: TH } } };

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  setApiBases(null);
  resetCurrentBrand();
});
afterEach(() => {
  setApiBases(null);
  resetApiForTests();
});

describe('the base of a call', () => {
  it('without a map: the page\'s own /api for every brand and country, and no switch signs anyone out', () => {
    expect(apiBaseFor(brand('tikipay'), 'IDR')).toBe('/api');
    expect(apiBaseFor(brand('relaypay'), 'VND')).toBe('/api');
    expect(isRegional(brand('lumipay'))).toBe(false);
    expect(countrySwitchAction(brand('tikipay'), 'IDR', 'THB')).toBe('reload');
  });

  it("per brand and country: the country's entry, else the brand's default, else the deployment's", () => {
    const map: ApiBaseMap = { default: 'https://api.example.test/api', brand: { default: 'https://api-lumi.example.test/api', currencies: { THB: TH } } };
    expect(apiBaseFor(brand('lumipay'), 'THB', map)).toBe(TH);
    expect(apiBaseFor(brand('lumipay'), 'IDR', map)).toBe('https://api-lumi.example.test/api');
    expect(apiBaseFor(brand('lumipay'), 'IDR', { default: 'https://api.example.test/api', brand: { currencies: {} } })).toBe('https://api.example.test/api');
    expect(isRegional(brand('lumipay'), lumipay)).toBe(true);
  });

  it('a proxy brand (relaypay) calls through its own base whatever the country: switching never signs out', () => {
    const relay: ApiBaseMap = { default: '/api', brand: { default: PROXY, currencies: { THB: TH } } };
    for (const c of brand('relaypay').currencies) expect(apiBaseFor(brand('relaypay'), c, relay)).toBe(PROXY);
    expect(isRegional(brand('relaypay'), relay)).toBe(false);
    expect(countrySwitchAction(brand('relaypay'), 'IDR', 'THB', relay)).toBe('reload');
    // No proxy base given: the deployment's default, still one base for every country.
    expect(apiBaseFor(brand('relaypay'), 'THB', { default: '/api', brand: { currencies: {} } })).toBe('/api');
  });

  it("the switch: the same server reloads, another signs out (an admin's session does not exist there either)", () => {
    expect(countrySwitchAction(brand('lumipay'), 'IDR', 'PHP', lumipay)).toBe('reload');
    expect(countrySwitchAction(brand('lumipay'), 'IDR', 'THB', lumipay)).toBe('relogin');
    expect(countrySwitchAction(brand('lumipay'), 'THB', 'IDR', lumipay)).toBe('relogin');
  });

  it("paths the server handed out (/api/...) land under the base; the socket follows it", () => {
    expect(underBase(TH, '/sys/login')).toBe(`${TH}/sys/login`);
    expect(underBase(TH, '/api/exports/download/t1')).toBe(`${TH}/exports/download/t1`);
    expect(underBase('/api', '/api/exports/download/t1')).toBe('/api/exports/download/t1');
    expect(underBase('/api', 'sys/login')).toBe('/api/sys/login');
    expect(underBase(TH, 'https://elsewhere.test/x')).toBe('https://elsewhere.test/x');
    expect(socketUrl(TH, '/vxeSocket/7/p1', { protocol: 'http:', host: 'localhost:8080' })).toBe('wss://api-th.lumipay.test/api/vxeSocket/7/p1');
    expect(realtimeUrl(7, 'p1', { protocol: 'http:', host: 'localhost:8080' }, '/api')).toBe('ws://localhost:8080/api/vxeSocket/7/p1');
  });
});

describe('the map at start', () => {
  const answer = (result: unknown, status = 200) =>
    vi.fn(async () => new Response(JSON.stringify({ success: status === 200, code: status, message: '', result, timestamp: 1 }), { status, headers: { 'content-type': 'application/json' } }));

  it("is the brand's part, asked from the page's own server", async () => {
    const fetch = answer({ default: '/api', brand: { currencies: { THB: TH } } });
    await loadApiBases(brand('lumipay'), fetch as unknown as typeof globalThis.fetch);
    expect(String((fetch.mock.calls[0] as unknown as [string])[0])).toBe('/api/sys/apiBases?brand=lumipay');
    expect(currentApiBases()).toEqual(lumipay);
  });

  it('no answer, a refusal or a wrong shape: no map (the page stays on its own server)', async () => {
    setApiBases(lumipay);
    await loadApiBases(brand('lumipay'), vi.fn(async () => Promise.reject(new TypeError('offline'))) as unknown as typeof globalThis.fetch);
    expect(currentApiBases().brand.currencies).toEqual({});
    setApiBases(lumipay);
    await loadApiBases(brand('lumipay'), answer(null, 500) as unknown as typeof globalThis.fetch);
    expect(currentApiBases().brand.currencies).toEqual({});
    await loadApiBases(brand('lumipay'), answer({ default: 7, brand: {} }) as unknown as typeof globalThis.fetch);
    expect(apiBaseFor(brand('lumipay'), 'THB')).toBe('/api');
  });
});

describe('every call goes to the base of the session country', () => {
  it("before sign-in and after, the country's server; a proxy brand always its own", async () => {
    const urls: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response(JSON.stringify({ success: true, code: 200, message: '', result: null, timestamp: 1 }), { headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    let current = brand('lumipay');
    configureApi({ fetch, brand: () => current, currency: () => getSessionCurrency(current) });
    setApiBases(lumipay);
    // No country chosen yet: the brand's first (IDR), on the page's server.
    await request('GET', '/sys/randomImage/k1');
    setSessionCurrency(current, 'THB');
    await request('POST', '/sys/login', { data: {} });
    setSessionCurrency(current, 'PHP');
    await request('GET', '/user/info');
    expect(urls.map((u) => u.replace(/\?.*$/, ''))).toEqual(['/api/sys/randomImage/k1', `${TH}/sys/login`, '/api/user/info']);

    current = brand('relaypay');
    setApiBases({ default: '/api', brand: { default: PROXY, currencies: {} } });
    urls.length = 0;
    for (const c of ['IDR', 'THB', 'VND'] as const) {
      setSessionCurrency(current, c);
      await request('GET', '/user/info');
    }
    expect(urls.map((u) => u.replace(/\?.*$/, ''))).toEqual([`${PROXY}/user/info`, `${PROXY}/user/info`, `${PROXY}/user/info`]);
  });

  it('relaypay forgets the country at sign-out', () => {
    setSessionCurrency(brand('relaypay'), 'THB');
    setSessionCurrency(brand('lumipay'), 'THB');
    clearSession(brand('relaypay'));
    expect(window.localStorage.getItem('COUNTRY_CURRENCY:relaypay')).toBeNull();
    clearSession(brand('lumipay'));
    expect(window.localStorage.getItem('COUNTRY_CURRENCY:lumipay')).toBe('THB');
  });
});

describe('the country switch across servers (spec §4)', () => {
  const permissions = { menu: sampleMenu(), auth: [], allAuth: [] };
  const routes = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
    'GET /sys/permission/getUserPermissionByToken': () => permissions,
    'GET /user/info': () => userInfo(),
    'GET /sys/randomImage/*': () => 'data:image/svg+xml;base64,PHN2Zy8+',
    'POST /sys/logout': () => null,
    'PUT /sys/switchCountry': () => loginResult({ token: 'tok-php' }, { currency: 'PHP' }),
    ...extra,
  });

  async function signedInAs(info: Parameters<typeof userInfo>[0], reload = vi.fn()) {
    setViewportWidth(1280);
    // The API client's brand is the page's (host, else the stored choice): LumiPay here, as the rendered app.
    window.localStorage.setItem('BRAND', 'lumipay');
    resetCurrentBrand();
    setToken('tok-idr');
    setUserInfo(userInfo({ currencies: ['IDR', 'THB', 'PHP'], ...info }));
    setSessionCurrency(brand('lumipay'), 'IDR');
    setPermissions(permissions);
    const app = await renderApp('lumipay', '/dashboard/home', routes(), { reload });
    setApiBases(lumipay);
    return { ...app, reload };
  }

  async function choose(country: string) {
    const switcher = await screen.findByTestId('country-switcher');
    fireEvent.mouseDown(switcher.querySelector('.ant-select-selector') as Element);
    await act(async () => {
      fireEvent.click(await screen.findByText(country));
    });
  }

  async function confirm() {
    await act(async () => {
      fireEvent.click(await screen.findByText('Confirm'));
    });
  }

  it('a non-admin: told first, signed out on the old server, then the sign-in page of Thailand on its server', async () => {
    const { server, router, reload } = await signedInAs({ roleCode: 'third_role_admin' });
    await choose('Thailand · THB');
    expect(await screen.findByText('Thailand · THB is served by another server: you will be signed out and asked to sign in again there.')).toBeTruthy();
    await confirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const logout = server.calls.find((c) => c.path === '/sys/logout');
    expect(logout).toMatchObject({ origin: 'http://localhost', method: 'POST' });
    expect(logout?.headers.get('X-Access-Token')).toBe('tok-idr');
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem('COUNTRY_CURRENCY:lumipay')).toBe('THB');
    expect(server.calls.some((c) => c.path === '/sys/switchCountry')).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    // The sign-in page shows Thailand, and its captcha comes from Thailand's server (where the sign-in will go).
    await screen.findByTestId('login-form');
    expect((await screen.findByTestId('country-switcher')).textContent).toContain('THB');
    await waitFor(() => expect(server.calls.some((c) => c.path.startsWith('/sys/randomImage/') && c.origin === 'https://api-th.lumipay.test')).toBe(true));
  });

  it('an admin on the same server: a new session in that country and a reload, signed in all along', async () => {
    const { server, reload } = await signedInAs({ isPlatform: true, roleCode: 'admin' });
    await choose('Philippines · PHP');
    expect(await screen.findByText('Switch the session to Philippines · PHP? The page will reload.')).toBeTruthy();
    await confirm();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.calls.find((c) => c.path === '/sys/switchCountry')).toMatchObject({ origin: 'http://localhost', body: expect.objectContaining({ countryCurrency: 'PHP' }) });
    expect(server.calls.some((c) => c.path === '/sys/logout')).toBe(false);
    expect(getToken()).toBe('tok-php');
  });

  it('an admin to another server: signed out as well (the session lives on this server only)', async () => {
    const { server, router } = await signedInAs({ isPlatform: true, roleCode: 'admin' });
    await choose('Thailand · THB');
    expect(await screen.findByText('Thailand · THB is served by another server: you will be signed out and asked to sign in again there.')).toBeTruthy();
    await confirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls.some((c) => c.path === '/sys/logout')).toBe(true);
    expect(getToken()).toBeNull();
  });

  it("the sign-in page of a brand with regional servers sends the shown country, and its captcha follows a change", async () => {
    window.localStorage.setItem('BRAND', 'lumipay');
    resetCurrentBrand();
    setApiBases(lumipay);
    const { server } = await renderApp('lumipay', '/login', routes({ 'POST /sys/login': () => loginResult() }));
    await screen.findByTestId('login-form');
    // Nothing chosen: the brand's first country is shown (not "home country": that could be another server's).
    expect((await screen.findByTestId('country-switcher')).textContent).toContain('IDR');
    await waitFor(() => expect(server.calls.filter((c) => c.path.startsWith('/sys/randomImage/')).map((c) => c.origin)).toEqual(['http://localhost']));
    act(() => setSessionCurrency(brand('lumipay'), 'THB'));
    await waitFor(() => expect(server.calls.filter((c) => c.path.startsWith('/sys/randomImage/')).map((c) => c.origin)).toEqual(['http://localhost', 'https://api-th.lumipay.test']));
    fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'demo_admin' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Demo#2026pay' } });
    fireEvent.change(screen.getByTestId('login-captcha'), { target: { value: 'abcd' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'));
    });
    await waitFor(() => expect(server.calls.find((c) => c.path === '/sys/login')).toMatchObject({ origin: 'https://api-th.lumipay.test', body: expect.objectContaining({ countryCurrency: 'THB' }) }));
  });
});
