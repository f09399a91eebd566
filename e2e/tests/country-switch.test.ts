/**
 * Issue 40, the tabs and the session's country, as a merchant admin meets them: every list of one currency at a time
 * (the declarations' `currency: true`) opened from the side menu as a tab of an IDR session, Balance records last;
 * then the country switched to Thailand, which reloads the page. The tabs come back (a reload keeps the strip), and
 * each, shown again (from the menu: thirteen tabs overflow the strip at this width), shows baht: its address says THB where the list has a currency filter (the IDR of the old session replaced,
 * not obeyed), it asks the server for THB, and its rows are the THB rows (a paid THB order made for this test shows
 * in Transaction records and Balance records). Query, and reopening from the menu, stay in THB.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { FilterKind, LIST_CURRENCY_FIELD, LISTS, channelsForCurrency, flattenMenu, translate, type AnyListDecl, type MenuDef } from '@mg/domain';
import { chooseOption, clickUntilReload, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { openApi } from '../lib/open-api';
import { sideMenuTexts, signIn, toEnglish } from '../lib/session';

const port = inject('port');
const base = `http://127.0.0.1:${port}`;
const FROM = 'IDR';
const TO = 'THB';

interface Opened {
  list: AnyListDecl;
  page: MenuDef;
  title: string;
}

let browser: Browser;
let page: Page;
let thbOrder: { id: string; merchantOrderId: string; cashierUrl: string };
/** The lists of one currency the demo admin's menu offers, Balance records last. */
let lists: Opened[] = [];

const isListAnswer = (o: Opened) => (r: Response) => new URL(r.url()).pathname === `/api${o.list.api}` && r.request().method() === 'GET';
const filtered = (o: Opened) => o.list.filters.some((f) => f.kind === FilterKind.CURRENCY);
const recordsOf = (body: { result: unknown }): { currency: string }[] =>
  (Array.isArray(body.result) ? body.result : ((body.result as { records?: unknown[] }).records ?? [])) as { currency: string }[];
const pane = (o: Opened) => page.getByTestId(`pane-${o.page.path}`);
const menuEntry = (o: Opened) => page.locator(`[data-testid="side-menu"] .ant-menu-item bdi[title="${o.title}"]`);

/** The list's answer to what `act` does (caught at once, so a failed step does not leave it unhandled). */
async function answerTo(o: Opened, act: () => Promise<void>): Promise<Response> {
  const answered = page.waitForResponse(isListAnswer(o), { timeout: 30_000 });
  answered.catch(() => undefined);
  await act();
  return answered;
}

