import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request, type Response } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { repoRoot } from './server';

export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');

/** UTC-10, no session currency's zone: browser and session clocks always differ in the browser tests. */
export const BROWSER_ZONE = 'Pacific/Honolulu';

/**
 * Debian's Chromium, with the flags this closed network needs. Every *.test host name resolves to the
 * loopback address, so brands are chosen by host name exactly as in a deployment.
 */
export function launchBrowser(opts: { secureOrigins?: readonly string[] } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    logger: { isEnabled: (name) => name === 'api', log: (_name, _severity, message) => remember(`pw ${String(message)}`) },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--host-resolver-rules=MAP *.test 127.0.0.1',
      // Onboarding's video identification: a synthetic camera and microphone, granted without a prompt.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      // getUserMedia needs a secure context: https in a deployment; these plain-http test origins are declared secure.
      ...(opts.secureOrigins?.length ? [`--unsafely-treat-insecure-origin-as-secure=${opts.secureOrigins.join(',')}`] : []),
    ],
  });
}

/** The web app's STORAGE_KEYS.accessToken (apps/web/src/session/storage.ts). */
const TOKEN_STORAGE_KEY = 'ACCESS_TOKEN';

export async function newContext(browser: Browser, opts: { locale?: string } = {}): Promise<BrowserContext> {
  // A browser zone unlike every session zone (spec §7 shifts dates between them): a test that passes here does not
  // depend on the machine's zone matching the session's.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: opts.locale ?? 'en-US', timezoneId: BROWSER_ZONE });
  // What each document finds in its storage when it starts (key names, and the tail of the session token): a test
  // that lands signed out after a reload says whether the new page found the session at all.
  await context.exposeBinding('__mgTrail', (_source, line: string) => remember(line));
  await context.addInitScript((tokenKey: string) => {
    if (!location.protocol.startsWith('http')) return;
    let found: string;
    try {
      const token = (JSON.parse(localStorage.getItem(tokenKey) ?? '{}') as { value?: string }).value;
      found = `token ${token ? `…${token.slice(-6)}` : 'none'}, localStorage [${Object.keys(localStorage).join(', ')}]`;
    } catch (e) {
      found = `storage unreadable: ${String(e)}`;
    }
    (window as unknown as { __mgTrail?: (line: string) => void }).__mgTrail?.(`document ${location.href} starts with ${found}`);
  }, TOKEN_STORAGE_KEY);
  context.on('page', (page) => {
    page.on('pageerror', (err) => remember(`page error ${page.url()}: ${err.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') remember(`console ${m.type()} ${page.url()}: ${m.text()}`);
    });
    page.on('request', (r) => pending.add(r));
    page.on('close', () => {
      for (const r of pending) if (pageOf(r) === page) pending.delete(r);
    });
    page.on('requestfinished', (r) => pending.delete(r));
    page.on('requestfailed', (r) => {
      pending.delete(r);
      remember(`request failed ${r.method()} ${r.url()}: ${r.failure()?.errorText ?? ''}`);
    });
    // Session calls always, with the tail of the token each was sent with: a test that ends signed out says which
    // call ended its session.
    page.on('response', (r) => {
      if (r.status() >= 400 || r.url().includes('/api/sys/')) {
        const token = r.request().headers()['x-access-token'];
        remember(`response ${r.status()} ${r.request().method()} ${r.url()}${token ? ` (token …${token.slice(-6)})` : ''}`);
      }
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) remember(`navigated ${frame.url()}`);
    });
  });
  return context;
}

/**
 * The last browser actions, page errors and failed requests of this test file, printed when a step fails: a step that
 * fails on a loaded CI machine must say where it stopped, since it rarely fails twice in the same place.
 */
const trail: string[] = [];
/** Requests sent and not yet answered: a step stuck on a spinner names the call it waits for. */
const pending = new Set<Request>();
function pageOf(r: Request): Page | null {
  try {
    return r.frame().page();
  } catch {
    return null;
  }
}
const TRAIL_LENGTH = 150;
function remember(line: string): void {
  trail.push(`${new Date().toISOString().slice(11, 23)} ${line.slice(0, 400)}`);
  if (trail.length > TRAIL_LENGTH) trail.shift();
}

/** Where the screenshots of the screens looked at go (E2E_SHOTS_DIR, else e2e/artifacts/shots). */
export const shotsDir = process.env.E2E_SHOTS_DIR || path.join(artifactsDir, 'shots');

/** A message key left untranslated on screen: `screens.payments.x`, `funds.balances.y`, `status.payment.z` ... */
const RAW_KEY = /\b(?:screens|funds|home|payments|cashier|developer|status|enum|menu|layout|validation|exports?)\.[A-Za-z]+\.[A-Za-z0-9_.]+/;

/** A full-page screenshot into shotsDir once the page is still, and no raw message key on it. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(shotsDir, { recursive: true });
  // CSS animations (drawer, dropdowns) finished: the page as a person sees it once it is still.
  // (Endless ones, a spinner's or a skeleton's, do not count.)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
  const text = await page.evaluate(() => document.body.innerText);
  expect(text.match(RAW_KEY)?.[0], `${name}: a raw message key on screen`).toBeUndefined();
}

/** What a step may take before it is stopped, under vitest's testTimeout so the screenshot shows where it stopped. */
const STEP_BUDGET_MS = 55_000;

/** Runs a browser step and keeps a screenshot of the page, and the trail of its last actions, when it fails. */
export async function withScreenshot<T>(page: Page, name: string, fn: () => Promise<T>, budgetMs = STEP_BUDGET_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`step ${name} ran over ${budgetMs} ms`)), budgetMs);
  });
  try {
    return await Promise.race([fn(), overrun]);
  } catch (err) {
    mkdirSync(artifactsDir, { recursive: true });
    const file = path.join(artifactsDir, `${name.replace(/[^a-z0-9-]+/gi, '_')}.png`);
    await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
    const shown = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, ' ').slice(0, 600))
      .catch((e: unknown) => `(unreadable: ${String(e)})`);
    const waiting = [...pending].filter((r) => pageOf(r) === page).map((r) => `${r.method()} ${r.url()}`).join('\n  ');
    console.error(
      `[e2e] failure screenshot: ${file} (page ${page.url()})\n[e2e] the page shows: ${shown}\n[e2e] requests unanswered:\n  ${waiting || '(none)'}\n[e2e] last actions:\n${trail.join('\n')}`,
    );
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Chooses an item of a dropdown menu until what it opens is visible. Under load the first click can land while
 * antd's dropdown is still animating in and be dropped; the user would click again, and so does this (it waits on
 * the application's state, the opened dialog, never on time).
 */
export async function chooseFromMenu(page: Page, trigger: string, item: string, opened: Locator, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await opened.isVisible()) return;
    if (Date.now() > deadline) throw new Error(`menu ${trigger} > ${item} did not open what it should`);
    const entry = page.getByTestId(item);
    if (!(await entry.isVisible())) await page.getByTestId(trigger).click();
    await entry.click({ timeout: 5_000 }).catch(() => undefined);
    await opened.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
}

/**
 * Clicks a button that reloads the page (a session switch) until the page has reloaded. A click during the
 * dialog's opening animation can be dropped under load; a person clicks again, and so does this. The reload is
 * recognised by a marker set on the old page, gone on the new one (application state, not time).
 */
export async function clickUntilReload(page: Page, target: Locator, timeoutMs = 45_000): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __mgBeforeReload?: boolean }).__mgBeforeReload = true;
  });
  const reloaded = () => page.evaluate(() => !(window as unknown as { __mgBeforeReload?: boolean }).__mgBeforeReload).catch(() => false);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await reloaded()) {
      await page.waitForLoadState('load');
      return;
    }
    if (Date.now() > deadline) throw new Error('the page did not reload');
    // Click again only when the first click was dropped: a button still busy with the request (antd shows it
    // loading) must not send a second one (a second session switch with the replaced token signs the user out).
    const idle = await target
      .evaluate((el) => !el.classList.contains('ant-btn-loading') && !(el as HTMLButtonElement).disabled)
      .catch(() => false);
    if (idle) await target.click({ timeout: 5_000 }).catch(() => undefined);
    await page
      .waitForFunction(() => !(window as unknown as { __mgBeforeReload?: boolean }).__mgBeforeReload, undefined, { timeout: 10_000 })
      .catch(() => undefined);
  }
}

/**
 * Clicks a dialog's button until the request it sends has been answered, and returns that answer. A click during the
 * dialog's opening animation can be dropped under load; a person clicks again, and so does this, but never while the
 * button is busy with a request (antd shows it loading), so the request is sent once.
 */
export async function clickUntilResponse(page: Page, target: Locator, matches: (r: Response) => boolean, timeoutMs = 45_000): Promise<Response> {
  let answer: Response | undefined;
  let answered!: () => void;
  const arrived = new Promise<void>((resolve) => (answered = resolve));
  // The answer can arrive while the click is still being performed (under load a click takes ~0.5 s): it is caught
  // here, not by a waitForResponse started after the click, which would miss it and wait its whole timeout while
  // the toast the test reads next (antd shows it 3 s) goes away.
  const listener = (r: Response) => {
    if (!answer && matches(r)) {
      answer = r;
      answered();
    }
  };
  page.on('response', listener);
  try {
    const deadline = Date.now() + timeoutMs;
    while (!answer) {
      if (Date.now() > deadline) throw new Error('the request was never answered');
      const idle = await target
        .evaluate((el) => !el.classList.contains('ant-btn-loading') && !(el as HTMLButtonElement).disabled)
        .catch(() => false);
      if (idle) await target.click({ timeout: 5_000 }).catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([arrived, new Promise<void>((resolve) => (timer = setTimeout(resolve, 10_000)))]);
      clearTimeout(timer);
    }
    return answer;
  } finally {
    page.off('response', listener);
  }
}

/** Picks an option of an antd select until what the choice opens (or fills) is visible; dropped clicks are retried. */
export async function chooseOption(page: Page, select: Locator, optionText: string, until: Locator, timeoutMs = 30_000): Promise<void> {
  const option = page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: optionText }).first();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await until.isVisible().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`option ${optionText} did not take`);
    if (!(await option.isVisible().catch(() => false))) await select.click({ timeout: 5_000 }).catch(() => undefined);
    await option.click({ timeout: 5_000 }).catch(() => undefined);
    await until.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
}
