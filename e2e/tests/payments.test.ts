/**
 * Issue 4 "Done means", as a newcomer does it: an integrator creates a collection with the demo key, the payer pays it
 * on the cashier page, the signed callback arrives, the merchant sees it in the dashboard with its callback attempt
 * and the pending balance, refunds part, platform staff run the settlement, available grows, the list is exported.
 * Then the new screens are visited in several brands and languages (no raw message keys; screenshots kept).
 * Long file: one journey, step after step on one server and one browser, reads best in one place.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { collectionsList, formatAmount, loginPath, parseAmount, translate, type CurrencyCode, type Language } from '@mg/domain';
import { clickUntilResponse, launchBrowser, newContext, shoot, withScreenshot } from '../lib/browser';
import { DEMO_WEBHOOK_SECRET, openApi, startWebhookReceiver, verifyWebhook, type WebhookReceiver } from '../lib/open-api';
import { brandOf, DEMO_PASSWORD, originOf, signIn } from '../lib/session';

const port = inject('port');
const base = `http://127.0.0.1:${port}`;
const tikipay = brandOf('tikipay');
const lumipay = brandOf('lumipay');
const IDR: CurrencyCode = 'IDR';
const AMOUNT = '150000';
const REFUND = '50000';
/** The English texts of the web screens this journey reads (apps/web/src/features/{payments,cashier}/i18n/en-US.ts). */
const EN = {
  paidTitle: 'Payment successful',
  merchantOrderId: 'Merchant order ID',
  status: 'Status',
  refundedAmount: 'Refunded so far',
  refundable: 'Refundable',
  refundDone: (amount: string, currency: string) => `Refund of ${amount} ${currency} submitted`,
};

/** expect.poll with room for a page load (vitest's default gives up after one second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 });

/** Minor units of a decimal string of the API. */
function minor(value: string, currency: CurrencyCode = IDR): bigint {
  const r = parseAmount(value, currency, { allowZero: true, allowNegative: true });
  if (!r.ok) throw new Error(`not an amount of ${currency}: ${value}`);
  return r.minor;
}
/** An amount as the en-US dashboard shows it ("147,950"). */
const shown = (m: bigint, currency: CurrencyCode = IDR) => formatAmount(m, currency, { locale: 'en-US' });

interface Balance {
  currency: string;
  available: string;
  pending: string;
  frozen: string;
}
interface Collection {
  id: string;
  merchantOrderId: string;
  status: string;
  amount: string;
  fee: { adminFee: string; serviceFee: string; total: string };
  cashierUrl: string;
}

async function idrBalance(): Promise<{ available: bigint; pending: bigint }> {
  const r = await openApi<{ balances: Balance[] }>(base, 'GET', '/api/open/v1/balance?currency=IDR');
  expect(r.status).toBe(200);
  const b = r.body.result.balances.find((x) => x.currency === IDR);
  if (!b) throw new Error('no IDR balance line');
  return { available: minor(b.available), pending: minor(b.pending) };
}

/** Picks a language in the header's switcher by its native name and waits for the page to speak it. */
async function switchLanguage(page: Page, lang: Language, nativeName: string): Promise<void> {
  const switcher = page.getByTestId('language-switcher').first();
  await switcher.waitFor(); // the app has started: <html lang> is the page's language now
  if ((await page.evaluate(() => document.documentElement.lang)) === lang) return;
  await switcher.click();
  await page.keyboard.type(nativeName);
  await page.keyboard.press('Enter');
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}
const toEnglish = (page: Page) => switchLanguage(page, 'en-US', 'English');

/** A figure of the Balances screen without its currency suffix ("146,500"). */
async function figure(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).textContent()) ?? '').replace(/[A-Z]{3}$/, '').trim();
}

/** The value cell of a bordered Descriptions item, by its label. */
function field(page: Page, label: string) {
  return page.getByTestId('transaction-fields').locator('th', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]');
}

let browser: Browser;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [browser, receiver] = await Promise.all([launchBrowser(), startWebhookReceiver()]);
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

