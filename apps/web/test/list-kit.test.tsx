/**
 * The list kit (components/list) as a user meets it on any list: cards on a narrow screen, optional columns behind
 * the column chooser, a reload when the area's data changes elsewhere, a retry after a failed load, and the empty
 * state. Shown on the settlement records (any declared list behaves the same).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import RefundsPage from '../src/features/refunds/RefundsPage';
import SettlementsPage from '../src/features/settlements/SettlementsPage';
import { settlementKeys } from '../src/features/settlements/hooks';
import { fakeServer, page, renderScreen, Reply, signIn, signOutForTests } from './screens-harness';
import { setViewportWidth } from './setup';
import { defaultDays } from '../src/components/list/range';

afterEach(() => {
  signOutForTests();
  setViewportWidth(1280);
});

const BATCH = { id: 'S261121000001ABCD', merchantId: 10001, currency: 'IDR', settleDate: '2026-03-02', dueAt: '2026-03-02T17:00:00.000Z', status: 'pending', collectionCount: 3, grossAmount: '450000', feeAmount: '12150', refundedAmount: '50000', netAmount: '387850', settledAt: null, createdAt: '2026-03-01T09:00:00.000Z' };
const DETAIL = { batch: BATCH, collections: { count: 3, gross: '450000', fee: '12150' }, refunds: [], refundsTotal: '50000', agrees: true };
const PATH = '/funds/settlements?createTime_begin=2026-02-15%2000%3A00%3A00&createTime_end=2026-03-13%2023%3A59%3A59';

describe('list kit', () => {
  it('shows cards instead of a table under 600 px, with the same fields', async () => {
    setViewportWidth(390);
    signIn([]);
    await renderScreen(<SettlementsPage />, { server: fakeServer({ 'GET /settlements': () => page([BATCH]) }), path: PATH });
    const cards = await screen.findByTestId('list-cards');
    await within(cards).findByText('2026-03-02');
    expect(screen.queryAllByRole('columnheader')).toHaveLength(0);
    for (const text of ['Settlement date', '2026-03-02', 'Pending settlement', 'Gross amount', '450,000']) expect(within(cards).getAllByText(text).length).toBeGreaterThan(0);
  });

  it('keeps optional columns for the column chooser: the settlement id is not a column until chosen', async () => {
    signIn([]);
    await renderScreen(<SettlementsPage />, { server: fakeServer({ 'GET /settlements': () => page([BATCH]) }), path: PATH });
    await screen.findByText('2026-03-02');
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).not.toContain('Settlement ID');
    expect(headers()).toContain('Net amount');
  });

  it('reloads when the area data changes elsewhere (its list key invalidated)', async () => {
    signIn([]);
    const srv = fakeServer({ 'GET /settlements': () => page([BATCH]) });
    const { queryClient } = await renderScreen(<SettlementsPage />, { server: srv, path: PATH });
    await screen.findByText('2026-03-02');
    expect(srv.callsTo('GET', '/settlements')).toHaveLength(1);
    await act(async () => {
      await queryClient.invalidateQueries({ queryKey: settlementKeys.lists() });
    });
    await waitFor(() => expect(srv.callsTo('GET', '/settlements')).toHaveLength(2));
  });

  it('a first page asked early that fails is asked again by the table, and the rows show', async () => {
    signIn([]);
    let calls = 0;
    const srv = fakeServer({ 'GET /settlements': () => (++calls === 1 ? new Reply(500, { success: false, code: 500, message: 'boom', result: null }) : page([BATCH])) });
    await renderScreen(<SettlementsPage />, { server: srv, path: PATH });
    await screen.findByText('2026-03-02');
    expect(srv.callsTo('GET', '/settlements')).toHaveLength(2);
    expect(screen.queryByTestId('list-failed')).toBeNull();
  });

  it('offers a retry after a failed load, and shows the empty state', async () => {
    signIn([]);
    let fail = true;
    const srv = fakeServer({ 'GET /settlements': () => (fail ? new Reply(500, { success: false, code: 500, message: 'boom', result: null }) : page([])) });
    await renderScreen(<SettlementsPage />, { server: srv, path: PATH });
    const retry = await screen.findByTestId('list-retry');
    fail = false;
    fireEvent.click(retry);
    await waitFor(() => expect(screen.queryByTestId('list-failed')).toBeNull());
    expect(await screen.findByText('No records')).toBeTruthy();
  });

  it("starts on the session zone's days, shown and sent as its wall clock (the browser runs in Berlin, the session in Jakarta)", async () => {
    signIn([]);
    const srv = fakeServer({ 'GET /settlements': () => page([BATCH]) });
    await renderScreen(<SettlementsPage />, { server: srv, path: '/funds/settlements' });
    await screen.findByText('2026-03-02');
    const [from, to] = defaultDays('Asia/Jakarta', new Date());
    expect(srv.callsTo('GET', '/settlements')).toHaveLength(1);
    const q = srv.callsTo('GET', '/settlements')[0]?.query;
    expect(q?.get('createTime_begin')).toBe(`${from} 00:00:00`);
    expect(q?.get('createTime_end')).toBe(`${to} 23:59:59`);
    const inputs = Array.from(document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')).map((i) => i.value);
    expect(inputs).toEqual([`${from} 00:00:00`, `${to} 23:59:59`]);
  });

  it('opened to find a record by its id: no default range, so any date is searched', async () => {
    signIn([]);
    const srv = fakeServer({ 'GET /settlements': () => page([BATCH]) });
    await renderScreen(<SettlementsPage />, { server: srv, path: `/funds/settlements?id=${BATCH.id}` });
    await screen.findByText('2026-03-02');
    const q = srv.callsTo('GET', '/settlements')[0]?.query;
    expect(q?.get('id')).toBe(BATCH.id);
    expect(q?.has('createTime_begin')).toBe(false);
  });

  it('a link naming a record with open=1 (a search hit) opens its details once its row has loaded: the page\'s own drawer', async () => {
    signIn([]);
    const srv = fakeServer({ 'GET /settlements': () => page([BATCH]), [`GET /settlements/${BATCH.id}`]: () => DETAIL });
    const { router } = await renderScreen(<SettlementsPage />, { server: srv, path: `/funds/settlements?id=${BATCH.id}&open=1` });
    await within(await screen.findByTestId('settlement-drawer')).findByTestId('settlement-agrees');
    expect(srv.callsTo('GET', '/settlements')[0]?.query.get('id')).toBe(BATCH.id);
    // Taken out of the address with the first query: a reload shows the list without reopening.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('open')).toBe(false));
    expect(new URLSearchParams(router.state.location.search).get('id')).toBe(BATCH.id);
  });

  it('a list without a drawer of its own shows the record in the kit\'s details drawer, optional fields too', async () => {
    signIn([]);
    const refund = {
      id: 'R2603020001', merchantId: 10001, collectionId: 'C2603020001', merchantOrderId: 'ORDER-1001', merchantRefundId: 'MR-77', currency: 'IDR',
      refundType: 'partial', refundWay: 'offline', requestedAmount: '500000', actualAmount: '500000', reason: 'Customer cancelled one ticket',
      status: 'returned_success', failureReason: null, notifyStatus: 'notified', createdBy: 'demo_admin', createdAt: '2026-03-02T02:00:00.000Z', completedAt: '2026-03-02T02:00:01.000Z',
    };
    const srv = fakeServer({ 'GET /refunds': () => page([refund]) });
    await renderScreen(<RefundsPage />, { server: srv, path: `/payment/refunds?id=${refund.id}&open=1` });
    const fields = await screen.findByTestId('record-fields');
    for (const text of ['ORDER-1001', 'MR-77', 'Customer cancelled one ticket', '500,000']) expect(within(fields).getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByText(`Details · ${refund.id}`)).toBeTruthy();
  });

  it('without open=1 a link by id filters the list and opens nothing', async () => {
    signIn([]);
    const srv = fakeServer({ 'GET /settlements': () => page([BATCH]) });
    await renderScreen(<SettlementsPage />, { server: srv, path: `/funds/settlements?id=${BATCH.id}` });
    await screen.findByText('2026-03-02');
    expect(screen.queryByTestId('settlement-drawer')).toBeNull();
  });
});
