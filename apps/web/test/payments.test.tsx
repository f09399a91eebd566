/**
 * Payments screens (features/payments): transaction records with the spec §6 column rules, the detail drawer with
 * callback attempts and resend, the refund dialog, refunds list. Payment links are in payments-links.test.tsx.
 *
 * Long file: the transaction screens share one mock server and fixture set; each case is short.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ColumnPerm, Perm, collectionsList, refundsList } from '@mg/domain';
import Transactions from '../src/features/collections/CollectionsPage';
import Refunds from '../src/features/refunds/RefundsPage';
import { fakeServer, page, renderScreen, Reply, signIn, signOutForTests, expectTextsIn } from './screens-harness';

afterEach(() => signOutForTests());

const PAID = {
  id: 'C261121053012K7Q2M9XW4D',
  merchantId: 10001,
  merchantOrderId: 'ORDER-1001',
  currency: 'IDR',
  paymentType: 1,
  channel: 1,
  paymentCode: '8808123456789012',
  status: 'success',
  amount: '1500000',
  adminFee: '4000',
  serviceFee: '10500',
  paidAmount: '1500000',
  refundedAmount: '500000',
  paidAt: '2026-03-02T01:05:30.000Z',
  payerName: 'Budi Santoso',
  payerEmail: 'budi@example.com',
  payerPhone: '081234567890',
  orderDescription: 'Two tickets',
  expiryHours: 24,
  expiresAt: '2026-03-03T01:00:00.000Z',
  notifyStatus: 'notified',
  settlementStatus: 'pending',
  source: 'api',
  mode: 'sandbox',
  failureReason: null,
  createdAt: '2026-03-02T01:00:00.000Z',
  updatedAt: '2026-03-02T01:05:30.000Z',
};
const FAILED = {
  ...PAID,
  id: 'C261121060000ABCDEFGHJK',
  merchantOrderId: 'ORDER-1002',
  status: 'failed',
  channel: 6,
  paymentType: 4,
  paymentCode: null,
  amount: '20000',
  adminFee: '0',
  serviceFee: '0',
  paidAmount: null,
  refundedAmount: '0',
  paidAt: null,
  notifyStatus: 'failed',
  failureReason: 'INSUFFICIENT_FUNDS',
  createdAt: '2026-03-01T17:30:00.000Z',
};

const DELIVERY = {
  id: 77,
  eventId: 'msg_2x9Qm',
  eventType: 'collection.succeeded',
  url: 'https://merchant.example.com/hooks/pay',
  status: 'failed',
  attempts: 2,
  nextAttemptAt: null,
  lastResponseStatus: 500,
  createdAt: '2026-03-02T01:05:31.000Z',
  attemptsLog: [
    {
      attemptNo: 1,
      trigger: 'auto',
      url: 'https://merchant.example.com/hooks/pay',
      responseStatus: 500,
      responseExcerpt: 'upstream exploded',
      error: null,
      latencyMs: 183,
      createdAt: '2026-03-02T01:05:31.000Z',
      requestHeaders: { 'webhook-id': 'msg_2x9Qm', 'webhook-signature': 'v1,abc=' },
      requestBody: '{"type":"collection.succeeded"}',
    },
    {
      attemptNo: 2,
      trigger: 'auto',
      url: 'https://merchant.example.com/hooks/pay',
      responseStatus: null,
      responseExcerpt: null,
      error: 'connect ETIMEDOUT',
      latencyMs: 10000,
      createdAt: '2026-03-02T01:05:36.000Z',
      requestHeaders: { 'webhook-id': 'msg_2x9Qm' },
      requestBody: '{"type":"collection.succeeded"}',
    },
  ],
};

const REFUND_DELIVERY = {
  ...DELIVERY,
  id: 78,
  orderKind: 'refund',
  orderId: 'R2603020001',
  eventId: 'msg_7Hq1',
  eventType: 'refund.succeeded',
  status: 'notified',
  attempts: 2,
  lastResponseStatus: 200,
  attemptsLog: [
    // Recorded before it was sent; its sender stopped before the answer (issue 39).
    { ...DELIVERY.attemptsLog[0], responseStatus: null, responseExcerpt: null, latencyMs: 0, answered: false },
    { ...DELIVERY.attemptsLog[0], attemptNo: 2, responseStatus: 200, responseExcerpt: 'ok', latencyMs: 42, answered: true },
  ],
};

const REFUND = {
  id: 'R2603020001',
  merchantId: 10001,
  collectionId: PAID.id,
  merchantOrderId: 'ORDER-1001',
  merchantRefundId: null,
  currency: 'IDR',
  refundType: 'partial',
  refundWay: 'offline',
  requestedAmount: '500000',
  actualAmount: '500000',
  reason: 'Customer cancelled one ticket',
  status: 'returned_success',
  failureReason: null,
  notifyStatus: 'notified',
  createdBy: 'demo_admin',
  createdAt: '2026-03-02T02:00:00.000Z',
  completedAt: '2026-03-02T02:00:01.000Z',
};

function detailOf(record: typeof PAID, over: Record<string, unknown> = {}) {
  return {
    ...record,
    refunds: [REFUND],
    callbacks: [DELIVERY, REFUND_DELIVERY],
    cashierUrl: 'https://pay.example.com/pay/tok_abc',
    notifyUrl: 'https://merchant.example.com/hooks/pay',
    returnUrl: null,
    refundable: '1000000',
    ...over,
  };
}

function server(extra: Record<string, (c: import('./screens-harness').Call) => unknown> = {}) {
  return fakeServer({
    'GET /collections': () => page([PAID, FAILED]),
    [`GET /collections/${PAID.id}`]: () => detailOf(PAID),
    [`POST /collections/${PAID.id}/refunds`]: (c) => ({ ...REFUND, id: 'R2603020002', requestedAmount: c.body?.amount, refundWay: c.body?.refundWay, status: 'initialised' }),
    'POST /callbacks/77/resend': () => ({ ...DELIVERY, status: 'notified', attempts: 3 }),
    ...extra,
  });
}

/** The newest confirmation dialog, once there are more than `seen`. */
async function findConfirm(seen = 0): Promise<HTMLElement> {
  return waitFor(() => {
    const all = document.querySelectorAll('.ant-modal-confirm');
    expect(all.length).toBeGreaterThan(seen);
    return all[all.length - 1] as HTMLElement;
  });
}

