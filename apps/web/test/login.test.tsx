import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { findBrand } from '@mg/domain';
import { i18n } from '../src/i18n';
import { setSessionCurrency, setToken } from '../src/session/storage';
import { getDepartChoice, getSession, setPermissions, setUserInfo } from '../src/session/store';
import { setViewportWidth } from './setup';
import { fail, loginResult, renderApp, sampleMenu, userInfo, type Call, type Handler } from './shell-harness';

const permissions = { menu: sampleMenu(), auth: [], allAuth: [] };
const IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';

function routes(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /sys/randomImage/*': () => IMAGE,
    'GET /sys/permission/getUserPermissionByToken': () => permissions,
    ...extra,
  };
}

function type(testId: string, value: string) {
  const el = screen.getByTestId(testId);
  const input = (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
}

async function fillCredentials() {
  await screen.findByTestId('login-form');
  type('login-username', 'demo_admin');
  type('login-password', 'Demo#2026pay');
  type('login-captcha', 'abcd');
}

async function submit(testId: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
}

const captchaKeys = (calls: Call[]) => calls.filter((c) => c.path.startsWith('/sys/randomImage/')).map((c) => c.path.split('/').pop());

beforeEach(() => {
  setViewportWidth(1280);
  window.sessionStorage.clear();
});

describe('sign-in', () => {
  it('form with captcha image; 2FA step; then the redirect target', async () => {
    const { server, router } = await renderApp(
      'lumipay',
      '/login?redirect=%2Fsystem%2Froles',
      routes({
        'POST /sys/login': () => ({ twoFactorRequired: true, loginTicket: 'ticket-1' }),
        'POST /sys/login/2fa': (c) => (c.body?.code === '123456' ? loginResult() : fail(401, 'error.googleCodeError', 'GOOGLE_CODE_ERROR')),
      }),
    );
    await fillCredentials();
    await waitFor(() => expect(screen.getByTestId('login-captcha-image').querySelector('img')?.getAttribute('src')).toBe(IMAGE));
    await submit('login-submit');
    // the form checks first (its checks load on first use), then signs in
    const login = await waitFor(() => {
      const call = server.calls.find((c) => c.path === '/sys/login');
      expect(call).toBeDefined();
      return call;
    });
    expect(login?.body).toMatchObject({ username: 'demo_admin', password: 'Demo#2026pay', captcha: 'abcd' });
    // no country chosen: none is sent (the server takes the merchant's home country, not lumipay's first, IDR)
    expect(login?.body).not.toHaveProperty('countryCurrency');
    expect(login?.body?.checkKey).toBe(captchaKeys(server.calls).at(-1));
    expect(String(login?.body?.checkKey)).toMatch(/^[0-9a-f]{32}$/);

    await screen.findByTestId('twofa-code');
    expect(screen.getByTestId('page-title').textContent).toBe('Two-step verification');
    type('twofa-code', '12');
    await submit('twofa-submit');
    expect(await screen.findByText('The Google verification code has 6 digits')).toBeTruthy();
    type('twofa-code', '654321');
    await submit('twofa-submit');
    expect(await screen.findByText('Google verification code error')).toBeTruthy();
    expect(getSession().token).toBeNull();

    type('twofa-code', '123456');
    await submit('twofa-submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/roles'));
    expect(server.calls.filter((c) => c.path === '/sys/login/2fa').at(-1)?.body).toMatchObject({ loginTicket: 'ticket-1', code: '123456' });
    expect(getSession().token).toBe('tok-1');
    expect(getSession().userInfo?.username).toBe('demo_admin');
  });

  it('a country chosen on the sign-in page is the one signed in to', async () => {
    setSessionCurrency(findBrand('lumipay')!, 'THB');
    const { server } = await renderApp('lumipay', '/login', routes({ 'POST /sys/login': () => loginResult() }));
    expect((await screen.findByTestId('country-switcher')).textContent).toContain('THB');
    await fillCredentials();
    await submit('login-submit');
    expect(server.calls.find((c) => c.path === '/sys/login')?.body).toMatchObject({ countryCurrency: 'THB' });
  });

  it('a recovery code may replace the Google code', async () => {
    const { server, router } = await renderApp(
      'lumipay',
      '/login',
      routes({ 'POST /sys/login': () => ({ twoFactorRequired: true, loginTicket: 't' }), 'POST /sys/login/2fa': () => loginResult() }),
    );
    await fillCredentials();
    await submit('login-submit');
    await screen.findByTestId('twofa-code');
    await submit('twofa-recovery');
    expect(screen.getByText('Recovery code')).toBeTruthy();
    type('twofa-code', 'ABCD-EFGH');
    await submit('twofa-submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'));
    expect(server.calls.find((c) => c.path === '/sys/login/2fa')?.body?.code).toBe('ABCD-EFGH');
  });

  it('failure: the server message, a new captcha, the captcha field emptied', async () => {
    // The one answer to an unknown name, a wrong password and a locked account (issue 39), as the server words it.
    let refusal = '';
    const { server } = await renderApp(
      'lumipay',
      '/login',
      routes({ 'POST /sys/login': () => fail(401, (refusal = i18n.t('auth.wrongCredentials', { attempts: 10, minutes: 30 })), 'WRONG_CREDENTIALS') }),
    );
    await fillCredentials();
    await waitFor(() => expect(captchaKeys(server.calls).length).toBeGreaterThan(0));
    const before = captchaKeys(server.calls).length;
    await submit('login-submit');
    expect((await screen.findByTestId('login-error')).textContent).toContain(refusal);
    expect(refusal).toContain('Wrong username or password');
    await waitFor(() => expect(captchaKeys(server.calls).length).toBe(before + 1));
    expect((screen.getByTestId('login-captcha') as HTMLInputElement).value).toBe('');
    expect(getSession().token).toBeNull();
  });

  it('validation in the user language before any call', async () => {
    const { server } = await renderApp('lumipay', '/login', routes());
    await screen.findByTestId('login-form');
    await submit('login-submit');
    expect(await screen.findByText('The username cannot be empty')).toBeTruthy();
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/sys/login')).toBe(false);
  });

  it('clicking the captcha image loads a new one', async () => {
    const { server } = await renderApp('lumipay', '/login', routes());
    await screen.findByTestId('login-form');
    await waitFor(() => expect(captchaKeys(server.calls)).toHaveLength(1));
    await submit('login-captcha-image');
    await waitFor(() => expect(captchaKeys(server.calls)).toHaveLength(2));
    const [a, b] = captchaKeys(server.calls);
    expect(a).not.toBe(b);
  });
});

describe('department choice', () => {
  it('multi_depart 2: dialog (required), PUT /sys/selectDepart, choice kept, then home', async () => {
    const departs = [
      { id: 1, orgCode: 'A01', departName: 'Finance' },
      { id: 2, orgCode: 'A02', departName: 'Operations' },
    ];
    const { server, router } = await renderApp(
      'lumipay',
      '/login',
      routes({
        'POST /sys/login': () => loginResult({ multi_depart: 2, departs }),
        'PUT /sys/selectDepart': (c) => ({ userInfo: userInfo({ orgCode: String(c.body?.orgCode) }) }),
      }),
    );
    await fillCredentials();
    await submit('login-submit');
    const select = await screen.findByTestId('depart-select');
    expect(router.state.location.pathname).toBe('/login');
    expect((document.querySelector('.ant-modal') as HTMLElement).style.width).toBe('450px');
    await submit('depart-confirm');
    expect(await screen.findByText('Please choose a department')).toBeTruthy();
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') as Element);
    await act(async () => {
      fireEvent.click(await screen.findByText('Operations'));
    });
    await submit('depart-confirm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'));
    expect(server.calls.find((c) => c.path === '/sys/selectDepart')).toMatchObject({ method: 'PUT', body: expect.objectContaining({ orgCode: 'A02', username: 'demo_admin' }) });
    expect(getDepartChoice()).toBe('A02');
    expect(getSession().userInfo?.orgCode).toBe('A02');
  });
});

describe('change password', () => {
  async function openDialog(extra: Record<string, Handler> = {}) {
    setToken('tok-1');
    setUserInfo(userInfo());
    setPermissions(permissions);
    const app = await renderApp('lumipay', '/dashboard/home', routes(extra));
    fireEvent.click(await screen.findByTestId('welcome-menu'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('menu-change-password'));
    });
    await screen.findByTestId('change-password-old');
    return app;
  }

  it('three fields, width 800; messages of the domain schemas; POST sys/user/updatePassword', async () => {
    const { server } = await openDialog({ 'POST /sys/user/updatePassword': () => null });
    const modal = document.querySelector('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe('800px');
    expect(within(modal).getByText('Change Password')).toBeTruthy();
    await submit('change-password-submit');
    expect(await screen.findByText('Please enter the old password')).toBeTruthy();
    expect(screen.getByText('Please enter a password')).toBeTruthy();
    expect(screen.getByText('Please confirm the new password')).toBeTruthy();

    type('change-password-old', 'Old#2026pay');
    type('change-password-new', 'abc');
    expect(await screen.findByText('The password must have at least 8 characters')).toBeTruthy();
    expect(screen.getByTestId('password-strength').getAttribute('data-strength')).toBe('low');
    type('change-password-new', 'abcdefgh1');
    expect(await screen.findByText('The password must contain an upper-case letter')).toBeTruthy();
    type('change-password-new', 'New#2026payLong');
    type('change-password-confirm', 'New#2026payLonger');
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(screen.getByTestId('password-strength').getAttribute('data-strength')).toBe('strong');
    expect(server.calls.some((c) => c.path === '/sys/user/updatePassword')).toBe(false);

    type('change-password-confirm', 'New#2026payLong');
    await submit('change-password-submit');
    await waitFor(() => expect(server.calls.some((c) => c.path === '/sys/user/updatePassword')).toBe(true));
    expect(server.calls.find((c) => c.path === '/sys/user/updatePassword')?.body).toMatchObject({
      username: 'demo_admin',
      oldpassword: 'Old#2026pay',
      password: 'New#2026payLong',
      confirmpassword: 'New#2026payLong',
    });
    expect(await screen.findByText('Your password has been changed')).toBeTruthy();
  });

  it('the server message shows when the old password is wrong', async () => {
    await openDialog({ 'POST /sys/user/updatePassword': () => fail(422, 'error.oldPasswordWrong', 'OLD_PASSWORD_WRONG') });
    type('change-password-old', 'Wrong#2026pay');
    type('change-password-new', 'New#2026payLong');
    type('change-password-confirm', 'New#2026payLong');
    await submit('change-password-submit');
    expect(await screen.findByText('The old password is incorrect')).toBeTruthy();
  });
});

describe('register and alteration', () => {
  it('brands without registerSwitch: not available', async () => {
    await renderApp('tikipay', '/user/register', routes());
    expect(await screen.findByTestId('register-unavailable')).toBeTruthy();
  });

  it('register: send code asks for e-mail and captcha first, then counts down 60 s; submit goes to the result page', async () => {
    const { server, router } = await renderApp(
      'lumipay',
      '/register',
      routes({ 'POST /account/sms': () => null, 'POST /auth/register': () => ({ username: 'newshop', merchantId: 10042 }) }),
    );
    await screen.findByTestId('register-username');
    await submit('register-send-code');
    expect(await screen.findByText('Please enter an email address')).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/account/sms')).toBe(false);
    type('register-email', 'shop@example.test');
    type('register-captcha', 'wxyz');
    await submit('register-send-code');
    await waitFor(() => expect(screen.getByTestId('register-send-code').textContent).toMatch(/Resend in (60|59) s/));
    expect(server.calls.find((c) => c.path === '/account/sms')?.body).toMatchObject({ email: 'shop@example.test', purpose: 'register', captcha: 'wxyz' });

    type('register-username', 'newshop');
    type('register-company', 'New Shop');
    type('register-email-code', '123456');
    type('register-phone', '081234567890');
    type('register-password', 'Shop#2026pay');
    type('register-confirm', 'Shop#2026pay');
    await submit('register-submit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register-result'));
    expect(server.calls.find((c) => c.path === '/auth/register')?.body).toMatchObject({
      username: 'newshop',
      companyName: 'New Shop',
      email: 'shop@example.test',
      emailCode: '123456',
      phone: '081234567890',
      brand: 'lumipay',
      countryCurrency: 'IDR',
    });
    expect((await screen.findByTestId('register-result-merchant')).textContent).toContain('10042');
  });
});
