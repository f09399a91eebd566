import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_TTL_MS } from '@mg/domain';
import { buildMenuTree, buildShellRoutes, matchShellRoute, safeUrl, titleIn } from '../src/app/shell/routes';
import { closeLeft, closeOthers, closeRight, closeTab, initialTabs, openTab, refreshTab, type Tab } from '../src/app/shell/tabs';
import { apiBaseFor, countrySwitchAction } from '../src/api/servers';
import { redirectTarget } from '../src/features/auth/redirect';
import { applyLoginResult, clearSession, getDepartChoice, getSession, isAdminSession, parseSubMerchants, setDepartChoice, setPermissions } from '../src/session/store';
import { getSessionCurrency, setSessionCurrency } from '../src/session/storage';
import { lookupScreen } from '../src/app/shell/ScreenPane';
import { MENU_ICONS } from '../src/app/shell/icons';
import { brand, loginResult, sampleMenu, userInfo } from './shell-harness';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('routes from the permission menu', () => {
  const routes = buildShellRoutes(sampleMenu(), brand('lumipay'));
  const paths = routes.map((r) => r.path);

  it('builds a route per routable item; route "0" items are left out', () => {
    expect(paths).toContain('/system/users');
    expect(paths).toContain('/system/roles');
    expect(paths).not.toContain('/system/hidden-route');
    expect(matchShellRoute(routes, '/system/hidden-route')).toBeUndefined();
  });

  it('home is first, at the brand home path, with the menu item titles', () => {
    expect(routes[0]).toMatchObject({ path: '/dashboard/home', kind: 'screen', component: 'dashboard/Home' });
    expect(titleIn(routes[0], 'id-ID')).toBe('Beranda');
  });

  it('legacy brands serve home at /dashboard/analysis; /dashboard/home redirects there', () => {
    const legacy = buildShellRoutes(sampleMenu(), brand('tikipay'));
    expect(legacy[0]?.path).toBe('/dashboard/analysis');
    expect(matchShellRoute(legacy, '/dashboard/home')).toMatchObject({ kind: 'redirect', redirect: '/dashboard/analysis' });
  });

  it('a menu without a home item still has the home route', () => {
    const r = buildShellRoutes([], brand('lumipay'));
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ path: '/dashboard/home', component: 'dashboard/Home' });
  });

  it('groups redirect; iframe and external items are kinds of their own; unknown components stay screens', () => {
    expect(matchShellRoute(routes, '/system')).toMatchObject({ kind: 'redirect', redirect: '/system/users' });
    expect(matchShellRoute(routes, '/docs')).toMatchObject({ kind: 'external', url: 'https://docs.example.test/' });
    expect(matchShellRoute(routes, '/report')).toMatchObject({ kind: 'iframe', url: 'https://report.example.test/view' });
    expect(matchShellRoute(routes, '/system/unknown')).toMatchObject({ kind: 'screen', component: 'system/DoesNotExist' });
  });

  it('the breadcrumb trail holds the ancestors', () => {
    const users = matchShellRoute(routes, '/system/users');
    expect(users?.trail.map((x) => x.path)).toEqual(['/system']);
    expect(titleIn(users?.trail[0], 'id-ID')).toBe('Sistem');
  });

  it('titles: meta.titles[language], else meta.title', () => {
    expect(titleIn({ title: 'T', titles: { 'en-US': 'E' } }, 'en-US')).toBe('E');
    expect(titleIn({ title: 'T', titles: { 'en-US': 'E' } }, 'th-TH')).toBe('T');
  });

  it('matches with a trailing slash; unknown paths match nothing', () => {
    expect(matchShellRoute(routes, '/system/users/')?.path).toBe('/system/users');
    expect(matchShellRoute(routes, '/nope')).toBeUndefined();
  });

  it('urls: only http(s) or site paths; placeholders are not evaluated', () => {
    expect(safeUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeUrl("{{ window._CONFIG['domianURL'] }}/x")).toBeUndefined();
    expect(safeUrl('//evil.test/x')).toBeUndefined();
    expect(safeUrl('/reports/x')).toBe('/reports/x');
    expect(safeUrl('https://a.test/b')).toBe('https://a.test/b');
  });

  it('the visible menu leaves out hidden and route "0" items; home points at the brand home', () => {
    const tree = buildMenuTree(sampleMenu(), brand('tikipay'));
    expect(tree.map((n) => n.path)).toEqual(['/dashboard/analysis', '/system', '/docs', '/report']);
    expect(tree[1]?.children?.map((n) => n.path)).toEqual(['/system/users', '/system/roles', '/system/unknown']);
    expect(tree.find((n) => n.path === '/docs')?.externalUrl).toBe('https://docs.example.test/');
  });

  it('the registry is looked up by own keys only; icons come from a fixed map', () => {
    const registry = { 'a/B': () => null };
    expect(lookupScreen(registry, 'a/B')).toBeTypeOf('function');
    expect(lookupScreen(registry, 'constructor')).toBeUndefined();
    expect(lookupScreen(registry, '../../evil')).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(MENU_ICONS, 'HomeOutlined')).toBe(true);
    expect(Object.prototype.hasOwnProperty.call(MENU_ICONS, 'toString')).toBe(false);
  });
});