const header = (name: string) => screen.queryAllByRole('columnheader').some((h) => h.textContent === name);

async function rowOf(text: string): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('tr') as HTMLElement;
}

/** The user's choice in the column chooser, as ProTable keeps it for the list. */
function chooseColumns(keys: string[], list: string = collectionsList.name) {
  window.localStorage.setItem(`mg.columns.${list}`, JSON.stringify(Object.fromEntries(keys.map((k) => [k, { show: true }]))));
}
const SECONDARY = ['paymentCode', 'adminFee', 'serviceFee', 'paidAmount', 'paidAt', 'payerName', 'notifyStatus'];

describe('Transaction records', () => {
  afterEach(() => window.localStorage.removeItem(`mg.columns.${collectionsList.name}`));

  it('by default shows the order ids, status, amount, channel and created time; the rest wait in the column chooser', async () => {
    signIn([Perm.REFUND_ADD, ColumnPerm.FEE]);
    await renderScreen(<Transactions />, { server: server() });
    const row = await rowOf('ORDER-1001');
    for (const name of ['Merchant order ID', 'Transaction ID', 'Status', 'Amount', 'Channel', 'Created']) expect(header(name), name).toBe(true);
    for (const name of ['Payment code', 'Admin fee', 'Service fee', 'Paid at', 'Payer', 'Notify status']) expect(header(name), name).toBe(false);
    expectTextsIn(row, [PAID.id, 'Success', '1,500,000', 'BCA Virtual Account', '2026-03-02 08:00:00']);
    // the actions column is the last; no other column sits under it
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.at(-1)).toBe('Actions');
  });

  it('shows the spec columns with amounts in the currency format and times in the session zone', async () => {
    chooseColumns(SECONDARY);
    signIn([Perm.REFUND_ADD]);
    const srv = server();
    await renderScreen(<Transactions />, { server: srv });
    const row = await rowOf('ORDER-1001');
    expectTextsIn(row, [
      PAID.id,
      'BCA Virtual Account',
      '8808123456789012',
      'Success',
      '1,500,000',
      '4,000',
      '10,500',
      'Budi Santoso',
      'Notified',
    ]);
    // 01:00 UTC is 08:00 in Jakarta (IDR session), not the browser's Berlin time.
    expect(within(row).getByText('2026-03-02 08:00:00')).toBeTruthy();
    expect(within(row).getByText('2026-03-02 08:05:30')).toBeTruthy();
    // The failed one: e-wallet channel, no paid time, created the next day in Jakarta.
    const failed = await rowOf('ORDER-1002');
    expect(within(failed).getByText('OVO')).toBeTruthy();
    // Payment status and notify status both failed.
    expect(within(failed).getAllByText('Failed')).toHaveLength(2);
    expect(within(failed).getByText('2026-03-02 00:30:00')).toBeTruthy();

    for (const name of ['Merchant order ID', 'Transaction ID', 'Channel', 'Payment code', 'Status', 'Amount', 'Admin fee', 'Service fee', 'Paid at', 'Payer', 'Notify status', 'Created']) {
      expect(header(name), name).toBe(true);
    }
    // spec §6: paid amounts are for privileged users only.
    expect(header('Paid amount')).toBe(false);
    // Refund only where something is left to refund.
    expect(within(row).getByTestId(`refund-${PAID.id}`)).toBeTruthy();
    expect(within(failed).queryByTestId(`refund-${FAILED.id}`)).toBeNull();
  });

  it('sends the filters of the URL, keeps them in the form and exports with them', async () => {
    signIn([Perm.EXPORT]);
    const srv = server({
      'POST /exports': () => ({ mode: 'job', jobId: 'E1', rows: 250_000 }),
      'GET /exports/E1': () => ({ id: 'E1', status: 'running', totalRows: 250_000, doneRows: 1_000, url: null, error: null }),
    });
    await renderScreen(<Transactions />, {
      server: srv,
      path: '/payment/collections?status=success&channel=1&merchantOrderId=ORDER-1001&amountMin=1000&notifyStatus=notified&createTime_begin=2026-03-01%2000%3A00%3A00&createTime_end=2026-03-20%2023%3A59%3A59',
    });
    await screen.findByText('ORDER-1001');
    // Asked once: the page asks as the form will, while the table first renders, and the table takes that answer.
    expect(srv.callsTo('GET', '/collections')).toHaveLength(1);
    const q = srv.callsTo('GET', '/collections')[0]?.query;
    expect(q?.get('status')).toBe('success');
    expect(q?.get('channel')).toBe('1');
    expect(q?.get('merchantOrderId')).toBe('ORDER-1001');
    expect(q?.get('amountMin')).toBe('1000');
    expect(q?.get('notifyStatus')).toBe('notified');
    // The picked wall clock is the session zone's (Jakarta): sent as it is, whatever the browser's zone.
    expect(q?.get('createTime_begin')).toBe('2026-03-01 00:00:00');
    expect(screen.queryByTestId('range-error')).toBeNull();
    // The channel filter offers the session currency's channels by name.
    expect(screen.getAllByText('BCA Virtual Account').length).toBeGreaterThan(1);

    // Export: the same filters, dates as session-zone wall clocks.
    await act(async () => {
      fireEvent.click(screen.getByTestId('export-collections'));
    });
    await waitFor(() => expect(srv.callsTo('POST', '/exports')).toHaveLength(1));
    const body = srv.callsTo('POST', '/exports')[0]?.body as { kind: string; filters: Record<string, unknown> };
    expect(body.kind).toBe('collections');
    expect(body.filters).toMatchObject({
      status: 'success',
      channel: '1',
      merchantOrderId: 'ORDER-1001',
      amountMin: '1000',
      notifyStatus: 'notified',
      createTime_begin: '2026-03-01 00:00:00',
      createTime_end: '2026-03-20 23:59:59',
    });
  });

  it('refuses a range over one month before asking the server', async () => {
    signIn([]);
    const srv = server();
    await renderScreen(<Transactions />, {
      server: srv,
      path: '/payment/collections?createTime_begin=2026-01-01%2000%3A00%3A00&createTime_end=2026-02-15%2000%3A00%3A00',
    });
    const refused = await screen.findByTestId('range-error');
    expect(refused.textContent).toContain('The query range cannot exceed 1 month');
    expect(refused.textContent).toContain('Shorten the range above and search again.');
    // said where the rows would be: no empty table that reads as "no records"
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(screen.queryByText('No records')).toBeNull();
    expect(srv.callsTo('GET', '/collections')).toHaveLength(0);
  });

  it('with the USD switch on, hides the fee columns from a user without the fee column permission', async () => {
    chooseColumns(SECONDARY);
    signIn([], { amountUsdSwitch: true });
    await renderScreen(<Transactions />, { server: server() });
    const row = await rowOf('ORDER-1001');
    expect(header('Admin fee')).toBe(false);
    expect(header('Service fee')).toBe(false);
    expect(header('Amount')).toBe(true);
    expect(within(row).queryByText('4,000')).toBeNull();
    expect(within(row).queryByText('10,500')).toBeNull();
  });

  it('shows fees (switch on) and paid amounts to holders of the column permissions', async () => {
    chooseColumns(SECONDARY);
    signIn([ColumnPerm.FEE, ColumnPerm.PAID_AMOUNT], { amountUsdSwitch: true });
    await renderScreen(<Transactions />, { server: server() });
    const row = await rowOf('ORDER-1001');
    expect(header('Admin fee')).toBe(true);
    expect(header('Paid amount')).toBe(true);
    expect(within(row).getByText('4,000')).toBeTruthy();
    expect(within(row).getAllByText('1,500,000')).toHaveLength(2);
  });

  it('hides the refund action from a user without refund permission', async () => {
    signIn([]);
    await renderScreen(<Transactions />, { server: server() });
    const row = await rowOf('ORDER-1001');
    expect(within(row).queryByTestId(`refund-${PAID.id}`)).toBeNull();
  });
});

