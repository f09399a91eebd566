/**
 * Issue 40, what people notice on a 1440 px screen and a 390 px phone, in every language their session offers:
 * - no column of the settlements, payouts and crypto payouts lists sits under the fixed Actions column (Status and
 *   Created were hidden there, with nothing to say the table scrolled);
 * - every side-menu label is whole (12 to 15 ended in "…" in every language but Chinese);
 * - on a phone every amount of the home's cards shows its currency, inside its card.
 * The lists are read with rows of every kind they show: a payout waiting for review (three buttons), and a crypto
 * payout with its chain transaction; the ones made here are cancelled or paid out before the file ends, so the other
 * files find the balances as they were.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES, languagesOffered, translate, type Language } from '@mg/domain';
import { launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { brandOf, DEMO_PASSWORD, originOf, signIn, switchLanguage } from '../lib/session';

const port = inject('port');
const base = `http://127.0.0.1:${port}`;
const TRON_ADDRESS = 'TZCNXo6FtFWyueakqJ1nYQpJSitD3XHN3g';
/** A page's measuring steps over several languages: each reloads the list in the language and reads its boxes. */
const STEP_MS = 200_000;
const TEST_MS = 240_000;

/** Asks until the answer is what is waited for (beforeAll has no expect.poll); the state, not a time, ends the wait. */
async function until<T>(ask: () => Promise<T>, done: (v: T) => boolean, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await ask();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/* The records the lists are read with, made through the API as a person's session would ------------------------------ */

async function token(username: string, brand: string): Promise<string> {
  const r = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Brand': brand },
    body: JSON.stringify({ username, password: DEMO_PASSWORD, checkKey: `layout${username}${Date.now()}`, captcha: 'abcd' }),
  });
  return ((await r.json()) as { result: { token: string } }).result.token;
}
async function call<T>(tok: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  // No body, no JSON content type: the server refuses an empty body declared as JSON.
  const headers: Record<string, string> = body === undefined ? { 'X-Access-Token': tok } : { 'Content-Type': 'application/json', 'X-Access-Token': tok };
  const r = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const j = (await r.json()) as { success: boolean; message: string; result: T };
  if (!j.success) throw new Error(`${method} ${path}: ${r.status} ${j.message}`);
  return j.result;
}

let browser: Browser;
let idrOperator = '';
let cryptoOperator = '';
const waiting: { tok: () => string; id: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  idrOperator = await token('demo_operator', 'tikipay');
  cryptoOperator = await token('crypto_operator', 'coinrail');
  const cryptoAdmin = await token('crypto_admin', 'coinrail');
  const stamp = Date.now();
  // Waiting for review: Approve, Reject and Cancel in the Actions column.
  const idr = await call<{ id: string }>(idrOperator, 'POST', '/payouts', { amount: '50000', currency: 'IDR', bankCode: 'BCA', accountNumber: '1234567890', accountName: 'Budi Santoso', merchantOrderId: `LAYOUT-IDR-${stamp}` });
  waiting.push({ tok: () => idrOperator, id: idr.id });
  const usdtWaiting = await call<{ id: string }>(cryptoOperator, 'POST', '/payouts', { amount: '20', currency: 'USDT', bankCode: 'USDT_TRC20', accountNumber: TRON_ADDRESS, merchantOrderId: `LAYOUT-USDT-W-${stamp}` });
  waiting.push({ tok: () => cryptoOperator, id: usdtWaiting.id });
  // Paid out on the sandbox chain: a 64-character transaction id in its row.
  const paid = await call<{ id: string }>(cryptoOperator, 'POST', '/payouts', { amount: '21', currency: 'USDT', bankCode: 'USDT_TRC20', accountNumber: TRON_ADDRESS, merchantOrderId: `LAYOUT-USDT-P-${stamp}` });
  await call(cryptoAdmin, 'POST', '/payouts/review', { action: 'approve', ids: [paid.id] });
  await until(
    async () => (await call<{ records: { status: string }[] }>(cryptoAdmin, 'GET', `/payouts?id=${paid.id}`)).records[0]?.status,
    (status) => status === 'success',
    'the approved USDT payout',
    90_000,
  );
}, 150_000);

