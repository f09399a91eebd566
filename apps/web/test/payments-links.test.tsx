/** Payment links screen: list, create (then the link to copy), void an active link. */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_LINK_EXPIRY_HOURS_DEFAULT, PAYMENT_LINK_EXPIRY_HOURS_MAX, Perm } from '@mg/domain';
import PaymentLinks from '../src/features/payment-links/PaymentLinksPage';
import { fakeServer, page, renderScreen, Reply, signIn, signOutForTests, expectTextsIn } from './screens-harness';

afterEach(() => signOutForTests());

const ACTIVE = {
  id: 'L2603020001',
  currency: 'IDR',
  amount: '250000',
  description: 'Concert ticket A-12',
  paymentType: 99,
  expiryHours: 48,
  expiresAt: '2026-03-04T03:00:00.000Z',
  status: 'active',
  url: 'https://pay.example.com/pay/tok_active',
  collectionId: null,
  createdBy: 'demo_admin',
  createdAt: '2026-03-02T03:00:00.000Z',
};
const PAID = {
  ...ACTIVE,
  id: 'L2603010007',
  amount: '75000',
  description: 'Workshop seat',
  status: 'paid',
  url: 'https://pay.example.com/pay/tok_paid',
  collectionId: 'C261121053012K7Q2M9XW4D',
  createdAt: '2026-03-01T10:00:00.000Z',
};

function server(extra: Record<string, (c: import('./screens-harness').Call) => unknown> = {}) {
  return fakeServer({
    'GET /payment-links': () => page([ACTIVE, PAID]),
    'POST /payment-links': (c) => ({
      ...ACTIVE,
      id: 'L2603020099',
      amount: c.body?.amount,
      description: c.body?.description,
      expiryHours: c.body?.expiryHours,
      url: 'https://pay.example.com/pay/tok_new123',
    }),
    [`POST /payment-links/${ACTIVE.id}/void`]: () => ({ ...ACTIVE, status: 'void' }),
    ...extra,
  });
}

