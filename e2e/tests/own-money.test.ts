/**
 * Issue 12, the merchant's own money. A withdrawal: the admin adds an account, provider staff verify it, the operator
 * withdraws the minimum (a smaller amount refused on its field), sees the fee and the arrival date counted in working
 * days, provider staff approve, the sandbox bank pays it ('00'). A top-up as the operator makes it: from Balances to the top-up form, paid at the
 * cashier in another tab, and the list and the balance showing it paid; one paid while its list is open turns to
 * Success there by itself (issue 40: its realtime event). A balance transfer as the merchant admin does it: from Balances to the transfer form, a sub-merchant
 * chosen, an amount above what the balance covers refused on its field with the spec §5 message, the confirmation
 * with fee and total, the money moved at once; the records and the statement show it sent, and the sub-merchant,
 * switched to from the header menu, sees the same transfer received, naming the parent.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatAmount, parseAmount, translate, type CurrencyCode } from '@mg/domain';
import { chooseFromMenu, chooseOption, clickUntilReload, clickUntilResponse, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { brandOf, dbClient, originOf, signIn, toEnglish } from '../lib/session';

const port = inject('port');
const dataDir = inject('dataDir');
const tikipay = brandOf('tikipay');
const IDR: CurrencyCode = 'IDR';
const PARENT = 10001;
const GAMES = 10002;
const AMOUNT = '25000';
const TOP_UP = '150000';
const WITHDRAWAL = '1000000';

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });
const en = (key: string, params?: Record<string, string | number>) => translate('en-US', key, params);
const shown = (v: string) => {
  const r = parseAmount(v, IDR, { allowZero: true });
  if (!r.ok) throw new Error(`not an amount: ${v}`);
  return formatAmount(r.minor, IDR, { locale: 'en-US' });
};

async function available(merchantId: number): Promise<bigint> {
  const db = await dbClient(dataDir);
  const { rows } = await db.query<{ b: string }>(`select balance::text as b from ledger_account where merchant_id = $1 and currency = 'IDR' and kind = 'available'`, [merchantId]);
  await db.end();
  return rows[0] ? BigInt(rows[0].b) : 0n;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.sequential('a balance transfer from the parent to its sub-merchant', () => {
  let page: Page;
  let transferId = '';
  let parentBefore = 0n;
  let gamesBefore = 0n;

  beforeAll(async () => {
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('1. from Balances, too much is refused on its field; the confirmation shows fee and total; the money moves', async () => {
    [parentBefore, gamesBefore] = await Promise.all([available(PARENT), available(GAMES)]);
    await withScreenshot(page, 'transfers-1-send', async () => {
      await signIn(page, port, 'demo_admin');
      await toEnglish(page);
      await page.goto(`${originOf(tikipay, port)}/funds/balances`);
      await page.getByTestId('balances-transfer').click();
      await page.getByTestId('transfer-form').waitFor();
      await poll(() => page.url()).toContain('/funds/balance-transfers');

      await chooseOption(page, page.getByTestId('transfer-to'), `Demo Store Games (${GAMES})`, page.locator('.ant-select-selection-item', { hasText: `Demo Store Games (${GAMES})` }));
      // More than the balance: the field says so, with the spec §5 rule, before anything is written.
      const tooMuch = (parentBefore + 1n).toString();
      await page.getByTestId('transfer-amount').fill(tooMuch);
      await page.getByTestId('transfer-continue').click();
      await page.locator('.ant-form-item-explain-error', { hasText: 'exceeds the available balance' }).waitFor();

      await page.getByTestId('transfer-amount').fill(AMOUNT);
      await page.getByTestId('transfer-remark').fill('Float for the games shop');
      await page.getByTestId('transfer-continue').click();
      await page.getByTestId('transfer-confirmation').waitFor();
      const fee = (await page.getByTestId('transfer-quote-fee').textContent()) ?? '';
      const total = (await page.getByTestId('transfer-quote-total').textContent()) ?? '';

      const answer = await clickUntilResponse(page, page.getByTestId('transfer-confirm'), (r) => r.url().endsWith('/api/balance-transfers') && r.request().method() === 'POST');
      const sent = (await answer.json()).result as { id: string; fee: string; balanceChange: string };
      transferId = sent.id;
      expect(fee).toContain(shown(sent.fee));
      expect(total).toContain(shown(sent.balanceChange.replace('-', '')));
      await page.getByTestId('transfer-form').waitFor({ state: 'detached' });
      // The list shows it sent, to the sub-merchant, with what left the balance.
      const row = page.locator('.ant-table-row', { hasText: transferId });
      await row.waitFor();
      await poll(() => row.textContent()).toContain(en('balance-transfers.direction.out'));
      await poll(() => row.textContent()).toContain('Demo Store Games');
      await poll(() => row.textContent()).toContain(shown(sent.balanceChange.replace('-', '')));
      expect(parentBefore - (await available(PARENT))).toBe(-BigInt(sent.balanceChange));
      expect((await available(GAMES)) - gamesBefore).toBe(BigInt(AMOUNT));
    });
  });

  it('2. the statement names the sub-merchant; switched to it, the same transfer shows received, naming the parent', async () => {
    await withScreenshot(page, 'transfers-2-receive', async () => {
      await page.goto(`${originOf(tikipay, port)}/funds/balance-records?reference=${transferId}`);
      const entry = page.locator('.ant-table-row', { hasText: transferId });
      await entry.waitFor();
      await poll(() => entry.textContent()).toContain(`Demo Store Games (${GAMES})`);

      await chooseFromMenu(page, 'welcome-menu', 'menu-switch-merchant', page.locator('.ant-modal .ant-select'));
      await chooseOption(page, page.locator('.ant-modal .ant-select'), String(GAMES), page.locator('.ant-modal .ant-select-selection-item', { hasText: String(GAMES) }));
      // The switch reloads the page it was made on, now in the sub-merchant's session.
      await clickUntilReload(page, page.locator('.ant-modal .ant-btn-primary'));
      await poll(() => page.getByTestId('welcome-menu').textContent()).toContain('Demo Store Games');
      await page.goto(`${originOf(tikipay, port)}/funds/balance-transfers?id=${transferId}`);
      const row = page.locator('.ant-table-row', { hasText: transferId });
      await row.waitFor();
      await poll(() => row.textContent()).toContain(en('balance-transfers.direction.in'));
      await poll(() => row.textContent()).toContain(String(PARENT));
      await poll(() => row.textContent()).toContain(`+${shown(AMOUNT)}`);
    });
  });
});

describe.sequential('a top-up paid at the cashier', () => {
  let page: Page;

  beforeAll(async () => {
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('the operator makes a top-up from Balances, pays it at the cashier, and it is available at once', async () => {
    const before = await available(PARENT);
    await withScreenshot(page, 'top-ups-1-pay', async () => {
      await signIn(page, port, 'demo_operator', { depart: 'Finance' });
      await toEnglish(page);
      await page.goto(`${originOf(tikipay, port)}/funds/balances`);
      await page.getByTestId('balances-top-up').click();
      await page.getByTestId('top-up-form').waitFor();
      await page.getByTestId('top-up-amount').fill(TOP_UP);
      const answer = await clickUntilResponse(page, page.getByTestId('top-up-create'), (r) => r.url().endsWith('/api/top-ups') && r.request().method() === 'POST');
      const created = (await answer.json()).result as { id: string; cashierUrl: string };
      const link = page.getByTestId('top-up-cashier');
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(created.cashierUrl);

      // The cashier, as the link opens it (the brand's host in this test).
      const cashier = await page.context().newPage();
      await cashier.goto(`${originOf(tikipay, port)}${new URL(created.cashierUrl).pathname}`);
      await poll(() => cashier.getByTestId('cashier-merchant').textContent()).toBe('Demo Store');
      await cashier.getByTestId('cashier-pay').click();
      await cashier.getByTestId('cashier-result').waitFor();
      await cashier.close();

      await page.locator('.ant-modal-footer .ant-btn').first().click();
      await page.goto(`${originOf(tikipay, port)}/funds/top-ups?id=${created.id}`);
      const row = page.locator('.ant-table-row', { hasText: created.id });
      await row.waitFor();
      await poll(() => row.textContent()).toContain(en('status.payment.success'));
      await poll(() => row.textContent()).toContain(shown(TOP_UP));
      expect((await available(PARENT)) - before).toBe(BigInt(TOP_UP));
    });
  });

  it('the open top-up list turns a top-up paid elsewhere to Success by itself, without a reload (its realtime event)', async () => {
    await withScreenshot(page, 'top-ups-2-realtime', async () => {
      await page.goto(`${originOf(tikipay, port)}/funds/top-ups`);
      await page.locator('[data-testid="realtime-state"][data-state="live"]').waitFor({ timeout: 30_000 });
      await page.getByTestId('top-up-new').click();
      await page.getByTestId('top-up-form').waitFor();
      await page.getByTestId('top-up-amount').fill(TOP_UP);
      const answer = await clickUntilResponse(page, page.getByTestId('top-up-create'), (r) => r.url().endsWith('/api/top-ups') && r.request().method() === 'POST');
      const created = (await answer.json()).result as { id: string; cashierUrl: string };
      await page.getByTestId('top-up-cashier').waitFor();
      await page.locator('.ant-modal-footer .ant-btn').first().click();
      const row = page.locator('.ant-table-row', { hasText: created.id });
      await poll(() => row.textContent()).toContain(en('status.payment.pending'));
      await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

      // The payer pays at the cashier somewhere else: this page is neither reloaded nor left and come back to.
      const token = new URL(created.cashierUrl).pathname.split('/').pop();
      const paid = await fetch(`http://127.0.0.1:${port}/api/cashier/${token}/pay`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-lang': 'en-US' }, body: JSON.stringify({ outcome: 'success' }) });
      expect(paid.status).toBe(200);
      await poll(() => row.textContent(), 20_000).toContain(en('status.payment.success'));
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    });
  });
});

describe.sequential('a withdrawal to a verified account', () => {
  let merchant: Page;
  let staff: Page;
  const ACCOUNT = '7654321098';

  beforeAll(async () => {
    merchant = await (await newContext(browser)).newPage();
    staff = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await merchant?.context().close();
    await staff?.context().close();
  });

  let withdrawalId = '';

  let withdrawalFigures = { fee: '0', totalDebit: '0' };

  it('1. the merchant admin adds an account: it waits for verification', async () => {
    await withScreenshot(merchant, 'withdrawals-1-account', async () => {
      await signIn(merchant, port, 'demo_admin');
      await toEnglish(merchant);
      await merchant.goto(`${originOf(tikipay, port)}/funds/withdrawals`);
      await merchant.getByTestId('withdraw-accounts').click();
      await merchant.getByTestId('account-add').click();
      await chooseOption(merchant, merchant.getByTestId('account-bank'), 'Bank Central Asia', merchant.getByTestId('account-accountNumber'));
      await merchant.getByTestId('account-accountNumber').fill(ACCOUNT);
      await merchant.getByTestId('account-accountName').fill('PT Demo Store');
      await clickUntilResponse(merchant, merchant.getByTestId('account-save'), (r) => r.url().endsWith('/api/withdrawals/accounts') && r.request().method() === 'POST');
      const row = merchant.locator('[data-testid="accounts-drawer"] tr', { hasText: ACCOUNT });
      await poll(() => row.textContent()).toContain(en('withdrawals.accountStatus.pending'));
    });
  });

  it('2. provider staff verify it', async () => {
    await withScreenshot(staff, 'withdrawals-2-verify', async () => {
      await signIn(staff, port, 'admin');
      await toEnglish(staff);
      await staff.goto(`${originOf(tikipay, port)}/funds/withdrawals`);
      await staff.getByTestId('withdraw-accounts').click();
      const pending = staff.locator('[data-testid="accounts-drawer"] tr', { hasText: ACCOUNT });
      await pending.waitFor();
      await pending.getByRole('button', { name: en('withdrawals.actions.verify') }).click();
      // The verification names the merchant and the account it makes usable before it is given.
      await poll(() => staff.getByTestId('account-decide-confirmation').textContent()).toContain(ACCOUNT);
      await clickUntilResponse(staff, staff.getByTestId('account-decide-confirm'), (r) => r.url().includes('/api/withdrawals/accounts/') && r.url().endsWith('/verify'));
      await pending.waitFor({ state: 'detached' });
    });
  });

  it('3. the admin withdraws: below the minimum refused on its field; the confirmation shows the arrival date', async () => {
    await withScreenshot(merchant, 'withdrawals-3-withdraw', async () => {
      await merchant.reload();
      await merchant.getByTestId('withdraw-new').click();
      await chooseOption(merchant, merchant.getByTestId('withdraw-account'), ACCOUNT, merchant.locator('.ant-select-selection-item', { hasText: ACCOUNT }));
      await merchant.getByTestId('withdraw-limits').waitFor();
      await merchant.getByTestId('withdraw-amount').fill('999999');
      await merchant.getByTestId('withdraw-continue').click();
      await merchant.locator('.ant-form-item-explain-error', { hasText: 'may not be below the minimum' }).waitFor();
      await merchant.getByTestId('withdraw-amount').fill(WITHDRAWAL);
      await merchant.getByTestId('withdraw-continue').click();
      await merchant.getByTestId('withdraw-confirmation').waitFor();
      await poll(() => merchant.getByTestId('withdraw-arrival').textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const answer = await clickUntilResponse(merchant, merchant.getByTestId('withdraw-confirm'), (r) => r.url().endsWith('/api/withdrawals') && r.request().method() === 'POST');
      const created = (await answer.json()).result as { id: string; fee: string; totalDebit: string };
      withdrawalId = created.id;
      withdrawalFigures = created;
      const row = merchant.locator('.ant-table-row', { hasText: withdrawalId });
      await poll(() => row.textContent()).toContain(en('status.payout.pending_review'));
    });
  });

  it('4. provider staff approve it; the sandbox bank pays it with 00', async () => {
    await withScreenshot(staff, 'withdrawals-4-approve', async () => {
      await staff.goto(`${originOf(tikipay, port)}/funds/withdrawals?id=${withdrawalId}`);
      // The approval names what leaves the merchant's balance and where it goes before it is given.
      await staff.getByTestId(`withdraw-approve-${withdrawalId}`).click();
      await staff.getByTestId('withdraw-approve-confirmation').waitFor();
      const confirmation = await staff.getByTestId('withdraw-approve-confirmation').textContent();
      for (const figure of [withdrawalFigures.fee, withdrawalFigures.totalDebit]) expect(confirmation).toContain(shown(figure));
      await clickUntilResponse(staff, staff.getByTestId('withdraw-approve-confirm'), (r) => r.url().includes(`/api/withdrawals/${withdrawalId}/review`));
    });

    await withScreenshot(merchant, 'withdrawals-5-paid', async () => {
      // The sandbox bank answers within a few seconds: the list, reloaded, shows it paid with result code 00.
      await poll(async () => {
        await merchant.goto(`${originOf(tikipay, port)}/funds/withdrawals?id=${withdrawalId}`);
        const row = merchant.locator('.ant-table-row', { hasText: withdrawalId });
        await row.waitFor();
        return row.textContent();
      }, 30_000).toContain(en('status.payout.success'));
    });
  });
});
