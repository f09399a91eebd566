import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Perm, isIpWhitelistEntry, isIpWhitelistTooWide } from '@mg/domain';
import Parameters from '../src/features/developer/ParametersPage';
import type { ApiKey, DeveloperParameters } from '../src/features/developer/api';
import { fakeServer, renderScreen, Reply, signIn, signOutForTests } from './screens-harness';

afterEach(() => signOutForTests());

const ALL = [
  Perm.DEVELOPER_MENU,
  Perm.DEVELOPER_KEY_EDIT,
  Perm.DEVELOPER_CALLBACK_EDIT,
  Perm.DEVELOPER_WHITELIST_EDIT,
];

const KEY: ApiKey = {
  id: 'mk_sandbox_demo10001',
  name: 'Demo sandbox key',
  mode: 'sandbox',
  secretLast4: 'G2s0',
  status: 'active',
  expiresAt: null,
  lastUsedAt: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  createdBy: 'demo_admin',
};

/** A key made later than KEY (a created or rolled one), otherwise like it. */
function newKey(overrides: Partial<ApiKey>): ApiKey {
  return { ...KEY, createdAt: '2026-03-02T03:00:00.000Z', ...overrides };
}

function params(over: Partial<DeveloperParameters> = {}): DeveloperParameters {
  return {
    merchantId: 10001,
    keys: [KEY],
    collectionCallbackUrl: null,
    payoutCallbackUrl: null,
    ipWhitelist: [],
    webhookSecretSet: true,
    totpEnabled: false,
    ...over,
  };
}

function badCode() {
  return new Reply(400, {
    success: false,
    code: 400,
    errorCode: 'GOOGLE_CODE_ERROR',
    message: 'The Google Authenticator code is wrong',
    result: null,
  });
}

/** Types a six-digit code into the antd OTP input inside `root` (one cell per digit; antd listens to `input`). */
function typeCode(root: HTMLElement, code: string) {
  const inputs = Array.from(root.querySelectorAll<HTMLInputElement>('input[aria-label^="OTP Input"]'));
  expect(inputs).toHaveLength(code.length);
  code
    .split('')
    .forEach((ch, i) => fireEvent.input(inputs[i] as HTMLInputElement, { target: { value: ch } }));
}

