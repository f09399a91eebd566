/**
 * Issue 15 realtime, as a merchant sees it: Transaction records open in the browser, an integrator creates a
 * collection and the payer pays it, and the row appears and turns to Success without a reload; the same on a
 * second server instance on the same database; and when that instance goes away and comes back, the page
 * reconnects by itself and catches up on the payment made while it was gone. Then platform staff release an
 * announcement to the merchant: the page's bell counts it and says so, still without a reload. Last (issue 40), the
 * socket's server hangs (a proxy holds its bytes, as a frozen process would, so the socket's close never completes):
 * the live dot stops saying live once the pong is late, and a new socket is tried 5 s later, not when the old one's
 * close completes; thawed, the page is live again and follows the payments.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SOCKET_HEARTBEAT_MS, SOCKET_RECONNECT_MS, SOCKET_TIMEOUT_MS } from '@mg/domain';
import { launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { openApi } from '../lib/open-api';
import { startFreezingProxy, type FreezingProxy } from '../lib/freezing-proxy';
import { startServer, type RunningServer } from '../lib/server';
import { brandOf, DEMO_PASSWORD, originOf, signIn, toEnglish } from '../lib/session';

const port = inject('port');
const dataDir = inject('dataDir');
const base = `http://127.0.0.1:${port}`;
const tikipay = brandOf('tikipay');
/** Generous for a loaded CI machine; the server test holds the 2 s bar between instances. */
const PUSH_MS = 20_000;

interface Collection {
  id: string;
  merchantOrderId: string;
  cashierUrl: string;
}

let browser: Browser;
let second: RunningServer | undefined;

