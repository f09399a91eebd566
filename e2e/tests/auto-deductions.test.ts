/**
 * Issue 12, auto-deduction as the operator and the payer live it: the operator makes a mandate; the payer opens its
 * authorisation page, sees the merchant and the amount and pays (the first charge); the mandate shows active with one
 * charge, its charge opens as a collection; "Charge now" takes the second.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { translate } from '@mg/domain';
import { clickUntilResponse, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { brandOf, originOf, signIn, toEnglish } from '../lib/session';

const port = inject('port');
const tikipay = brandOf('tikipay');
const en = (key: string, params?: Record<string, string | number>) => translate('en-US', key, params);
const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.sequential('an auto-deduction mandate', () => {
  let page: Page;
  let mandateId = '';
  let authorizationUrl = '';

  beforeAll(async () => {
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('1. the operator makes a mandate and gets its authorisation page', async () => {
    await withScreenshot(page, 'mandates-1-create', async () => {
      await signIn(page, port, 'demo_operator', { depart: 'Finance' });
      await toEnglish(page);
      await page.goto(`${originOf(tikipay, port)}/payment/auto-deductions`);
      await page.getByTestId('mandate-new').click();
      await page.getByTestId('mandate-form').waitFor();
      await page.getByTestId('mandate-amount').fill('150000');
      await page.getByTestId('mandate-email').fill('subscriber@example.test');
      const answer = await clickUntilResponse(page, page.getByTestId('mandate-save'), (r) => r.url().endsWith('/api/auto-deductions') && r.request().method() === 'POST');
      const created = (await answer.json()).result as { id: string; authorizationUrl: string };
      mandateId = created.id;
      authorizationUrl = created.authorizationUrl;
      await poll(() => page.getByTestId('mandate-authorization-url').textContent()).toContain('/pay/');
    });
  });

  it('2. the payer authorises it at the cashier: the first charge is taken', async () => {
    const payer = await (await newContext(browser)).newPage();
    await withScreenshot(payer, 'mandates-2-authorise', async () => {
      await payer.goto(`${originOf(tikipay, port)}${new URL(authorizationUrl).pathname}`);
      await poll(() => payer.getByTestId('cashier-merchant').textContent()).toBe('Demo Store');
      // The payer is told what paying authorises: a charge every month until stopped, and the notice before each.
      await poll(() => payer.getByTestId('cashier-recurring').textContent()).toContain(en('cashier.recurring.untilStopped'));
      await payer.getByTestId('cashier-pay').click();
      await payer.getByTestId('cashier-result').waitFor();
    });
    await payer.context().close();
  });

  it('3. the mandate shows active with one charge; "Charge now" takes the second', async () => {
    await withScreenshot(page, 'mandates-3-charge', async () => {
      await page.goto(`${originOf(tikipay, port)}/payment/auto-deductions?id=${mandateId}`);
      const row = page.locator('.ant-table-row', { hasText: mandateId });
      await poll(() => row.textContent()).toContain(en('auto-deductions.status.ACTIVE'));
      // One click opens the confirmation that names the payer and the amount; its button charges.
      await page.getByTestId(`mandate-charge-${mandateId}`).click();
      await poll(() => page.getByTestId('mandate-charge-confirmation').textContent()).toContain('subscriber@example.test');
      await clickUntilResponse(page, page.getByTestId('mandate-charge-confirm'), (r) => r.url().endsWith(`/api/auto-deductions/${mandateId}/charge`));
      await row.click();
      const charges = page.locator('.ant-drawer-body .ant-table-row');
      await poll(() => charges.count()).toBe(2);
      await poll(() => charges.first().textContent()).toContain(en('status.payment.success'));
    });
  });
});
