/**
 * Test harness of the screens (test/screens-*.test.tsx): the app's providers, a memory router, a session with the
 * given permission codes, and a fake server answering through the real API client (configureApi({ fetch })).
 */
import type { ReactNode } from 'react';
import { configure, render, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AREAS, findBrand, PermissionType, type Brand, type MenuItem } from '@mg/domain';
import { AppProviders, createQueryClient } from '../src/app/AppProviders';
import { configureApi, resetApiForTests } from '../src/api';
import type { AuthEntry, UserInfo } from '../src/api/identity';
import { activateLanguage } from '../src/i18n';
import { notifySession, setPermissions, setUserInfo } from '../src/session/store';

// ProTable renders slowly in jsdom when the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5_000 });

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}

export type Handler = (call: Call) => unknown;

/** A fake answer that is not a success envelope. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export function ok(result: unknown) {
  return { success: true, message: '', code: 200, result, timestamp: Date.now() };
}

export function page<T>(records: T[], total = records.length) {
  return { records, total, size: 10, current: 1, pages: Math.max(1, Math.ceil(total / 10)) };
}

/** Routes `METHOD /path` (after /api) to handlers; records every call. Unknown routes answer 404. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const call: Call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const handler = routes[`${method} ${path}`];
    const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
    if (!handler) return json(404, { success: false, code: 404, message: `no route ${method} ${path}`, result: null });
    const out = await handler(call);
    if (out instanceof Reply) return json(out.status, out.body);
    return json(200, ok(out));
  }) as typeof globalThis.fetch;
  return {
    calls,
    fetch,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const USER_INFO: UserInfo = {
  id: 1,
  username: 'demo_admin',
  realname: 'Demo Admin',
  avatar: null,
  company: 'Demo',
  email: 'demo@example.com',
  phone: null,
  currency: 'IDR',
  merchantId: 10001,
  roleCode: 'third_role_admin',
  subMerchantInfos: 'Demo(10001)',
  amountUsdSwitch: false,
  orgCode: null,
  twoFactorEnabled: false,
  brand: 'tikipay',
  isPlatform: false,
  languages: ['en-US'],
  currencies: ['IDR'],
};

/** A session holding these button codes. */
export function signIn(codes: readonly string[], user: Partial<UserInfo> = {}): void {
  const auth: AuthEntry[] = codes.map((action) => ({ action, describe: action, type: PermissionType.BUTTON, status: '1' }));
  setUserInfo({ ...USER_INFO, ...user });
  // The pages among the codes make the menu, as the server's menu holds the pages a user's codes grant.
  const menu: MenuItem[] = AREAS.flatMap((a) => a.pages ?? [])
    .filter((p) => codes.includes(p.perm))
    .map((p) => ({
      id: p.name,
      path: p.path,
      name: p.name,
      component: p.component,
      hidden: false,
      route: '1',
      alwaysShow: false,
      meta: { title: p.titleKey, titles: {} as MenuItem['meta']['titles'], keepAlive: false, internalOrExternal: false, permissionList: [] },
    }));
  setPermissions({ menu, auth, allAuth: auth });
}

export function signOutForTests(): void {
  window.sessionStorage.clear();
  window.localStorage.clear();
  notifySession();
  resetApiForTests();
}

/** Renders a screen at `path` (its query is the screen's URL state) with a fake server. */
export async function renderScreen(element: ReactNode, { path = '/screen', server }: { path?: string; server: ReturnType<typeof fakeServer> }) {
  const brand = findBrand('tikipay') as Brand;
  const locale = await activateLanguage('en-US', { screens: true });
  configureApi({ fetch: server.fetch, brand: () => brand, currency: () => 'IDR', token: () => 'test-token' });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders brand={brand} locale={locale} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { view, router, queryClient };
}

/** Each text stands somewhere in `container` (a table row, a drawer section): one getByText per text. */
export function expectTextsIn(container: HTMLElement, texts: readonly string[]): void {
  for (const text of texts) expect(within(container).getByText(text)).toBeTruthy();
}

/** Each element (by test id) shows exactly its text. */
export function expectTestIdTexts(texts: Readonly<Record<string, string>>): void {
  for (const [id, text] of Object.entries(texts)) expect(screen.getByTestId(id).textContent, id).toBe(text);
}
