import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Security from '../src/features/account/SecurityPage';
import AnnouncementBell from '../src/features/announcements/AnnouncementBell';
import { fakeServer, renderScreen, Reply, signIn, signOutForTests } from './screens-harness';

beforeEach(() => signIn([]));
afterEach(() => signOutForTests());

const OTPAUTH = 'otpauth://totp/TikiPay:demo_admin?secret=JBSWY3DPEHPK3PXP&issuer=TikiPay';

function typeCode(container: HTMLElement, code: string) {
  const boxes = container.querySelectorAll<HTMLInputElement>('.ant-otp input');
  code.split('').forEach((ch, i) => fireEvent.input(boxes[i] as HTMLInputElement, { target: { value: ch } }));
}

describe('Account security: Google Authenticator', () => {
  it('enrol shows the QR code and the secret; confirm with a code shows the recovery codes once', async () => {
    let enabled = false;
    const srv = fakeServer({
      'GET /sys/user/2fa': () => ({ enabled, recoveryCodesLeft: enabled ? 8 : 0 }),
      'POST /sys/user/2fa/enrol': () => ({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: OTPAUTH }),
      'POST /sys/user/2fa/confirm': (c) => {
        if (c.body?.code !== '123456') return new Reply(401, { success: false, code: 401, errorCode: 'GOOGLE_CODE_ERROR', message: 'Wrong Google code', result: null });
        enabled = true;
        return { recoveryCodes: ['aaaa-bbbb', 'cccc-dddd', 'eeee-ffff'] };
      },
    });
    await renderScreen(<Security />, { server: srv });
    expect((await screen.findByTestId('2fa-status')).textContent).toBe('Not set up');
    fireEvent.click(screen.getByTestId('enable-2fa'));

    const qr = await screen.findByTestId('totp-qr');
    await waitFor(() => expect(qr.querySelector('canvas, svg')).not.toBeNull());
    expect(screen.getByTestId('totp-secret').textContent).toContain('JBSW Y3DP EHPK 3PXP');
    expect(srv.callsTo('POST', '/sys/user/2fa/enrol')).toHaveLength(1);

    // A short code is refused by the form; a wrong one by the server (its message shown).
    typeCode(document.body, '12');
    fireEvent.click(screen.getByTestId('confirm-2fa'));
    // antd's OTP input reports a value only once every box is filled.
    expect(await screen.findByText('Please enter the Google verification code')).toBeTruthy();
    expect(srv.callsTo('POST', '/sys/user/2fa/confirm')).toHaveLength(0);

    typeCode(document.body, '654321');
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-2fa'));
    });
    expect((await screen.findByTestId('confirm-error')).textContent).toContain('Wrong Google code');

    typeCode(document.body, '123456');
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-2fa'));
    });
    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getByText('aaaa-bbbb')).toBeTruthy();
    expect(within(codes).getByText('eeee-ffff')).toBeTruthy();
    expect(screen.getByText('Copy')).toBeTruthy();
    expect(screen.getByText('Download')).toBeTruthy();

    fireEvent.click(screen.getByText('I have saved them'));
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('2fa-status').textContent).toBe('On'));
  });

  it('disable asks for a code and sends it', async () => {
    let enabled = true;
    const srv = fakeServer({
      'GET /sys/user/2fa': () => ({ enabled, recoveryCodesLeft: 8 }),
      'POST /sys/user/2fa/disable': () => {
        enabled = false;
        return null;
      },
    });
    await renderScreen(<Security />, { server: srv });
    await waitFor(() => expect(screen.getByTestId('2fa-status').textContent).toBe('On'));
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Code or recovery code'), { target: { value: '112233' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    });
    await waitFor(() => expect(srv.callsTo('POST', '/sys/user/2fa/disable')).toHaveLength(1));
    expect(srv.callsTo('POST', '/sys/user/2fa/disable')[0]?.body?.code).toBe('112233');
    await waitFor(() => expect(screen.getByTestId('2fa-status').textContent).toBe('Not set up'));
  });
});

describe('Announcement bell', () => {
  it('shows the unread count; opening an announcement marks it read', async () => {
    let read = false;
    const srv = fakeServer({
      'GET /sys/annountCement/listByUser': () => ({
        unreadCount: read ? 0 : 1,
        records: [{ id: 7, merchantId: null, title: 'Maintenance on Sunday', content: 'The dashboard is down 01:00-02:00.', priority: 'H', status: 'released', releasedAt: '2026-03-01T00:00:00Z', revokedAt: null, createdBy: 'admin', createTime: null, read }],
      }),
      'PUT /sys/annountCement/read': () => {
        read = true;
        return null;
      },
    });
    await renderScreen(<AnnouncementBell />, { server: srv });
    const bell = await screen.findByTestId('announcement-bell');
    const shownCount = () => bell.querySelector('.ant-badge-count[data-show="true"]')?.getAttribute('title') ?? null;
    await waitFor(() => expect(shownCount()).toBe('1'));
    fireEvent.click(bell);
    fireEvent.click(await screen.findByText('Maintenance on Sunday'));
    expect(await screen.findByText('The dashboard is down 01:00-02:00.')).toBeTruthy();
    await waitFor(() => expect(srv.callsTo('PUT', '/sys/annountCement/read')).toHaveLength(1));
    expect(srv.callsTo('PUT', '/sys/annountCement/read')[0]?.body?.id).toBe(7);
    await waitFor(() => expect(shownCount()).toBeNull());
  });
});