/** The e2e server's embedded database, for a second instance. */
function databaseUrl(): string {
  const pgPort = readFileSync(path.join(dataDir, 'pg.port'), 'utf8').trim();
  const password = readFileSync(path.join(dataDir, 'pg.password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/postgres`;
}

function startSecond(secondPort?: number): Promise<RunningServer> {
  return startServer({
    DATABASE_URL: databaseUrl(),
    SECRET_KEY: readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim(),
    ...(secondPort ? { PORT: String(secondPort) } : {}),
  });
}

async function newOrder(tag: string): Promise<Collection> {
  const created = await openApi<Collection>(base, 'POST', '/api/open/v1/collections', {
    merchantOrderId: `RT-${tag}-${Date.now()}`,
    amount: '120000',
    currency: 'IDR',
    paymentType: 1,
    payerName: 'Siti Rahma',
    payerEmail: 'siti@example.com',
    orderDescription: 'Realtime check',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.result;
}

/** The payer pays on the first instance (the cashier's own call). */
async function pay(order: Collection): Promise<void> {
  const token = new URL(order.cashierUrl).pathname.split('/').pop();
  const r = await fetch(`${base}/api/cashier/${token}/pay`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-lang': 'en-US' }, body: JSON.stringify({ outcome: 'success' }) });
  expect(r.status).toBe(200);
}

/** The list's row of an order, by its merchant order id. */
const row = (page: Page, order: Collection) => page.locator('.ant-table-row', { hasText: order.merchantOrderId });

/** Opens Transaction records on an instance, and waits for the live dot; marks the document to detect a reload. */
async function openList(page: Page, onPort: number): Promise<void> {
  await signIn(page, onPort, 'demo_admin');
  await toEnglish(page);
  await page.goto(`${originOf(tikipay, onPort)}/payment/collections`);
  await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="realtime-state"][data-state="live"]').waitFor({ timeout: 30_000 });
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}

/** Platform staff write an announcement to the demo merchant and release it, through the publishing screen's calls. */
async function releaseAnnouncement(title: string): Promise<void> {
  const login = await fetch(`${base}/api/sys/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Brand': tikipay.value },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD, checkKey: 'e2erealtime1', captcha: 'abcd' }),
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
  const headers = { 'Content-Type': 'application/json', 'X-Access-Token': token };
  const draft = await fetch(`${base}/api/sys/annountCement/add`, { method: 'POST', headers, body: JSON.stringify({ title, content: 'Maintenance window tonight.', merchantId: 10001 }) });
  expect(draft.status).toBe(200);
  const id = ((await draft.json()) as { result: { id: number } }).result.id;
  const released = await fetch(`${base}/api/sys/annountCement/doReleaseData?id=${id}`, { headers });
  expect(released.status).toBe(200);
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await second?.stop();
  // What these payments left pending is settled, as the payments journey expects of the demo data.
  await openApi(base, 'POST', '/api/open/v1/sandbox/settlements/run', {});
});

describe.sequential('realtime: an open list follows the payments', () => {
  let page: Page;

  beforeAll(async () => {
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('1. a new order appears in the open list, then turns to Success when paid, without a reload', async () => {
    await withScreenshot(page, 'realtime-1-same-instance', async () => {
      await openList(page, port);
      const order = await newOrder('one');
      await row(page, order).waitFor({ timeout: PUSH_MS });
      await expect.poll(() => row(page, order).textContent(), { timeout: PUSH_MS }).toContain('Pending');
      await pay(order);
      await expect.poll(() => row(page, order).textContent(), { timeout: PUSH_MS }).toContain('Success');
      expect(await sameDocument(page)).toBe(true);
    });
  });

  it('2. on a second instance of the server, the payment made through the first reaches the page', async () => {
    second = await startSecond();
    await withScreenshot(page, 'realtime-2-second-instance', async () => {
      await openList(page, second!.port);
      const order = await newOrder('two');
      await row(page, order).waitFor({ timeout: PUSH_MS });
      await pay(order);
      await expect.poll(() => row(page, order).textContent(), { timeout: PUSH_MS }).toContain('Success');
      expect(await sameDocument(page)).toBe(true);
    });
  });

  it('3. the instance goes away and comes back: the page reconnects and catches up on what it missed', async () => {
    const secondPort = second!.port;
    const order = await newOrder('three');
    await row(page, order).waitFor({ timeout: PUSH_MS });
    await second!.stop();
    second = undefined;
    await page.locator('[data-testid="realtime-state"][data-state="waiting"]').waitFor({ timeout: PUSH_MS });
    await pay(order);
    second = await startSecond(secondPort);
    await withScreenshot(page, 'realtime-3-catch-up', async () => {
      await page.locator('[data-testid="realtime-state"][data-state="live"]').waitFor({ timeout: 30_000 });
      await expect.poll(() => row(page, order).textContent(), { timeout: PUSH_MS }).toContain('Success');
      expect(await sameDocument(page)).toBe(true);
    });
  });

  it('4. an announcement released by platform staff reaches the open page: the bell counts it at once', async () => {
    await withScreenshot(page, 'realtime-4-announcement', async () => {
      const count = page.getByTestId('announcement-bell').locator('.ant-scroll-number');
      const unread = async () => ((await count.count()) === 0 ? 0 : Number(await count.first().getAttribute('title')));
      const notices = page.locator('.ant-notification-notice', { hasText: 'New announcement' });
      const [before, shown] = [await unread(), await notices.count()];
      await releaseAnnouncement(`Realtime notice ${Date.now()}`);
      await expect.poll(() => notices.count(), { timeout: PUSH_MS }).toBe(shown + 1);
      await expect.poll(unread, { timeout: PUSH_MS }).toBe(before + 1);
      expect(await sameDocument(page)).toBe(true);
    });
  });
});

describe.sequential('realtime: the server of the socket hangs', () => {
  let page: Page;
  let proxy: FreezingProxy;
  /** Loaded machines are slow to run timers and to render: room beyond the spec's own times. */
  const SLACK_MS = 8_000;
  const state = () => page.getByTestId('realtime-state').getAttribute('data-state');

  beforeAll(async () => {
    proxy = await startFreezingProxy(port);
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await proxy?.close();
  });

  it('1. no pong within 6 s: the dot stops saying live, and a new socket is tried 5 s later without waiting for the close', async () => {
    await withScreenshot(page, 'realtime-5-hung', async () => {
      await openList(page, proxy.port);
      const opened = proxy.realtimeOpened;
      proxy.freeze();
      // The next ping is due within a heartbeat; its pong is late SOCKET_TIMEOUT_MS after it (before issue 40 the dot
      // said live until the close completed, 45.6 s in Chromium, here never).
      await page.locator('[data-testid="realtime-state"]:not([data-state="live"])').waitFor({ timeout: SOCKET_HEARTBEAT_MS + SOCKET_TIMEOUT_MS + SLACK_MS });
      const notLiveAt = Date.now();
      expect(await state()).toBe('waiting');
      // The dead socket's close cannot complete (the proxy holds it): the reconnect does not wait for it.
      await expect.poll(() => proxy.realtimeOpened, { timeout: SOCKET_RECONNECT_MS + SLACK_MS, interval: 100 }).toBe(opened + 1);
      expect(Date.now() - notLiveAt).toBeGreaterThanOrEqual(SOCKET_RECONNECT_MS - 1_500);
      // The new one hangs too: never said to be live.
      expect(await state()).not.toBe('live');
    });
  });

  it('2. the server answers again: the page is live and follows the payments, without a reload', async () => {
    await withScreenshot(page, 'realtime-6-thawed', async () => {
      proxy.thaw();
      await page.locator('[data-testid="realtime-state"][data-state="live"]').waitFor({ timeout: 30_000 });
      const order = await newOrder('thawed');
      await row(page, order).waitFor({ timeout: PUSH_MS });
      await pay(order);
      await expect.poll(() => row(page, order).textContent(), { timeout: PUSH_MS }).toContain('Success');
      expect(await sameDocument(page)).toBe(true);
    });
  });
});
