/**
 * The second factor in the confirmation (issue 39): a money move the domain's rule names asks the Google code in the
 * same dialog that shows what moves, when the user has 2FA on; the server's answer about the code (wrong, missing,
 * locked) stands on the code field and the dialog stays open; without 2FA nothing is asked, and a server that asks
 * anyway makes the field appear. "Charge now" names the payer, the amount and the charge before it charges.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Perm, SecondFactorCall } from '@mg/domain';
import { api } from '../src/api';
import { ConfirmStepModal } from '../src/components/ConfirmStepModal';
import AutoDeductionsPage from '../src/features/auto-deductions/AutoDeductionsPage';
import { fakeServer, page, renderScreen, Reply, signIn, signOutForTests } from './screens-harness';

afterEach(() => signOutForTests());

function typeCode(root: HTMLElement, code: string) {
  const inputs = Array.from(root.querySelectorAll<HTMLInputElement>('input[aria-label^="OTP Input"]'));
  expect(inputs).toHaveLength(code.length);
  code.split('').forEach((ch, i) => fireEvent.input(inputs[i] as HTMLInputElement, { target: { value: ch } }));
}

const codeError = (errorCode: string, message: string) => new Reply(errorCode === 'STEP_UP_LOCKED' ? 429 : 400, { success: false, code: 400, errorCode, message, result: null });

/** A confirmation step whose button posts to the fake server with the code it is given. */
function Confirmation() {
  return (
    <ConfirmStepModal
      title="Withdraw"
      confirmTitle="Confirm the withdrawal"
      confirming
      continueText="Continue"
      confirmText="Withdraw now"
      checking={false}
      sending={false}
      testId="withdraw"
      secondFactor={SecondFactorCall.WITHDRAWAL_CREATE}
      onContinue={() => undefined}
      onConfirm={async (googleCode) => {
        await api.post('/withdrawals', { amount: '2000000', googleCode }, { silent: true });
      }}
      onBack={() => undefined}
      onClose={() => undefined}
    >
      <div data-testid="withdraw-confirmation">2,000,000 IDR to BCA 1234567890</div>
    </ConfirmStepModal>
  );
}

describe('the confirmation asks the Google code where the rule says', () => {
  it('with 2FA on: the code under the figures; a wrong or locked code stays on the field; the right one is sent', async () => {
    signIn([Perm.WITHDRAWAL_ADD], { twoFactorEnabled: true });
    const answers = [codeError('GOOGLE_CODE_ERROR', 'Google verification code error'), codeError('STEP_UP_LOCKED', '5 wrong Google codes: actions that move money are locked until 2026-12-01 21:30')];
    const srv = fakeServer({ 'POST /withdrawals': () => answers.shift() ?? { id: 'W1' } });
    await renderScreen(<Confirmation />, { server: srv });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('withdraw-confirmation')).toBeTruthy();
    expect(within(dialog).getByText('Google Authenticator code')).toBeTruthy();

    // No code: refused on the field, nothing sent.
    await act(async () => fireEvent.click(within(dialog).getByTestId('withdraw-confirm')));
    expect(await within(dialog).findByText('Please enter the Google verification code')).toBeTruthy();
    expect(srv.callsTo('POST', '/withdrawals')).toHaveLength(0);

    typeCode(dialog, '123456');
    await act(async () => fireEvent.click(within(dialog).getByTestId('withdraw-confirm')));
    expect(await within(dialog).findByText('Google verification code error')).toBeTruthy();
    expect(srv.callsTo('POST', '/withdrawals')[0]?.body).toMatchObject({ googleCode: '123456' });

    typeCode(dialog, '234567');
    await act(async () => fireEvent.click(within(dialog).getByTestId('withdraw-confirm')));
    expect(await within(dialog).findByText(/actions that move money are locked until 2026-12-01 21:30/)).toBeTruthy();

    typeCode(dialog, '345678');
    await act(async () => fireEvent.click(within(dialog).getByTestId('withdraw-confirm')));
    await waitFor(() => expect(srv.callsTo('POST', '/withdrawals')).toHaveLength(3));
    expect(srv.callsTo('POST', '/withdrawals')[2]?.body).toMatchObject({ googleCode: '345678' });
  });

  it('with 2FA off: nothing asked; a server that asks anyway shows the field with its message', async () => {
    signIn([Perm.WITHDRAWAL_ADD], { twoFactorEnabled: false });
    const answers = [new Reply(400, { success: false, code: 400, errorCode: 'VALIDATION_FAILED', message: 'Enter the Google verification code to continue', errors: [{ field: 'googleCode', message: 'Enter the Google verification code to continue' }], result: null })];
    const srv = fakeServer({ 'POST /withdrawals': () => answers.shift() ?? { id: 'W1' } });
    await renderScreen(<Confirmation />, { server: srv });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Google Authenticator code')).toBeNull();
    await act(async () => fireEvent.click(within(dialog).getByTestId('withdraw-confirm')));
    await waitFor(() => expect(srv.callsTo('POST', '/withdrawals')).toHaveLength(1));
    expect(srv.callsTo('POST', '/withdrawals')[0]?.body?.googleCode).toBeUndefined();
    expect(await within(dialog).findByText('Enter the Google verification code to continue')).toBeTruthy();
    typeCode(dialog, '123456');
    await act(async () => fireEvent.click(within(dialog).getByTestId('withdraw-confirm')));
    await waitFor(() => expect(srv.callsTo('POST', '/withdrawals')).toHaveLength(2));
    expect(srv.callsTo('POST', '/withdrawals')[1]?.body).toMatchObject({ googleCode: '123456' });
  });
});

