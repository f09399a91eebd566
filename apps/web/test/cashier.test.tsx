/**
 * The payer's cashier page (/pay/:token) against a fake server: open, paid, partly paid, failed, closed, expired, not
 * found, payment links and crypto orders.
 * Long file: every state of one page shares the view fixture and the way the page is opened; split by state they
 * would each repeat both.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { findBrand, formatWallClock, type Brand, type Language } from '@mg/domain';
import type { CashierView } from '../src/features/cashier/api';
import { phaseOf } from '../src/features/cashier/CashierPage';
import { splitRemaining } from '../src/components/remaining';
import { AppProviders, createQueryClient } from '../src/app/AppProviders';
import { buildRoutes } from '../src/app/router';
import { configureApi } from '../src/api';
import { activateLanguage } from '../src/i18n';
import { fakeServer, Reply, signOutForTests } from './screens-harness';

afterEach(() => signOutForTests());

const TOKEN = 'ct_9fK2mQ7xR4';
const HOUR_MS = 3_600_000;

function view(over: Partial<CashierView> = {}): CashierView {
  return {
    kind: 'collection',
    merchantName: 'Toko Budi',
    brand: 'lumipay',
    amount: '150000',
    currency: 'IDR',
    description: 'Order ORDER-1001: 2 shirts',
    paymentType: 1,
    channel: 1,
    paymentCode: '8801123456789012',
    status: 'pending',
    expired: false,
    expiresAt: new Date(Date.now() + 2 * HOUR_MS).toISOString(),
    paidAt: null,
    paidAmount: null,
    dueAmount: null,
    returnUrl: 'https://shop.example/return?order=1001',
    failureReason: null,
    payable: true,
    cancellable: true,
    sandbox: true,
    ...over,
  };
}

/** The real routes of a (signed-out) tikipay deployment at /pay/:token. */
async function openCashier(server: ReturnType<typeof fakeServer>, token = TOKEN, language: Language = 'en-US') {
  const brand = findBrand('tikipay') as Brand;
  const locale = await activateLanguage(language, { screens: true });
  configureApi({ fetch: server.fetch, brand: () => brand, token: () => null });
  const router = createMemoryRouter(buildRoutes(brand), { initialEntries: [`/pay/${token}`] });
  render(
    <AppProviders brand={brand} locale={locale} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const paths = {
  view: `/cashier/${TOKEN}`,
  pay: `/cashier/${TOKEN}/pay`,
  cancel: `/cashier/${TOKEN}/cancel`,
};

describe('cashier page', () => {
  it('shows the order in the merchant brand, then pays (sandbox) and offers the way back to the merchant', async () => {
    const srv = fakeServer({
      [`GET ${paths.view}`]: () => view(),
      [`POST ${paths.pay}`]: () =>
        view({
          status: 'success',
          paidAt: '2026-03-02T03:04:05.000Z',
          paidAmount: '150000',
          payable: false,
          cancellable: false,
        }),
    });
    const router = await openCashier(srv);
    expect((await screen.findByTestId('cashier-merchant')).textContent).toBe('Toko Budi');
    expect(router.state.location.pathname).toBe(`/pay/${TOKEN}`);
    expect(screen.getByTestId('cashier-amount').textContent).toBe('IDR 150,000');
    expect(screen.getByTestId('cashier-description').textContent).toBe('Order ORDER-1001: 2 shirts');
    expect(screen.getByTestId('cashier-method').textContent).toContain(
      'Virtual account · BCA Virtual Account',
    );
    expect(screen.getByText('Virtual account number')).toBeTruthy();
    expect(screen.getByTestId('cashier-code').textContent).toBe('8801123456789012');
    expect(screen.getByTestId('copy-code')).toBeTruthy();
    expect(screen.getByTestId('cashier-sandbox').textContent).toBe('Sandbox');
    // Themed with the merchant's brand (lumipay), not the host's (tikipay).
    expect(screen.getByTestId('brand-logo').getAttribute('alt')).toBe('LumiPay');
    await waitFor(() => expect(document.title).toBe('Payment - LumiPay Dashboard'));
    expect(screen.getByTestId('language-switcher')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByTestId('cashier-pay'));
    });
    await waitFor(() => expect(srv.callsTo('POST', paths.pay)).toHaveLength(1));
    expect(srv.callsTo('POST', paths.pay)[0]?.body?.outcome).toBe('success');
    expect((await screen.findByTestId('cashier-result')).textContent).toBe('Payment successful');
    expect(screen.getByTestId('cashier-return').getAttribute('href')).toBe(
      'https://shop.example/return?order=1001',
    );
    expect(screen.queryByTestId('cashier-pay')).toBeNull();
  });

  it('simulates a failure with the reason the payer chooses', async () => {
    const srv = fakeServer({
      [`GET ${paths.view}`]: () => view({ returnUrl: null }),
      [`POST ${paths.pay}`]: (call) =>
        view({
          status: 'failed',
          failureReason: String(call.body?.failureReason),
          payable: false,
          cancellable: false,
          returnUrl: null,
        }),
    });
    await openCashier(srv);
    fireEvent.click(await screen.findByTestId('cashier-fail'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(
      within(dialog).getByTestId('failure-reason').querySelector('.ant-select-selector') as Element,
    );
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
        (el) => el.textContent === 'Declined by the channel',
      );
      expect(found).toBeTruthy();
      return found as Element;
    });
    fireEvent.click(option);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Fail the payment' }));
    });
    await waitFor(() => expect(srv.callsTo('POST', paths.pay)).toHaveLength(1));
    expect(srv.callsTo('POST', paths.pay)[0]?.body).toMatchObject({
      outcome: 'fail',
      failureReason: 'CHANNEL_DECLINED',
    });
    expect((await screen.findByTestId('cashier-result')).textContent).toBe('Payment failed');
    expect(screen.getByTestId('cashier-failure-reason').textContent).toBe('Reason: Declined by the channel');
    expect(screen.queryByTestId('cashier-return')).toBeNull();
  });

  it('cancel asks first, then shows the order closed', async () => {
    const srv = fakeServer({
      [`GET ${paths.view}`]: () => view(),
      [`POST ${paths.cancel}`]: () => view({ status: 'closed', payable: false, cancellable: false }),
    });
    await openCashier(srv);
    fireEvent.click(await screen.findByTestId('cashier-cancel'));
    const title = (await screen.findAllByText('Cancel this payment?'))[0] as HTMLElement;
    expect(srv.callsTo('POST', paths.cancel)).toHaveLength(0);
    await act(async () => {
      fireEvent.click(
        within(title.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Cancel payment' }),
      );
    });
    await waitFor(() => expect(srv.callsTo('POST', paths.cancel)).toHaveLength(1));
    expect((await screen.findByTestId('cashier-result')).textContent).toBe('This payment is closed');
  });

  it('an expired order says so and offers no buttons', async () => {
    const srv = fakeServer({
      [`GET ${paths.view}`]: () =>
        view({
          status: 'closed',
          expired: true,
          expiresAt: new Date(Date.now() - HOUR_MS).toISOString(),
          payable: false,
          cancellable: false,
        }),
    });
    await openCashier(srv);
    expect((await screen.findByTestId('cashier-result')).textContent).toBe('This payment has expired');
    expect(document.body.textContent).toContain('Please ask Toko Budi for a new payment.');
    expect(screen.queryByTestId('cashier-pay')).toBeNull();
    expect(screen.queryByTestId('cashier-cancel')).toBeNull();
  });

  it('an unknown token is "payment not found"', async () => {
    const srv = fakeServer({});
    await openCashier(srv, 'nope');
    expect((await screen.findByTestId('cashier-result')).textContent).toBe('Payment not found');
    expect(srv.callsTo('GET', '/cashier/nope')).toHaveLength(1);
  });

  it("counts down in the payer's local time and turns expired at the deadline", async () => {
    // The deadline is 4 s after the page first asks (page start-up time does not eat into it).
    let expiresAt: Date | undefined;
    const srv = fakeServer({
      [`GET ${paths.view}`]: () => {
        expiresAt ??= new Date(Date.now() + 4_000);
        return Date.now() < expiresAt.getTime()
          ? view({ expiresAt: expiresAt.toISOString() })
          : view({
              status: 'closed',
              expired: true,
              expiresAt: expiresAt.toISOString(),
              payable: false,
              cancellable: false,
            });
      },
    });
    await openCashier(srv);
    const countdown = await screen.findByTestId('cashier-countdown');
    expect(countdown.textContent).toMatch(/^00:00:0[0-4]$/);
    // The deadline in the browser's zone (the tests run in Europe/Berlin), with its offset.
    const berlin = formatWallClock(expiresAt as Date, 'Europe/Berlin');
    expect(screen.getByTestId('cashier-expires-at').textContent).toMatch(
      new RegExp(`Pay before ${berlin} \\(UTC\\+0[12]:00\\), your local time`),
    );
    const first = countdown.textContent;
    await waitFor(() => expect(screen.getByTestId('cashier-countdown').textContent).not.toBe(first), {
      timeout: 3_000,
    });

    // At the deadline: expired on the page, and the server is asked again.
    expect((await screen.findByTestId('cashier-result', {}, { timeout: 8_000 })).textContent).toBe(
      'This payment has expired',
    );
    await waitFor(() => expect(srv.callsTo('GET', paths.view).length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('cashier-pay')).toBeNull();
  });

  it('a payment link: no cancel, the method is chosen when paying; a QR payload is shown as text', async () => {
    const qr = '00020101021226330011SANDBOX.MG0112REF0000000153033605406150000';
    const srv = fakeServer({
      [`GET ${paths.view}`]: () =>
        view({
          kind: 'link',
          channel: null,
          paymentCode: null,
          paymentType: 4,
          cancellable: false,
          returnUrl: null,
        }),
      [`POST ${paths.pay}`]: () =>
        view({
          kind: 'link',
          channel: 11,
          paymentType: 4,
          paymentCode: qr,
          status: 'pending',
          cancellable: false,
          returnUrl: null,
        }),
    });
    await openCashier(srv);
    await screen.findByTestId('cashier-pay');
    expect(screen.queryByTestId('cashier-cancel')).toBeNull();
    expect(screen.getByTestId('cashier-method').textContent).toContain('E-wallet');
    expect(screen.queryByTestId('cashier-code')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('cashier-pay'));
    });
    // Still waiting for the channel (magic amount): the QR payload to scan, as a code block.
    expect((await screen.findByTestId('cashier-code')).textContent).toBe(qr);
    expect(screen.getByText('Scan this QR code with your banking or e-wallet app')).toBeTruthy();
    expect(screen.getByTestId('cashier-method').textContent).toContain('E-wallet · QRIS');
  });

  it('a refused payment shows the server message and stays payable', async () => {
    const srv = fakeServer({
      [`GET ${paths.view}`]: () => view(),
      [`POST ${paths.pay}`]: () =>
        new Reply(422, {
          success: false,
          code: 422,
          errorCode: 'BUSINESS_RULE',
          message: 'This payment has expired and can no longer be paid',
          result: null,
        }),
    });
    await openCashier(srv);
    await act(async () => {
      fireEvent.click(await screen.findByTestId('cashier-pay'));
    });
    expect(await screen.findByText('This payment has expired and can no longer be paid')).toBeTruthy();
    expect(screen.getByTestId('cashier-pay')).toBeTruthy();
  });
});

