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

const IDR: Product[] = [
  {
    currency: 'IDR',
    paymentType: 4,
    channel: 6,
    channelName: 'OVO',
    minAmount: '10000',
    maxAmount: '20000000',
    status: 1,
    fee: { rateBps: 150, fixedFee: '0', minFee: '1000', own: true },
  },
  {
    currency: 'IDR',
    paymentType: 1,
    channel: 2,
    channelName: 'Mandiri Virtual Account',
    minAmount: '10000',
    maxAmount: '50000000',
    status: 1,
    fee: { rateBps: 0, fixedFee: '4000', minFee: '0' },
  },
  {
    currency: 'IDR',
    paymentType: 1,
    channel: 1,
    channelName: 'BCA Virtual Account',
    minAmount: '10000',
    maxAmount: '50000000',
    status: 1,
    fee: { rateBps: 0, fixedFee: '4000', minFee: '0' },
  },
  {
    currency: 'IDR',
    paymentType: 4,
    channel: 11,
    channelName: 'QRIS',
    minAmount: '1500',
    maxAmount: '10000000',
    status: 0,
    fee: { rateBps: 70, fixedFee: '0', minFee: '0' },
  },
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent);

describe('product list (signed in)', () => {
  it('groups the methods of the session currency by payment type with limits and the merchant fee', async () => {
    signIn([Perm.PRODUCT_MENU]);
    const srv = fakeServer({ 'GET /products': () => IDR });
    await renderScreen(<ProductList />, { server: srv });
    await screen.findByText('BCA Virtual Account');
    expect(srv.callsTo('GET', '/products')[0]?.query.get('currency')).toBe('IDR');

    // Payment types in enumeration order, channels inside.
    const va = screen.getByTestId('payment-type-1');
    const wallet = screen.getByTestId('payment-type-4');
    expect(within(va).getByText('Virtual account')).toBeTruthy();
    expect(within(va).getByText('2 channel(s)')).toBeTruthy();
    expect(within(wallet).getByText('E-wallet')).toBeTruthy();
    expect(va.compareDocumentPosition(wallet) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(va)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.querySelector('td')?.textContent),
    ).toEqual(['BCA Virtual Account', 'Mandiri Virtual Account']);

    // Limits with the money formatter, the fee as rate + fixed part and minimum.
    expect(within(va).getAllByText('Minimum (IDR)').length).toBeGreaterThan(0);
    expect(cells(rowOf('BCA Virtual Account'))).toEqual([
      'BCA Virtual Account',
      '10,000',
      '50,000,000',
      '4,000',
      'Available',
    ]);
    // The merchant's own (negotiated) rule is marked.
    expect(cells(rowOf('OVO'))).toEqual([
      'OVO',
      '10,000',
      '20,000,000',
      '1.5% · minimum 1,000Your rate',
      'Available',
    ]);
    expect(within(rowOf('OVO')).getByText('Your rate')).toBeTruthy();
    expect(within(rowOf('BCA Virtual Account')).queryByText('Your rate')).toBeNull();
    expect(cells(rowOf('QRIS'))).toEqual(['QRIS', '1,500', '10,000,000', '0.7%', 'Unavailable']);
  });

  it('shows an empty state for a country without methods and a retry on failure', async () => {
    signIn([Perm.PRODUCT_MENU]);
    await renderScreen(<ProductList />, { server: fakeServer({ 'GET /products': () => [] }) });
    expect(await screen.findByTestId('products-empty')).toBeTruthy();
  });

  it('offers a reload when the list could not be loaded', async () => {
    signIn([Perm.PRODUCT_MENU]);
    let fail = true;
    const srv = fakeServer({
      'GET /products': () =>
        fail ? new Reply(500, { success: false, code: 500, message: 'boom', result: null }) : IDR,
    });
    await renderScreen(<ProductList />, { server: srv });
    expect(await screen.findByText('The payment methods could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('BCA Virtual Account')).toBeTruthy();
  });
});

describe('product list on a phone', () => {
  it('shows one line per channel with its range and fee instead of a wide table', async () => {
    setViewportWidth(375);
    signIn([Perm.PRODUCT_MENU]);
    await renderScreen(<ProductList />, { server: fakeServer({ 'GET /products': () => IDR }) });
    const item = (await screen.findByText('BCA Virtual Account')).closest('.ant-list-item') as HTMLElement;
    expect(item).not.toBeNull();
    expect(item.textContent).toContain('10,000 to 50,000,000 IDR');
    expect(item.textContent).toContain('Fee: 4,000');
    expect(screen.queryAllByRole('table')).toHaveLength(0);
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
  const locale = await activateLanguage('en-US');
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
  const publicRows = (currency: string) => IDR.map(({ fee: _fee, ...p }) => ({ ...p, currency }));

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
