/**
 * Issue 41, the spec's regional servers, on this machine: two regions, each a server on its own embedded database,
 * started by this file with the same deployment map (API_BASES): TikiPay's Thailand is served by region 2, every
 * other country by region 1, which serves the web app at the brand's host. Region 2 lists that host in WEB_ORIGINS.
 * (The suite's shared server keeps no map: nothing here changes it.)
 *
 * A merchant user (not an admin) signs in on region 1 in Indonesia and switches to Thailand: told it is another
 * server, signed out there, and on the sign-in page with Thailand chosen; signing in again goes to region 2, whose
 * session it is (region 1 does not know it). The platform admin switching between two countries of region 1 stays
 * signed in: a reload into the new country, every call still to region 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { loginPath } from '@mg/domain';
import { chooseOption, clickUntilReload, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { freePort, startServer, type RunningServer } from '../lib/server';
import { brandOf, DEMO_PASSWORD, signIn, toEnglish } from '../lib/session';

const tikipay = brandOf('tikipay');
let port1: number;
let port2: number;
let region1: RunningServer | undefined;
let region2: RunningServer | undefined;
let browser: Browser;

/** The web app's origin (region 1 serves it) and region 2's API host. */
const web = () => `http://${tikipay.host}:${port1}`;
const region2Origin = () => `http://api-th.tikipay.test:${port2}`;

/** Every API call the page makes, by origin and path. */
function apiCalls(page: Page): { origin: string; path: string; method: string }[] {
  const calls: { origin: string; path: string; method: string }[] = [];
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/') && r.method() !== 'OPTIONS') calls.push({ origin: u.origin, path: u.pathname, method: r.method() });
  });
  return calls;
}

const tokenOf = (page: Page) => page.evaluate(() => (JSON.parse(localStorage.getItem('ACCESS_TOKEN') ?? '{}') as { value?: string }).value ?? null);

/** What a region's server answers the token (from here: the *.test names resolve in the browser only). */
async function userInfoAt(port: number, token: string): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/api/user/info`, { headers: { 'x-access-token': token, 'x-lang': 'en-US' } })).status;
}

beforeAll(async () => {
  [port1, port2] = [await freePort(), await freePort()];
  // The deployment's map, the same on both servers (the web app may be loaded from either).
  const map = JSON.stringify({ default: '/api', brands: { tikipay: { THB: `${region2Origin()}/api` } } });
  const env = (port: number, publicUrl: string) => ({ PORT: String(port), PUBLIC_URL: publicUrl, API_BASES: map, WEB_ORIGINS: web() });
  // In parallel: each initialises its own embedded PostgreSQL (the slow part).
  [region1, region2] = await Promise.all([startServer(env(port1, web())), startServer(env(port2, region2Origin()))]);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([region1?.stop(), region2?.stop()]);
});

describe.sequential('two regions', () => {
  let page: Page;
  let calls: ReturnType<typeof apiCalls>;
  /** Where the calls after the switch's confirmation start. */
  let sinceSwitch = 0;

  it('0. a merchant user signs in on region 1 (Indonesia): every call goes there', async () => {
    page = await (await newContext(browser)).newPage();
    calls = apiCalls(page);
    await withScreenshot(page, 'regions-0-signed-in', async () => {
      await signIn(page, port1, 'demo_read');
      await toEnglish(page);
      await expect.poll(() => page.getByTestId('country-switcher').textContent()).toContain('IDR');
      expect(calls.find((c) => c.path === '/api/sys/login')?.origin).toBe(web());
      expect(calls.filter((c) => c.origin !== web())).toEqual([]);
    });
  });

  it('1. the switch to Thailand (region 2) says so, signs out on region 1 and opens the sign-in page of Thailand', async () => {
    await withScreenshot(page, 'regions-1-switch', async () => {
      const token = await tokenOf(page);
      expect(token).toBeTruthy();
      const confirm = page.locator('.ant-modal-confirm .ant-btn-primary').first();
      await chooseOption(page, page.getByTestId('country-switcher'), 'THB', confirm);
      await expect.poll(() => page.locator('.ant-modal-confirm').textContent()).toContain('is served by another server');
      sinceSwitch = calls.length;
      await confirm.click();
      await page.waitForURL((u) => u.pathname === loginPath(tikipay), { timeout: 30_000 });
      await page.getByTestId('login-form').waitFor();
      expect(calls.find((c) => c.path === '/api/sys/logout')).toMatchObject({ origin: web(), method: 'POST' });
      // Signed out for real: region 1 no longer knows the old session.
      await expect.poll(() => userInfoAt(port1, token as string), { timeout: 15_000 }).toBe(401);
      expect(await tokenOf(page)).toBeNull();
      await expect.poll(() => page.getByTestId('country-switcher').textContent()).toContain('THB');
    });
  });

  it("2. signing in again goes to region 2, whose session it is", async () => {
    await withScreenshot(page, 'regions-2-region-2', async () => {
      // The sign-in page's captcha came from region 2 (a captcha is checked where it was drawn).
      await expect.poll(() => calls.slice(sinceSwitch).filter((c) => c.path.startsWith('/api/sys/randomImage/')).map((c) => c.origin), { timeout: 15_000 }).toEqual([region2Origin()]);
      const from = calls.length;
      await page.getByTestId('login-username').fill('demo_read');
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-captcha').fill('abcd');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('side-menu').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('country-switcher').textContent()).toContain('THB');
      const after = calls.slice(from);
      expect(after.find((c) => c.path === '/api/sys/login')?.origin).toBe(region2Origin());
      expect(after.filter((c) => c.path === '/api/user/info' || c.path === '/api/sys/permission/getUserPermissionByToken').map((c) => c.origin)).not.toContain(web());
      expect(after.filter((c) => c.origin === region2Origin()).length).toBeGreaterThan(2);
      expect(after.filter((c) => c.origin === web())).toEqual([]);
      const token = (await tokenOf(page)) as string;
      expect(await userInfoAt(port2, token)).toBe(200);
      expect(await userInfoAt(port1, token)).toBe(401);
    });
  });

  it('3. the platform admin switching between two countries of region 1 stays signed in', async () => {
    const admin = await (await newContext(browser)).newPage();
    const adminCalls = apiCalls(admin);
    await withScreenshot(admin, 'regions-3-admin', async () => {
      await signIn(admin, port1, 'admin');
      await toEnglish(admin);
      const token = await tokenOf(admin);
      const confirm = admin.locator('.ant-modal-confirm .ant-btn-primary').first();
      await chooseOption(admin, admin.getByTestId('country-switcher'), 'PHP', confirm);
      await expect.poll(() => admin.locator('.ant-modal-confirm').textContent()).toContain('The page will reload');
      await clickUntilReload(admin, confirm);
      await admin.getByTestId('side-menu').waitFor({ timeout: 30_000 });
      await expect.poll(() => admin.getByTestId('country-switcher').textContent()).toContain('PHP');
      expect(new URL(admin.url()).pathname).not.toBe(loginPath(tikipay));
      expect(adminCalls.some((c) => c.path === '/api/sys/logout')).toBe(false);
      expect(adminCalls.find((c) => c.path === '/api/sys/switchCountry')?.origin).toBe(web());
      expect(adminCalls.filter((c) => c.origin !== web())).toEqual([]);
      // The new session (PHP) is region 1's; the old one was replaced by it.
      const now = (await tokenOf(admin)) as string;
      expect(now).not.toBe(token);
      expect(await userInfoAt(port1, now)).toBe(200);
    }, 60_000);
    await admin.context().close();
  });
});