afterAll(async () => {
  // Cancelled, so no later file finds their money held (crypto.test.ts checks the USDT frozen balance).
  for (const p of waiting) await call(p.tok(), 'POST', `/payouts/${p.id}/cancel`);
  await browser?.close();
});

/* What is measured -------------------------------------------------------------------------------------------------- */

interface Box {
  text: string;
  left: number;
  right: number;
}

/** The header cells of the page's table, the fixed Actions cell apart, and the table's visible box. */
function headerBoxes(page: Page): Promise<{ cells: Box[]; actions: Box | null; view: Box }> {
  return page.evaluate(() => {
    const box = (el: Element): Box => {
      const r = el.getBoundingClientRect();
      return { text: (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim(), left: r.left, right: r.right };
    };
    const ths = [...document.querySelectorAll('.ant-table-thead > tr > th')].filter((th) => !th.classList.contains('ant-table-selection-column'));
    const fixed = ths.find((th) => th.classList.contains('ant-table-cell-fix-right'));
    const view = document.querySelector('.ant-table-content, .ant-table-body');
    return { cells: ths.filter((th) => th !== fixed).map(box), actions: fixed ? box(fixed) : null, view: view ? box(view) : { text: '', left: 0, right: 0 } };
  });
}

/**
 * Opens a list in each language and checks that every header cell lies inside the table's visible box and wholly
 * left of the fixed Actions column, so nothing is under it (the named ones, Status and Created, among them).
 */
async function checkList(page: Page, brand: string, path: string, languages: readonly Language[], named: readonly string[]): Promise<void> {
  for (const lang of languages) {
    await switchLanguage(page, lang);
    await page.goto(`${originOf(brandOf(brand), port)}${path}`);
    await page.locator('.ant-table-row').first().waitFor();
    for (const key of named) await page.locator('.ant-table-thead th', { hasText: translate(lang, key) }).first().waitFor();
    const { cells, actions, view } = await headerBoxes(page);
    expect(actions, `${path} ${lang}: the fixed Actions column`).not.toBeNull();
    for (const key of named) expect(cells.map((c) => c.text), `${path} ${lang}`).toContain(translate(lang, key));
    const under = cells.filter((c) => c.right > actions!.left + 0.5 || c.left < view.left - 0.5).map((c) => `${c.text} [${Math.round(c.left)}-${Math.round(c.right)}]`);
    expect(under, `${path} ${lang}: under the Actions column [${Math.round(actions!.left)}-${Math.round(actions!.right)}] or scrolled out`).toEqual([]);
  }
}

/** A new browser session (its own storage) of a demo user, at a width. */
const sessions: Page[] = [];
async function session(user: string, width: number): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  sessions.push(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, port, user);
  if (width !== 1440) await page.setViewportSize({ width, height: 844 });
  return page;
}
afterAll(async () => {
  for (const p of sessions) await p.context().close().catch(() => undefined);
});