describe('Transaction detail drawer', () => {
  it('a failed order shows its failure reason in the user language, never the raw code', async () => {
    signIn([]);
    const srv = server({ [`GET /collections/${FAILED.id}`]: () => detailOf({ ...PAID, ...FAILED } as unknown as typeof PAID, { refunds: [], callbacks: [] }) });
    await renderScreen(<Transactions />, { server: srv });
    fireEvent.click(within(await rowOf('ORDER-1002')).getByText('ORDER-1002'));
    const fields = await within(await screen.findByTestId('transaction-drawer')).findByTestId('transaction-fields');
    expect(within(fields).getByText('Insufficient funds')).toBeTruthy();
    expect(within(fields).queryByText('INSUFFICIENT_FUNDS')).toBeNull();
  });

  it('shows the fields, cashier link, refunds and every callback attempt; resend asks, calls the server and refreshes', async () => {
    signIn([Perm.CALLBACK_RESEND]);
    const srv = server();
    await renderScreen(<Transactions />, { server: srv });
    fireEvent.click(within(await rowOf('ORDER-1001')).getByText('BCA Virtual Account'));
    const drawer = await screen.findByTestId('transaction-drawer');
    expect(await within(drawer).findByText('https://pay.example.com/pay/tok_abc')).toBeTruthy();
    const fields = within(drawer).getByTestId('transaction-fields');
    expectTextsIn(fields, ['1,500,000 IDR', '1,000,000 IDR', 'budi@example.com', 'Virtual account', 'Sandbox (test)']);
    expect(within(fields).getAllByText('2026-03-02 08:05:30').length).toBeGreaterThan(0);
    expect(within(fields).getByText('2026-03-03 08:00:00 (valid 24 h)')).toBeTruthy();
    expect(within(fields).queryByText('Paid amount')).toBeNull();
    // The refund of this collection.
    expectTextsIn(drawer, ['R2603020001', 'Offline', 'Returned successfully']);
    // Both attempts: status code, latency, excerpt or error.
    const delivery = within(drawer).getByTestId('delivery-77');
    expect(within(delivery).getByText('collection.succeeded')).toBeTruthy();
    expect(within(delivery).getAllByText('500').length).toBeGreaterThan(0);
    expectTextsIn(delivery, ['183', 'upstream exploded', 'connect ETIMEDOUT', 'No response', '2026-03-02 08:05:36']);
    // The refund's own callback is listed too, marked as such.
    const refundDelivery = within(drawer).getByTestId('delivery-78');
    expectTextsIn(refundDelivery, ['refund.succeeded', 'Refund R2603020001', '42', 'Sent, no answer recorded']);
    // The request of an attempt opens below it.
    fireEvent.click(within(delivery).getAllByRole('button', { name: /expand row/i })[0] as HTMLElement);
    const request = await within(delivery).findByTestId('attempt-request-1');
    expect(request.textContent).toContain('"webhook-signature": "v1,abc="');
    expect(request.textContent).toContain('"type": "collection.succeeded"');

    fireEvent.click(within(delivery).getByTestId('resend-77'));
    const pop = await waitFor(() => document.querySelector('.ant-popconfirm') as HTMLElement);
    expect(within(pop).getByText('Send this callback to the merchant again now?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(pop).getByRole('button', { name: 'Confirm' }));
    });
    await waitFor(() => expect(srv.callsTo('POST', '/callbacks/77/resend')).toHaveLength(1));
    expect(await screen.findByText('The callback was sent again')).toBeTruthy();
    await waitFor(() => expect(srv.callsTo('GET', `/collections/${PAID.id}`)).toHaveLength(2));
    await waitFor(() => expect(srv.callsTo('GET', '/collections')).toHaveLength(2));
  });

  it('has no resend button without the resend permission', async () => {
    signIn([]);
    await renderScreen(<Transactions />, { server: server() });
    fireEvent.click(within(await rowOf('ORDER-1001')).getByTestId(`details-${PAID.id}`));
    const drawer = await screen.findByTestId('transaction-drawer');
    await within(drawer).findByTestId('delivery-77');
    expect(within(drawer).queryByTestId('resend-77')).toBeNull();
    expect(within(drawer).queryByTestId('drawer-refund')).toBeNull();
  });
});

