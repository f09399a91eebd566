/**
 * Issue 40, the tab strip and the session: the open tabs survive a reload (per user, only those the menu still
 * offers), every tab follows the session currency (kept addresses rewritten, screens remounted), and an address that
 * must show afresh (a search hit) remounts its tab's screen when the tab was open already.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REOPEN_STATE } from '../src/app/shell/tabs';
import { setSessionCurrency, setToken } from '../src/session/storage';
import { setPermissions, setUserInfo } from '../src/session/store';
import { setViewportWidth } from './setup';
import { brand, button, renderApp, sampleMenu, userInfo, type Handler } from './shell-harness';

const permissions = (menu = sampleMenu()) => ({ menu, auth: [button('user:add')], allAuth: [button('user:add')] });

function signedIn(info = userInfo(), menu = sampleMenu()) {
  setToken('tok-1');
  setUserInfo(info);
  setPermissions(permissions(menu));
}

const routes = (): Record<string, Handler> => ({
  'GET /sys/permission/getUserPermissionByToken': () => permissions(),
  'GET /user/info': () => userInfo(),
});

const stripPaths = () => Array.from(screen.getByTestId('tab-strip').querySelectorAll('.mg-tab__label')).map((e) => e.getAttribute('data-testid'));
const pane = (path: string) => screen.getByTestId(`pane-${path}`);

async function openTabs(app: Awaited<ReturnType<typeof renderApp>>, addresses: string[]) {
  await screen.findByTestId('tab-strip');
  for (const a of addresses) {
    await act(async () => {
      await app.router.navigate(a);
    });
    await within(await screen.findByTestId('tab-strip')).findByTestId(`tab-${a.split('?')[0]}`);
  }
}

// The shell's lazy parts (header widgets, the tab strip) and antd's first render of them are paid here, once, under
// a budget of their own (as lists.test.tsx does for the lists): a loaded machine otherwise spent the first test's
// whole time on them.
beforeAll(async () => {
  window.sessionStorage.clear();
  signedIn();
  const warm = await renderApp('lumipay', '/system/users', routes());
  await within(await screen.findByTestId('tab-strip', undefined, { timeout: 150_000 })).findByTestId('tab-/system/users', undefined, { timeout: 150_000 });
  warm.view.unmount();
}, 180_000);

beforeEach(() => {
  setViewportWidth(1280);
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('tabs kept across a reload', () => {
  it('come back in order with their addresses; the address reloaded on is the active one', async () => {
    signedIn();
    const first = await renderApp('lumipay', '/system/users?q=alice', routes());
    await openTabs(first, ['/system/roles?q=admins', '/report']);
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/system/roles'));
    });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/system/roles'));
    first.view.unmount();

    // The browser reloads on the roles tab.
    const again = await renderApp('lumipay', '/system/roles?q=admins', routes());
    await within(await screen.findByTestId('tab-strip')).findByTestId('tab-/report');
    expect(stripPaths()).toEqual(['tab-/dashboard/home', 'tab-/system/users', 'tab-/system/roles', 'tab-/report']);
    expect(screen.getByTestId('tab-/system/roles').getAttribute('data-active')).toBe('true');
    // A kept tab is rendered when chosen, at its kept address.
    expect(screen.queryByTestId('pane-/system/users')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/system/users'));
    });
    await waitFor(() => expect(again.router.state.location.search).toBe('?q=alice'));
    expect(within(pane('/system/users')).getByTestId('query-q-at-mount').textContent).toBe('alice');
  });

  it('only the tabs the menu still offers, and only to the user who opened them', async () => {
    signedIn();
    const first = await renderApp('lumipay', '/system/users', routes());
    await openTabs(first, ['/system/roles']);
    first.view.unmount();

    // Roles taken away from the user in the meantime: that tab does not come back.
    setPermissions(permissions(sampleMenu().map((m) => (m.children ? { ...m, children: m.children.filter((c) => c.path !== '/system/roles') } : m))));
    const again = await renderApp('lumipay', '/dashboard/home', routes());
    await within(await screen.findByTestId('tab-strip')).findByTestId('tab-/system/users');
    expect(stripPaths()).toEqual(['tab-/dashboard/home', 'tab-/system/users']);
    again.view.unmount();

    // Another user signs in in the same window: none of them.
    setUserInfo(userInfo({ id: 3, username: 'demo_read' }));
    await renderApp('lumipay', '/dashboard/home', routes());
    await screen.findByTestId('test-home');
    expect(stripPaths()).toEqual(['tab-/dashboard/home']);
  });
});

describe('tabs follow the session currency', () => {
  it('after a country switch and reload, kept addresses come back in the new currency', async () => {
    const lumipay = brand('lumipay');
    setSessionCurrency(lumipay, 'THB');
    signedIn(userInfo({ currency: 'THB' }));
    const first = await renderApp('lumipay', '/system/users?currency=THB&q=a', routes());
    await openTabs(first, ['/system/roles?currency=THB']);
    first.view.unmount();

    // Switched to IDR; the page reloads on the roles tab, whose address still says THB.
    setSessionCurrency(lumipay, 'IDR');
    setUserInfo(userInfo({ currency: 'IDR' }));
    const again = await renderApp('lumipay', '/system/roles?currency=THB', routes());
    await within(await screen.findByTestId('tab-strip')).findByTestId('tab-/system/users');
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/system/users'));
    });
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/system/users'));
    expect(new URLSearchParams(again.router.state.location.search).get('currency')).toBe('IDR');
    expect(within(pane('/system/users')).getByTestId('query-currency').textContent).toBe('IDR');
    expect(within(pane('/system/users')).getByTestId('query-q').textContent).toBe('a');
  });

  it('a switch under an open shell (another window of the dashboard): every tab remounts at its address in the new currency', async () => {
    const lumipay = brand('lumipay');
    setSessionCurrency(lumipay, 'THB');
    signedIn(userInfo({ currency: 'THB' }));
    const app = await renderApp('lumipay', '/system/users?currency=THB', routes());
    await openTabs(app, ['/system/roles?currency=THB&q=x']);
    const usersMount = within(pane('/system/users')).getByTestId('mount-id').textContent;
    const rolesMount = within(pane('/system/roles')).getByTestId('mount-id').textContent;

    await act(async () => {
      setSessionCurrency(lumipay, 'IDR');
      setUserInfo(userInfo({ currency: 'IDR' }));
    });
    // The active tab's address says IDR, its screen remounted with it; so did the hidden one.
    await waitFor(() => expect(new URLSearchParams(app.router.state.location.search).get('currency')).toBe('IDR'));
    expect(app.router.state.location.pathname).toBe('/system/roles');
    expect(new URLSearchParams(app.router.state.location.search).get('q')).toBe('x');
    await waitFor(() => expect(within(pane('/system/roles')).getByTestId('mount-id').textContent).not.toBe(rolesMount));
    expect(within(pane('/system/roles')).getByTestId('query-currency').textContent).toBe('IDR');
    expect(within(pane('/system/users')).getByTestId('mount-id').textContent).not.toBe(usersMount);
    expect(within(pane('/system/users')).getByTestId('query-currency').textContent).toBe('IDR');
    await act(async () => {
      fireEvent.click(screen.getByTestId('tab-/system/users'));
    });
    await waitFor(() => expect(app.router.state.location.search).toBe('?currency=IDR'));
  });
});

describe('an address shown afresh', () => {
  it('a search hit remounts its open tab at the new address; an ordinary navigation keeps the screen', async () => {
    signedIn();
    const app = await renderApp('lumipay', '/system/users?q=old', routes());
    await within(await screen.findByTestId('tab-strip')).findByTestId('tab-/system/users');
    await openTabs(app, ['/dashboard/home']);
    const before = within(pane('/system/users')).getByTestId('mount-id').textContent;

    await act(async () => {
      await app.router.navigate('/system/users?q=plain');
    });
    await waitFor(() => expect(within(pane('/system/users')).getByTestId('query-q').textContent).toBe('plain'));
    expect(within(pane('/system/users')).getByTestId('mount-id').textContent).toBe(before);

    await act(async () => {
      await app.router.navigate('/system/users?q=hit', { state: REOPEN_STATE });
    });
    await waitFor(() => expect(within(pane('/system/users')).getByTestId('query-q-at-mount').textContent).toBe('hit'));
    expect(within(pane('/system/users')).getByTestId('mount-id').textContent).not.toBe(before);
  });
});
