import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ColumnPerm, Perm } from '@mg/domain';
import Balances from '../src/features/balances/BalancesPage';
import BalanceRecords from '../src/features/balance-records/BalanceRecordsPage';
import Settlements from '../src/features/settlements/SettlementsPage';
import { fakeServer, page, renderScreen, Reply, signIn, signOutForTests, expectTestIdTexts, expectTextsIn } from './screens-harness';

afterEach(() => signOutForTests());

/* Balances ------------------------------------------------------------------------------------------------- */

const BALANCES = [
  { currency: 'IDR', available: '850000', pending: '1500000', frozen: '0', limitBalance: '1000000', belowLimit: true },
  { currency: 'THB', available: '1234.50', pending: '0.00', frozen: '10.00', limitBalance: null, belowLimit: false },
];

function balancesServer(onPut?: (body: Record<string, unknown> | undefined) => unknown) {
  let rows = BALANCES;
  return fakeServer({
    'GET /balances': () => rows,
    'PUT /balances/IDR/limit': (call) => {
      const out = onPut?.(call.body);
      if (out instanceof Reply) return out;
      rows = rows.map((r) => (r.currency === 'IDR' ? { ...r, limitBalance: call.body?.limitBalance as string | null, belowLimit: false } : r));
      return rows[0];
    },
  });
}

async function openLimitDialog() {
  fireEvent.click(await screen.findByTestId('set-limit-IDR'));
  return screen.findByRole('dialog');
}

async function save(dialog: HTMLElement) {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  });
}

describe('Balances', () => {
  it('shows available, pending and frozen per currency with its decimals, and warns when available is below the limit', async () => {
    signIn([]);
    await renderScreen(<Balances />, { server: balancesServer() });
    expect((await screen.findByTestId('available-IDR')).textContent).toBe('850,000IDR');
    expectTestIdTexts({
      'pending-IDR': '1,500,000IDR',
      'available-THB': '1,234.50THB',
      'frozen-THB': '10.00THB',
    });
    expect(screen.getByTestId('limit-IDR').textContent).toContain('1,000,000 IDR');
    expect(screen.getByTestId('limit-THB').textContent).toContain('Not set');
    expect(screen.getByTestId('below-limit-IDR').textContent).toBe('The available IDR balance (850,000) is below your limit balance of 1,000,000.');
    expect(screen.queryByTestId('below-limit-THB')).toBeNull();
    // Without Perm.BALANCE_LIMIT_EDIT: no way to change the limit.
    expect(screen.queryByTestId('set-limit-IDR')).toBeNull();
    expect(screen.queryByTestId('clear-limit-IDR')).toBeNull();
  });

  it('validates the limit (required, positive integer) before sending, then saves it', async () => {
    signIn([Perm.BALANCE_LIMIT_EDIT]);
    const srv = balancesServer();
    await renderScreen(<Balances />, { server: srv });
    const dialog = await openLimitDialog();
    const input = within(dialog).getByTestId('limit-input');

    fireEvent.change(input, { target: { value: '' } });
    await save(dialog);
    expect(await within(dialog).findByText('Balance limit is required')).toBeTruthy();

    for (const bad of ['12.5', '0', '-100', '1e6', 'abc']) {
      fireEvent.change(input, { target: { value: bad } });
      await save(dialog);
      expect(await within(dialog).findByText('Enter a positive integer'), bad).toBeTruthy();
    }
    expect(srv.callsTo('PUT', '/balances/IDR/limit')).toHaveLength(0);

    fireEvent.change(input, { target: { value: ' 2000000 ' } });
    await save(dialog);
    await waitFor(() => expect(srv.callsTo('PUT', '/balances/IDR/limit')).toHaveLength(1));
    expect(srv.callsTo('PUT', '/balances/IDR/limit')[0]?.body?.limitBalance).toBe('2000000');
    await waitFor(() => expect(screen.getByTestId('limit-IDR').textContent).toContain('2,000,000 IDR'));
    expect(screen.queryByTestId('below-limit-IDR')).toBeNull();
  });

  it("puts the server's field error on the limit field", async () => {
    signIn([Perm.BALANCE_LIMIT_EDIT]);
    const srv = balancesServer(() => new Reply(400, { success: false, code: 400, message: 'The request contains invalid data', errors: [{ field: 'limitBalance', message: 'The amount is too large' }], result: null }));
    await renderScreen(<Balances />, { server: srv });
    const dialog = await openLimitDialog();
    fireEvent.change(within(dialog).getByTestId('limit-input'), { target: { value: '999999999999999' } });
    await save(dialog);
    expect(await within(dialog).findByText('The amount is too large')).toBeTruthy();
  });

  it('removes the limit after confirmation (null limit)', async () => {
    signIn([Perm.BALANCE_LIMIT_EDIT]);
    const srv = balancesServer();
    await renderScreen(<Balances />, { server: srv });
    fireEvent.click(await screen.findByTestId('clear-limit-IDR'));
    expect(await screen.findByText('Remove the limit balance of IDR? No more low-balance notices will be sent for it.')).toBeTruthy();
    expect(srv.callsTo('PUT', '/balances/IDR/limit')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });
    await waitFor(() => expect(srv.callsTo('PUT', '/balances/IDR/limit')).toHaveLength(1));
    expect(srv.callsTo('PUT', '/balances/IDR/limit')[0]?.body?.limitBalance).toBeNull();
    await waitFor(() => expect(screen.getByTestId('limit-IDR').textContent).toContain('Not set'));
  });
});

