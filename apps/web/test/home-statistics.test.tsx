import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Perm, formatWallClock } from '@mg/domain';
import Home from '../src/features/dashboard/HomePage';
import { fillDays } from '../src/features/statistics/Statistics';
import { addDays } from '../src/components/list/range';
import { fakeServer, renderScreen, signIn, signOutForTests, expectTestIdTexts } from './screens-harness';

afterEach(() => signOutForTests());

const JAKARTA = 'Asia/Jakarta';
// jsdom has no layout: the charts get a fixed size (and no canvas: the SVG renderer).
const SVG = { renderer: 'svg', width: 600, height: 300 } as const;

function answer(overrides: Record<string, unknown> = {}) {
  return {
    currency: 'IDR',
    range: { begin: '2026-11-20T17:00:00.000Z', end: '2026-11-21T16:59:59.000Z' },
    collected: { amount: '12345678', count: 42 },
    successRate: 0.875,
    refunds: { amount: '250000', count: 3 },
    fees: '98765',
    balance: { available: '7500000', pending: '4321000', frozen: '304000' },
    payouts: { paid: { amount: '900000', count: 4 }, pendingReview: { amount: '300000', count: 2 } },
    byDay: [{ date: formatWallClock(new Date(), JAKARTA, false), amount: '12345678', count: 42 }],
    byPaymentType: [
      { paymentType: 1, amount: '10000000', count: 30 },
      { paymentType: 4, amount: '2345678', count: 12 },
    ],
    today: { collected: { amount: '1500000', count: 5 }, successRate: 1 },
    ...overrides,
  };
}

function server(result: unknown = answer()) {
  return fakeServer({
    'GET /statistics': () => result,
    'GET /sys/audit/list': () => ({ records: [], total: 0, size: 5, current: 1, pages: 1 }),
  });
}