describe.sequential('a 1440 px screen', () => {
  it(
    '1. provider staff: settlements and payouts show every column left of the Actions column, in all six languages',
    async () => {
      const page = await session('admin', 1440);
      await withScreenshot(
        page,
        'layout-1-staff-lists',
        async () => {
          await checkList(page, 'tikipay', '/funds/settlements', LANGUAGES, ['common.fields.status', 'settlements.fields.settledAt']);
          await checkList(page, 'tikipay', '/payment/payouts', LANGUAGES, ['common.fields.status', 'common.fields.createdAt']);
        },
        STEP_MS,
      );
    },
    TEST_MS,
  );

  it(
    "2. the merchant's reviewer and the crypto merchant: payouts and crypto payouts (with the chain transaction) likewise",
    async () => {
      const merchant = await session('demo_admin', 1440);
      await withScreenshot(
        merchant,
        'layout-2-merchant-payouts',
        () => checkList(merchant, 'tikipay', '/payment/payouts', languagesOffered('IDR'), ['common.fields.status', 'common.fields.createdAt']),
        STEP_MS,
      );
      const crypto = await session('crypto_admin', 1440);
      await withScreenshot(
        crypto,
        'layout-2-crypto-payouts',
        async () => {
          await checkList(crypto, 'coinrail', '/payment/payouts', languagesOffered('USDT'), ['common.fields.status', 'common.fields.createdAt', 'crypto.fields.chainTradeNo']);
          // The network as people say it, not the destination code.
          await crypto.locator('.ant-table-row', { hasText: 'USDT · TRC-20' }).first().waitFor();
          expect(await crypto.locator('.ant-table-tbody').textContent()).not.toContain('USDT_TRC20');
        },
        STEP_MS,
      );
    },
    TEST_MS,
  );

  it(
    '3. every side-menu label is whole, wrapped onto a second line where it is long, in all six languages',
    async () => {
      const page = await session('admin', 1440);
      await withScreenshot(
        page,
        'layout-3-menu',
        async () => {
          for (const lang of LANGUAGES) {
            await switchLanguage(page, lang);
            // Every submenu open, so every entry is laid out.
            for (let i = 0; i < 30; i++) {
              const closed = page.locator('[data-testid="side-menu"] .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
              const count = await closed.count();
              if (count === 0) break;
              await closed.first().click();
              await page.waitForFunction((n) => document.querySelectorAll('[data-testid="side-menu"] .ant-menu-submenu:not(.ant-menu-submenu-open)').length < n, count, { timeout: 5_000 }).catch(() => undefined);
            }
            const labels = await page.evaluate(() =>
              [...document.querySelectorAll('[data-testid="side-menu"] .ant-menu-title-content')].map((el) => ({
                text: (el as HTMLElement).innerText,
                scroll: el.scrollWidth,
                client: el.clientWidth,
                lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
              })),
            );
            expect(labels.length, lang).toBeGreaterThan(20);
            expect(labels.filter((l) => l.scroll > l.client).map((l) => l.text), `${lang}: labels cut`).toEqual([]);
            // A long label takes two lines (a third would say the sider is too narrow for the language).
            expect(labels.filter((l) => l.lines > 2).map((l) => l.text), `${lang}: labels over two lines`).toEqual([]);
          }
        },
        STEP_MS,
      );
    },
    TEST_MS,
  );
});

describe.sequential('a 390 px phone', () => {
  it(
    "4. the home's cards show every amount with its currency, inside the card (IDR and USDT, two languages each)",
    async () => {
      for (const [user, brand, currency] of [
        ['demo_admin', 'tikipay', 'IDR'],
        ['crypto_admin', 'coinrail', 'USDT'],
      ] as const) {
        const page = await session(user, 390);
        await withScreenshot(
          page,
          `layout-4-phone-cards-${currency}`,
          async () => {
            for (const lang of ['en-US', 'zh-CN'] as const) {
              await switchLanguage(page, lang);
              const b = brandOf(brand);
              await page.goto(`${originOf(b, port)}${b.newRoute ? '/dashboard/home' : '/dashboard/analysis'}`);
              await page.getByTestId('stat-collected-value').waitFor();
              const cards = await page.evaluate(() =>
                [...document.querySelectorAll('[data-testid^="stat-"][data-testid$="-value"]')].map((value) => {
                  const card = (value.closest('.ant-card') as HTMLElement).getBoundingClientRect();
                  const suffix = value.querySelector('.mg-stat__suffix');
                  const s = suffix?.getBoundingClientRect();
                  const foot = document.querySelector(`[data-testid="${value.getAttribute('data-testid')!.replace(/-value$/, '-foot')}"]`);
                  return { id: value.getAttribute('data-testid'), suffix: suffix?.textContent ?? null, inside: s ? s.right <= card.right && s.left >= card.left : null, foot: (foot as HTMLElement | null)?.innerText ?? '' };
                }),
              );
              const amounts = cards.filter((c) => c.id !== 'stat-success-rate-value');
              expect(amounts.length, `${user} ${lang}`).toBe(6);
              for (const c of amounts) expect({ id: c.id, suffix: c.suffix, inside: c.inside }).toEqual({ id: c.id, suffix: currency, inside: true });
              // The lines under a figure name the currency of their amounts too ("Today: 1,500,000 IDR (5)").
              expect(cards.find((c) => c.id === 'stat-collected-value')!.foot, `${user} ${lang}`).toContain(currency);
            }
          },
          STEP_MS,
        );
      }
    },
    TEST_MS,
  );
});