describe('"Charge now"', () => {
  const MANDATE = {
    id: 'D2612010000ABCDEFGHIJ',
    merchantId: 10001,
    merchantMandateId: null,
    currency: 'IDR',
    amount: '100000',
    paymentType: 1,
    intervalPeriod: 1,
    intervalUnit: 'month',
    repetitions: 3,
    chargesDone: 1,
    deductedAmount: '100000',
    nextChargeAt: '2027-01-01T00:00:00.000Z',
    lastFailureReason: null,
    status: 'ACTIVE',
    payerEmail: 'payer@example.test',
    authorizationUrl: 'http://localhost/pay/x',
    createdBy: 'demo_operator',
    createdAt: '2026-12-01T00:00:00.000Z',
  };

  it('names the payer, the amount and which charge it is, asks the code, and charges once confirmed', async () => {
    signIn([Perm.AUTO_DEDUCTION_MENU, Perm.AUTO_DEDUCTION_MANAGE], { twoFactorEnabled: true });
    const srv = fakeServer({
      'GET /auto-deductions': () => page([MANDATE]),
      [`POST /auto-deductions/${MANDATE.id}/charge`]: () => ({ ...MANDATE, chargesDone: 2, deductedAmount: '200000' }),
    });
    await renderScreen(<AutoDeductionsPage />, { server: srv });
    fireEvent.click(await screen.findByTestId(`mandate-charge-${MANDATE.id}`));
    const dialog = await screen.findByRole('dialog');
    const rows = within(dialog).getByTestId('mandate-charge-confirmation');
    expect(rows.textContent).toContain('payer@example.test');
    expect(rows.textContent).toContain('100,000 IDR');
    expect(rows.textContent).toContain('2 / 3');
    // One click shows the confirmation; nothing is charged until it is confirmed with the code.
    expect(srv.callsTo('POST', `/auto-deductions/${MANDATE.id}/charge`)).toHaveLength(0);
    typeCode(dialog, '123456');
    await act(async () => fireEvent.click(within(dialog).getByTestId('mandate-charge-confirm')));
    await waitFor(() => expect(srv.callsTo('POST', `/auto-deductions/${MANDATE.id}/charge`)).toHaveLength(1));
    expect(srv.callsTo('POST', `/auto-deductions/${MANDATE.id}/charge`)[0]?.body).toMatchObject({ charge: 2, googleCode: '123456' });
  });
});