describe('tab rules', () => {
  const home = '/dashboard/home';
  const tabs = (...paths: string[]): Tab[] => paths.map((path) => ({ path, version: 0 }));
  const paths = (t: readonly Tab[]) => t.map((x) => x.path);

  it('home is always first; opening an open tab changes nothing', () => {
    expect(paths(initialTabs(home, '/a'))).toEqual([home, '/a']);
    expect(paths(openTab(tabs('/a'), '/b', home))).toEqual([home, '/a', '/b']);
    expect(paths(openTab(tabs(home, '/a'), '/a', home))).toEqual([home, '/a']);
    // The same array, so the shell does not render again for the tab it opened with.
    const open = tabs(home, '/a');
    expect(openTab(open, '/a', home)).toBe(open);
  });

  it('home cannot be closed; the last tab cannot be closed', () => {
    expect(closeTab(tabs(home, '/a'), home, home, '/a').refused).toBe('homeNotClosable');
    expect(closeTab(tabs(home), home, home, home).refused).toBe('lastTab');
  });

  it('closing the active tab goes to its neighbour; closing another stays', () => {
    const r = closeTab(tabs(home, '/a', '/b', '/c'), '/b', home, '/b');
    expect(paths(r.tabs)).toEqual([home, '/a', '/c']);
    expect(r.navigateTo).toBe('/c');
    expect(closeTab(tabs(home, '/a', '/b'), '/b', home, '/b').navigateTo).toBe('/a');
    expect(closeTab(tabs(home, '/a', '/b'), '/a', home, '/b').navigateTo).toBeUndefined();
  });

  it('close left / right / others keep home and go to the clicked tab when the active one closed', () => {
    const all = tabs(home, '/a', '/b', '/c', '/d');
    expect(paths(closeLeft(all, '/c', home, '/c').tabs)).toEqual([home, '/c', '/d']);
    expect(closeLeft(all, '/c', home, '/a').navigateTo).toBe('/c');
    expect(paths(closeRight(all, '/b', home, '/a').tabs)).toEqual([home, '/a', '/b']);
    expect(closeRight(all, '/b', home, '/a').navigateTo).toBeUndefined();
    expect(closeRight(all, '/b', home, '/d').navigateTo).toBe('/b');
    expect(paths(closeOthers(all, '/b', home, '/d').tabs)).toEqual([home, '/b']);
    expect(paths(closeOthers(all, home, home, home).tabs)).toEqual([home]);
  });

  it('refresh bumps the version of one tab only', () => {
    const r = refreshTab(tabs(home, '/a'), '/a');
    expect(r.map((x) => x.version)).toEqual([0, 1]);
  });
});