/* Balance records ------------------------------------------------------------------------------------------ */

const RECORDS = [
  { id: 4, merchantId: 10001, transferId: 40, actionType: 7, flow: 'balance_transfer', account: 'available', reference: 'T261121000001TRNS', counterparty: 'Demo Store Games (10002)', amount: '-101500', fee: '1500', balanceBefore: '145950', balanceAfter: '44450', currency: 'IDR', createdAt: '2026-03-02T02:00:00.000Z' },
  { id: 3, merchantId: 10001, transferId: 30, actionType: 6, flow: 'settlement', account: 'available', reference: 'S261121000001ABCD', counterparty: null, amount: '145950', fee: '0', balanceBefore: '0', balanceAfter: '145950', currency: 'IDR', createdAt: '2026-03-02T01:00:00.000Z' },
  { id: 2, merchantId: 10001, transferId: 20, actionType: 2, flow: 'refund', account: 'pending', reference: 'R261121000001WXYZ', counterparty: null, amount: '-50000', fee: '0', balanceBefore: '145950', balanceAfter: '95950', currency: 'IDR', createdAt: '2026-03-01T10:00:00.000Z' },
  { id: 1, merchantId: 10001, transferId: 10, actionType: 1, flow: 'collection_succeeded', account: 'pending', reference: 'C261121000001QRST', counterparty: null, amount: '145950', fee: '4050', balanceBefore: '0', balanceAfter: '145950', currency: 'IDR', createdAt: '2026-03-01T09:00:00.000Z' },
];