describe('Refund dialog', () => {
  async function openRefund(srv: ReturnType<typeof server>) {
    await renderScreen(<Transactions />, { server: srv });
    fireEvent.click(within(await rowOf('ORDER-1001')).getByTestId(`refund-${PAID.id}`));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTestId('refundable');
    return dialog;
  }
  const amountInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Refund amount (IDR)') as HTMLInputElement;
  const continueButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Continue' });

  it('defaults to everything refundable and refuses more than that, decimals for IDR and a missing reason', async () => {
    signIn([Perm.REFUND_ADD]);
    const srv = server();
    const dialog = await openRefund(srv);
    expect(within(dialog).getByTestId('refundable').textContent).toBe('1,000,000 IDR');
    await waitFor(() => expect(amountInput(dialog).value).toBe('1000000'));

    fireEvent.change(amountInput(dialog), { target: { value: '1000001' } });
    fireEvent.click(continueButton(dialog));
    expect(await within(dialog).findByText('At most 1,000,000 IDR can be refunded')).toBeTruthy();
    expect(await within(dialog).findByText('Please enter the reason for the refund')).toBeTruthy();

    fireEvent.change(amountInput(dialog), { target: { value: '1000.5' } });
    expect(await within(dialog).findByText('The amount must be a whole number')).toBeTruthy();
    fireEvent.change(amountInput(dialog), { target: { value: '' } });
    expect(await within(dialog).findByText('Please enter an amount')).toBeTruthy();
    expect(srv.callsTo('POST', `/collections/${PAID.id}/refunds`)).toHaveLength(0);
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
  });

  it('refuses more decimals than the currency has (THB: two)', async () => {
    signIn([Perm.REFUND_ADD]);
    const thb = { ...PAID, currency: 'THB', amount: '1500.00', refundedAmount: '0.00' };
    const srv = server({
      'GET /collections': () => page([thb]),
      [`GET /collections/${PAID.id}`]: () => detailOf(thb, { refundable: '1500.00', refunds: [] }),
    });
    await renderScreen(<Transactions />, { server: srv });
    fireEvent.click(within(await rowOf('ORDER-1001')).getByTestId(`refund-${PAID.id}`));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('refundable')).textContent).toBe('1,500.00 THB');
    const input = within(dialog).getByLabelText('Refund amount (THB)') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '10.125' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('The amount may have at most 2 decimals')).toBeTruthy();
    expect(within(dialog).getByText('Up to 2 decimal places')).toBeTruthy();
  });

  it('states the amount in a confirmation; cancelling sends nothing, confirming refunds and refreshes the list', async () => {
    signIn([Perm.REFUND_ADD]);
    const srv = server();
    const dialog = await openRefund(srv);
    // Typed with a thousands separator, as people do; the API gets the canonical decimal (it refuses "250,000").
    fireEvent.change(amountInput(dialog), { target: { value: '250,000' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Customer returned one item' } });

    fireEvent.click(continueButton(dialog));
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain(`Refund 250,000 IDR of transaction ${PAID.id} (Original route)? This cannot be undone.`);
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    });
    expect(srv.callsTo('POST', `/collections/${PAID.id}/refunds`)).toHaveLength(0);

    fireEvent.click(within(dialog).getByLabelText('Offline'));
    // (antd leaves the dialog marked inaccessible after a closed confirmation in jsdom: find the button by its text.)
    fireEvent.click(within(dialog).getByText('Continue'));
    const again = await findConfirm(1);
    expect(again.textContent).toContain('Refund 250,000 IDR');
    expect(again.textContent).toContain('(Offline)');
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: 'Refund now' }));
    });
    await waitFor(() => expect(srv.callsTo('POST', `/collections/${PAID.id}/refunds`)).toHaveLength(1));
    const body = srv.callsTo('POST', `/collections/${PAID.id}/refunds`)[0]?.body;
    expect(body?.amount).toBe('250000');
    expect(body?.refundWay).toBe('offline');
    expect(body?.reason).toBe('Customer returned one item');
    expect(await screen.findByText('Refund of 250,000 IDR submitted')).toBeTruthy();
    await waitFor(() => expect(srv.callsTo('GET', '/collections')).toHaveLength(2));
  });

  it("puts the server's refusal above the form", async () => {
    signIn([Perm.REFUND_ADD]);
    const srv = server({
      [`POST /collections/${PAID.id}/refunds`]: () => new Reply(422, { success: false, code: 422, message: 'The amount exceeds what is left to refund', result: null }),
    });
    const dialog = await openRefund(srv);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Duplicate charge' } });
    fireEvent.click(continueButton(dialog));
    const confirm = await findConfirm();
    expect(confirm.textContent).toContain('Refund 1,000,000 IDR');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Refund now' }));
    });
    expect((await within(dialog).findByTestId('refund-server-error')).textContent).toContain('The amount exceeds what is left to refund');
  });
});