describe('developer parameters: API keys', () => {
  it('shows a new secret once, with a warning, then only the masked last four characters', async () => {
    signIn(ALL);
    const NEW = newKey({ id: 'mk_live_7Hq2', name: 'Shop backend', mode: 'live', secretLast4: 'Wx9Z' });
    let keys = [KEY];
    const srv = fakeServer({
      'GET /developer': () => params({ keys }),
      'POST /developer/keys': () => {
        keys = [NEW, KEY];
        return { key: NEW, secret: 'sk_live_Ab3dEf6hIj9kLm2nOp5qRs8tUv1Wx9Z' };
      },
    });
    await renderScreen(<Parameters />, { server: srv });
    await screen.findByText('Demo sandbox key');
    expect(screen.getByText('••••G2s0')).toBeTruthy();

    fireEvent.click(screen.getByTestId('create-key'));
    const dialog = await screen.findByRole('dialog');
    // The name is required, in the user's language.
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('create-key-ok'));
    });
    expect(await within(dialog).findByText('Please give the key a name')).toBeTruthy();
    expect(srv.callsTo('POST', '/developer/keys')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('key-name'), { target: { value: 'Shop backend' } });
    fireEvent.click(within(dialog).getByText('Live'));
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('create-key-ok'));
    });
    await waitFor(() => expect(srv.callsTo('POST', '/developer/keys')).toHaveLength(1));
    const body = srv.callsTo('POST', '/developer/keys')[0]?.body;
    expect(body?.name).toBe('Shop backend');
    expect(body?.mode).toBe('live');
    expect(body && 'googleCode' in body).toBe(false);

    // Shown once: the whole secret and the warning that it will not be shown again.
    expect((await screen.findByTestId('new-secret')).textContent).toBe(
      'sk_live_Ab3dEf6hIj9kLm2nOp5qRs8tUv1Wx9Z',
    );
    expect(screen.getByTestId('secret-once-warning').textContent).toContain('it will not be shown again');
    fireEvent.click(screen.getByTestId('secret-saved'));

    // Gone from the page; the list shows only the last four characters.
    await screen.findByText('Shop backend');
    await waitFor(() => expect(screen.queryByTestId('new-secret')).toBeNull());
    expect(document.body.textContent).not.toContain('sk_live_Ab3dEf6hIj9kLm2nOp5qRs8tUv1Wx9Z');
    expect(screen.getByText('••••Wx9Z')).toBeTruthy();
  });

  it('with 2FA on, asks the Google code first: a wrong code stays in the dialog, the right one rolls the key', async () => {
    signIn(ALL);
    const rolled = newKey({ id: 'mk_sandbox_new1', secretLast4: 'n3w4' });
    const srv = fakeServer({
      'GET /developer': () => params({ totpEnabled: true }),
      [`POST /developer/keys/${KEY.id}/roll`]: (call) =>
        call.body?.googleCode === '123456'
          ? { key: rolled, secret: 'sk_sandbox_NEWSECRETn3w4', oldKeyExpiresAt: '2026-03-03T03:00:00.000Z' }
          : badCode(),
    });
    await renderScreen(<Parameters />, { server: srv });
    await screen.findByText('Demo sandbox key');
    expect(screen.getByTestId('totp-on')).toBeTruthy();

    fireEvent.click(screen.getByTestId(`roll-${KEY.id}`));
    // The confirmation says what happens to the old key.
    const confirm = (await screen.findAllByText('Roll the key "Demo sandbox key"?'))[0] as HTMLElement;
    expect(document.body.textContent).toContain('The old key keeps working for 24 hours, then stops.');
    const confirmBox = confirm.closest('.ant-modal') as HTMLElement;
    await act(async () => {
      fireEvent.click(within(confirmBox).getByRole('button', { name: 'Roll' }));
    });

    // The Google code dialog; nothing was sent yet.
    const codeOk = await screen.findByTestId('google-code-ok');
    const codeDialog = codeOk.closest('.ant-modal') as HTMLElement;
    expect(srv.callsTo('POST', `/developer/keys/${KEY.id}/roll`)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(codeOk);
    });
    expect(await within(codeDialog).findByText('Please enter the Google verification code')).toBeTruthy();

    typeCode(codeDialog, '654321');
    await act(async () => {
      fireEvent.click(codeOk);
    });
    expect(await within(codeDialog).findByText('The Google Authenticator code is wrong')).toBeTruthy();
    expect(screen.queryByTestId('new-secret')).toBeNull();

    typeCode(codeDialog, '123456');
    await act(async () => {
      fireEvent.click(codeOk);
    });
    const calls = srv.callsTo('POST', `/developer/keys/${KEY.id}/roll`);
    await waitFor(() => expect(calls.length).toBe(2));
    expect(calls[1]?.body?.googleCode).toBe('123456');
    expect((await screen.findByTestId('new-secret')).textContent).toBe('sk_sandbox_NEWSECRETn3w4');
    // When the old key stops working, in the session zone (IDR: Asia/Jakarta, UTC+7).
    expect(screen.getByTestId('old-key-expiry').textContent).toContain('2026-03-03 10:00:00');
  });

  it('with 2FA on, the create form carries the Google code', async () => {
    signIn(ALL);
    const srv = fakeServer({
      'GET /developer': () => params({ totpEnabled: true, keys: [] }),
      'POST /developer/keys': (call) => ({
        key: { ...KEY, name: String(call.body?.name) },
        secret: 'sk_sandbox_x',
      }),
    });
    await renderScreen(<Parameters />, { server: srv });
    await screen.findByText('No API keys yet');
    fireEvent.click(screen.getByTestId('create-key'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('key-name'), { target: { value: 'CI' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('create-key-ok'));
    });
    expect(await within(dialog).findByText('Please enter the Google verification code')).toBeTruthy();
    typeCode(dialog, '246810');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('create-key-ok'));
    });
    await waitFor(() => expect(srv.callsTo('POST', '/developer/keys')).toHaveLength(1));
    expect(srv.callsTo('POST', '/developer/keys')[0]?.body).toMatchObject({
      name: 'CI',
      mode: 'sandbox',
      googleCode: '246810',
    });
  });

  it('revoking asks for a confirmation and then revokes', async () => {
    signIn(ALL);
    const srv = fakeServer({
      'GET /developer': () => params(),
      [`POST /developer/keys/${KEY.id}/revoke`]: () => ({ ...KEY, status: 'revoked' }),
    });
    await renderScreen(<Parameters />, { server: srv });
    await screen.findByText('Demo sandbox key');
    fireEvent.click(screen.getByTestId(`revoke-${KEY.id}`));
    const title = (await screen.findAllByText('Revoke the key "Demo sandbox key"?'))[0] as HTMLElement;
    expect(document.body.textContent).toContain('Requests signed with this key are refused at once.');
    expect(srv.callsTo('POST', `/developer/keys/${KEY.id}/revoke`)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(
        within(title.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Revoke' }),
      );
    });
    await waitFor(() => expect(srv.callsTo('POST', `/developer/keys/${KEY.id}/revoke`)).toHaveLength(1));
    expect(await screen.findByText('The key has been revoked')).toBeTruthy();
  });

  it('each section needs its permission code', async () => {
    signIn([Perm.DEVELOPER_MENU, Perm.DEVELOPER_CALLBACK_EDIT]);
    await renderScreen(<Parameters />, { server: fakeServer({ 'GET /developer': () => params() }) });
    await screen.findByTestId('callbacks-section');
    expect(screen.queryByTestId('keys-section')).toBeNull();
    expect(screen.queryByTestId('webhook-section')).toBeNull();
    expect(screen.queryByTestId('whitelist-section')).toBeNull();
    expect(screen.getByTestId('signing-help')).toBeTruthy();
    // The documentation page has its own code.
    expect(screen.queryByTestId('api-docs-link')).toBeNull();
  });
});