describe.sequential('collections end to end: integrate, pay, callback, refund, settle, export', () => {
  let merchant: Page; // demo_admin, tikipay, in English
  let order: Collection;
  let fee: bigint;
  let before: { available: bigint; pending: bigint };
  let paidAt = 0;

  beforeAll(async () => {
    merchant = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await merchant?.context().close();
  });

  it('1. the merchant sets its callback address on Developer parameters; the integrator creates a collection', async () => {
    await withScreenshot(merchant, 'payments-1-developer', async () => {
      await signIn(merchant, port, 'demo_admin');
      await toEnglish(merchant);
      await merchant.goto(`${originOf(tikipay, port)}/developer/parameters`);
      const input = merchant.getByTestId('collection-callback');
      await input.fill(receiver.url);
      await merchant.getByTestId('save-callbacks').click();
      await merchant.locator('.ant-message-success').waitFor();
      // what was saved is what the screen shows after a reload
      await merchant.reload();
      await poll(() => merchant.getByTestId('collection-callback').inputValue()).toBe(receiver.url);
    });

    // The demo data has batches of its own still pending: settle them first, so that this order's money is the only
    // pending money below (docs/open-api.md, sandbox helpers).
    const settled = await openApi(base, 'POST', '/api/open/v1/sandbox/settlements/run', {});
    expect(settled.status).toBe(200);
    before = await idrBalance();
    expect(before.pending).toBe(0n);

    const created = await openApi<Collection>(base, 'POST', '/api/open/v1/collections', {
      merchantOrderId: `E2E-${Date.now()}`,
      amount: AMOUNT,
      currency: IDR,
      paymentType: 1,
      payerName: 'Budi Santoso',
      payerEmail: 'budi@example.com',
      orderDescription: 'Top-up 150k',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    order = created.body.result;
    expect(order).toMatchObject({ status: 'pending', amount: AMOUNT, currency: IDR });
    // Nothing is charged before the payment arrives (the fee is known from the paid order, step 3).
    expect(order.fee).toEqual({ adminFee: '0', serviceFee: '0', total: '0' });
    expect(new URL(order.cashierUrl).pathname).toMatch(/^\/pay\/[^/]+$/);
  });

  it('2. the payer sees the merchant and the amount on the cashier page, pays, and sees the success state', async () => {
    const payer = await (await newContext(browser)).newPage();
    await withScreenshot(payer, 'payments-2-cashier', async () => {
      await payer.goto(`${originOf(tikipay, port)}${new URL(order.cashierUrl).pathname}`);
      await toEnglish(payer);
      await poll(() => payer.getByTestId('cashier-merchant').textContent()).toBe('Demo Store');
      const amount = (await payer.getByTestId('cashier-amount').textContent())?.replace(/\s+/g, ' ').trim();
      expect(amount).toBe('IDR 150,000');
      paidAt = Date.now();
      await payer.getByTestId('cashier-pay').click();
      await poll(() => payer.getByTestId('cashier-result').textContent()).toBe(EN.paidTitle);
      await payer.locator('.ant-result-success').waitFor();
    });
    await payer.context().close();
  });

  it('3. the callback receiver gets collection.succeeded, signed per Standard Webhooks', async () => {
    const hit = await receiver.waitFor((r) => r.body.includes('"collection.succeeded"') && r.body.includes(order.id), 10_000);
    expect(hit.at - paidAt, 'delivered within a few seconds of the payment').toBeLessThan(10_000);
    expect(hit.method).toBe('POST');
    expect(hit.headers['content-type']).toMatch(/application\/json/);
    expect(hit.headers['webhook-id']).toMatch(/^msg_/);
    const event = verifyWebhook(DEMO_WEBHOOK_SECRET, hit.headers, hit.body) as { type: string; data: { id: string; merchantOrderId: string; status: string; amount: string; fee: Collection['fee'] } };
    expect(event.type).toBe('collection.succeeded');
    // Paid: the fee the ledger charged.
    fee = minor(event.data.fee.total);
    expect(fee).toBe(minor(event.data.fee.adminFee) + minor(event.data.fee.serviceFee));
    expect(fee > 0n && fee < minor(AMOUNT)).toBe(true);
    expect(event.data).toMatchObject({ id: order.id, merchantOrderId: order.merchantOrderId, status: 'success', amount: AMOUNT });
    // a tampered body does not verify
    expect(() => verifyWebhook(DEMO_WEBHOOK_SECRET, hit.headers, hit.body.replace(AMOUNT, '150001'))).toThrow(/signature/);
  });

  it('4. the merchant sees the order as success with its callback attempt (200), and the pending balance', async () => {
    await withScreenshot(merchant, 'payments-4-dashboard', async () => {
      await merchant.goto(`${originOf(tikipay, port)}/payment/collections`);
      const row = merchant.locator(`tr[data-row-key="${order.id}"]`);
      await row.waitFor();
      await poll(() => row.textContent()).toContain(translate('en-US', 'status.payment.success'));
      expect(await row.textContent()).toContain(order.merchantOrderId);
      expect(await row.textContent()).toContain(shown(minor(AMOUNT)));

      await merchant.getByTestId(`details-${order.id}`).click();
      await field(merchant, EN.merchantOrderId).waitFor();
      expect(await field(merchant, EN.status).textContent()).toBe(translate('en-US', 'status.payment.success'));
      const delivery = merchant.locator('[data-testid^="delivery-"]', { hasText: 'collection.succeeded' });
      // the attempt is logged as the receiver answers: reload the drawer until it is there
      await expect
        .poll(
          async () => {
            if ((await delivery.count()) === 0 || (await delivery.locator('.ant-table-row .ant-tag', { hasText: /^200$/ }).count()) === 0) {
              await merchant.locator('.ant-drawer-extra button').first().click();
              return false;
            }
            return true;
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(true);
      expect(await delivery.textContent()).toContain(receiver.url);
      await merchant.keyboard.press('Escape');

      await merchant.goto(`${originOf(tikipay, port)}/funds/balances`);
      await poll(() => figure(merchant, 'pending-IDR')).toBe(shown(before.pending + minor(AMOUNT) - fee));
      expect(await figure(merchant, 'available-IDR')).toBe(shown(before.available));
    });
  });

  it('5. the merchant refunds part from the details drawer; the transaction and the balance records show it', async () => {
    await withScreenshot(merchant, 'payments-5-refund', async () => {
      await merchant.goto(`${originOf(tikipay, port)}/payment/collections`);
      await merchant.getByTestId(`details-${order.id}`).click();
      await merchant.getByTestId('drawer-refund').click();
      const form = merchant.getByTestId('refund-form');
      await poll(() => merchant.getByTestId('refundable').textContent()).toBe(`${shown(minor(AMOUNT))} IDR`);
      const amount = form.locator('input').first();
      await poll(() => amount.inputValue()).toBe(AMOUNT); // the whole refundable amount by default
      await amount.fill(REFUND);
      await form.locator('textarea').fill('Customer changed mind');
      const dialog = merchant.locator('.ant-modal', { has: form });
      await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
      const confirm = merchant.locator('.ant-modal-confirm');
      await poll(() => confirm.textContent()).toContain(`${shown(minor(REFUND))} IDR`);
      const refundAnswer = await clickUntilResponse(
        merchant,
        confirm.locator('.ant-btn-primary'),
        (r) => r.url().includes(`/api/collections/${order.id}/refunds`) && r.request().method() === 'POST',
      );
      expect(refundAnswer.status(), await refundAnswer.text()).toBe(200);
      await poll(() => merchant.locator('.ant-message-success').textContent()).toBe(EN.refundDone(shown(minor(REFUND)), IDR));

      const refunded = field(merchant, EN.refundedAmount);
      await poll(() => refunded.textContent()).toBe(`${shown(minor(REFUND))} IDR`);
      expect(await field(merchant, EN.refundable).textContent()).toBe(`${shown(minor(AMOUNT) - minor(REFUND))} IDR`);
      const refundRow = merchant.getByTestId('transaction-drawer').locator('.ant-table-row', { hasText: translate('en-US', 'status.refundFund.returned_success') });
      await poll(() => refundRow.textContent()).toContain(shown(minor(REFUND)));
      const refundId = ((await refundRow.locator('td').first().textContent()) ?? '').trim();
      expect(refundId).toMatch(/^R\w+$/);

      // the statement: the refund taken from pending (this order's batch is not settled yet), referenced by its id
      await merchant.goto(`${originOf(tikipay, port)}/funds/balance-records`);
      const refundEntry = merchant.locator('.ant-table-row', { hasText: refundId });
      await poll(() => refundEntry.count()).toBe(1);
      const entry = (await refundEntry.textContent()) ?? '';
      expect(entry).toContain(translate('en-US', 'enum.actionType.2'));
      expect(entry).toContain(`-${shown(minor(REFUND))}`);
    });
    const b = await idrBalance();
    expect(b.pending).toBe(before.pending + minor(AMOUNT) - fee - minor(REFUND));
    // and the integrator hears of it: refund.succeeded, signed like every callback
    const hit = await receiver.waitFor((r) => r.body.includes('"refund.succeeded"') && r.body.includes(order.id), 10_000);
    const event = verifyWebhook(DEMO_WEBHOOK_SECRET, hit.headers, hit.body) as { type: string; data: { collectionId: string; requestedAmount: string } };
    expect(event.data).toMatchObject({ collectionId: order.id, requestedAmount: REFUND });
  });

  it('6. platform staff run the settlement; the merchant sees available grow by the net and pending back', async () => {
    const staff = await (await newContext(browser)).newPage();
    await withScreenshot(staff, 'payments-6-settle', async () => {
      await signIn(staff, port, 'admin');
      await toEnglish(staff);
      await staff.goto(`${originOf(tikipay, port)}/funds/settlements`);
      await staff.locator('.ant-pro-table').first().waitFor();
      const run = staff.getByTestId('run-settlement');
      if ((await run.count()) > 0) {
        await run.click();
        // the merchant field (platform staff only): antd puts the test id on the <input> itself
        const merchantField = staff.getByTestId('run-merchant');
        await merchantField.waitFor();
        await ((await merchantField.evaluate((el) => el.tagName)) === 'INPUT' ? merchantField : merchantField.locator('input')).fill('10001');
        // a dropped click (the dialog still opening on a loaded machine) is clicked again; the run is asked once
        const answer = await clickUntilResponse(
          staff,
          staff.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary'),
          (r) => r.url().includes('/api/settlements/run') && r.request().method() === 'POST',
        );
        expect(answer.status(), await answer.text()).toBe(200);
        const done = staff.locator('.ant-modal-confirm-success');
        await poll(() => done.getByTestId('run-amounts').textContent()).toContain(shown(minor(AMOUNT) - fee - minor(REFUND)));
        await done.locator('.ant-btn-primary').click();
      } else {
        console.warn('[e2e] no "Run settlement now" button for admin: settling through the sandbox helper');
        expect((await openApi(base, 'POST', '/api/open/v1/sandbox/settlements/run', {})).status).toBe(200);
      }
    });
    await staff.context().close();

    await withScreenshot(merchant, 'payments-6-balances', async () => {
      await merchant.goto(`${originOf(tikipay, port)}/funds/balances`);
      const net = minor(AMOUNT) - fee - minor(REFUND);
      await poll(() => figure(merchant, 'available-IDR')).toBe(shown(before.available + net));
      expect(await figure(merchant, 'pending-IDR')).toBe(shown(before.pending));
    });
    expect(await idrBalance()).toEqual({ available: before.available + minor(AMOUNT) - fee - minor(REFUND), pending: before.pending });
  });

  it('7. Export on Transaction records downloads an XLSX with the order in it', async () => {
    await withScreenshot(merchant, 'payments-7-export', async () => {
      await merchant.goto(`${originOf(tikipay, port)}/payment/collections`);
      await merchant.locator(`tr[data-row-key="${order.id}"]`).waitFor();
      const [download] = await Promise.all([merchant.waitForEvent('download', { timeout: 20_000 }), merchant.getByTestId(`export-${collectionsList.name}`).click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const file = path.join(tmpdir(), `mg-e2e-export-${Date.now()}.xlsx`);
      await download.saveAs(file);
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const cells: string[] = [];
      book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text ?? '')))));
      expect(cells).toContain(order.merchantOrderId);
      expect(cells).toContain(order.id);
    });
  });

  it('8. An export link opened signed out goes through sign-in, then the dashboard downloads the file with the session', async () => {
    await merchant.goto(`${originOf(tikipay, port)}/payment/collections`);
    await merchant.locator(`tr[data-row-key="${order.id}"]`).waitFor();
    const [started] = await Promise.all([
      merchant.waitForResponse((r) => r.url().endsWith('/api/exports') && r.request().method() === 'POST'),
      merchant.waitForEvent('download', { timeout: 20_000 }),
      merchant.getByTestId(`export-${collectionsList.name}`).click(),
    ]);
    const fileUrl = new URL((await started.json()).result.url as string);
    const token = fileUrl.pathname.split('/').pop()!;

    const page = await (await newContext(browser)).newPage();
    await withScreenshot(page, 'payments-8-export-link', async () => {
      // The link of the e-mail: sign-in first, then back to the dashboard, which downloads.
      await page.goto(`${originOf(tikipay, port)}/?exportToken=${token}`);
      await page.waitForURL(/redirect=/);
      // The file's address alone opens nothing.
      expect(await page.evaluate(async (p) => (await fetch(p)).status, fileUrl.pathname)).toBe(401);
      await page.getByTestId('login-username').fill('demo_admin');
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-captcha').fill('abcd');
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByTestId('login-submit').click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      // The token does not stay in the address bar.
      await page.waitForURL((u) => !u.search.includes('exportToken'));
    });
    await page.context().close();
  });

  it('9. A balance record opens its order; a settlement batch opens with totals that agree and leads to its collections', async () => {
    await withScreenshot(merchant, 'payments-9-drill-down', async () => {
      await merchant.goto(`${originOf(tikipay, port)}/funds/balance-records`);
      await merchant.getByTestId(`reference-${order.id}`).first().click();
      await merchant.waitForURL((u) => u.pathname === '/payment/collections' && u.search.includes(order.id));
      await merchant.locator(`[data-testid="pane-/payment/collections"] tr[data-row-key="${order.id}"]`).waitFor();

      await merchant.goto(`${originOf(tikipay, port)}/funds/settlements`);
      await merchant.locator('[data-testid^="settlement-open-"]').first().click();
      await merchant.getByTestId('settlement-agrees').waitFor();
      await merchant.getByTestId('settlement-collections').click();
      await merchant.waitForURL(/settlementId=/);
      await merchant.locator('[data-testid="pane-/payment/collections"] tr.ant-table-row').first().waitFor();
    });
  });

  it("10. Developer parameters show the endpoint's health; a test event reaches it and is answered", async () => {
    await withScreenshot(merchant, 'payments-10-endpoints', async () => {
      const loaded = merchant.waitForResponse((r) => new URL(r.url()).pathname === '/api/callbacks/endpoints' && r.status() === 200);
      await merchant.goto(`${originOf(tikipay, port)}/developer/parameters`);
      await loaded;
      // collection.succeeded and refund.succeeded were answered 200: every attempt succeeded.
      const rate = merchant.getByTestId(`endpoint-rate-${receiver.url}`);
      await poll(() => rate.getAttribute('data-level')).toBe('green');
      const sent = merchant.waitForResponse((r) => new URL(r.url()).pathname === '/api/callbacks/test');
      await merchant.getByTestId('test-collection').click();
      expect((await sent).status()).toBe(200);
      const hit = await receiver.waitFor((r) => r.body.includes('"webhook.test"'), 10_000);
      expect(verifyWebhook(DEMO_WEBHOOK_SECRET, hit.headers, hit.body)).toBeTruthy();
      await merchant.locator('.ant-message-success', { hasText: 'answered 200' }).waitFor();
    });
  });
});

/* ------------------------------------------------------------------------------------------------------------ */
/* The new screens in several brands and languages                                                                */

describe('the new screens in tikipay (zh-CN, en-US), lumipay (en-US) and th-TH', () => {
  it('tikipay demo_admin: home statistics, transactions with the drawer, balances, developer parameters, cashier', async () => {
    const page = await (await newContext(browser)).newPage();
    await withScreenshot(page, 'shots-tikipay', async () => {
      const origin = originOf(tikipay, port);
      await signIn(page, port, 'demo_admin');
      // a pending order of its own for the cashier page
      const pending = await openApi<Collection>(base, 'POST', '/api/open/v1/collections', { merchantOrderId: `E2E-SHOT-${Date.now()}`, amount: '275000', currency: IDR, paymentType: 1, payerName: 'Siti Rahma' });
      expect(pending.status).toBe(201);
      for (const [lang, name] of [['zh-CN', '简体中文'], ['en-US', 'English']] as const) {
        await switchLanguage(page, lang, name);
        await page.goto(`${origin}/dashboard/home`);
        await page.getByTestId('home-stats').waitFor();
        await page.getByTestId('stat-collected-value').waitFor();
        await page.getByTestId('home-chart-day').locator('svg, canvas').first().waitFor({ timeout: 15_000 });
        await shoot(page, `tikipay-${lang}-home`);

        await page.goto(`${origin}/payment/collections`);
        await page.locator('.ant-table-row').first().waitFor();
        await shoot(page, `tikipay-${lang}-transactions`);
        await page.locator('.ant-table-row').first().click();
        await page.getByTestId('transaction-fields').waitFor();
        await shoot(page, `tikipay-${lang}-transaction-drawer`);

        await page.goto(`${origin}/funds/balances`);
        await page.getByTestId('available-IDR').waitFor();
        await shoot(page, `tikipay-${lang}-balances`);

        await page.goto(`${origin}/developer/parameters`);
        await page.getByTestId('developer-parameters').waitFor();
        await shoot(page, `tikipay-${lang}-developer`);

        await page.goto(`${origin}${new URL(pending.body.result.cashierUrl).pathname}`);
        await switchLanguage(page, lang, name);
        await page.getByTestId('cashier-pay').waitFor();
        await shoot(page, `tikipay-${lang}-cashier`);
      }
    });
    await page.context().close();
  });

  it('lumipay demo_business (en-US, then th-TH in THB): the same screens', async () => {
    const page = await (await newContext(browser)).newPage();
    await withScreenshot(page, 'shots-lumipay', async () => {
      const origin = originOf(lumipay, port);
      // No country chosen: the session opens in THB, Lumi Traders' home country where its payments are (lumipay's
      // first country is IDR)
      await page.goto(`${origin}${loginPath(lumipay)}`);
      await page.getByTestId('country-switcher').waitFor();
      await signIn(page, port, 'demo_business');
      await poll(() => page.getByTestId('country-switcher').textContent()).toContain('THB');
      for (const [lang, name] of [['en-US', 'English'], ['th-TH', 'ไทย']] as const) {
        await switchLanguage(page, lang, name);
        await page.goto(`${origin}/dashboard/home`);
        await page.getByTestId('home-stats').waitFor();
        await page.getByTestId('stat-collected-value').waitFor();
        await shoot(page, `lumipay-${lang}-home`);

        await page.goto(`${origin}/payment/collections`);
        await page.locator('.ant-table-row').first().waitFor();
        await shoot(page, `lumipay-${lang}-transactions`);
        // the pending demo order (its cashier link is in the drawer)
        const open = page.locator('.ant-table-row', { hasText: lang === 'en-US' ? translate('en-US', 'status.payment.pending') : translate('th-TH', 'status.payment.pending') }).first();
        await open.click();
        await page.getByTestId('transaction-fields').waitFor();
        await shoot(page, `lumipay-${lang}-transaction-drawer`);
        const cashier = await page.getByTestId('cashier-url').getAttribute('href');

        await page.goto(`${origin}/funds/balances`);
        await page.getByTestId('available-THB').waitFor();
        await shoot(page, `lumipay-${lang}-balances`);

        await page.goto(`${origin}/developer/parameters`);
        await page.getByTestId('developer-parameters').waitFor();
        await shoot(page, `lumipay-${lang}-developer`);

        if (cashier) {
          await page.goto(`${origin}${new URL(cashier).pathname}`);
          await switchLanguage(page, lang, name);
          await page.getByTestId('cashier-amount').waitFor();
          await shoot(page, `lumipay-${lang}-cashier`);
        }
      }
    });
    await page.context().close();
  });
});