async function rowOf(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

describe('Payment links', () => {
  it('lists links with status, amount, expiry in the session zone, copyable link and transaction', async () => {
    signIn([Perm.PAYMENT_LINK_ADD, Perm.PAYMENT_LINK_VOID]);
    const srv = server();
    await renderScreen(<PaymentLinks />, { server: srv, path: '/payment/payment-links?status=active' });
    const row = await rowOf('Concert ticket A-12');
    expectTextsIn(row, ['Active', '250,000', '2026-03-04 10:00:00', 'valid 48 h', '2026-03-02 10:00:00']);
    expect(within(row).getByRole('link').getAttribute('href')).toBe(ACTIVE.url);
    expect(within(row).getByTestId(`void-${ACTIVE.id}`)).toBeTruthy();
    const paid = await rowOf('Workshop seat');
    expect(within(paid).getByText('Paid')).toBeTruthy();
    expect(within(paid).getByText('C261121053012K7Q2M9XW4D')).toBeTruthy();
    // Only active links can be voided.
    expect(within(paid).queryByTestId(`void-${PAID.id}`)).toBeNull();
    expect(srv.callsTo('GET', '/payment-links')[0]?.query.get('status')).toBe('active');
  });

  it('creates a link with the amount, description and expiry, then shows the URL to copy', async () => {
    signIn([Perm.PAYMENT_LINK_ADD]);
    const srv = server();
    await renderScreen(<PaymentLinks />, { server: srv });
    await screen.findByText('Concert ticket A-12');
    fireEvent.click(screen.getByTestId('create-payment-link'));
    const dialog = await screen.findByRole('dialog');
    const hours = within(dialog).getByLabelText('Valid for (hours)') as HTMLInputElement;
    expect(hours.value).toBe(String(PAYMENT_LINK_EXPIRY_HOURS_DEFAULT));

    // Nothing filled in: the required fields say so, nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Please enter an amount')).toBeTruthy();
    expect(await within(dialog).findByText('Please enter a description')).toBeTruthy();
    // IDR has no decimals; expiry is limited by the domain maximum.
    fireEvent.change(within(dialog).getByLabelText('Amount (IDR)'), { target: { value: '1500.50' } });
    expect(await within(dialog).findByText('The amount must be a whole number')).toBeTruthy();
    fireEvent.change(hours, { target: { value: String(PAYMENT_LINK_EXPIRY_HOURS_MAX + 1) } });
    fireEvent.blur(hours);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(hours.value).toBe(String(PAYMENT_LINK_EXPIRY_HOURS_MAX)));
    expect(srv.callsTo('POST', '/payment-links')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Amount (IDR)'), { target: { value: '150000' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: '  Invoice 2026-031  ' } });
    fireEvent.change(hours, { target: { value: '12' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    });
    await waitFor(() => expect(srv.callsTo('POST', '/payment-links')).toHaveLength(1));
    const body = srv.callsTo('POST', '/payment-links')[0]?.body;
    expect(body?.amount).toBe('150000');
    expect(body?.description).toBe('Invoice 2026-031');
    expect(body?.expiryHours).toBe(12);

    const link = await screen.findByTestId('created-link-url');
    expect(link.textContent).toContain('https://pay.example.com/pay/tok_new123');
    expect(link.getAttribute('href')).toBe('https://pay.example.com/pay/tok_new123');
    expect(screen.getByText('Payment link for 150,000 IDR created')).toBeTruthy();
    // A copy button next to it.
    expect(link.querySelector('.ant-typography-copy') ?? link.parentElement?.querySelector('.ant-typography-copy')).toBeTruthy();
    await waitFor(() => expect(srv.callsTo('GET', '/payment-links')).toHaveLength(2));
  });

  it("shows the server's refusal of a link in the dialog", async () => {
    signIn([Perm.PAYMENT_LINK_ADD]);
    const srv = server({
      'POST /payment-links': () =>
        new Reply(400, { success: false, code: 400, message: 'Invalid amount', result: null, errors: [{ field: 'amount', message: 'The amount is too large' }] }),
    });
    await renderScreen(<PaymentLinks />, { server: srv });
    await screen.findByText('Concert ticket A-12');
    fireEvent.click(screen.getByTestId('create-payment-link'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount (IDR)'), { target: { value: '900000000' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Big one' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    });
    expect(await within(dialog).findByText('The amount is too large')).toBeTruthy();
    expect(screen.queryByTestId('created-link-url')).toBeNull();
  });

  it('voids an active link after a confirmation and reloads', async () => {
    signIn([Perm.PAYMENT_LINK_VOID]);
    const srv = server();
    await renderScreen(<PaymentLinks />, { server: srv });
    const row = await rowOf('Concert ticket A-12');
    expect(screen.queryByTestId('create-payment-link')).toBeNull();
    fireEvent.click(within(row).getByTestId(`void-${ACTIVE.id}`));
    const pop = await waitFor(() => {
      const el = document.querySelector('.ant-popconfirm');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(within(pop).getByText('Void this payment link? Payers will no longer be able to use it.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(pop).getByRole('button', { name: 'Confirm' }));
    });
    await waitFor(() => expect(srv.callsTo('POST', `/payment-links/${ACTIVE.id}/void`)).toHaveLength(1));
    expect(await screen.findByText('The payment link was voided')).toBeTruthy();
    await waitFor(() => expect(srv.callsTo('GET', '/payment-links')).toHaveLength(2));
  });

  it('has no void or create buttons without their permissions', async () => {
    signIn([]);
    await renderScreen(<PaymentLinks />, { server: server() });
    const row = await rowOf('Concert ticket A-12');
    expect(within(row).queryByTestId(`void-${ACTIVE.id}`)).toBeNull();
    expect(screen.queryByTestId('create-payment-link')).toBeNull();
  });
});
