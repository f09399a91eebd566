/**
 * Issue 40: a batch's submit and its approval each open the shared confirmation with the server's figures: the
 * amount, the fee (quoted by the server, never computed here), the total debit, the balance it comes from and
 * whether it covers it, and the payees; the Google code under them where the rule asks. The submit sends the rows
 * left out too (the result file lists every row), and the upload dialog shows the banks with their rules.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Perm } from '@mg/domain';
import { BatchModal } from '../src/features/payouts/BatchModal';
import { BatchesDrawer } from '../src/features/payouts/BatchesDrawer';
import { fakeServer, renderScreen, Reply, signIn, signOutForTests } from './screens-harness';

afterEach(() => signOutForTests());

const COLUMNS = ['merchantOrderId', 'bankCode', 'accountNumber', 'accountName', 'amount', 'description'];
const row = (n: number, amount = '100000') => ({ row: n, values: { merchantOrderId: `INV-${n}`, bankCode: 'BCA', accountNumber: `123456789${n}`, accountName: `Payee ${n}`, amount, description: '' }, formulas: [], outside: [], issues: [] });

const CHECK = { currency: 'IDR', fileName: 'march.xlsx', columns: COLUMNS, uploadedCount: 3, uploadedTotal: '654000', rows: [row(1, '300000'), row(2, '100000'), row(3, '254000')] };
const QUOTE = { currency: 'IDR', count: 2, payees: 2, payee: null, amount: '554000', fee: '54000', totalDebit: '608000', available: '5000000', held: '0', sufficient: true };
const BATCH = {
  id: 'B2612010000BATCH00001',
  merchantId: 10001,
  currency: 'IDR',
  status: 'pending_review',
  fileName: 'march.xlsx',
  uploadedCount: 20,
  uploadedTotal: '554000',
  rowCount: 18,
  totalAmount: '554000',
  totalFee: '54000',
  totalDebit: '608000',
  createdBy: 'demo_operator',
  reviewedBy: null,
  createdAt: '2026-12-01T02:00:00.000Z',
  completedAt: null,
};

const field = (dialog: HTMLElement, testId: string) => within(dialog).getByTestId(testId).textContent;

describe('the batch submit confirmation', () => {
  it("names the amount, the server's fee, the total debit, the balance it comes from and the payees; sends the rows left out", async () => {
    signIn([Perm.PAYOUT_MENU, Perm.PAYOUT_ADD]);
    const srv = fakeServer({
      'POST /payouts/batches/check': () => CHECK,
      'POST /payouts/batches/quote': () => QUOTE,
      'POST /payouts/batches': () => ({ ...BATCH, uploadedCount: 3, rowCount: 2 }),
    });
    await renderScreen(<BatchModal onClose={() => undefined} />, { server: srv });
    // The upload step shows the banks and what each cell takes (the template's second sheet).
    fireEvent.click(await screen.findByText('Bank codes and what each needs'));
    const rules = await screen.findByTestId('batch-rules');
    expect(within(rules).getByText('Account number: exactly 13 digits')).toBeTruthy();
    // OVO, DANA and GoPay: a phone from 08.
    expect(within(rules).getAllByText('Wallet phone number: a phone number starting with 08, 10 to 13 digits')).toHaveLength(3);

    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await act(async () => fireEvent.change(input, { target: { files: [new File(['x'], 'march.xlsx')] } }));
    fireEvent.click(await screen.findByTestId('exclude-2'));
    await act(async () => fireEvent.click(screen.getByTestId('batch-submit')));

    const dialog = await screen.findByTestId('batch-submit-confirmation');
    expect(srv.callsTo('POST', '/payouts/batches/quote')[0]?.body).toMatchObject({ currency: 'IDR', rows: [{ row: 1 }, { row: 3 }] });
    expect(within(dialog).getByText('554,000 IDR')).toBeTruthy();
    expect(field(dialog, 'batch-submit-quote-fee')).toBe('54,000 IDR');
    expect(field(dialog, 'batch-submit-quote-total')).toBe('608,000 IDR');
    expect(field(dialog, 'batch-submit-quote-balance')).toBe('IDR available balance 5,000,000 IDR: enough');
    expect(field(dialog, 'batch-submit-quote-payees')).toBe('2 payees');
    expect(field(dialog, 'batch-submit-quote-count')).toBe('2');
    // No fee figure of the screen's own: only the server's.
    expect(srv.callsTo('POST', '/payouts/batches')).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByTestId('batch-submit-confirm')));
    await waitFor(() => expect(srv.callsTo('POST', '/payouts/batches')).toHaveLength(1));
    expect(srv.callsTo('POST', '/payouts/batches')[0]?.body).toMatchObject({ uploadedCount: 3, rows: [{ row: 1 }, { row: 3 }], excluded: [{ row: 2, values: { merchantOrderId: 'INV-2' } }] });
  });

  it('says when the available balance falls short, by how much, and names the one payee of a one-row batch', async () => {
    signIn([Perm.PAYOUT_MENU, Perm.PAYOUT_ADD]);
    const srv = fakeServer({
      'POST /payouts/batches/check': () => ({ ...CHECK, uploadedCount: 1, rows: [row(1, '300000')] }),
      'POST /payouts/batches/quote': () => ({ ...QUOTE, count: 1, payees: 1, payee: { bankCode: 'BCA', bankName: 'Bank Central Asia', accountNumber: '1234567891', accountName: 'Payee 1' }, available: '500000', sufficient: false }),
    });
    await renderScreen(<BatchModal onClose={() => undefined} />, { server: srv });
    await act(async () => fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, { target: { files: [new File(['x'], 'one.xlsx')] } }));
    await act(async () => fireEvent.click(await screen.findByTestId('batch-submit')));
    const dialog = await screen.findByTestId('batch-submit-confirmation');
    expect(field(dialog, 'batch-submit-quote-balance')).toBe('IDR available balance 500,000 IDR: 108,000 IDR short, the batch would be refused');
    expect(field(dialog, 'batch-submit-quote-payees')).toBe('Payee 1 · Bank Central Asia 1234567891');
  });

  it("puts the rows the server's quote refuses on their cells instead of confirming", async () => {
    signIn([Perm.PAYOUT_MENU, Perm.PAYOUT_ADD]);
    const refused = new Reply(400, { success: false, code: 400, errorCode: 'VALIDATION_FAILED', message: 'A payout with merchant order id INV-1 already exists', errors: [{ field: 'rows.1.merchantOrderId', message: 'A payout with merchant order id INV-1 already exists' }], result: null });
    const srv = fakeServer({ 'POST /payouts/batches/check': () => CHECK, 'POST /payouts/batches/quote': () => refused });
    await renderScreen(<BatchModal onClose={() => undefined} />, { server: srv });
    await act(async () => fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, { target: { files: [new File(['x'], 'march.xlsx')] } }));
    await act(async () => fireEvent.click(await screen.findByTestId('batch-submit')));
    expect((await screen.findByTestId('issue-1-merchantOrderId')).textContent).toBe('A payout with merchant order id INV-1 already exists');
    expect(screen.queryByTestId('batch-submit-confirmation')).toBeNull();
  });
});

describe('the batch approval confirmation', () => {
  it('names what the approval pays out: amount, fee, total debit, the hold it comes from, the payees, and asks the code', async () => {
    signIn([Perm.PAYOUT_MENU, Perm.PAYOUT_REVIEW], { twoFactorEnabled: true });
    const srv = fakeServer({
      'GET /payouts/batches': () => [BATCH],
      [`GET /payouts/batches/${BATCH.id}/quote`]: () => ({ ...QUOTE, count: 18, payees: 18, held: '608000', available: '1200000' }),
      [`POST /payouts/batches/${BATCH.id}/review`]: () => ({ ...BATCH, status: 'reviewed' }),
    });
    await renderScreen(<BatchesDrawer open onClose={() => undefined} onShowPayouts={() => undefined} />, { server: srv });
    await act(async () => fireEvent.click(await screen.findByTestId(`approve-batch-${BATCH.id}`)));
    const dialog = await screen.findByTestId('batch-review-confirmation');
    expect(field(dialog, 'batch-review-quote-fee')).toBe('54,000 IDR');
    expect(field(dialog, 'batch-review-quote-total')).toBe('608,000 IDR');
    expect(field(dialog, 'batch-review-quote-balance')).toBe('Held from the IDR balance since the submit: 608,000 IDR, enough (available now 1,200,000 IDR)');
    expect(field(dialog, 'batch-review-quote-payees')).toBe('18 payees');
    expect(within(dialog).getByText('554,000 IDR')).toBeTruthy();
    const modal = dialog.closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText('Google Authenticator code')).toBeTruthy();
    // Nothing was decided by opening it.
    expect(srv.callsTo('POST', `/payouts/batches/${BATCH.id}/review`)).toHaveLength(0);
  });
});