describe('Home statistics', () => {
  it('shows the figures of the mocked answer as formatted amounts in the session currency', async () => {
    signIn([Perm.COLLECTION_MENU]);
    const srv = server();
    await renderScreen(<Home chartOpts={SVG} />, { server: srv, path: '/dashboard/home' });

    expect((await screen.findByTestId('stat-collected-value')).textContent).toBe('12,345,678IDR');
    expect(screen.getByTestId('stat-collected-foot').textContent).toContain('Payments: 42');
    // Every amount of a card names its currency, the line under the figure too (a phone shows a card alone).
    expect(screen.getByTestId('stat-collected-foot').textContent).toContain('Today: 1,500,000 IDR (5)');
    expectTestIdTexts({
      'stat-success-rate-value': '87.5%',
      'stat-success-rate-foot': 'Today: 100%',
      'stat-refunds-value': '250,000IDR',
      'stat-refunds-foot': 'Refunds: 3',
      'stat-fees-value': '98,765IDR',
      'stat-available-value': '7,500,000IDR',
      'stat-pending-value': '4,321,000IDR',
      'stat-payouts-value': '900,000IDR',
    });
    expect(screen.getByTestId('stat-payouts-foot').textContent).toBe('Payouts: 4Waiting for review: 300,000 IDR (2)');
    // The rest of the home stays: greeting and merchant card.
    expect(screen.getByTestId('home-welcome')).toBeTruthy();
    expect(screen.getByTestId('home-merchant')).toBeTruthy();

    // The last 7 days in the session zone (Jakarta), a trend at first sight, sent as the zone's wall clock with the
    // session currency.
    const call = srv.callsTo('GET', '/statistics')[0];
    const today = formatWallClock(new Date(), JAKARTA, false);
    expect(call?.query.get('createTime_begin')).toBe(`${addDays(today, -6)} 00:00:00`);
    expect(call?.query.get('createTime_end')).toBe(`${today} 23:59:59`);
    expect(call?.query.get('currency')).toBe('IDR');
  });

  it('draws the charts in their lazy chunk: an SVG per chart, with the payment type labels of the domain', async () => {
    signIn([Perm.COLLECTION_MENU]);
    await renderScreen(<Home chartOpts={SVG} />, { server: server(), path: '/dashboard/home' });
    const dayChart = await screen.findByTestId('home-chart-day', {}, { timeout: 10_000 });
    await waitFor(() => expect(dayChart.querySelector('svg')).not.toBeNull());
    const typeChart = screen.getByTestId('home-chart-type');
    await waitFor(() => expect(typeChart.querySelector('svg')).not.toBeNull());
    expect(within(dayChart).getByText('Volume by day')).toBeTruthy();
    // every payment type named in full with its share, in a legend that wraps (never a label cut at the ring's edge)
    const legend = within(typeChart).getByTestId('home-chart-type-legend');
    expect(Array.from(legend.querySelectorAll('li'), (li) => li.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Virtual account\d+(\.\d)?%/), expect.stringMatching(/^E-wallet\d+(\.\d)?%/)]),
    );
  });

  it('shows an empty state instead of the charts when nothing was collected', async () => {
    signIn([Perm.COLLECTION_MENU]);
    const empty = answer({
      collected: { amount: '0', count: 0 },
      successRate: null,
      refunds: { amount: '0', count: 0 },
      fees: '0',
      byDay: [],
      byPaymentType: [],
      today: { collected: { amount: '0', count: 0 }, successRate: null },
    });
    await renderScreen(<Home chartOpts={SVG} />, { server: server(empty), path: '/dashboard/home' });
    expect((await screen.findByTestId('home-stats-empty')).textContent).toContain('No collections in this period');
    expect(screen.getByTestId('stat-success-rate-value').textContent).toBe('-');
    expect(screen.getByTestId('stat-available-value').textContent).toBe('7,500,000IDR');
    expect(screen.queryByTestId('home-chart-day')).toBeNull();
  });

  it('refuses a range over one month without asking the server', async () => {
    signIn([Perm.COLLECTION_MENU]);
    const srv = server();
    await renderScreen(<Home chartOpts={SVG} />, { server: srv, path: '/dashboard/home?from=2026-01-01&to=2026-02-15' });
    expect((await screen.findByTestId('home-range-error')).textContent).toContain('The query range cannot exceed 1 month');
    expect(srv.callsTo('GET', '/statistics')).toHaveLength(0);
  });

  it('accepts a range of exactly one month and asks for its whole days', async () => {
    signIn([Perm.COLLECTION_MENU]);
    const srv = server(answer({ byDay: [] }));
    await renderScreen(<Home chartOpts={SVG} />, { server: srv, path: '/dashboard/home?from=2026-01-15&to=2026-02-14' });
    await waitFor(() => expect(srv.callsTo('GET', '/statistics')).toHaveLength(1));
    const q = srv.callsTo('GET', '/statistics')[0]?.query;
    expect(q?.get('createTime_begin')).toBe('2026-01-15 00:00:00');
    expect(q?.get('createTime_end')).toBe('2026-02-14 23:59:59');
    expect(screen.queryByTestId('home-range-error')).toBeNull();
  });

  it('the picker greys out days beyond one month from the first chosen day', async () => {
    signIn([Perm.COLLECTION_MENU]);
    await renderScreen(<Home chartOpts={SVG} />, { server: server(), path: '/dashboard/home?from=2026-01-15&to=2026-01-20' });
    await screen.findByTestId('stat-collected-value');
    const input = screen.getByTestId('home-range').querySelector('input') as HTMLInputElement;
    await act(async () => {
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.click(input);
    });
    const cell = (date: string) => document.querySelector(`td[title="${date}"]`) as HTMLElement;
    await waitFor(() => expect(cell('2026-01-15')).not.toBeNull());
    await act(async () => {
      fireEvent.click(cell('2026-01-15'));
    });
    await waitFor(() => expect(cell('2026-02-15')?.className).toContain('ant-picker-cell-disabled'));
    expect(cell('2026-02-14').className).not.toContain('ant-picker-cell-disabled');
  });

  it('users without the payment permissions keep the plain home', async () => {
    signIn([]);
    const srv = server();
    await renderScreen(<Home chartOpts={SVG} />, { server: srv, path: '/dashboard/home' });
    await screen.findByTestId('home-welcome');
    expect(screen.queryByTestId('home-stats')).toBeNull();
    expect(srv.callsTo('GET', '/statistics')).toHaveLength(0);
  });

  it('fills the days without payments with zeros, in order', () => {
    const days = fillDays('2026-02-27', '2026-03-02', [{ date: '2026-03-01', amount: '15000', count: 2 }]);
    expect(days.map((d) => d.date)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(days.map((d) => d.count)).toEqual([0, 0, 2, 0]);
    expect(days[2]?.amount).toBe('15000');
  });
});
