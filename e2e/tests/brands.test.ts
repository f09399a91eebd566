import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BRANDS, brandColours, homePath, loginPath, type Brand } from '@mg/domain';
import { launchBrowser, newContext, withScreenshot } from '../lib/browser';

const port = inject('port');
const origin = (brand: Brand) => `http://${brand.host}:${port}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, errors };
}

/** `#1f6feb` as the browser computes it: `rgb(31, 111, 235)`. */
function rgbOf(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** What antd's run-time styling left on the page, and the colour of the sign-in button. */
function antdStyling(page: Page): Promise<{ built: number; sheets: string[]; button: string }> {
  return page.evaluate(() => ({
    built: document.querySelectorAll('style[data-css-hash]').length,
    sheets: [...document.querySelectorAll<HTMLLinkElement>('link[data-antd-styles]')].map((l) => l.dataset.antdStyles ?? ''),
    button: getComputedStyle(document.querySelector('[data-testid="login-submit"]')!).backgroundColor,
  }));
}

/**
 * The empty-state text of the sign-in page's language switcher: antd's "No data" from antd's locale, not from our
 * strings, so it shows which antd locale the page loaded.
 */
async function antdEmptyText(page: Page): Promise<string> {
  const switcher = page.getByTestId('language-switcher');
  await switcher.click();
  await page.keyboard.type('zzzz');
  const text = (await switcher.locator('.mg-picker__empty').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text.trim();
}

describe('each brand by its host name', () => {
  for (const brand of BRANDS) {
    it(`${brand.value}: "/" sends a visitor to the ${brand.newRoute ? 'new' : 'legacy'} sign-in route in ${brand.defaultLanguage}`, async () => {
      const { page, errors } = await openPage();
      await withScreenshot(page, `brand-${brand.value}`, async () => {
        await page.goto(`${origin(brand)}/`);
        await page.waitForURL((u) => u.pathname === loginPath(brand));
        const url = new URL(page.url());
        expect(url.searchParams.get('redirect')).toBe(homePath(brand));

        const logo = page.getByTestId('brand-logo').first();
        await logo.waitFor();
        expect(await logo.getAttribute('alt')).toBe(brand.name);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(brand.defaultLanguage);
        await expect.poll(() => page.title()).toMatch(new RegExp(` - ${brand.title}$`));

        expect(await page.getByTestId('country-switcher').count()).toBe(brand.currencies.length > 1 ? 1 : 0);
        expect(await page.getByTestId('language-switcher').count()).toBe(brand.needHide ? 0 : 1);
        expect(await page.getByTestId('page-title').first().isVisible()).toBe(true);

        // antd's styles come from the brand's stylesheet written at build time: none built in the page (issue 10).
        await page.getByTestId('login-submit').waitFor();
        // the button's fill is the brand's primary as its theme derives it (its text-safe shade: issue 40)
        expect(await antdStyling(page)).toEqual({ built: 0, sheets: [brand.value], button: rgbOf(brandColours(brand).primary) });
        expect(errors, 'no console errors (CSP violations show up here)').toEqual([]);
      });
      await page.context().close();
    });
  }

  it('without its antd stylesheet a page styles itself, as before the build wrote one', async () => {
    const pagoverde = BRANDS.find((b) => b.value === 'pagoverde')!;
    const { page } = await openPage();
    await page.context().route(/\/assets\/antd-[^/]+\.css$/, (route) => route.abort());
    await withScreenshot(page, 'brand-without-antd-stylesheet', async () => {
      await page.goto(`${origin(pagoverde)}/login`);
      await page.getByTestId('login-submit').waitFor();
      const styling = await antdStyling(page);
      expect(styling.button).toBe(rgbOf(brandColours(pagoverde).primary));
      expect(styling.built).toBeGreaterThan(0);
    });
    await page.context().close();
  });
});

describe('language', () => {
  it('switching language in the built app changes our texts and antd component texts together', async () => {
    const lumipay = BRANDS.find((b) => b.value === 'lumipay')!;
    const { page } = await openPage();
    await withScreenshot(page, 'language-switch', async () => {
      await page.goto(`${origin(lumipay)}/login`);
      await page.getByTestId('page-title').first().waitFor();
      const englishTitle = await page.title();
      expect(await antdEmptyText(page)).toBe('No data');

      await page.getByTestId('language-switcher').click();
      await page.keyboard.type('Bahasa Indonesia');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('id-ID');
      await expect.poll(() => page.title()).not.toBe(englishTitle);
      expect(await antdEmptyText(page)).toBe('Tidak ada data');

      // the choice survives a reload
      await page.reload();
      await page.getByTestId('page-title').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('id-ID');
    });
    await page.context().close();
  });

  it('brands whose default language is not English show antd in that language (not a Chinese fallback)', async () => {
    const expected: Record<string, string> = { pagoverde: 'Não há dados', tikipay: '暂无数据', coinrail: 'No data' };
    for (const [value, text] of Object.entries(expected)) {
      const brand = BRANDS.find((b) => b.value === value)!;
      const { page } = await openPage();
      await withScreenshot(page, `antd-locale-${value}`, async () => {
        await page.goto(`${origin(brand)}${loginPath(brand)}`);
        await page.getByTestId('page-title').first().waitFor();
        expect(await antdEmptyText(page)).toBe(text);
      });
      await page.context().close();
    }
  });
});

describe('routes', () => {
  it('an unknown path lands on the branded /404 page', async () => {
    const brand = BRANDS.find((b) => b.value === 'pagoverde')!;
    const { page } = await openPage();
    await withScreenshot(page, 'not-found', async () => {
      await page.goto(`${origin(brand)}/no/such/page`);
      await page.waitForURL((u) => u.pathname === '/404');
      await page.locator('.ant-result-404').waitFor();
      expect(await page.getByTestId('brand-logo').first().getAttribute('alt')).toBe('PagoVerde');
      await expect.poll(() => page.title()).toMatch(/ - PagoVerde Portal$/);
    });
    await page.context().close();
  });

  it('a route of the other style goes to this brand\'s equivalent', async () => {
    const lumipay = BRANDS.find((b) => b.value === 'lumipay')!;
    const tikipay = BRANDS.find((b) => b.value === 'tikipay')!;
    const { page } = await openPage();
    await page.goto(`${origin(lumipay)}/user/login`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto(`${origin(tikipay)}/login`);
    await page.waitForURL((u) => u.pathname === '/user/login');
    await page.context().close();
  });

  it('on localhost, ?brand= picks a brand and is remembered', async () => {
    const { page } = await openPage();
    await withScreenshot(page, 'brand-query', async () => {
      await page.goto(`http://localhost:${port}/login?brand=pagoverde`);
      await expect.poll(() => page.title()).toMatch(/ - PagoVerde Portal$/);
      expect(new URL(page.url()).searchParams.get('brand')).toBeNull();
      await page.goto(`http://localhost:${port}/`);
      await page.waitForURL((u) => u.pathname === '/login');
      await expect.poll(() => page.title()).toMatch(/ - PagoVerde Portal$/);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    });
    await page.context().close();
  });
});