describe('cashier helpers', () => {
  it('splitRemaining formats what is left', () => {
    expect(splitRemaining(65_000)).toEqual({ days: 0, time: '00:01:05' });
    expect(splitRemaining(26 * 3_600_000 + 1_000)).toEqual({ days: 1, time: '02:00:01' });
    expect(splitRemaining(-5)).toEqual({ days: 0, time: '00:00:00' });
  });

  it('phaseOf: paid, failed, open, expired by the clock, closed', () => {
    const now = Date.now();
    expect(phaseOf(view({ status: 'success' }), now)).toBe('paid');
    expect(phaseOf(view({ status: 'partial' }), now)).toBe('partial');
    expect(phaseOf(view({ status: 'refunded' }), now)).toBe('paid');
    expect(phaseOf(view({ status: 'rejected' }), now)).toBe('failed');
    expect(phaseOf(view(), now)).toBe('open');
    expect(phaseOf(view({ expiresAt: new Date(now - 1).toISOString() }), now)).toBe('expired');
    expect(phaseOf(view({ status: 'closed', expired: true }), now)).toBe('expired');
    expect(phaseOf(view({ status: 'closed' }), now)).toBe('closed');
  });
});

describe('a crypto order at the cashier (issue 13)', () => {
  it('shows where and on which network to send, sends from the sandbox wallet, and follows the confirmations', async () => {
    const address = '0x40E797091DE4Ea554eA0F515b3Dccb8F8FaEAaC4';
    const crypto = view({ brand: 'coinrail', currency: 'USDT', amount: '25.500000', paymentType: 18, channel: 61, paymentCode: address, deposit: null });
    const deposit = { network: 'ETH', chainTradeNo: `0x${'ab'.repeat(32)}`, payerAddress: '0xbB433BcBfF03BD99F85dDBfFf94DA1Af21677a8d', amount: '12.750000', confirmations: 0, required: 12, confirmed: false, surplus: '0.000000', sentAt: new Date().toISOString() };
    let current: CashierView = crypto;
    const server = fakeServer({
      [`GET /cashier/${TOKEN}`]: () => current,
      [`POST /cashier/${TOKEN}/crypto/send`]: () => {
        current = { ...crypto, payable: false, deposit };
        return current;
      },
    });
    await openCashier(server);
    expect((await screen.findByTestId('cashier-crypto-send-to')).textContent).toBe('Send exactly 25.500000 USDT on Ethereum (ERC-20) to this address');
    expect(screen.getByTestId('cashier-qr')).toBeTruthy();
    expect(screen.getByTestId('cashier-code').textContent).toBe(address);
    // No plain Pay: a crypto order is paid by what reaches its address.
    expect(screen.queryByTestId('cashier-pay')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('cashier-send-under'));
    });
    await waitFor(() => expect(server.callsTo('POST', `/cashier/${TOKEN}/crypto/send`)).toHaveLength(1));
    expect(server.callsTo('POST', `/cashier/${TOKEN}/crypto/send`)[0]?.body).toMatchObject({ outcome: 'under' });
    expect((await screen.findByTestId('cashier-confirmations')).textContent).toBe('Confirmations: 0 of 12');
    expect(screen.getByTestId('cashier-deposit-amount').textContent).toBe('12.750000 USDT');
    // The page asks again while confirmations come in.
    current = { ...current, deposit: { ...deposit, confirmations: 5 } };
    await waitFor(() => expect(screen.getByTestId('cashier-confirmations').textContent).toBe('Confirmations: 5 of 12'), { timeout: 4000 });
  });
});

