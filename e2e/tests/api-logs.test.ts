/**
 * Issue 42's request log as a merchant's developer uses it: an integration signs with the wrong secret and gets a
 * 401; its developer opens Developer > API request logs, searches the request id the answer carried, and the
 * request's details say which check failed and show the string the server signed, next to the masked bodies.
 * Then a good request is found from the log the same way, its verdict saying all was right.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_LOGS_PAGE } from '@mg/domain';
import { launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { DEMO_KEY_ID, DEMO_MERCHANT_ID, openApi } from '../lib/open-api';
import { brandOf, originOf, signIn, toEnglish } from '../lib/session';

const port = inject('port');
const base = `http://127.0.0.1:${port}`;
const pane = (p: Page) => p.locator(`[data-testid="pane-${API_LOGS_PAGE}"]`);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the filters (the form shows only the period until expanded), types the request id and queries. */
async function findRequest(requestId: string): Promise<void> {
  const field = pane(page).locator('input#requestId');
  const toggle = pane(page).locator('.ant-pro-query-filter-collapse-button');
  await toggle.waitFor();
  if (!(await field.isVisible())) await toggle.click();
  await field.fill(requestId);
  // The writer writes a request's row within a quarter of a second: ask again until it is there.
  await expect
    .poll(
      async () => {
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/api-logs' && new URL(r.url()).searchParams.get('requestId') === requestId);
        await pane(page).locator('.ant-pro-query-filter .ant-btn-primary').click();
        const body = (await (await answered).json()) as { result: { records: unknown[] } };
        return body.result.records.length;
      },
      { timeout: 20_000 },
    )
    .toBe(1);
}

describe('API request logs', () => {
  it('a request signed with the wrong secret is found by its request id and says what was wrong', async () => {
    await withScreenshot(page, 'api-logs-1-bad-signature', async () => {
      const bad = await openApi(base, 'POST', '/api/open/v1/collections', { merchantOrderId: `E2E-LOG-${Date.now()}`, amount: '125000', currency: 'IDR', paymentType: 1, payerPhone: '+6281234567890' }, { merchantId: DEMO_MERCHANT_ID, keyId: DEMO_KEY_ID, secret: 'sk_sandbox_wrongwrongwrongwrongwrongwron' });
      expect(bad.status).toBe(401);
      expect(bad.body.errorCode).toBe('OPEN_API_BAD_SIGNATURE');
      expect(bad.requestId).toBeTruthy();

      await signIn(page, port, 'demo_admin');
      await toEnglish(page);
      await page.goto(`${originOf(brandOf('tikipay'), port)}${API_LOGS_PAGE}`);
      await pane(page).locator('.ant-pro-query-filter').waitFor();
      await findRequest(bad.requestId!);
      const row = pane(page).locator('.ant-table-row').first();
      expect(await row.textContent()).toContain('OPEN_API_BAD_SIGNATURE');
      await row.click();

      const drawer = page.getByTestId('api-log-drawer');
      await expect.poll(() => drawer.getByTestId('api-log-failed').textContent(), { timeout: 15_000 }).toContain('OPEN_API_BAD_SIGNATURE');
      const canonical = await drawer.getByTestId('api-log-canonical').locator('pre').textContent();
      expect(canonical!.split('\n')).toHaveLength(5);
      expect(canonical!.split('\n').slice(0, 2)).toEqual(['POST', '/api/open/v1/collections']);
      // The payer's phone is masked in the stored body; no secret is shown.
      const request = await drawer.getByTestId('api-log-request').textContent();
      expect(request).toContain('••••7890');
      expect(request).not.toContain('6281234567890');
      expect(await drawer.textContent()).not.toContain('sk_sandbox_');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
    });
  });

  it('a good request says its signature and headers were right', async () => {
    await withScreenshot(page, 'api-logs-2-good', async () => {
      const good = await openApi<{ id: string }>(base, 'GET', '/api/open/v1/balance');
      expect(good.status).toBe(200);
      await findRequest(good.requestId!);
      await pane(page).locator('.ant-table-row').first().click();
      const drawer = page.getByTestId('api-log-drawer');
      await expect.poll(() => drawer.getByTestId('api-log-verdict').textContent(), { timeout: 15_000 }).toContain('Signature and headers were right');
      expect(await drawer.getByTestId('api-log-response').textContent()).toContain('balances');
    });
  });
});