describe('developer parameters: webhook secret', () => {
  it('reveal asks the Google code when 2FA is on and shows the secret', async () => {
    signIn(ALL);
    const srv = fakeServer({
      'GET /developer': () => params({ totpEnabled: true }),
      'POST /developer/webhook-secret/reveal': (call) =>
        call.body?.googleCode === '111222' ? { secret: 'whsec_MfKQ9r8GKYqXZ8pkUoYlq0uFpFhzjRJ8' } : badCode(),
    });
    await renderScreen(<Parameters />, { server: srv });
    fireEvent.click(await screen.findByTestId('reveal-webhook-secret'));
    const codeOk = await screen.findByTestId('google-code-ok');
    typeCode(codeOk.closest('.ant-modal') as HTMLElement, '111222');
    await act(async () => {
      fireEvent.click(codeOk);
    });
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(
      'whsec_MfKQ9r8GKYqXZ8pkUoYlq0uFpFhzjRJ8',
    );
    fireEvent.click(screen.getByTestId('hide-webhook-secret'));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });
});

describe('developer parameters: IP whitelist and callbacks', () => {
  it('validates each entry (IPv4, IPv6, CIDR, duplicates) before saving', async () => {
    signIn(ALL);
    const srv = fakeServer({
      'GET /developer': () => params({ ipWhitelist: ['203.0.113.7'] }),
      // The server answers the list as stored (IPv6 in lower case).
      'PUT /developer/ip-whitelist': (call) => ({ ipWhitelist: (call.body?.ipWhitelist as string[]).map((e) => e.toLowerCase()) }),
    });
    await renderScreen(<Parameters />, { server: srv });
    const section = await screen.findByTestId('whitelist-section');
    expect((within(section).getByTestId('ip-0') as HTMLInputElement).value).toBe('203.0.113.7');

    const invalid =
      'Not an IPv4 or IPv6 address or CIDR range (e.g. 203.0.113.7, 203.0.113.0/24, 2001:db8::/32)';
    fireEvent.click(within(section).getByTestId('ip-add'));
    const second = await within(section).findByTestId('ip-1');
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'example.com', '2001:db8::/129', '1.2.3']) {
      fireEvent.change(second, { target: { value: bad } });
      expect(await within(section).findByText(invalid), bad).toBeTruthy();
    }
    fireEvent.change(second, { target: { value: '203.0.113.7' } });
    expect(await within(section).findByText('This address is already in the list')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(section).getByTestId('save-whitelist'));
    });
    expect(srv.callsTo('PUT', '/developer/ip-whitelist')).toHaveLength(0);

    fireEvent.change(second, { target: { value: '2001:DB8::/32' } });
    await waitFor(() =>
      expect(within(section).queryByText('This address is already in the list')).toBeNull(),
    );
    await act(async () => {
      fireEvent.click(within(section).getByTestId('save-whitelist'));
    });
    await waitFor(() => expect(srv.callsTo('PUT', '/developer/ip-whitelist')).toHaveLength(1));
    expect(srv.callsTo('PUT', '/developer/ip-whitelist')[0]?.body?.ipWhitelist).toEqual([
      '203.0.113.7',
      '2001:DB8::/32',
    ]);
    // The form then shows what the server stored.
    await waitFor(() => expect((within(section).getByTestId('ip-1') as HTMLInputElement).value).toBe('2001:db8::/32'));
  });

  it("puts the server's complaint on the entry it names", async () => {
    signIn(ALL);
    const srv = fakeServer({
      'GET /developer': () => params({ ipWhitelist: ['203.0.113.7', '198.51.100.0/24'] }),
      'PUT /developer/ip-whitelist': () =>
        new Reply(400, {
          success: false,
          code: 400,
          errorCode: 'VALIDATION_FAILED',
          message: 'Reserved range',
          errors: [{ field: 'ipWhitelist.1', message: 'Reserved range not allowed' }],
          result: null,
        }),
    });
    await renderScreen(<Parameters />, { server: srv });
    const section = await screen.findByTestId('whitelist-section');
    await act(async () => {
      fireEvent.click(within(section).getByTestId('save-whitelist'));
    });
    const message = await within(section).findByText('Reserved range not allowed');
    expect(message.closest('.ant-form-item')?.querySelector('[data-testid="ip-1"]')).not.toBeNull();
    expect(within(section).queryByTestId('whitelist-error')).toBeNull();
  });

  it('an empty whitelist says only sandbox keys can call', async () => {
    signIn(ALL);
    await renderScreen(<Parameters />, { server: fakeServer({ 'GET /developer': () => params() }) });
    expect((await screen.findByTestId('whitelist-empty')).textContent).toContain(
      'only sandbox keys can call the open API',
    );
  });

  it('callback addresses must be http(s) URLs', async () => {
    signIn(ALL);
    const srv = fakeServer({ 'GET /developer': () => params(), 'PUT /developer/callbacks': () => null });
    await renderScreen(<Parameters />, { server: srv });
    const section = await screen.findByTestId('callbacks-section');
    fireEvent.change(within(section).getByTestId('collection-callback'), {
      target: { value: 'ftp://shop.example/cb' },
    });
    await act(async () => {
      fireEvent.click(within(section).getByTestId('save-callbacks'));
    });
    expect(
      await within(section).findByText('Please enter an address starting with http:// or https://'),
    ).toBeTruthy();
    expect(srv.callsTo('PUT', '/developer/callbacks')).toHaveLength(0);
    fireEvent.change(within(section).getByTestId('collection-callback'), {
      target: { value: 'https://shop.example/cb' },
    });
    await act(async () => {
      fireEvent.click(within(section).getByTestId('save-callbacks'));
    });
    await waitFor(() => expect(srv.callsTo('PUT', '/developer/callbacks')).toHaveLength(1));
    expect(srv.callsTo('PUT', '/developer/callbacks')[0]?.body).toMatchObject({
      collectionCallbackUrl: 'https://shop.example/cb',
      payoutCallbackUrl: null,
    });
  });
});