describe('Balance records', () => {
  const path = '/funds/balance-records?createTime_begin=2026-03-01%2000%3A00%3A00&createTime_end=2026-03-30%2023%3A59%3A59';

  it('shows signed, formatted amounts (green in, red out) with action types, accounts and balances', async () => {
    signIn([]);
    const srv = fakeServer({ 'GET /balance-records': () => page(RECORDS) });
    await renderScreen(<BalanceRecords />, { server: srv, path });
    const refundRow = (await screen.findByText('R261121000001WXYZ')).closest('tr') as HTMLElement;
    const out = within(refundRow).getByTestId('signed-amount');
    expect(out.textContent).toBe('-50,000');
    expect(out.className).toContain('mg-bad');
    expectTextsIn(refundRow, ['Refund', 'Pending', '95,950']);

    const collectionRow = screen.getByText('C261121000001QRST').closest('tr') as HTMLElement;
    const inflow = within(collectionRow).getByTestId('signed-amount');
    expect(inflow.textContent).toBe('+145,950');
    expect(inflow.className).toContain('mg-ok');
    expect(within(collectionRow).getByText('Collection')).toBeTruthy();
    expect(within(collectionRow).getByText('4,050')).toBeTruthy();

    const settlementRow = screen.getByText('S261121000001ABCD').closest('tr') as HTMLElement;
    expect(within(settlementRow).getByText('Settlement')).toBeTruthy();
    expect(within(settlementRow).getByText('Available')).toBeTruthy();
    // Times in the session zone (Jakarta, UTC+7).
    expect(within(settlementRow).getByText('2026-03-02 08:00:00')).toBeTruthy();

    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers).toEqual(['Time', 'Action type', 'Account', 'Reference', 'Other party', 'Amount', 'Fee', 'Balance before', 'Balance after']);

    // A balance transfer names the other merchant and opens the transfer records.
    const transferRow = screen.getByText('T261121000001TRNS').closest('tr') as HTMLElement;
    expectTextsIn(transferRow, ['Balance transfer', 'Demo Store Games (10002)', '-101,500']);
    expect(screen.getByTestId('reference-T261121000001TRNS').getAttribute('href')).toBe('/funds/balance-transfers?id=T261121000001TRNS');

    const q = srv.callsTo('GET', '/balance-records')[0]?.query;
    expect(q?.get('currency')).toBe('IDR');
    // The picked wall clock is the session zone's (Jakarta): sent as it is, whatever the browser's zone.
    expect(q?.get('createTime_begin')).toBe('2026-03-01 00:00:00');
  });

  it('sends the action type and reference filters', async () => {
    signIn([]);
    const srv = fakeServer({ 'GET /balance-records': () => page([]) });
    await renderScreen(<BalanceRecords />, { server: srv, path: `${path}&actionType=2&reference=R261121000001WXYZ` });
    await waitFor(() => expect(srv.callsTo('GET', '/balance-records')).toHaveLength(1));
    const q = srv.callsTo('GET', '/balance-records')[0]?.query;
    expect(q?.get('actionType')).toBe('2');
    expect(q?.get('reference')).toBe('R261121000001WXYZ');
  });

  it('refuses a range over one month before calling the server', async () => {
    signIn([]);
    const srv = fakeServer({ 'GET /balance-records': () => page(RECORDS) });
    await renderScreen(<BalanceRecords />, { server: srv, path: '/funds/balance-records?createTime_begin=2026-01-01%2000%3A00%3A00&createTime_end=2026-02-15%2000%3A00%3A00' });
    expect((await screen.findByTestId('range-error')).textContent).toContain('The query range cannot exceed 1 month');
    expect(srv.callsTo('GET', '/balance-records')).toHaveLength(0);
  });

  it('defaults to a range the one-month rule allows, ending today', async () => {
    signIn([]);
    const srv = fakeServer({ 'GET /balance-records': () => page([]) });
    await renderScreen(<BalanceRecords />, { server: srv, path: '/funds/balance-records' });
    await waitFor(() => expect(srv.callsTo('GET', '/balance-records')).toHaveLength(1));
    const q = srv.callsTo('GET', '/balance-records')[0]?.query;
    expect(q?.get('createTime_begin')).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00$/);
    expect(q?.get('createTime_end')).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
    expect(screen.queryByTestId('range-error')).toBeNull();
  });

  it('hides the fee column from a user without the fee column right when the USD switch is on', async () => {
    signIn([], { amountUsdSwitch: true });
    await renderScreen(<BalanceRecords />, { server: fakeServer({ 'GET /balance-records': () => page(RECORDS) }), path });
    await screen.findByText('R261121000001WXYZ');
    const headers = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
    expect(headers).not.toContain('Fee');
    expect(headers).toContain('Amount');
  });

  it('keeps the fee column for a holder of the fee column right', async () => {
    signIn([ColumnPerm.FEE], { amountUsdSwitch: true });
    await renderScreen(<BalanceRecords />, { server: fakeServer({ 'GET /balance-records': () => page(RECORDS) }), path });
    await screen.findByText('R261121000001WXYZ');
    expect(Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent)).toContain('Fee');
  });

  it('exports with the current filters, dates in the session zone', async () => {
    signIn([Perm.EXPORT]);
    const srv = fakeServer({
      'GET /balance-records': () => page(RECORDS),
      'POST /exports': () => ({ mode: 'job', jobId: 'E1', rows: 200_000 }),
      'GET /exports/E1': () => ({ id: 'E1', status: 'running', totalRows: 200_000, doneRows: 1_000, url: null, error: null }),
    });
    await renderScreen(<BalanceRecords />, { server: srv, path: `${path}&actionType=1` });
    await screen.findByText('R261121000001WXYZ');
    await act(async () => {
      fireEvent.click(screen.getByTestId('export-balance-records'));
    });
    await waitFor(() => expect(srv.callsTo('POST', '/exports')).toHaveLength(1));
    const body = srv.callsTo('POST', '/exports')[0]?.body as { kind: string; filters: Record<string, unknown> };
    expect(body.kind).toBe('balance-records');
    expect(body.filters.createTime_begin).toBe('2026-03-01 00:00:00');
    expect(body.filters.createTime_end).toBe('2026-03-30 23:59:59');
    expect(body.filters.actionType).toBe('1');
    expect(body.filters.currency).toBe('IDR');
  });
});