/** What a list shows: the currency its request named, the currencies of its answer, its rows on screen. */
async function shown(o: Opened, answer: Response) {
  const records = recordsOf((await answer.json()) as { result: unknown });
  const rows = pane(o).locator('.ant-table-row');
  await expect.poll(async () => (records.length === 0 ? pane(o).locator('.ant-empty').count() : rows.count()), { timeout: 20_000 }).toBe(records.length === 0 ? 1 : records.length);
  return { asked: new URL(answer.url()).searchParams.get(LIST_CURRENCY_FIELD), currencies: [...new Set(records.map((r) => r.currency))], rows: records.length };
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  // A baht payment of the demo merchant, paid: a row in Transaction records and in Balance records of a THB session.
  const created = await openApi<typeof thbOrder>(base, 'POST', '/api/open/v1/collections', {
    merchantOrderId: `E2E-THB-${Date.now()}`,
    amount: '1500.00',
    currency: TO,
    paymentType: channelsForCurrency(TO)[0]!.paymentType,
    payerName: 'Somchai Prasert',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  thbOrder = created.body.result;
  const token = new URL(thbOrder.cashierUrl).pathname.split('/').pop();
  const paid = await fetch(`${base}/api/cashier/${token}/pay`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-lang': 'en-US' }, body: JSON.stringify({ outcome: 'success' }) });
  expect(paid.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

describe.sequential('tabs across a country switch', () => {
  it('0. signed in to an IDR session, the menu offers the lists of one currency', async () => {
    await withScreenshot(page, 'country-0-menu', async () => {
      await signIn(page, port, 'demo_admin');
      await toEnglish(page);
      await expect.poll(() => page.getByTestId('country-switcher').textContent()).toContain(FROM);
      const texts = new Set(await sideMenuTexts(page));
      const all = Object.values(LISTS)
        .filter((l) => l.currency)
        .flatMap((list): Opened[] => {
          const p = flattenMenu().find((m) => m.perm === list.permission && m.component.startsWith(`${list.name}/`));
          const title = p ? translate('en-US', p.titleKey) : '';
          return p && texts.has(title) ? [{ list, page: p, title }] : [];
        });
      lists = [...all.filter((o) => o.list.name !== 'balance-records'), ...all.filter((o) => o.list.name === 'balance-records')];
      expect(lists.map((o) => o.list.name)).toEqual(expect.arrayContaining(['collections', 'refunds', 'payouts', 'settlements', 'balance-transfers', 'top-ups', 'withdrawals', 'products']));
      expect(lists.at(-1)?.list.name).toBe('balance-records');
    });
  });

  it('1. each opened from the menu as a tab shows IDR', async () => {
    for (const o of lists) {
      await withScreenshot(page, `country-1-open-${o.list.name}`, async () => {
        const answer = await answerTo(o, () => menuEntry(o).click());
        await page.waitForURL((u) => u.pathname === o.page.path);
        const s = await shown(o, answer);
        expect(s.asked, o.list.name).toBe(filtered(o) ? FROM : null);
        expect(s.currencies.filter((c) => c !== FROM), o.list.name).toEqual([]);
        if (filtered(o)) await expect.poll(() => new URL(page.url()).searchParams.get(LIST_CURRENCY_FIELD)).toBe(FROM);
      }, 40_000);
    }
    await expect.poll(() => page.getByTestId('tab-strip').locator('.mg-tab__label').count()).toBe(lists.length + 1);
  }, 600_000);

  it('2. the switch to Thailand reloads into a THB session; the tabs come back', async () => {
    await withScreenshot(page, 'country-2-switch', async () => {
      const confirm = page.locator('.ant-modal-confirm .ant-btn-primary').first();
      await chooseOption(page, page.getByTestId('country-switcher'), TO, confirm);
      await clickUntilReload(page, confirm);
      await page.getByTestId('side-menu').waitFor();
      await expect.poll(() => page.getByTestId('country-switcher').textContent()).toContain(TO);
      for (const o of lists) await page.getByTestId(`tab-${o.page.path}`).waitFor({ state: 'attached' });
      await sideMenuTexts(page);
      // Reloaded on Balance records, whose address said IDR: rewritten to THB by its first query.
      expect(new URL(page.url()).pathname).toBe('/funds/balance-records');
      await expect.poll(() => new URL(page.url()).searchParams.get(LIST_CURRENCY_FIELD)).toBe(TO);
    });
  });

  it('3. every tab shows THB: its address, its request and its rows; Query and the menu too', async () => {
    for (const o of lists) {
      await withScreenshot(page, `country-3-${o.list.name}`, async () => {
        // The tab the page reloaded on has loaded already: its Query asks again, with what its form holds. Any other
        // is shown for the first time since the reload, at its kept address.
        const reloadedOn = o === lists.at(-1);
        if (reloadedOn) {
          await menuEntry(o).click();
          await page.waitForURL((u) => u.pathname === o.page.path);
        }
        const answer = await answerTo(o, () => (reloadedOn ? pane(o).locator('.ant-pro-query-filter .ant-btn-primary').click() : menuEntry(o).click()));
        await page.waitForURL((u) => u.pathname === o.page.path);
        const s = await shown(o, answer);
        expect(s.asked, `${o.list.name} asks`).toBe(filtered(o) ? TO : null);
        expect(s.currencies.filter((c) => c !== TO), `${o.list.name} shows`).toEqual([]);
        // The table writes its filters to the address with its first request, which can come after the first page
        // (asked for while the table first renders).
        await expect.poll(() => new URL(page.url()).searchParams.get(LIST_CURRENCY_FIELD), { message: `${o.list.name} address` }).toBe(filtered(o) ? TO : null);
        if (o.list.name === 'collections' || o.list.name === 'balance-records') expect(s.rows, `${o.list.name}: the THB payment`).toBeGreaterThan(0);
        if (o.list.name === 'collections') await pane(o).locator('.ant-table-row', { hasText: thbOrder.merchantOrderId }).waitFor();
      }, 40_000);
    }
  }, 600_000);

  it('4. Balance records reopened from the menu, and queried, stay in THB', async () => {
    const records = lists.find((o) => o.list.name === 'balance-records')!;
    await withScreenshot(page, 'country-4-reopen', async () => {
      await menuEntry(lists[0]!).click();
      await page.waitForURL((u) => u.pathname === lists[0]!.page.path);
      await menuEntry(records).click();
      await page.waitForURL((u) => u.pathname === records.page.path);
      expect(new URL(page.url()).searchParams.get(LIST_CURRENCY_FIELD)).toBe(TO);
      const answer = await answerTo(records, () => pane(records).locator('.ant-pro-query-filter .ant-btn-primary').click());
      const s = await shown(records, answer);
      expect(s.asked).toBe(TO);
      expect(s.currencies).toEqual([TO]);
    });
  });
});