describe('Refunds list', () => {
  afterEach(() => window.localStorage.removeItem(`mg.columns.${refundsList.name}`));

  it('shows refund way, type and status labels, amounts and times in the zone, and filters', async () => {
    // refund way and the actual amount are secondary columns: this user turned them on in the column chooser
    chooseColumns(['refundWay', 'actualAmount'], refundsList.name);
    signIn([Perm.COLLECTION_MENU]);
    const srv = fakeServer({
      'GET /refunds': () => page([REFUND, { ...REFUND, id: 'R2603020009', refundType: 'full', refundWay: 'original', status: 'initialised', requestedAmount: '1500000', actualAmount: null, completedAt: null }]),
      [`GET /collections/${PAID.id}`]: () => detailOf(PAID),
    });
    await renderScreen(<Refunds />, { server: srv, path: '/payment/refunds?status=returned_success&collectionId=C1' });
    const row = await rowOf('R2603020001');
    expectTextsIn(row, ['Partial refund', 'Offline', 'Returned successfully']);
    expect(within(row).getAllByText('500,000')).toHaveLength(2);
    expect(within(row).getByText('2026-03-02 09:00:00')).toBeTruthy();
    const other = await rowOf('R2603020009');
    expectTextsIn(other, ['Full refund', 'Original route', 'Initiated', '1,500,000']);
    const q = srv.callsTo('GET', '/refunds')[0]?.query;
    expect(q?.get('status')).toBe('returned_success');
    expect(q?.get('collectionId')).toBe('C1');

    // The transaction id opens its detail.
    fireEvent.click(within(row).getByTestId('open-collection-R2603020001'));
    const drawer = await screen.findByTestId('transaction-drawer');
    expect(await within(drawer).findByText('https://pay.example.com/pay/tok_abc')).toBeTruthy();
  });
});
