/**
 * Issue 15 global search and saved views, as a merchant uses them: an integrator creates an order; its payment code
 * typed in the header's search box finds it, and choosing the hit opens Transaction records filtered to that order
 * with its details open. Its payer's e-mail and its order id find it too; text that is not an identifier says so
 * instead of searching. Issue 40: with Transaction records already open (on another order), a hit chosen from
 * another tab, or from that list itself, filters it and opens the hit's details; Enter opens the first hit, also
 * when pressed before the hits have come. Then the list's filters are saved as a shared view, which is still there
 * after signing out and in again and applies its filters when chosen.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chooseFromMenu, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { homePath } from '@mg/domain';
import { openApi } from '../lib/open-api';
import { brandOf, originOf, signIn, toEnglish } from '../lib/session';

const port = inject('port');
const base = `http://127.0.0.1:${port}`;

let browser: Browser;
let page: Page;
type Order = { id: string; merchantOrderId: string; paymentCode: string };
let order: Order;
let other: Order;
const VIEW = `Failed ${Date.now() % 100000}`;

/** Types into the header's box and waits for the search's answer. */
async function search(q: string): Promise<void> {
  const input = page.getByTestId('global-search-input');
  await input.fill('');
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search' && new URL(r.url()).searchParams.get('q') === q);
  await input.fill(q);
  expect((await answered).status()).toBe(200);
}

async function newOrder(tag: string, payerEmail: string): Promise<Order> {
  const created = await openApi<Order>(base, 'POST', '/api/open/v1/collections', {
    merchantOrderId: `E2E-SEARCH-${tag}-${Date.now()}`,
    amount: '275000',
    currency: 'IDR',
    paymentType: 1,
    payerEmail,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.result;
}

/** The transaction drawer shows this order, and the list behind it this order alone. */
async function showsOrder(o: Order): Promise<void> {
  await page.waitForURL((u) => u.pathname === '/payment/collections' && u.searchParams.get('id') === o.id);
  const drawer = page.locator('.ant-drawer-open [data-testid="transaction-fields"]');
  await expect.poll(() => drawer.textContent(), { timeout: 30_000 }).toContain(o.merchantOrderId);
  const rows = page.locator('[data-testid="pane-/payment/collections"] .ant-table-row');
  await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
  expect(await rows.first().textContent()).toContain(o.merchantOrderId);
}

async function closeDrawer(): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('.ant-drawer-open').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  order = await newOrder('A', 'dewi.lestari@example.com');
  other = await newOrder('B', 'agus.wijaya@example.com');
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
      await showsOrder(order);
      // Taken out of the address with the list's first query: a reload would not open the drawer again.
      expect(new URL(page.url()).searchParams.has('open')).toBe(false);
    });
  });

  it('with the list already open, a hit from another tab or from the list itself filters it and opens its details; Enter opens the first hit', async () => {
    await withScreenshot(page, 'search-1b-open-tab', async () => {
      await closeDrawer();
      // Another tab (home); Transaction records stays open on the first order.
      await page.getByTestId(`tab-${homePath(brandOf('tikipay'))}`).click();
      await page.waitForURL((u) => u.pathname === homePath(brandOf('tikipay')));
      await search(other.merchantOrderId);
      await page.getByTestId(`search-hit-collections-${other.id}`).waitFor();
      await page.getByTestId('global-search-input').press('Enter');
      await showsOrder(other);

      // On the list itself, Enter pressed at once (before the search has answered) opens the hit when it comes.
      await closeDrawer();
      const input = page.getByTestId('global-search-input');
      await input.fill(order.paymentCode);
      await input.press('Enter');
      await showsOrder(order);
      expect(await input.inputValue()).toBe('');
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
