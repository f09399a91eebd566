/**
 * Issue 40 "Accessibility": axe-core (every rule of its default set: WCAG 2.0-2.2 A/AA and best practice) finds no
 * critical and no serious node on the pages the issue checked, in two brands and two languages each: sign-in, home,
 * transaction records, the shell with its tab bar overflowing, the payout form over the payouts list (rows with their
 * selection boxes), the withdrawal dialog, the developer documentation, the payer's cashier and onboarding's company
 * information. And the page behind an open dialog is out of the accessibility tree, and gets the focus back when the
 * dialog closes.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGE_NATIVE_NAMES, loginPath, type Language } from '@mg/domain';
import { axeFindings, describeFindings } from '../lib/axe';
import { artifactsDir, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { openApi } from '../lib/open-api';
import { brandOf, DEMO_PASSWORD, originOf, signIn } from '../lib/session';

const port = inject('port');
const base = `http://127.0.0.1:${port}`;
const shotsDir = process.env.E2E_SHOTS_DIR || path.join(artifactsDir, 'shots');

/**
 * Two brands, each in a language of its own. The payer's cashier (an IDR order of the demo merchant) and FormKit's
 * onboarding offer zh-CN and en-US, not pt-BR: there PagoVerde's round speaks zh-CN, so three languages are seen.
 */
const ROUNDS = [
  { brand: 'tikipay', user: 'demo_admin', lang: 'en-US', otherPages: 'en-US' },
  { brand: 'pagoverde', user: 'br_admin', lang: 'pt-BR', otherPages: 'zh-CN' },
] as const satisfies readonly { brand: string; user: string; lang: Language; otherPages: Language }[];

/** expect.poll with room for a page load. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** Picks a language in the page's switcher (the sign-in Picker or the header's Select) and waits for the page to speak it. */
async function speak(page: Page, lang: Language): Promise<void> {
  const switcher = page.getByTestId('language-switcher').first();
  await switcher.waitFor();
  if ((await page.evaluate(() => document.documentElement.lang)) === lang) return;
  await switcher.click();
  await page.keyboard.type(LANGUAGE_NATIVE_NAMES[lang]);
  await page.keyboard.press('Enter');
  await poll(() => page.evaluate(() => document.documentElement.lang)).toBe(lang);
}

/** axe on the page as it is now: no critical or serious node; a screenshot is kept to look at. */
async function expectAccessible(page: Page, name: string): Promise<void> {
  const findings = await axeFindings(page);
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `a11y-${name}.png`) });
  expect(findings, `${name}:\n${describeFindings(findings)}`).toEqual([]);
}