describe('a crypto payment link at the cashier (issue 13)', () => {
  it('asks for its deposit address first, then shows where to send', async () => {
    const link = view({ kind: 'link', brand: 'coinrail', currency: 'USDT', amount: '15.000000', paymentType: 18, channel: null, paymentCode: null, cancellable: false, deposit: null });
    const address = 'TZCNXo6FtFWyueakqJ1nYQpJSitD3XHN3g';
    const server = fakeServer({
      [`GET /cashier/${TOKEN}`]: () => link,
      [`POST /cashier/${TOKEN}/crypto/address`]: () => ({ ...link, channel: 60, paymentCode: address }),
    });
    await openCashier(server);
    await act(async () => {
      fireEvent.click(await screen.findByTestId('cashier-crypto-address'));
    });
    expect((await screen.findByTestId('cashier-crypto-send-to')).textContent).toBe('Send exactly 15.000000 USDT on TRON (TRC-20) to this address');
    expect(screen.getByTestId('cashier-code').textContent).toBe(address);
  });
});

describe('a partial payment at the cashier (issue 40)', () => {
  /** No success state anywhere on the page: neither its title nor antd's success result. */
  function expectNoSuccess(successTitle: string) {
    expect(document.body.textContent).not.toContain(successTitle);
    expect(document.querySelector('.ant-result-success')).toBeNull();
    expect(document.querySelector('.ant-result-warning')).not.toBeNull();
  }

  it('IDR magic amount 100 077, in English: pays, then says what arrived, what is still due and who sorts out the rest', async () => {
    const order = view({ amount: '100077' });
    const srv = fakeServer({
      [`GET ${paths.view}`]: () => order,
      [`POST ${paths.pay}`]: () =>
        view({
          amount: '100077',
          status: 'partial',
          paidAt: '2026-03-02T03:04:05.000Z',
          paidAmount: '50038',
          dueAmount: '50039',
          payable: false,
          cancellable: false,
        }),
    });
    await openCashier(srv);
    await act(async () => {
      fireEvent.click(await screen.findByTestId('cashier-pay'));
    });
    expect((await screen.findByTestId('cashier-result')).textContent).toBe('Only part of the payment arrived');
    expect(screen.getByTestId('cashier-arrived').textContent).toBe('Arrived: IDR 50,038');
    expect(screen.getByTestId('cashier-due').textContent).toBe('Still due: IDR 50,039');
    expect(screen.getByTestId('cashier-rest').textContent).toBe(
      'Toko Budi has been told and will contact you about paying the rest. Do not pay the rest with the details of this order: it takes no further payment.',
    );
    expectNoSuccess('Payment successful');
    // The way back to the merchant stays.
    expect(screen.getByTestId('cashier-return').getAttribute('href')).toBe('https://shop.example/return?order=1001');
  });

  it('a USDT order sent half, in Indonesian: the amounts in its format, the address not to send the rest to', async () => {
    const deposit = { network: 'ETH', chainTradeNo: `0x${'cd'.repeat(32)}`, payerAddress: '0xbB433BcBfF03BD99F85dDBfFf94DA1Af21677a8d', amount: '21.250000', confirmations: 12, required: 12, confirmed: true, surplus: '0.000000', sentAt: new Date().toISOString() };
    const srv = fakeServer({
      [`GET ${paths.view}`]: () =>
        view({
          brand: 'coinrail',
          currency: 'USDT',
          amount: '42.500000',
          paymentType: 18,
          channel: 61,
          paymentCode: '0x40E797091DE4Ea554eA0F515b3Dccb8F8FaEAaC4',
          status: 'partial',
          paidAt: '2026-03-02T03:04:05.000Z',
          paidAmount: '21.250000',
          dueAmount: '21.250000',
          payable: false,
          cancellable: false,
          returnUrl: null,
          deposit,
        }),
    });
    await openCashier(srv, TOKEN, 'id-ID');
    expect((await screen.findByTestId('cashier-result')).textContent).toBe('Baru sebagian pembayaran yang diterima');
    expect(screen.getByTestId('cashier-arrived').textContent).toBe('Diterima: USDT 21,250000');
    expect(screen.getByTestId('cashier-due').textContent).toBe('Masih harus dibayar: USDT 21,250000');
    expect(screen.getByTestId('cashier-rest').textContent).toBe(
      'Toko Budi sudah diberi tahu dan akan menghubungi Anda mengenai sisa pembayaran. Jangan kirim sisanya ke alamat ini: transfer kedua ke alamat ini tidak akan dikreditkan.',
    );
    // What reached the address, with its confirmations, stays on the page.
    expect(screen.getByTestId('cashier-confirmations').textContent).toContain('12');
    expectNoSuccess('Pembayaran berhasil');
    expect(screen.queryByTestId('cashier-return')).toBeNull();
  });
});
