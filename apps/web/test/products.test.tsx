import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { findBrand, Perm, type Brand } from '@mg/domain';
import ProductList from '../src/features/products/ProductListPage';
import ProductSummary from '../src/features/products/ProductSummaryPage';
import type { Product } from '../src/features/products/api';
import { AppProviders, createQueryClient } from '../src/app/AppProviders';
import { buildRoutes } from '../src/app/router';
import { configureApi } from '../src/api';
import { activateLanguage } from '../src/i18n';
import { setToken } from '../src/session/storage';
import { setViewportWidth } from './setup';
import { fakeServer, renderScreen, Reply, signIn, signOutForTests } from './screens-harness';

afterEach(() => {
  signOutForTests();
  setViewportWidth(1280);
});

/** Records of the declared products list (domain products/list.ts). */
const IDR: Product[] = [
  { id: '4-6', currency: 'IDR', paymentType: 4, channel: 6, minAmount: '10000', maxAmount: '20000000', status: 1, feeRate: 0.015, fixedFee: '0', minFee: '1000', feeOwn: true, channelState: 'operational', channelNotice: null },
  { id: '1-2', currency: 'IDR', paymentType: 1, channel: 2, minAmount: '10000', maxAmount: '50000000', status: 1, feeRate: 0, fixedFee: '4000', minFee: '0', feeOwn: false, channelState: 'down', channelNotice: 'Bank maintenance until 14:00' },
  { id: '1-1', currency: 'IDR', paymentType: 1, channel: 1, minAmount: '10000', maxAmount: '50000000', status: 1, feeRate: 0, fixedFee: '4000', minFee: '0', feeOwn: false, channelState: 'operational', channelNotice: null },
  { id: '4-11', currency: 'IDR', paymentType: 4, channel: 11, minAmount: '1500', maxAmount: '10000000', status: 0, feeRate: 0.007, fixedFee: '0', minFee: '0', feeOwn: false, channelState: 'operational', channelNotice: null },
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent);

describe('product list (signed in)', () => {
  it('lists the methods of the session currency with their limits, fee parts and the merchant rate marked', async () => {
    signIn([Perm.PRODUCT_MENU]);
    const srv = fakeServer({ 'GET /products': () => IDR });
    await renderScreen(<ProductList />, { server: srv });
    await screen.findByText('BCA Virtual Account');
    expect(srv.callsTo('GET', '/products')[0]?.query.get('currency')).toBe('IDR');
    // Payment type, channel, minimum, maximum, fee rate, fixed fee, minimum fee, status, channel state.
    expect(cells(rowOf('BCA Virtual Account'))).toEqual(['Virtual account', 'BCA Virtual Account', '10,000', '50,000,000', '0%', '4,000', '0', 'Available', 'Operational']);
    // A channel the platform marked down says so, with its message.
    expect(cells(rowOf('Mandiri Virtual Account')).at(-1)).toBe('DownBank maintenance until 14:00');
    // The merchant's own (negotiated) rule is marked.
    expect(within(rowOf('OVO')).getByText('Your rate')).toBeTruthy();
    expect(within(rowOf('OVO')).getByText('1.5%')).toBeTruthy();
    expect(within(rowOf('BCA Virtual Account')).queryByText('Your rate')).toBeNull();
    expect(within(rowOf('QRIS')).getByText('Unavailable')).toBeTruthy();
  });

  it('shows an empty state for a country without methods', async () => {
    signIn([Perm.PRODUCT_MENU]);
    await renderScreen(<ProductList />, { server: fakeServer({ 'GET /products': () => [] }) });
    expect(await screen.findByText('No records')).toBeTruthy();
  });

  it('offers a reload when the list could not be loaded', async () => {
    signIn([Perm.PRODUCT_MENU]);
    let fail = true;
    const srv = fakeServer({
      'GET /products': () => (fail ? new Reply(500, { success: false, code: 500, message: 'boom', result: null }) : IDR),
    });
    await renderScreen(<ProductList />, { server: srv });
    const retry = await screen.findByTestId('list-retry');
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('BCA Virtual Account')).toBeTruthy();
  });
});

describe('product list on a phone', () => {
  it('shows one card per channel instead of a wide table', async () => {
    setViewportWidth(375);
    signIn([Perm.PRODUCT_MENU]);
    await renderScreen(<ProductList />, { server: fakeServer({ 'GET /products': () => IDR }) });
    const card = (await screen.findByText('BCA Virtual Account')).closest('.ant-card') as HTMLElement;
    expect(card).not.toBeNull();
    expect(card.textContent).toContain('50,000,000');
    expect(card.textContent).toContain('4,000');
    expect(screen.getByTestId('list-cards')).toBeTruthy();
  });
});