describe('isIpWhitelistTooWide (domain)', () => {
  it('refuses prefixes shorter than /16 (IPv4) and /32 (IPv6); single addresses are never too wide', () => {
    for (const wide of ['0.0.0.0/0', '10.0.0.0/8', '172.16.0.0/12', '::/0', '2001:db8::/31']) expect(isIpWhitelistTooWide(wide), wide).toBe(true);
    for (const fine of ['10.1.0.0/16', '203.0.113.7', '203.0.113.0/24', '2001:db8::/32', '2001:db8::1', 'not an ip']) expect(isIpWhitelistTooWide(fine), fine).toBe(false);
  });
});

describe('isIpWhitelistEntry (domain)', () => {
  it('accepts IPv4/IPv6 addresses and CIDR ranges, refuses the rest', () => {
    for (const ok of [
      '203.0.113.7',
      '0.0.0.0/0',
      '10.0.0.0/8',
      '::1',
      '::',
      '2001:db8::/32',
      'fe80::1:2:3:4',
      '::ffff:192.0.2.1',
      '1:2:3:4:5:6:7:8/128',
      ' 198.51.100.0/24 ',
    ])
      expect(isIpWhitelistEntry(ok), ok).toBe(true);
    for (const bad of [
      '',
      '256.1.1.1',
      '01.2.3.4',
      '1.2.3.4/33',
      '1.2.3.4/',
      '1.2.3.4/8/8',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '2001:db8::/129',
      'fe80::1%eth0',
      'localhost',
      '1.2.3.4.5',
      ':1::',
    ])
      expect(isIpWhitelistEntry(bad), bad).toBe(false);
  });
});
