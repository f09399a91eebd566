/**
 * Cells people read wrongly (issue 40): a crypto payout's destination was its code `USDT_TRC20` and its chain
 * transaction had no column; merchant ids read as quantities ("10,001"); a long text widened its column until the
 * columns after it went under the fixed Actions column; the Actions column took 200 px for one button.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { findBrand, Perm, PLATFORM_MERCHANT_ID, type Brand } from '@mg/domain';
import Payouts from '../src/features/payouts/PayoutsPage';
import Settlements from '../src/features/settlements/SettlementsPage';
import BalanceRecords from '../src/features/balance-records/BalanceRecordsPage';
import { setSessionCurrency } from '../src/session/storage';
import { fakeServer, page, renderScreen, signIn, signOutForTests } from './screens-harness';
import { setViewportWidth } from './setup';

afterEach(() => {
  signOutForTests();
  setViewportWidth(1280);
});

const TX = 'c3'.repeat(32);
const TRON = 'TZCNXo6FtFWyueakqJ1nYQpJSitD3XHN3g';

function payout(over: Record<string, unknown> = {}) {
  return {
    id: 'P261202010010AAAA',
    merchantId: 10010,
    merchantOrderId: 'ORDER-USDT-1',
    mode: 'sandbox',
    currency: 'USDT',
    bankCode: 'USDT_TRC20',
    destinationKind: 'crypto',
    accountName: 'Payroll wallet',
    accountNumber: TRON,
    accountType: null,
    documentId: null,
    bankAgency: null,
    pixKeyType: null,
    network: 'TRON',
    token: 'USDT',
    payeeAddress: TRON,
    chainTradeNo: TX,
    amount: '120.500000',
    fee: '1.000000',
    totalDebit: '121.500000',
    status: 'success',
    failureCode: null,
    failureReason: null,
    rejectReason: null,
    description: null,
    createdBy: 'crypto_operator',
    reviewedBy: 'crypto_admin',
    reviewedAt: '2026-03-02T01:00:00.000Z',
    notifyStatus: null,
    createdAt: '2026-03-02T01:00:00.000Z',
    completedAt: '2026-03-02T01:01:00.000Z',
    ...over,
  };
}

const headers = () => screen.queryAllByRole('columnheader').map((h) => h.textContent ?? '');

describe('the crypto payouts list', () => {
  it('names the network as people say it, shows the chain transaction id, and never the code USDT_TRC20', async () => {
    signIn([Perm.PAYOUT_MENU], { currencies: ['USDT'], merchantId: 10010 });
    setSessionCurrency(findBrand('tikipay') as Brand, 'USDT');
    const srv = fakeServer({ 'GET /payouts': () => page([payout()]), 'GET /payouts/review/waiting': () => ({ payouts: 0, batches: 0 }) });
    await renderScreen(<Payouts />, { server: srv, path: '/payouts' });
    const row = await waitFor(() => {
      const r = document.querySelector<HTMLElement>('tr[data-row-key="P261202010010AAAA"]');
      expect(r).not.toBeNull();
      return r!;
    });
    expect(row.textContent).toContain('USDT · TRC-20');
    expect(row.textContent).not.toContain('USDT_TRC20');
    // The transaction id is in the row, whole (the cell ends in an ellipsis on screen and shows it whole on hover).
    expect(within(row).getByText(TX)).toBeTruthy();
    expect(headers()).toContain('Chain transaction ID');
    // Its room: the order id waits in the column chooser in USDT (a dashboard payout's order id is its payout id).
    expect(headers()).not.toContain('Merchant order ID');
  });

  it('in a fiat currency the chain column waits in the chooser and the order id is shown', async () => {
    signIn([Perm.PAYOUT_MENU]);
    const srv = fakeServer({
      'GET /payouts': () => page([payout({ currency: 'IDR', bankCode: 'BCA', destinationKind: 'bank', network: null, token: null, payeeAddress: null, chainTradeNo: null, accountNumber: '1234567890', amount: '50000', fee: '4000', totalDebit: '54000' })]),
      'GET /payouts/review/waiting': () => ({ payouts: 0, batches: 0 }),
    });
    await renderScreen(<Payouts />, { server: srv, path: '/payouts' });
    await waitFor(() => expect(document.querySelector('.ant-table-row')).not.toBeNull());
    expect(headers()).toContain('Merchant order ID');
    expect(headers()).not.toContain('Chain transaction ID');
    expect(document.querySelector('.ant-table-row')?.textContent).toContain('BCA');
  });
});

describe('identifiers', () => {
  it("platform staff read a merchant id as written, 10001, never grouped like an amount (10,001)", async () => {
    signIn([Perm.SETTLEMENT_MENU], { merchantId: PLATFORM_MERCHANT_ID });
    const srv = fakeServer({
      'GET /settlements': () =>
        page([
          {
            id: 'S1',
            merchantId: 10001,
            currency: 'IDR',
            settleDate: '2026-03-02',
            dueAt: '2026-03-02T00:00:00.000Z',
            status: 'settled',
            collectionCount: 12345,
            grossAmount: '1000000',
            feeAmount: '3500',
            refundedAmount: '0',
            netAmount: '996500',
            settledAt: '2026-03-02T01:00:00.000Z',
            createdAt: '2026-03-02T00:00:00.000Z',
          },
        ]),
    });
    await renderScreen(<Settlements />, { server: srv, path: '/settlements' });
    const row = await waitFor(() => {
      const r = document.querySelector<HTMLElement>('.ant-table-row');
      expect(r).not.toBeNull();
      return r!;
    });
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent ?? '');
    expect(cells).toContain('10001');
    expect(row.textContent).not.toContain('10,001');
    // A count is still a quantity, grouped as the language groups digits.
    expect(cells).toContain('12,345');
  });
});

describe('the Actions column', () => {
  it('is as wide as its buttons, not ProTable’s 200 px for a fixed column, and its buttons may wrap', async () => {
    signIn([Perm.SETTLEMENT_MENU], { merchantId: PLATFORM_MERCHANT_ID });
    const srv = fakeServer({ 'GET /settlements': () => page([]) });
    await renderScreen(<Settlements />, { server: srv, path: '/settlements' });
    await waitFor(() => expect(headers()).toContain('Actions'));
    const cols = [...document.querySelectorAll('.ant-table colgroup col')].map((c) => (c as HTMLElement).style.width);
    expect(cols).not.toContain('200px');
    // The table fits its card before it scrolls: auto layout, not one as wide as its unwrapped content.
    const table = document.querySelector<HTMLElement>('.ant-table table')!;
    expect(table.style.width).not.toBe('max-content');
    expect(table.style.tableLayout).toBe('auto');
  });
});

describe('the cards of a phone', () => {
  /** The value next to a card's label. */
  const valueOf = (cards: HTMLElement, label: string) => {
    const item = [...cards.querySelectorAll('.ant-descriptions-item')].find((i) => i.querySelector('.ant-descriptions-item-label')?.textContent === label);
    return item?.querySelector('.ant-descriptions-item-content')?.textContent;
  };

  it('name the currency of every amount, once (a screen cell that names it is not given it twice)', async () => {
    setViewportWidth(390);
    signIn([]);
    const batch = { id: 'S1', merchantId: 10001, currency: 'IDR', settleDate: '2026-03-02', dueAt: '2026-03-02T17:00:00.000Z', status: 'pending', collectionCount: 3, grossAmount: '450000', feeAmount: '12150', refundedAmount: '50000', netAmount: '387850', settledAt: null, createdAt: '2026-03-01T09:00:00.000Z' };
    await renderScreen(<Settlements />, { server: fakeServer({ 'GET /settlements': () => page([batch]) }), path: '/funds/settlements' });
    const cards = await screen.findByTestId('list-cards');
    await within(cards).findByText('2026-03-02');
    expect(valueOf(cards, 'Gross amount')).toBe('450,000IDR');
    expect(valueOf(cards, 'Refunded')).toBe('50,000IDR');
    expect(valueOf(cards, 'Net amount')).toBe('387,850 IDR');
    // Not an amount: no currency.
    expect(valueOf(cards, 'Collections')).toBe('3');
  });

  it('a signed amount of the statement names its currency too', async () => {
    setViewportWidth(390);
    signIn([]);
    const entry = { id: 1, merchantId: 10001, transferId: 1, actionType: 1, flow: 'in', account: 'available', reference: 'C1', counterparty: null, amount: '150000', fee: '0', balanceBefore: '1000000', balanceAfter: '1150000', currency: 'IDR', createdAt: '2026-03-02T01:00:00.000Z' };
    await renderScreen(<BalanceRecords />, { server: fakeServer({ 'GET /balance-records': () => page([entry]) }), path: '/funds/balance-records' });
    const cards = await screen.findByTestId('list-cards');
    await waitFor(() => expect(within(cards).getAllByTestId('card-currency').length).toBeGreaterThan(0));
    expect(within(cards).getByTestId('signed-amount').parentElement?.textContent).toBe('+150,000IDR');
  });
});