describe('product summary (signed in)', () => {
  it('lists each payment type with its channel count, amount range and fee', async () => {
    signIn([Perm.PRODUCT_SUMMARY_MENU]);
    const srv = fakeServer({
      'GET /products/summary': () => [
        {
          paymentType: 4,
          channels: 6,
          minAmount: '1500',
          maxAmount: '20000000',
          fee: { rateBps: 150, fixedFee: '0', minFee: '1000' },
        },
        {
          paymentType: 1,
          channels: 5,
          minAmount: '10000',
          maxAmount: '50000000',
          fee: { rateBps: 0, fixedFee: '4000', minFee: '0' },
        },
      ],
    });
    await renderScreen(<ProductSummary />, { server: srv });
    await screen.findByText('Virtual account');
    expect(srv.callsTo('GET', '/products/summary')[0]?.query.get('currency')).toBe('IDR');
    const rows = within(screen.getByTestId('product-summary')).getAllByRole('row').slice(1).map(cells);
    expect(rows).toEqual([
      ['Virtual account', '5', '10,000', '50,000,000', '4,000'],
      ['E-wallet', '6', '1,500', '20,000,000', '1.5% · minimum 1,000'],
    ]);
  });
});

async function renderPublic(path: string, server: ReturnType<typeof fakeServer>, brandValue = 'tikipay') {
  const brand = findBrand(brandValue) as Brand;
  const locale = await activateLanguage('en-US', { screens: true });
  configureApi({ fetch: server.fetch, brand: () => brand, token: () => null });
  const router = createMemoryRouter(buildRoutes(brand), { initialEntries: [path] });
  render(
    <AppProviders brand={brand} locale={locale} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('public product pages (legacy brands, signed out)', () => {
  const publicRows = (currency: string) => IDR.map((p) => ({ ...p, currency, feeRate: null, fixedFee: null, minFee: null, feeOwn: null }));

  it('/common/productList: public list without fees, with a country picker of the brand', async () => {
    const srv = fakeServer({
      'GET /common/products': (call) => publicRows(call.query.get('currency') ?? ''),
    });
    const router = await renderPublic('/common/productList', srv);
    expect((await screen.findByTestId('page-title')).textContent).toBe('Products');
    await screen.findByText('BCA Virtual Account');
    expect(router.state.location.pathname).toBe('/common/productList');
    expect(srv.callsTo('GET', '/common/products')[0]?.query.get('currency')).toBe('IDR');
    expect(srv.callsTo('GET', '/products')).toHaveLength(0);
    // No fee column on the public page.
    expect(screen.queryAllByText('Fee')).toHaveLength(0);
    expect(cells(rowOf('BCA Virtual Account'))).toEqual([
      'BCA Virtual Account',
      '10,000',
      '50,000,000',
      'Available',
    ]);

    // Another of the brand's countries.
    const picker = screen.getByTestId('product-currency');
    fireEvent.mouseDown(picker.querySelector('.ant-select-selector') as Element);
    const option = await waitFor(() => {
      const found = Array.from(document.querySelectorAll('.ant-select-item-option')).find(
        (el) => el.textContent === 'Thailand · THB',
      );
      expect(found).toBeTruthy();
      return found as Element;
    });
    await act(async () => {
      fireEvent.click(option);
    });
    await waitFor(() =>
      expect(srv.callsTo('GET', '/common/products').some((c) => c.query.get('currency') === 'THB')).toBe(
        true,
      ),
    );
    expect((await screen.findAllByText('Minimum (THB)')).length).toBeGreaterThan(0);
  });

  it('/common/productSummary: the summary derived from the public list', async () => {
    const srv = fakeServer({ 'GET /common/products': () => publicRows('IDR') });
    await renderPublic('/common/productSummary', srv);
    expect((await screen.findByTestId('page-title')).textContent).toBe('Product summary');
    await screen.findByText('Virtual account');
    const rows = within(screen.getByTestId('product-summary')).getAllByRole('row').slice(1).map(cells);
    expect(rows).toEqual([
      ['Virtual account', '2', '10,000', '50,000,000'],
      ['E-wallet', '2', '1,500', '20,000,000'],
    ]);
  });

  it('with a session the same address is the menu screen, not the public page', async () => {
    setToken('tok');
    // The shell is still loading the session (the answer never comes in this test).
    const srv = fakeServer({ 'GET /user/info': () => new Promise(() => undefined) });
    await renderPublic('/common/productList', srv);
    expect(await screen.findByTestId('session-loading')).toBeTruthy();
    expect(screen.queryByTestId('public-products')).toBeNull();
  });

  it('new-route brands have no public product pages', async () => {
    const router = await renderPublic('/common/productList', fakeServer({}), 'lumipay');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