/** A list has answered: its rows or its empty state are on the page. */
async function listShown(page: Page): Promise<void> {
  await page.locator('.ant-table-tbody tr.ant-table-row, .ant-table-tbody .ant-empty').first().waitFor();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

for (const round of ROUNDS) {
  const brand = brandOf(round.brand);
  const origin = originOf(brand, port);
  const tag = `${round.brand}-${round.lang}`;

  describe.sequential(`${round.brand} in ${round.lang}: no critical or serious axe finding`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await (await newContext(browser, { locale: round.lang })).newPage();
    });
    afterAll(async () => {
      await page?.context().close();
    });

    it('the sign-in page', async () => {
      await withScreenshot(page, `a11y-${tag}-login`, async () => {
        await page.goto(`${origin}${loginPath(brand)}`);
        await page.getByTestId('login-submit').waitFor();
        await speak(page, round.lang);
        await expectAccessible(page, `${tag}-login`);
      });
    });

    it('home', async () => {
      await withScreenshot(page, `a11y-${tag}-home`, async () => {
        await signIn(page, port, round.user, { brand });
        await speak(page, round.lang);
        await page.getByTestId('stat-collected-value').waitFor();
        await expectAccessible(page, `${tag}-home`);
      });
    });

    it('transaction records', async () => {
      await withScreenshot(page, `a11y-${tag}-collections`, async () => {
        await page.goto(`${origin}/payment/collections`);
        await listShown(page);
        await expectAccessible(page, `${tag}-collections`);
      });
    });

    it('the shell with more tabs open than its bar holds (antd adds its overflow button)', async () => {
      await withScreenshot(page, `a11y-${tag}-tabs`, async () => {
        const closed = page.locator('[data-testid="side-menu"] .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
        for (let n = await closed.count(); n > 0; n = await closed.count()) {
          await closed.first().click();
          await poll(() => closed.count()).toBeLessThan(n);
        }
        const items = page.locator('[data-testid="side-menu"] li.ant-menu-item');
        const tabs = page.locator('[data-testid="tab-strip"] .ant-tabs-tab');
        const active = page.locator('[data-testid="tab-strip"] .ant-tabs-tab-active');
        const activeTitle = async () => ((await active.textContent().catch(() => '')) ?? '').trim();
        // Pages are opened until the bar holds more tabs than fit (antd then shows its overflow button). A click that
        // lands while the menu renders again can be dropped under load: a person clicks again, and so does this (it
        // waits on the open tab, not on time).
        const overflow = page.locator('[data-testid="tab-strip"] .ant-tabs-nav-operations:not(.ant-tabs-nav-operations-hidden)');
        for (let i = 0; i < (await items.count()) && !(await overflow.isVisible()); i++) {
          const title = ((await items.nth(i).textContent()) ?? '').trim();
          for (let attempt = 0; (await activeTitle()) !== title; attempt++) {
            if (attempt === 6) throw new Error(`the menu item ${title} did not open its tab`);
            await items.nth(i).click();
            await expect.poll(activeTitle, { timeout: 5_000 }).toBe(title).catch(() => undefined);
          }
        }
        await overflow.waitFor();
        expect(await tabs.count()).toBeGreaterThan(5);
        await expectAccessible(page, `${tag}-tabs`);
      });
    });

    it('the payout form over the payouts list', async () => {
      // A payout waiting for review, so that the list has a row with its selection box (cancelled afterwards: other
      // files count the payouts waiting for review).
      let payoutId: string | undefined;
      if (round.brand === 'tikipay') {
        const created = await openApi<{ id: string }>(base, 'POST', '/api/open/v1/payouts', {
          merchantOrderId: `A11Y-${Date.now()}`,
          amount: '150000',
          currency: 'IDR',
          bankCode: 'BCA',
          accountNumber: '1234567890',
          accountName: 'Budi Santoso',
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        payoutId = created.body.result.id;
      }
      try {
        await withScreenshot(page, `a11y-${tag}-payouts`, async () => {
          await page.goto(`${origin}/payment/payouts`);
          await listShown(page);
          if (payoutId) {
            const box = page.locator(`tr[data-row-key="${payoutId}"] input[type="checkbox"]`);
            await box.waitFor();
            // named by the row it selects, in the page's language
            expect(await box.getAttribute('aria-label')).toContain(payoutId);
          }
          await expectAccessible(page, `${tag}-payouts`);
          await page.getByTestId('create-payout').click();
          await page.getByTestId('payout-continue').waitFor();
          await expectAccessible(page, `${tag}-payout-form`);
        });
      } finally {
        if (payoutId) await openApi(base, 'POST', `/api/open/v1/payouts/${payoutId}/cancel`, {});
      }
    });

    it('the withdrawal dialog', async () => {
      await withScreenshot(page, `a11y-${tag}-withdraw`, async () => {
        await page.goto(`${origin}/funds/withdrawals`);
        await listShown(page);
        await page.getByTestId('withdraw-new').click();
        await page.locator('.ant-modal-body').first().waitFor();
        await expectAccessible(page, `${tag}-withdraw`);
      });
    });

    it('the developer documentation', async () => {
      await withScreenshot(page, `a11y-${tag}-docs`, async () => {
        await page.goto(`${origin}/document/document`);
        await page.getByTestId('developer-documentation').waitFor();
        await page.locator('[data-testid^="doc-call-"]').first().waitFor();
        await expectAccessible(page, `${tag}-docs`);
      });
    });

    it("the payer's cashier", async () => {
      const order = await openApi<{ cashierUrl: string }>(base, 'POST', '/api/open/v1/collections', {
        merchantOrderId: `A11Y-${Date.now()}`,
        amount: '150000',
        currency: 'IDR',
        paymentType: 1,
        payerName: 'Budi Santoso',
        payerEmail: 'budi@example.com',
        orderDescription: 'Accessibility check',
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      const payer = await (await newContext(browser, { locale: round.otherPages })).newPage();
      try {
        await withScreenshot(payer, `a11y-${tag}-cashier`, async () => {
          await payer.goto(`${origin}${new URL(order.body.result.cashierUrl).pathname}`);
          await payer.getByTestId('cashier-merchant').waitFor();
          await speak(payer, round.otherPages);
          await payer.getByTestId('cashier-pay').waitFor();
          await expectAccessible(payer, `${round.brand}-${round.otherPages}-cashier`);
        });
      } finally {
        await payer.context().close();
      }
    });

    it("onboarding's company information (FormKit)", async () => {
      const formkit = brandOf('formkit');
      const applicant = await (await newContext(browser, { locale: round.otherPages })).newPage();
      try {
        await withScreenshot(applicant, `a11y-${tag}-onboarding`, async () => {
          await applicant.goto(`${originOf(formkit, port)}${loginPath(formkit)}`);
          await applicant.getByTestId('login-username').fill('formkit_applicant');
          await applicant.getByTestId('login-password').fill(DEMO_PASSWORD);
          await applicant.getByTestId('login-captcha').fill('abcd');
          await applicant.getByTestId('login-submit').click();
          await applicant.waitForURL((u) => u.pathname === '/company/companyInfo');
          await applicant.getByTestId('ob-companyInfo-legalName').waitFor();
          await speak(applicant, round.otherPages);
          await expectAccessible(applicant, `formkit-${round.otherPages}-onboarding`);
        });
      } finally {
        await applicant.context().close();
      }
    });
  });
}

describe('the page behind an open dialog', () => {
  it('is out of the accessibility tree while the payout form is open, and gets the focus back when it closes', async () => {
    const page = await (await newContext(browser)).newPage();
    try {
      await withScreenshot(page, 'a11y-dialog-background', async () => {
        const tikipay = brandOf('tikipay');
        await signIn(page, port, 'demo_admin', { brand: tikipay });
        await page.goto(`${originOf(tikipay, port)}/payment/payouts`);
        await listShown(page);
        const cdp = await page.context().newCDPSession(page);
        /** Names of what a screen reader finds in the side menu (its menu items). */
        const menuItemsExposed = async () => {
          const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; role?: { value: string } }[] };
          return nodes.filter((n) => !n.ignored && n.role?.value === 'menuitem').length;
        };
        expect(await menuItemsExposed()).toBeGreaterThan(0);

        const opener = page.getByTestId('create-payout');
        await opener.click();
        await page.getByTestId('payout-continue').waitFor();
        await poll(() => page.evaluate(() => document.getElementById('root')?.hasAttribute('inert'))).toBe(true);
        await poll(menuItemsExposed).toBe(0);
        // the dialog itself is still there for it, and has the focus once it has opened
        expect(await page.getByRole('dialog').count()).toBe(1);
        await poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);

        await page.keyboard.press('Escape');
        await page.getByTestId('payout-continue').waitFor({ state: 'hidden' });
        await poll(() => page.evaluate(() => document.getElementById('root')?.hasAttribute('inert'))).toBe(false);
        await poll(menuItemsExposed).toBeGreaterThan(0);
        // the keyboard goes on from the button that opened the dialog
        await poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
      });
    } finally {
      await page.context().close();
    }
  });
});
