import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { LANGUAGE_NATIVE_NAMES, findBrand, loginPath, type Brand, type Language } from '@mg/domain';

export const DEMO_PASSWORD = 'Demo#2026pay';

/** Demo users of the seed (README "Demo sign-ins") with their brand. */
export const DEMO_USERS = {
  admin: 'tikipay',
  demo_admin: 'tikipay',
  demo_operator: 'tikipay',
  demo_read: 'tikipay',
  demo_business: 'lumipay',
  crypto_admin: 'coinrail',
  crypto_operator: 'coinrail',
  br_admin: 'pagoverde',
  formkit_applicant: 'formkit',
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

export function brandOf(value: string): Brand {
  const b = findBrand(value);
  if (!b) throw new Error(`no brand ${value}`);
  return b;
}

export function originOf(brand: Brand, port: number): string {
  return `http://${brand.host}:${port}`;
}

/** Signs in through the real form (the e2e server runs with CAPTCHA=off, so any captcha text passes). */
export async function signIn(page: Page, port: number, username: string, opts: { brand?: Brand; password?: string; depart?: string } = {}): Promise<void> {
  const brand = opts.brand ?? brandOf(DEMO_USERS[username as DemoUser] ?? 'tikipay');
  await page.goto(`${originOf(brand, port)}${loginPath(brand)}`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(opts.password ?? DEMO_PASSWORD);
  await page.getByTestId('login-captcha').fill('abcd');
  await page.getByTestId('login-submit').click();
  if (opts.depart) {
    await page.getByTestId('depart-select').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: opts.depart }).first().click();
    await page.getByTestId('depart-confirm').click();
  }
  await page.getByTestId('side-menu').waitFor({ timeout: 20_000 });
}

/** A client on the e2e server's own embedded database (for reading mail codes and TOTP secrets, as an operator would). */
export async function dbClient(dataDir: string): Promise<pg.Client> {
  const port = readFileSync(path.join(dataDir, 'pg.port'), 'utf8').trim();
  const password = readFileSync(path.join(dataDir, 'pg.password'), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'postgres', password, database: 'postgres' });
  await client.connect();
  return client;
}

/** Texts of every side-menu entry, submenus opened. */
export async function sideMenuTexts(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  const CLOSED = '[data-testid="side-menu"] .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title';
  for (let attempt = 0; attempt < 60; attempt++) {
    const closed = page.locator(CLOSED);
    const before = await closed.count();
    if (before === 0) break;
    await closed.first().click();
    // Wait for the submenu to open (application state), not for a time. A click that lands while the menu renders
    // again (the shell loads lazily) can be lost: then the loop counts again and clicks the still-closed one.
    await page
      .waitForFunction(([sel, n]) => document.querySelectorAll(sel as string).length < (n as number), [CLOSED, before] as const, { timeout: 5_000 })
      .catch(() => undefined);
  }
  const texts = await menu.locator('.ant-menu-title-content').allTextContents();
  return texts.map((t) => t.trim()).filter(Boolean);
}

/** Picks a language in the page's switcher (the shell's header, or a public page's) by its native name and waits for the page to speak it. */
export async function switchLanguage(page: Page, lang: Language): Promise<void> {
  const switcher = page.getByTestId('language-switcher').first();
  await switcher.waitFor();
  if ((await page.evaluate(() => document.documentElement.lang)) === lang) return;
  await switcher.click();
  await page.keyboard.type(LANGUAGE_NATIVE_NAMES[lang]);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 15_000 }).toBe(lang);
}

/** Switches the signed-in shell to English (demo users may start in their brand's language). */
export function toEnglish(page: Page): Promise<void> {
  return switchLanguage(page, 'en-US');
}