describe('country switch', () => {
  it('one server for everything here: the base is the default for every brand and currency', () => {
    expect(apiBaseFor(brand('tikipay'), 'IDR')).toBe('/api');
    expect(apiBaseFor(brand('lumipay'), 'THB')).toBe('/api');
    expect(countrySwitchAction(brand('tikipay'), 'IDR', 'THB')).toBe('reload');
  });

  it('another server: sign in again there (test/regions.test.tsx has the rest)', () => {
    const bases = { default: '/api', brand: { currencies: { THB: 'https://th.api.test/api' } } };
    expect(apiBaseFor(brand('tikipay'), 'THB', bases)).toBe('https://th.api.test/api');
    expect(countrySwitchAction(brand('tikipay'), 'IDR', 'THB', bases)).toBe('relogin');
    expect(countrySwitchAction(brand('tikipay'), 'IDR', 'PHP', bases)).toBe('reload');
  });

  it('admin sessions: platform staff or the admin role', () => {
    expect(isAdminSession(userInfo({ isPlatform: true }))).toBe(true);
    expect(isAdminSession(userInfo({ roleCode: 'admin,tikipayStuff' }))).toBe(true);
    expect(isAdminSession(userInfo())).toBe(false);
    expect(isAdminSession(null)).toBe(false);
  });
});

describe('session store', () => {
  it('login stores token (7 days), user info, dictionaries and the server currency; menu is fetched later', () => {
    const b = brand('lumipay');
    const now = Date.now();
    applyLoginResult(b, loginResult({}, { currency: 'THB' }), now);
    const raw = JSON.parse(window.localStorage.getItem('ACCESS_TOKEN') as string) as { value: string; expire: number };
    expect(raw).toEqual({ value: 'tok-1', expire: now + TOKEN_TTL_MS });
    const s = getSession();
    expect(s.userInfo?.username).toBe('demo_admin');
    expect(s.dictItems?.sex?.[0]?.text).toBe('Male');
    expect(s.menu).toBeNull();
    expect(getSessionCurrency(b)).toBe('THB');
  });

  it('menu, auth and allAuth live in sessionStorage', () => {
    setPermissions({ menu: sampleMenu(), auth: [], allAuth: [] });
    expect(JSON.parse(window.sessionStorage.getItem('USER_MENU') as string)).toHaveLength(5);
    expect(getSession().menu).toHaveLength(5);
  });

  it('logout clears the session; the country is kept only by brands that store it', () => {
    const keeps = brand('lumipay');
    const forgets = brand('relaypay');
    applyLoginResult(keeps, loginResult({}, { currency: 'THB' }));
    setSessionCurrency(forgets, 'VND');
    clearSession(keeps);
    clearSession(forgets);
    expect(getSession().token).toBeNull();
    expect(getSession().userInfo).toBeNull();
    expect(window.sessionStorage.getItem('USER_MENU')).toBeNull();
    expect(getSessionCurrency(keeps)).toBe('THB');
    expect(getSessionCurrency(forgets)).toBe('IDR');
  });

  it('the session may use currencies the brand does not list (platform admin extras)', () => {
    const b = brand('tikipay');
    applyLoginResult(b, loginResult({}, { currency: 'USDT', currencies: ['IDR', 'USDT'] }));
    expect(getSessionCurrency(b)).toBe('USDT');
  });

  it('department choice kept 7 days', () => {
    setDepartChoice('A01', 0);
    expect(getDepartChoice(TOKEN_TTL_MS - 1)).toBe('A01');
    expect(getDepartChoice(TOKEN_TTL_MS + 1)).toBeNull();
  });

  it('sub-merchant list parsing', () => {
    expect(parseSubMerchants('Demo Store(10001),Demo Two (10002), bad,X(3)')).toEqual([
      { name: 'Demo Store', merchantId: 10001 },
      { name: 'Demo Two', merchantId: 10002 },
      { name: 'X', merchantId: 3 },
    ]);
    expect(parseSubMerchants('')).toEqual([]);
  });
});

describe('redirect after sign-in', () => {
  it('goes to a path of this app, never elsewhere, never back to a sign-in page', () => {
    const b = brand('lumipay');
    expect(redirectTarget('?redirect=%2Fsystem%2Fusers%3Fq%3D1', b)).toBe('/system/users?q=1');
    expect(redirectTarget('', b)).toBe('/dashboard/home');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.test', b)).toBe('/dashboard/home');
    expect(redirectTarget('?redirect=%2F%2Fevil.test', b)).toBe('/dashboard/home');
    expect(redirectTarget('?redirect=%2Flogin', b)).toBe('/dashboard/home');
    expect(redirectTarget('', brand('tikipay'))).toBe('/dashboard/analysis');
  });
});