/* Settlements ---------------------------------------------------------------------------------------------- */

const SETTLEMENTS = [
  { id: 'S261121000001ABCD', merchantId: 10001, currency: 'IDR', settleDate: '2026-03-02', dueAt: '2026-03-02T17:00:00.000Z', status: 'pending', collectionCount: 3, grossAmount: '450000', feeAmount: '12150', refundedAmount: '50000', netAmount: '387850', settledAt: null, createdAt: '2026-03-01T09:00:00.000Z' },
  { id: 'S261120000009EFGH', merchantId: 10001, currency: 'IDR', settleDate: '2026-03-01', dueAt: '2026-03-01T17:00:00.000Z', status: 'settled', collectionCount: 1, grossAmount: '150000', feeAmount: '4050', refundedAmount: '0', netAmount: '145950', settledAt: '2026-03-01T17:00:05.000Z', createdAt: '2026-02-28T09:00:00.000Z' },
];

describe('Settlement records', () => {
  const path = '/funds/settlements?createTime_begin=2026-02-15%2000%3A00%3A00&createTime_end=2026-03-13%2023%3A59%3A59';

  it('lists the batches with status tags and formatted amounts; no "run now" without the permission', async () => {
    signIn([]);
    const srv = fakeServer({ 'GET /settlements': () => page(SETTLEMENTS) });
    await renderScreen(<Settlements />, { server: srv, path: `${path}&status=pending` });
    const pendingRow = (await screen.findByText('2026-03-02')).closest('tr') as HTMLElement;
    expectTextsIn(pendingRow, ['Pending settlement', '450,000', '12,150', '50,000', '387,850', '2026-03-03 00:00:00']);
    const settledRow = screen.getByText('2026-03-01').closest('tr') as HTMLElement;
    expect(within(settledRow).getByText('Settled')).toBeTruthy();
    expect(within(settledRow).getByText('2026-03-02 00:00:05')).toBeTruthy();
    expect(srv.callsTo('GET', '/settlements')[0]?.query.get('status')).toBe('pending');
    expect(screen.queryByTestId('run-settlement')).toBeNull();
    expect(screen.queryByText('Run settlement now')).toBeNull();
  });

  it('"Run settlement now" asks first, then says how many batches were settled', async () => {
    signIn([Perm.SETTLEMENT_RUN], { merchantId: 10000, isPlatform: true });
    const srv = fakeServer({
      'GET /settlements': () => page(SETTLEMENTS),
      'POST /settlements/run': () => ({ settled: 2, amounts: { IDR: '533800', THB: '0.00' } }),
    });
    await renderScreen(<Settlements />, { server: srv, path });
    fireEvent.click(await screen.findByTestId('run-settlement'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Run settlement now?')).toBeTruthy();
    expect(srv.callsTo('POST', '/settlements/run')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('run-merchant'), { target: { value: '10001' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Settle now' }));
    });
    await waitFor(() => expect(srv.callsTo('POST', '/settlements/run')).toHaveLength(1));
    const body = srv.callsTo('POST', '/settlements/run')[0]?.body;
    expect(body?.merchantId).toBe(10001);
    expect(body?.dueOnly).toBe(false);
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Settlement finished: 2 batches settled'));
    expect((await screen.findByTestId('run-amounts')).textContent).toBe('IDR 533,800');
    // The list is asked again.
    await waitFor(() => expect(srv.callsTo('GET', '/settlements').length).toBeGreaterThan(1));
  });

  it('a merchant user cannot see the merchant filter nor run settlement', async () => {
    signIn([Perm.EXPORT]);
    await renderScreen(<Settlements />, { server: fakeServer({ 'GET /settlements': () => page(SETTLEMENTS) }), path });
    await screen.findByText('2026-03-02');
    expect(screen.queryByText('Merchant ID')).toBeNull();
    expect(screen.queryByTestId('run-settlement')).toBeNull();
    expect(screen.getByTestId('export-settlements')).toBeTruthy();
  });
});
