/**
 * Harness of the shell and sign-in tests: the app's routes and providers on a memory router, a fake server behind
 * the real API client, a screen registry of small test screens, sample menu and session data.
 */
import { useState, type ComponentType } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams } from 'react-router';
import { findBrand, type Brand } from '@mg/domain';
import { AppProviders, createQueryClient } from '../src/app/AppProviders';
import { buildRoutes } from '../src/app/router';
import { ScreensContext } from '../src/app/shell/ScreenPane';
import { configureApi, resetApiForTests, setApiNotifier } from '../src/api';
import type { AuthEntry, LoginResult, MenuItem, UserInfo } from '../src/api/identity';
import { bootstrapLocale } from '../src/i18n/bootstrap';

export interface Call {
  /** The server the call went to: http://localhost for the page's own `/api`, another for a regional base. */
  origin: string;
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  headers: Headers;
}
export type Handler = (call: Call) => unknown;

export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export const ok = (result: unknown) => ({ success: true, message: '', code: 200, result, timestamp: 1 });
export const fail = (status: number, message: string, errorCode?: string) => new Reply(status, { success: false, code: status, message, errorCode, result: null, timestamp: 1 });

export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const call: Call = { origin: url.origin, method, path, query: url.searchParams, body, headers: new Headers(init?.headers) };
    calls.push(call);
    const key = Object.keys(routes).find((k) => k === `${method} ${path}` || (k.endsWith('*') && `${method} ${path}`.startsWith(k.slice(0, -1))));
    const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    if (!key) return json(404, { success: false, code: 404, message: `no route ${method} ${path}`, result: null, timestamp: 1 });
    const out = await (routes[key] as Handler)(call);
    if (out instanceof Reply) return json(out.status, out.body);
    if (out instanceof Response) return out;
    return json(200, ok(out));
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

export const brand = (value: string) => findBrand(value) as Brand;

export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 2,
    username: 'demo_admin',
    realname: 'Dewi Admin',
    avatar: null,
    company: 'Demo Store',
    email: 'demo@example.test',
    phone: null,
    currency: 'IDR',
    merchantId: 10001,
    roleCode: 'third_role_admin',
    subMerchantInfos: 'Demo Store(10001),Demo Two(10002)',
    amountUsdSwitch: false,
    orgCode: null,
    twoFactorEnabled: false,
    brand: 'lumipay',
    isPlatform: false,
    languages: ['zh-CN', 'en-US', 'id-ID'],
    currencies: ['IDR', 'THB'],
    ...overrides,
  };
}

const titles = (en: string, id: string) => ({ 'en-US': en, 'id-ID': id, 'zh-CN': `${en}-zh`, 'th-TH': en, 'ms-MY': en, 'pt-BR': en });

function item(path: string, component: string, en: string, id: string, extra: Partial<MenuItem> = {}): MenuItem {
  return {
    id: path,
    path,
    name: path.replace(/\//g, '-').slice(1),
    component,
    hidden: false,
    route: '1',
    alwaysShow: false,
    meta: { title: en, titles: titles(en, id), icon: 'UserOutlined', keepAlive: true, internalOrExternal: false, permissionList: [] },
    ...extra,
  };
}

/** A sample menu: home, a group with two screens, a route-'0' item, an unknown component, iframe and external items. */
export function sampleMenu(): MenuItem[] {
  return [
    item('/dashboard/home', 'dashboard/Home', 'Home', 'Beranda', { meta: { title: 'Home', titles: titles('Home', 'Beranda'), icon: 'HomeOutlined', keepAlive: true, internalOrExternal: false, permissionList: [] } }),
    {
      ...item('/system', '', 'System', 'Sistem', { redirect: '/system/users', alwaysShow: true }),
      children: [
        item('/system/users', 'test/Counter', 'Users', 'Pengguna'),
        item('/system/roles', 'test/Counter', 'Roles', 'Peran'),
        item('/system/hidden-route', 'test/Counter', 'Not a route', 'Bukan rute', { route: '0' }),
        item('/system/unknown', 'system/DoesNotExist', 'Unknown', 'Tidak dikenal'),
      ],
    },
    item('/docs', '', 'Docs', 'Dokumen', { meta: { title: 'Docs', titles: titles('Docs', 'Dokumen'), url: 'https://docs.example.test/', keepAlive: true, internalOrExternal: true, permissionList: [] } }),
    item('/report', '', 'Report', 'Laporan', { meta: { title: 'Report', titles: titles('Report', 'Laporan'), url: 'https://report.example.test/view', keepAlive: true, internalOrExternal: false, permissionList: [] } }),
    item('/secret', 'test/Counter', 'Secret', 'Rahasia', { hidden: true }),
  ];
}

export const button = (action: string, status: '0' | '1' = '1'): AuthEntry => ({ action, describe: action, type: '2', status });

export function loginResult(overrides: Partial<LoginResult> = {}, info: Partial<UserInfo> = {}): LoginResult {
  return { token: 'tok-1', userInfo: userInfo(info), sysAllDictItems: { sex: [{ value: '1', text: 'Male', title: 'Male', label: 'Male' }] }, multi_depart: 1, departs: [], ...overrides };
}

/** A screen with local state (a counter) and its URL query, to see keep-alive and refresh. */
export let counterMounts = 0;
function Counter() {
  const [n, setN] = useState(0);
  const [params] = useSearchParams();
  const [mountId] = useState(() => ++counterMounts);
  // What the screen saw when it mounted (a list reads its filters from the address then).
  const [qAtMount] = useState(() => params.get('q') ?? '');
  return (
    <div>
      <button type="button" data-testid="counter" onClick={() => setN((x) => x + 1)}>
        count {n}
      </button>
      <span data-testid="mount-id">{mountId}</span>
      <span data-testid="query-q">{params.get('q') ?? ''}</span>
      <span data-testid="query-q-at-mount">{qAtMount}</span>
      <span data-testid="query-currency">{params.get('currency') ?? ''}</span>
    </div>
  );
}
function TestHome() {
  return <div data-testid="test-home">home screen</div>;
}

export const TEST_SCREENS: Record<string, ComponentType> = {
  'dashboard/Home': TestHome,
  'test/Counter': Counter,
};

export interface Notes {
  errors: string[];
}

export async function renderApp(brandValue: string, path: string, routes: Record<string, Handler>, opts: { reload?: () => void; screens?: Record<string, ComponentType> } = {}) {
  const b = brand(brandValue);
  resetApiForTests();
  const server = fakeServer(routes);
  configureApi({ fetch: server.fetch });
  const notes: Notes = { errors: [] };
  setApiNotifier({ error: (c) => void notes.errors.push(c), reloginDialog: () => undefined });
  const locale = await bootstrapLocale(b);
  const router = createMemoryRouter(buildRoutes(b, { reload: opts.reload }), { initialEntries: [path] });
  const view = render(
    <ScreensContext.Provider value={opts.screens ?? TEST_SCREENS}>
      <AppProviders brand={b} locale={locale} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </ScreensContext.Provider>,
  );
  return { router, view, server, notes };
}
