/**
 * Issue 15 global search and saved views, as a merchant uses them: an integrator creates an order; its payment code
 * typed in the header's search box finds it, and choosing the hit opens Transaction records filtered to that order.
 * Its payer's e-mail and its order id find it too; text that is not an identifier says so instead of searching.
 * Then the list's filters are saved as a shared view, which is still there after signing out and in again and
 * applies its filters when chosen.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseFromMenu, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { openApi } from '../lib/open-api';
import { brandOf, originOf, signIn, toEnglish } from '../lib/session';

const port = inject('port');
const base = `http://127.0.0.1:${port}`;

let browser: Browser;
let page: Page;
let order: { id: string; merchantOrderId: string; paymentCode: string };
const VIEW = `Failed ${Date.now() % 100000}`;

/** Types into the header's box and waits for the search's answer. */
async function search(q: string): Promise<void> {
  const input = page.getByTestId('global-search-input');
  await input.fill('');
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search' && new URL(r.url()).searchParams.get('q') === q);
  await input.fill(q);
  expect((await answered).status()).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  const created = await openApi<typeof order>(base, 'POST', '/api/open/v1/collections', {
    merchantOrderId: `E2E-SEARCH-${Date.now()}`,
    amount: '275000',
    currency: 'IDR',
    paymentType: 1,
    payerEmail: 'dewi.lestari@example.com',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  order = created.body.result;
});
afterAll(async () => {
  await browser?.close();
});

describe('global search', () => {
  it('finds an order by its payment code, e-mail and order id, and opens it in its list', async () => {
    await withScreenshot(page, 'search-1', async () => {
      await signIn(page, port, 'demo_admin');
      await toEnglish(page);
      const hit = page.getByTestId(`search-hit-collections-${order.id}`);

      // Not an identifier: said in the box, nothing asked of the server.
      await page.getByTestId('global-search-input').fill("' or 1=1");
      await page.locator('.ant-select-dropdown', { hasText: 'letters, digits' }).waitFor();

      await search('dewi.lestari@example.com');
      await hit.waitFor();
      await search(order.merchantOrderId);
      await hit.waitFor();
      await search(order.paymentCode);
      await expect.poll(() => hit.textContent()).toContain('Payment code');
      await hit.click();
      await page.waitForURL((u) => u.pathname === '/payment/collections' && u.searchParams.get('id') === order.id);
      await page.locator('.ant-table-row', { hasText: order.merchantOrderId }).waitFor({ timeout: 30_000 });
      expect(await page.locator('.ant-table-row').count()).toBe(1);
    });
  });

  it('saves the filters as a shared view that survives signing out', async () => {
    await withScreenshot(page, 'search-2-view', async () => {
      const list = `${originOf(brandOf('tikipay'), port)}/payment/collections`;
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/collections' && new URL(r.url()).searchParams.get('status') === 'failed');
      await page.goto(`${list}?status=failed`);
      await answered;
      await page.getByTestId('view-save').click();
      await page.getByTestId('view-name').fill(VIEW);
      await page.getByTestId('view-shared').check();
      const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/views' && r.request().method() === 'POST');
      await page.locator('.ant-modal-footer .ant-btn-primary').click();
      expect((await saved).status()).toBe(200);
      await page.getByTestId(`view-${VIEW}`).waitFor();

      await chooseFromMenu(page, 'welcome-menu', 'menu-logout', page.getByTestId('login-username'));
      await signIn(page, port, 'demo_admin');
      await page.goto(list);
      const applied = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/collections' && new URL(r.url()).searchParams.get('status') === 'failed');
      await page.getByTestId(`view-${VIEW}`).click();
      await applied;
      await page.waitForURL((u) => u.pathname === '/payment/collections' && u.searchParams.get('status') === 'failed');
    });
  });
});
