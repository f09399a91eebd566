/**
 * The withdrawal form's accounts (issue 40): "Usable from" belongs to an account still waiting, never to one already
 * usable, whether it was verified since the form read the list or its sandbox cooling period ran out while open.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Perm, type WithdrawalAccountView } from '@mg/domain';
import { WithdrawFormModal } from '../src/features/withdrawals/WithdrawFormModal';
import { fakeServer, renderScreen, signIn, signOutForTests } from './screens-harness';

afterEach(() => signOutForTests());

const HOUR = 3_600_000;

function account(id: number, bankName: string, accountNumber: string, status: WithdrawalAccountView['status'], usableInMs: number): WithdrawalAccountView {
  return {
    id,
    merchantId: 10001,
    currency: 'IDR',
    bankCode: 'BCA',
    bankName,
    accountName: 'PT Demo Store',
    accountNumber,
    status,
    // The server's answer: verified, or pending past its cooling period.
    usable: status === 'verified' || (status === 'pending' && usableInMs <= 0),
    // A verified account keeps the end of the cooling period it was added with.
    usableAt: new Date(Date.now() + usableInMs).toISOString(),
    createdBy: 'demo_admin',
    createdAt: new Date().toISOString(),
  };
}

const LIMITS = { currency: 'IDR', min: '1000000', max: '500000000', available: '9000000', expectedArrival: '2026-03-05' };

function server(accounts: () => WithdrawalAccountView[]) {
  return fakeServer({ 'GET /withdrawals/accounts': () => accounts(), 'GET /withdrawals/limits': () => LIMITS });
}

/** The options of the open account list, as shown: text and whether they can be chosen. */
async function openOptions(): Promise<{ text: string; disabled: boolean }[]> {
  const select = await screen.findByTestId('withdraw-account');
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return options();
}
function options(): { text: string; disabled: boolean }[] {
  return [...document.querySelectorAll('.ant-select-item-option')].map((o) => ({ text: o.textContent ?? '', disabled: o.classList.contains('ant-select-item-option-disabled') }));
}

describe('the withdrawal form', () => {
  it('says "Usable from" only of an account still waiting; a verified one is offered plainly, even inside its cooling period', async () => {
    signIn([Perm.WITHDRAWAL_ADD]);
    const rows = [account(1, 'Bank Central Asia', '1234567890', 'verified', 20 * HOUR), account(2, 'Bank Mandiri', '1234567890123', 'pending', 20 * HOUR)];
    await renderScreen(<WithdrawFormModal onClose={() => undefined} />, { server: server(() => rows) });
    const shown = await openOptions();
    const verified = shown.find((o) => o.text.startsWith('Bank Central Asia'))!;
    const waiting = shown.find((o) => o.text.startsWith('Bank Mandiri'))!;
    expect(verified).toEqual({ text: 'Bank Central Asia · 1234567890 · PT Demo Store', disabled: false });
    expect(waiting.text).toMatch(/ — Usable from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(waiting.disabled).toBe(true);
  });

  it('an account staff verified after the form read the list is offered plainly once the list is opened', async () => {
    signIn([Perm.WITHDRAWAL_ADD]);
    let status: WithdrawalAccountView['status'] = 'pending';
    const srv = server(() => [account(1, 'Bank Central Asia', '1234567890', status, 20 * HOUR)]);
    await renderScreen(<WithdrawFormModal onClose={() => undefined} />, { server: srv });
    await waitFor(() => expect(srv.callsTo('GET', '/withdrawals/accounts').length).toBe(1));
    // Staff verify it in their own session while this form is open.
    status = 'verified';
    await openOptions();
    await waitFor(() => expect(options()).toEqual([{ text: 'Bank Central Asia · 1234567890 · PT Demo Store', disabled: false }]));
  });

  it('an account whose cooling period ends while the form is open stops saying "Usable from" and can be chosen', async () => {
    // The clock is the test's (timers stay real): the period ends when the test says, however slow the machine.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = Date.now();
      signIn([Perm.WITHDRAWAL_ADD]);
      // Read before the period ends: the server's `usable` is false, and stays so in every answer of this test.
      const rows = [account(1, 'Bank Central Asia', '1234567890', 'pending', HOUR)];
      await renderScreen(<WithdrawFormModal onClose={() => undefined} />, { server: server(() => rows) });
      const before = await openOptions();
      expect(before[0]?.disabled).toBe(true);
      expect(before[0]?.text).toContain('Usable from');
      vi.setSystemTime(start + HOUR + 1_000);
      await waitFor(() => expect(options()).toEqual([{ text: 'Bank Central Asia · 1234567890 · PT Demo Store', disabled: false }]));
    } finally {
      vi.useRealTimers();
    }
  });
});
