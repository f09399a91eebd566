/**
 * Issue 11, a single payout as a newcomer does it: the operator fills the payout form (a wrong wallet phone is
 * refused on its field), sees the fee and total debit before confirming, and the payout waits for review with its
 * money held; the operator cannot approve; the admin approves it with the Google code; the sandbox channel pays it
 * out and the list, the details and the balance agree.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generate, generateSecret } from 'otplib';
import { formatAmount, parseAmount, translate, type CurrencyCode } from '@mg/domain';
import { clickUntilResponse, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { openApi } from '../lib/open-api';
import { brandOf, dbClient, originOf, signIn } from '../lib/session';

const port = inject('port');
const dataDir = inject('dataDir');
const base = `http://127.0.0.1:${port}`;
const tikipay = brandOf('tikipay');
const IDR: CurrencyCode = 'IDR';
const AMOUNT = '150000';
const PHONE = '081234567890';

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });
const minor = (v: string) => {
  const r = parseAmount(v, IDR, { allowZero: true });
  if (!r.ok) throw new Error(`not an amount: ${v}`);
  return r.minor;
};
const shown = (m: bigint) => formatAmount(m, IDR, { locale: 'en-US' });
const en = (key: string, params?: Record<string, string | number>) => translate('en-US', key, params);

async function idrBalance(): Promise<{ available: bigint; frozen: bigint }> {
  const r = await openApi<{ balances: { currency: string; available: string; frozen: string }[] }>(base, 'GET', '/api/open/v1/balance?currency=IDR');
  const b = r.body.result.balances.find((x) => x.currency === IDR);
  if (!b) throw new Error('no IDR balance line');
  return { available: minor(b.available), frozen: minor(b.frozen) };
}

async function toEnglish(page: Page): Promise<void> {
  const switcher = page.getByTestId('language-switcher').first();
  await switcher.waitFor();
  if ((await page.evaluate(() => document.documentElement.lang)) === 'en-US') return;
  await switcher.click();
  await page.keyboard.type('English');
  await page.keyboard.press('Enter');
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.sequential('a single payout: make, confirm, review with the Google code, paid out', () => {
  let operator: Page;
  let admin: Page;
  let payoutId = '';
  let before: { available: bigint; frozen: bigint };
  let total = 0n;
  const secret = generateSecret();

  beforeAll(async () => {
    operator = await (await newContext(browser)).newPage();
    admin = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    const db = await dbClient(dataDir);
    await db.query(`update app_user set totp_enabled = false, totp_secret = null, totp_last_step = null where username = 'demo_admin'`);
    await db.end();
    await operator?.context().close();
    await admin?.context().close();
  });

  it('1. the operator fills the form; a wrong wallet phone is refused on its field; the confirmation shows fee and total', async () => {
    before = await idrBalance();
    await withScreenshot(operator, 'payouts-1-form', async () => {
      await signIn(operator, port, 'demo_operator', { depart: 'Finance' });
      await toEnglish(operator);
      await operator.goto(`${originOf(tikipay, port)}/payment/payouts`);
      await operator.getByTestId('create-payout').click();
      await operator.getByTestId('payout-bank').click();
      await operator.locator('.ant-select-item-option', { hasText: 'OVO' }).click();
      await operator.getByTestId('payout-accountNumber').fill('0712345678');
      await operator.getByTestId('payout-accountName').fill('Budi Santoso');
      await operator.getByTestId('payout-amount').fill(AMOUNT);
      await operator.getByTestId('payout-continue').click();
      await operator.locator('.ant-form-item-explain-error', { hasText: en('payouts.validation.phonePrefix', { field: en('payouts.fields.walletPhone'), prefix: '08' }) }).waitFor();

      await operator.getByTestId('payout-accountNumber').fill(PHONE);
      await operator.getByTestId('payout-continue').click();
      await operator.getByTestId('payout-confirmation').waitFor();
      const fee = minor(((await operator.getByTestId('payout-quote-fee').textContent()) ?? '').replace(/[^\d.]/g, ''));
      expect(fee).toBeGreaterThan(0n);
      total = minor(AMOUNT) + fee;
      expect(await operator.getByTestId('payout-quote-total').textContent()).toBe(`${shown(total)} IDR`);

      const created = await clickUntilResponse(operator, operator.getByTestId('payout-confirm'), (r) => r.url().endsWith('/api/payouts') && r.request().method() === 'POST');
      const body = (await created.json()) as { result: { id: string; status: string } };
      payoutId = body.result.id;
      expect(body.result.status).toBe('pending_review');
      const row = operator.locator(`tr[data-row-key="${payoutId}"]`);
      await poll(() => row.textContent()).toContain(en('status.payout.pending_review'));
      // the operator makes payouts but never checks them
      expect(await operator.getByTestId(`approve-${payoutId}`).count()).toBe(0);
    });
    // held at once: available gave the total, frozen holds it
    const after = await idrBalance();
    expect(before.available - after.available).toBe(total);
    expect(after.frozen - before.frozen).toBe(total);
  });

  it('2. the admin approves it with the Google code; the sandbox channel pays it out', async () => {
    await withScreenshot(admin, 'payouts-2-review', async () => {
      await signIn(admin, port, 'demo_admin');
      await toEnglish(admin);
      // 2FA turned on after the sign-in: the approval must ask the code
      const db = await dbClient(dataDir);
      await db.query(`update app_user set totp_secret = $1, totp_enabled = true, totp_last_step = null where username = 'demo_admin'`, [secret]);
      await db.end();
      await admin.goto(`${originOf(tikipay, port)}/payment/payouts`);
      await admin.getByTestId(`approve-${payoutId}`).click();
      await admin.getByTestId('review-summary').waitFor();
      expect(await admin.getByTestId('review-summary').textContent()).toContain(shown(minor(AMOUNT)));
      await admin.getByTestId('review-ok').click();
      await admin.getByTestId('google-code').first().waitFor();
      const code = await generate({ secret });
      const cells = admin.locator('.ant-modal-wrap:visible .ant-otp input');
      // cell by cell, each checked, then all six together: the dialog may still be opening when typing starts
      for (let i = 0; i < code.length; i++) await cells.nth(i).fill(code[i]!);
      await poll(() => cells.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).join(''))).toBe(code);
      await clickUntilResponse(admin, admin.getByTestId('google-code-ok'), (r) => r.url().endsWith('/api/payouts/review') && r.status() === 200);

      const row = admin.locator(`tr[data-row-key="${payoutId}"]`);
      // sent by the job, answered by the sandbox channel a few seconds later: reload until the list says so
      await poll(async () => {
        await admin.reload();
        await row.waitFor();
        return row.textContent();
      }, 30_000).toContain(en('status.payout.success'));
      await row.click();
      const timeline = admin.getByTestId('payout-timeline');
      await timeline.waitFor();
      await poll(() => timeline.textContent()).toContain(en('payouts.event.approved'));
      expect(await timeline.textContent()).toContain('demo_admin');
      expect(await timeline.textContent()).toContain(en('payouts.event.ended'));
      expect(await admin.getByTestId('payout-total').textContent()).toBe(`${shown(total)} IDR`);
    });
    const after = await idrBalance();
    expect(before.available - after.available).toBe(total);
    expect(after.frozen).toBe(before.frozen);
  });
});
