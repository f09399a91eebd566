/**
 * The application shell: sign-in guard, menus, tabs, header and settings.
 *
 * Long file: every case renders the same shell harness; each case is short.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setToken } from '../src/session/storage';
import { setPermissions, setUserInfo } from '../src/session/store';
import { setViewportWidth } from './setup';
import { button, fail, renderApp, sampleMenu, userInfo, type Handler } from './shell-harness';

const permissions = { menu: sampleMenu(), auth: [button('user:add')], allAuth: [button('user:add')] };

function signedIn(withMenu = false) {
  setToken('tok-1');
  setUserInfo(userInfo());
  if (withMenu) setPermissions(permissions);
}

const baseRoutes = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  'GET /sys/permission/getUserPermissionByToken': () => permissions,
  'GET /user/info': () => userInfo(),
  'GET /sys/randomImage/*': () => 'data:image/svg+xml;base64,PHN2Zy8+',
  ...extra,
});

async function tab(path: string) {
  return within(await screen.findByTestId('tab-strip')).findByTestId(`tab-${path}`);
}

function activePane() {
  return document.querySelector('.mg-pane[data-active="true"]') as HTMLElement;
}

beforeEach(() => {
  setViewportWidth(1280);
  window.sessionStorage.clear();
});

describe('guard (spec §4)', () => {
  it('no token: a protected page goes to sign-in with redirect; unknown paths go to /404', async () => {
    const a = await renderApp('lumipay', '/system/users?q=1', baseRoutes());
    await screen.findByTestId('login-form');
    expect(a.router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(a.router.state.location.search).get('redirect')).toBe('/system/users?q=1');
    a.view.unmount();
    const b = await renderApp('lumipay', '/no/such/page', baseRoutes());
    await screen.findByTestId('back-home');
    expect(b.router.state.location.pathname).toBe('/404');
  });

  it('a page opened by its address sees the query from its first render (a list mounts with the filters of a link)', async () => {
    signedIn();
    await renderApp('lumipay', '/system/users?q=failed', baseRoutes());
    expect((await screen.findByTestId('query-q-at-mount')).textContent).toBe('failed');
  });

  it('token, no menu yet: fetches the permissions, builds routes and continues to the page', async () => {
    signedIn();
    const { server, router } = await renderApp('lumipay', '/system/roles', baseRoutes());
    await tab('/system/roles');
    expect(server.calls.some((c) => c.path === '/sys/permission/getUserPermissionByToken')).toBe(true);
    expect(router.state.location.pathname).toBe('/system/roles');
    expect(within(activePane()).getByTestId('counter')).toBeTruthy();
    expect(screen.getByTestId('side-menu')).toBeTruthy();
  });

  it('token without user info: /user/info first', async () => {
    setToken('tok-1');
    const { server } = await renderApp('lumipay', '/dashboard/home', baseRoutes());
    await screen.findByTestId('test-home');
    expect(server.calls.map((c) => c.path).filter((p) => p.startsWith('/user') || p.startsWith('/sys/perm'))).toEqual(['/user/info', '/sys/permission/getUserPermissionByToken']);
  });

  it('permission fetch fails: signed out, back to sign-in with redirect', async () => {
    signedIn();
    const { router } = await renderApp('lumipay', '/system/users', baseRoutes({ 'GET /sys/permission/getUserPermissionByToken': () => fail(500, 'boom') }));
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/system/users');
    expect(window.localStorage.getItem('ACCESS_TOKEN')).toBeNull();
  });

  it('permission fetch not answered within the request timeout: asked again, the session kept', async () => {
    signedIn();
    const { identityApi } = await import('../src/api/identity');
    const { ApiError } = await import('../src/api/errors');
    const timeout = () => new ApiError({ httpStatus: 504, code: 'TIMEOUT', message: 'timed out' });
    const real = identityApi.permissions;
    const asked = vi.spyOn(identityApi, 'permissions').mockRejectedValueOnce(timeout()).mockRejectedValueOnce(timeout()).mockImplementation(real);
    await renderApp('lumipay', '/dashboard/home', baseRoutes());
    await screen.findByTestId('side-menu');
    expect(asked).toHaveBeenCalledTimes(3);
    expect(window.localStorage.getItem('ACCESS_TOKEN')).not.toBeNull();
    asked.mockRestore();
  });

  it('permission fetch never answered in time: the session stays, a retry is offered', async () => {
    signedIn();
    const { identityApi } = await import('../src/api/identity');
    const { ApiError } = await import('../src/api/errors');
    const asked = vi.spyOn(identityApi, 'permissions').mockRejectedValue(new ApiError({ httpStatus: 504, code: 'TIMEOUT', message: 'timed out' }));
    await renderApp('lumipay', '/system/users', baseRoutes(), { reload: vi.fn() });
    await screen.findByRole('button', { name: 'Refresh' });
    expect(window.localStorage.getItem('ACCESS_TOKEN')).not.toBeNull();
    asked.mockRestore();
  });

  it('permission fetch refused after a switch stored a new token: the new session is kept', async () => {
    signedIn();
    const failed = vi.spyOn(console, 'error');
    await renderApp(
      'lumipay',
      '/system/users',
      baseRoutes({
        'GET /sys/permission/getUserPermissionByToken': () => {
          setToken('tok-2'); // a sub-merchant switch answered while this call was out
          return fail(401, 'token replaced');
        },
      }),
      { reload: vi.fn() },
    );
    await waitFor(() => expect(failed).toHaveBeenCalledWith('[session] loading the session failed', expect.anything()));
    await act(async () => undefined);
    expect(window.localStorage.getItem('ACCESS_TOKEN')).toContain('tok-2');
    expect(screen.queryByTestId('login-form')).toBeNull();
    failed.mockRestore();
  });

  it('permission fetch gets no answer (network, or a reload aborting it): the session stays, a retry is offered', async () => {
    signedIn();
    const reload = vi.fn();
    await renderApp(
      'lumipay',
      '/system/users',
      baseRoutes({
        'GET /sys/permission/getUserPermissionByToken': () => {
          throw new TypeError('Failed to fetch');
        },
      }),
      { reload },
    );
    const retry = await screen.findByRole('button', { name: 'Refresh' });
    expect(window.localStorage.getItem('ACCESS_TOKEN')).not.toBeNull();
    fireEvent.click(retry);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('permission answer cut short (the reload after a session switch aborts its body): the session stays', async () => {
    signedIn();
    await renderApp(
      'lumipay',
      '/system/users',
      baseRoutes({
        'GET /sys/permission/getUserPermissionByToken': () =>
          new Response(new ReadableStream({ start: (c) => c.error(new TypeError('network error')) }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      }),
      { reload: vi.fn() },
    );
    await screen.findByRole('button', { name: 'Refresh' });
    expect(window.localStorage.getItem('ACCESS_TOKEN')).not.toBeNull();
    expect(window.localStorage.getItem('USER_INFO')).not.toBeNull();
  });

  it('signed in: the login route goes home; unknown and route "0" paths go to /404; groups redirect', async () => {
    signedIn(true);
    const a = await renderApp('lumipay', '/login', baseRoutes());
    await screen.findByTestId('test-home');
    expect(a.router.state.location.pathname).toBe('/dashboard/home');
    await act(async () => {
      await a.router.navigate('/system');
    });
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/system/users'));
    await act(async () => {
      await a.router.navigate('/system/hidden-route');
    });
    await waitFor(() => expect(a.router.state.location.pathname).toBe('/404'));
  });

  it('an unknown component key renders "screen not available"; an iframe item renders an iframe without the token', async () => {
    signedIn(true);
    const { router } = await renderApp('lumipay', '/system/unknown', baseRoutes());
    expect(await screen.findByTestId('screen-unavailable')).toBeTruthy();
    await act(async () => {
      await router.navigate('/report');
    });
    const frame = (await screen.findByTestId('screen-iframe')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('https://report.example.test/view');
    expect(frame.getAttribute('src')).not.toContain('tok-1');
  });

  it('external menu items open a new window', async () => {
    signedIn(true);
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await renderApp('lumipay', '/dashboard/home', baseRoutes());
    const menu = await screen.findByTestId('side-menu');
    await act(async () => {
      fireEvent.click(within(menu).getByText('Docs'));
    });
    expect(open).toHaveBeenCalledWith('https://docs.example.test/', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });
});

describe('layout', () => {
  it('menu, tabs, breadcrumb, footer, window title; language switch retitles tabs and menus', async () => {
    signedIn(true);
    const { router } = await renderApp('lumipay', '/dashboard/home', baseRoutes());
    await screen.findByTestId('test-home');
    await waitFor(() => expect(document.title).toBe('Home - LumiPay Dashboard'));
    expect(screen.getByTestId('copyright').textContent).toContain('© 2025 LumiPay');
    expect(screen.getByTestId('breadcrumb').textContent).toBe('Home');
    const menu = screen.getByTestId('side-menu');
    expect(within(menu).queryByText('Secret')).toBeNull();
    await act(async () => {
      fireEvent.click(within(menu).getByText('System'));
    });
    await act(async () => {
      fireEvent.click(await within(menu).findByText('Users'));
    });
    expect(router.state.location.pathname).toBe('/system/users');
    await tab('/system/users');
    expect(screen.getByTestId('breadcrumb').textContent).toBe('Home/System/Users');
    await waitFor(() => expect(document.title).toBe('Users - LumiPay Dashboard'));

    const language = screen.getByTestId('language-switcher');
    fireEvent.mouseDown(language.querySelector('.ant-select-selector') as Element);
    const options = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-select-item-option'));
      expect(found.length).toBe(3);
      return found;
    });
    expect(options.map((o) => o.textContent)).toEqual(['简体中文', 'English', 'Bahasa Indonesia']);
    await act(async () => {
      fireEvent.click(options[2] as Element);
    });
    await waitFor(() => expect((screen.getByTestId('tab-/system/users')).textContent).toBe('Pengguna'));
    expect(screen.getByTestId('tab-/dashboard/home').textContent).toBe('Beranda');
    expect(within(screen.getByTestId('side-menu')).getByText('Sistem')).toBeTruthy();
    // Every entry, group titles included, shows its whole label on hover however the menu's width cuts it, and
    // keeps antd's title-content (the ellipsis) around it.
    const group = within(screen.getByTestId('side-menu')).getByTitle('Sistem');
    expect(group.textContent).toBe('Sistem');
    expect(group.parentElement?.classList.contains('ant-menu-title-content')).toBe(true);
    // The window title follows in an effect after the render: waited for, not assumed (it lagged on a loaded CI run).
    await waitFor(() => expect(document.title).toBe('Pengguna - LumiPay Dashboard'));
  });

  it('side menu 200 wide, 80 collapsed; header compact below 600 px', async () => {
    signedIn(true);
    await renderApp('lumipay', '/dashboard/home', baseRoutes());
    const sider = await screen.findByTestId('side-menu-sider');
    expect(sider.style.width).toBe('200px');
    await act(async () => {
      fireEvent.click(screen.getByTestId('menu-toggle'));
    });
    expect(sider.style.width).toBe('80px');
  });

  it('below 600 px: no sider; the menu opens in a drawer that closes once an entry is chosen', async () => {
    setViewportWidth(390);
    signedIn(true);
    const { router } = await renderApp('lumipay', '/dashboard/home', baseRoutes());
    await screen.findByTestId('test-home');
    expect(screen.queryByTestId('side-menu-sider')).toBeNull();
    expect(screen.queryByTestId('side-menu')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('menu-toggle'));
    });
    const menu = await screen.findByTestId('side-menu');
    const openDrawer = () => document.querySelector('.ant-drawer-open .mg-menu-drawer, .mg-menu-drawer.ant-drawer-open');
    expect(openDrawer()).not.toBeNull();
    await act(async () => {
      fireEvent.click(within(menu).getByText('System'));
    });
    await act(async () => {
      fireEvent.click(await within(menu).findByText('Users'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/users'));
    await waitFor(() => expect(openDrawer()).toBeNull());
  });

  it('top-menu layout from the settings drawer, kept in localStorage', async () => {
    signedIn(true);
    await renderApp('lumipay', '/dashboard/home', baseRoutes());
    await screen.findByTestId('test-home');
    await act(async () => {
      fireEvent.click(screen.getByTestId('settings-button'));
    });
    await act(async () => {
      fireEvent.click(await screen.findByText('Top menu'));
    });
    await waitFor(() => expect(document.querySelector('[data-layout="topmenu"]')).not.toBeNull());
    expect(screen.queryByTestId('side-menu-sider')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('LAYOUT_SETTINGS') as string).layout).toBe('topmenu');
  });
});

describe('tabs in the layout', () => {
  async function openUsersAndRoles() {
    signedIn(true);
    const app = await renderApp('lumipay', '/system/users', baseRoutes());
    await tab('/system/users');
    // Local state in the users tab.
    fireEvent.click(within(activePane()).getByTestId('counter'));
    fireEvent.click(within(activePane()).getByTestId('counter'));
    expect(within(activePane()).getByTestId('counter').textContent).toBe('count 2');
    await act(async () => {
      await app.router.navigate('/system/roles');
    });
    await tab('/system/roles');
    return app;
  }

  it('state is kept when switching tabs (no remount); refresh remounts', async () => {
    const app = await openUsersAndRoles();
    expect(within(activePane()).getByTestId('counter').textContent).toBe('count 0');
    const usersPane = screen.getByTestId('pane-/system/users');
    expect(usersPane.style.display).toBe('none');
    const mountBefore = within(usersPane).getByTestId('mount-id').textContent;
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/system/users'));
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/system/users'));
    expect(within(activePane()).getByTestId('counter').textContent).toBe('count 2');
    expect(within(activePane()).getByTestId('mount-id').textContent).toBe(mountBefore);

    fireEvent.contextMenu(screen.getByTestId('tab-/system/users'));
    const menu = await screen.findByTestId('tab-context-menu');
    await act(async () => {
      fireEvent.click(within(menu).getByTestId('tab-menu-refresh'));
    });
    await waitFor(() => expect(within(activePane()).getByTestId('counter').textContent).toBe('count 0'));
    expect(within(activePane()).getByTestId('mount-id').textContent).not.toBe(mountBefore);
  });

  it('a tab opened on another screen does not render the home tab until it is chosen', async () => {
    signedIn(true);
    await renderApp('lumipay', '/system/users', baseRoutes());
    await tab('/system/users');
    expect(screen.getByTestId('tab-/dashboard/home')).toBeTruthy();
    expect(screen.queryByTestId('test-home')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/dashboard/home'));
    });
    expect(within(activePane()).getByTestId('test-home')).toBeTruthy();
    // shown once, kept alive while hidden
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/system/users'));
    });
    expect(screen.getByTestId('test-home')).toBeTruthy();
  });

  it('each tab keeps its own address (query)', async () => {
    signedIn(true);
    const app = await renderApp('lumipay', '/system/users?q=alice', baseRoutes());
    await tab('/system/users');
    await act(async () => {
      await app.router.navigate('/system/roles?q=admins');
    });
    await tab('/system/roles');
    expect(within(screen.getByTestId('pane-/system/users')).getByTestId('query-q').textContent).toBe('alice');
    expect(within(screen.getByTestId('pane-/system/roles')).getByTestId('query-q').textContent).toBe('admins');
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/system/users'));
    });
    await waitFor(() => expect(app.router.state.location.search).toBe('?q=alice'));
  });

  it('home cannot be closed; close others keeps home; the last tab cannot be closed', async () => {
    const app = await openUsersAndRoles();
    const strip = screen.getByTestId('tab-strip');
    const closeButtons = () => Array.from(strip.querySelectorAll('.ant-tabs-tab-remove'));
    expect(closeButtons()).toHaveLength(3);
    await act(async () => {
      fireEvent.click(closeButtons()[0] as Element);
    });
    expect(await screen.findByText('The home page cannot be closed')).toBeTruthy();
    expect(screen.getByTestId('tab-/dashboard/home')).toBeTruthy();

    fireEvent.contextMenu(screen.getByTestId('tab-/system/users'));
    const menu = await screen.findByTestId('tab-context-menu');
    await act(async () => {
      fireEvent.click(within(menu).getByTestId('tab-menu-close-others'));
    });
    await waitFor(() => expect(screen.queryByTestId('tab-/system/roles')).toBeNull());
    expect(app.router.state.location.pathname).toBe('/system/users');
    expect(screen.getByTestId('tab-/dashboard/home')).toBeTruthy();

    // Close the users tab (active): home becomes active; then home alone is the last page.
    await act(async () => {
      fireEvent.click(closeButtons()[1] as Element);
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard/home'));
    await act(async () => {
      fireEvent.click(closeButtons()[0] as Element);
    });
    expect(await screen.findByText('This is the last page and cannot be closed')).toBeTruthy();
  });

  it('close left and close right', async () => {
    signedIn(true);
    const app = await renderApp('lumipay', '/system/users', baseRoutes());
    await tab('/system/users');
    for (const p of ['/system/roles', '/report']) {
      await act(async () => {
        await app.router.navigate(p);
      });
      await tab(p);
    }
    fireEvent.contextMenu(screen.getByTestId('tab-/system/roles'));
    let menu = await screen.findByTestId('tab-context-menu');
    await act(async () => {
      fireEvent.click(within(menu).getByTestId('tab-menu-close-left'));
    });
    await waitFor(() => expect(screen.queryByTestId('tab-/system/users')).toBeNull());
    expect(screen.getByTestId('tab-/report')).toBeTruthy();
    fireEvent.contextMenu(screen.getByTestId('tab-/system/roles'));
    menu = (await screen.findAllByTestId('tab-context-menu')).at(-1) as HTMLElement;
    await act(async () => {
      fireEvent.click(within(menu).getByTestId('tab-menu-close-right'));
    });
    await waitFor(() => expect(screen.queryByTestId('tab-/report')).toBeNull());
    expect(app.router.state.location.pathname).toBe('/system/roles');
    expect(Array.from(screen.getByTestId('tab-strip').querySelectorAll('.mg-tab__label')).map((e) => e.getAttribute('data-testid'))).toEqual(['tab-/dashboard/home', 'tab-/system/roles']);
  });
});

describe('welcome menu', () => {
  async function openMenu() {
    fireEvent.click(await screen.findByTestId('welcome-menu'));
    return screen.findByTestId('menu-logout');
  }

  it('log out: POST /sys/logout, session cleared, to sign-in', async () => {
    signedIn(true);
    const { server, router } = await renderApp('lumipay', '/dashboard/home', baseRoutes({ 'POST /sys/logout': () => null }));
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByTestId('menu-logout'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(server.calls.some((c) => c.method === 'POST' && c.path === '/sys/logout')).toBe(true);
    expect(window.localStorage.getItem('ACCESS_TOKEN')).toBeNull();
    expect(window.sessionStorage.getItem('USER_MENU')).toBeNull();
  });

  it('clear cache: refleshCache then queryAllDictItems, stored, success shown', async () => {
    signedIn(true);
    const { server } = await renderApp('lumipay', '/dashboard/home', baseRoutes({ 'GET /sys/dict/refleshCache': () => null, 'GET /sys/dict/queryAllDictItems': () => ({ status: [{ value: '1', text: 'On' }] }) }));
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByTestId('menu-clear-cache'));
    });
    expect(await screen.findByText('Cache cleared')).toBeTruthy();
    expect(server.calls.map((c) => c.path).filter((p) => p.startsWith('/sys/dict'))).toEqual(['/sys/dict/refleshCache', '/sys/dict/queryAllDictItems']);
    expect(JSON.parse(JSON.parse(window.localStorage.getItem('SYS_ALL_DICT_ITEMS') as string).value).status[0].text).toBe('On');
  });

  it('clear cache failure is shown', async () => {
    signedIn(true);
    await renderApp('lumipay', '/dashboard/home', baseRoutes({ 'GET /sys/dict/refleshCache': () => fail(500, 'down') }));
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByTestId('menu-clear-cache'));
    });
    expect(await screen.findByText('The cache could not be cleared')).toBeTruthy();
  });

  it('switch sub-merchant only with more than one; replaces token and user info, reloads', async () => {
    signedIn(true);
    const reload = vi.fn();
    const { server } = await renderApp(
      'lumipay',
      '/dashboard/home',
      baseRoutes({ 'PUT /sys/switchSubMId': () => ({ token: 'tok-2', userInfo: userInfo({ merchantId: 10002, company: 'Demo Two' }), sysAllDictItems: {}, multi_depart: 0, departs: [] }) }),
      { reload },
    );
    await openMenu();
    await act(async () => {
      fireEvent.click(screen.getByTestId('menu-switch-merchant'));
    });
    const select = await screen.findByTestId('switch-merchant-select');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') as Element);
    await act(async () => {
      fireEvent.click(await screen.findByText('Demo Two (10002)'));
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('switch-merchant-confirm'));
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.calls.find((c) => c.path === '/sys/switchSubMId')).toMatchObject({ method: 'PUT', body: expect.objectContaining({ merchantId: 10002, username: 'demo_admin' }) });
    expect(JSON.parse(window.localStorage.getItem('ACCESS_TOKEN') as string).value).toBe('tok-2');
    expect(JSON.parse(JSON.parse(window.localStorage.getItem('USER_INFO') as string).value).merchantId).toBe(10002);
    // The old menu went with the old token: the new session's menu is fetched again.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/sys/permission/getUserPermissionByToken').length).toBe(1));
  });

  it('country switch: confirm, new session in that currency, store the country, reload (same server)', async () => {
    signedIn(true);
    const reload = vi.fn();
    const { server } = await renderApp(
      'lumipay',
      '/dashboard/home',
      baseRoutes({ 'PUT /sys/switchCountry': () => ({ token: 'tok-th', userInfo: userInfo({ currency: 'THB' }), sysAllDictItems: {}, multi_depart: 0, departs: [] }) }),
      { reload },
    );
    const country = await screen.findByTestId('country-switcher');
    fireEvent.mouseDown(country.querySelector('.ant-select-selector') as Element);
    await act(async () => {
      fireEvent.click(await screen.findByText('Thailand · THB'));
    });
    // The confirmation says what happens next: this server, a reload (another server would sign the user out).
    expect(await screen.findByText('Switch the session to Thailand · THB? The page will reload.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(await screen.findByText('Confirm'));
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.localStorage.getItem('COUNTRY_CURRENCY:lumipay')).toBe('THB');
    expect(server.calls.find((c) => c.path === '/sys/switchCountry')).toMatchObject({ method: 'PUT', body: expect.objectContaining({ countryCurrency: 'THB' }) });
    expect(JSON.parse(window.localStorage.getItem('ACCESS_TOKEN') as string).value).toBe('tok-th');
    expect(server.calls.some((c) => c.path === '/sys/logout')).toBe(false);
  });

  it('no switch entry with a single merchant', async () => {
    setToken('tok-1');
    setUserInfo(userInfo({ subMerchantInfos: 'Demo Store(10001)' }));
    setPermissions(permissions);
    await renderApp('lumipay', '/dashboard/home', baseRoutes());
    await openMenu();
    expect(screen.queryByTestId('menu-switch-merchant')).toBeNull();
  });
});
