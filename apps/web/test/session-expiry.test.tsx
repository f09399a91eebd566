/**
 * A session the server ended for being idle (issue 39: 401 TOKEN_EXPIRED) in the real shell: the spec §8 "Login
 * expired / please log in again" dialog (antd's, in the page's language) with its re-login button, which signs out
 * and reloads; the session probe that finds it out is background traffic.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { translate } from '@mg/domain';
import { configureApi } from '../src/api';
import { getToken, setToken } from '../src/session/storage';
import { setPermissions, setUserInfo } from '../src/session/store';
import { setViewportWidth } from './setup';
import { button, fail, renderApp, sampleMenu, userInfo, type Handler } from './shell-harness';

const permissions = { menu: sampleMenu(), auth: [button('user:add')], allAuth: [button('user:add')] };
const expired = () => fail(401, translate('en-US', 'error.tokenExpired'), 'TOKEN_EXPIRED');

beforeEach(() => {
  setViewportWidth(1280);
  window.sessionStorage.clear();
});

async function expectDialogAndRelogin(reload: ReturnType<typeof vi.fn>) {
  const dialog = await screen.findByRole('dialog');
  expect(dialog.querySelector('.ant-modal-confirm-title')?.textContent).toBe(translate('en-US', 'http.tokenExpired.title'));
  expect(within(dialog).getByText(translate('en-US', 'http.tokenExpired.message'))).toBeTruthy();
  // Not the 401 notice and reload: the session is still stored until the person presses the button.
  expect(getToken()).toBe('tok-1');
  expect(reload).not.toHaveBeenCalled();
  fireEvent.click(within(dialog).getByRole('button', { name: translate('en-US', 'http.tokenExpired.relogin') }));
  expect(getToken()).toBeNull();
  expect(reload).toHaveBeenCalledTimes(1);
}

describe('a session ended for being idle', () => {
  it('open shell: the session probe (background) meets TOKEN_EXPIRED and the "Login expired" dialog signs out', async () => {
    setToken('tok-1');
    setUserInfo(userInfo());
    setPermissions(permissions);
    let idle = false;
    const routes: Record<string, Handler> = {
      'GET /sys/permission/getUserPermissionByToken': () => permissions,
      'GET /user/info': () => (idle ? expired() : userInfo()),
      'GET /sys/randomImage/*': () => 'data:image/svg+xml;base64,PHN2Zy8+',
    };
    const { server } = await renderApp('lumipay', '/dashboard/home', routes);
    await screen.findByTestId('test-home');
    const reload = vi.fn();
    configureApi({ reload });

    idle = true;
    // The person comes back to the tab: the shell asks whether the session still holds.
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expectDialogAndRelogin(reload);
    const probe = server.calls.filter((c) => c.path === '/user/info').at(-1);
    expect(probe?.headers.get('X-Background')).toBe('1');
  });

  it('a new tab of an idle session: the dialog, not a silent trip to the sign-in page', async () => {
    setToken('tok-1');
    const { router } = await renderApp('lumipay', '/system/users', {
      'GET /user/info': () => expired(),
      'GET /sys/permission/getUserPermissionByToken': () => expired(),
    });
    const reload = vi.fn();
    configureApi({ reload });
    await expectDialogAndRelogin(reload);
    expect(router.state.location.pathname).toBe('/system/users');
  });
});
