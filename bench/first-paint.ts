/**
 * bench:paint: what a person waits for in the browser (issue 10). Drives Debian's Chromium with an empty cache
 * for each run and reports, per case, the median and range over `--runs`:
 *
 *   static baseline  a one-heading HTML page served by this script on the same machine (the floor of the method)
 *   sign-in          LCP of the brand's sign-in page, and the JavaScript it loads before LCP (encoded bytes)
 *   home             LCP of the home page, opened with the session of a sign-in made through the form
 *   list             time from navigation to the frame that paints the first rows of the transaction list
 *                    (`--list-path`), measured in the page; when the list's request (`--list-api`) was sent and
 *                    answered within that time; and when the test driver saw the rows (its polling adds 0-500 ms)
 *
 * LCP is read from a `largest-contentful-paint` PerformanceObserver once the network is idle. A browser context is
 * new for each run (cold HTTP cache, as a first visit); home and list are hard navigations after signing in, so
 * they pay for their own bundle (the shell) as a person opening a bookmark does.
 *
 *   npm run bench:paint -w @mg/bench -- --base-url=http://127.0.0.1:18080 --runs=5 --user=demo_admin
 */
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { DEMO_PASSWORD, baseUrl, ms, opt, optInt, printTable } from './common';

const RUNS = optInt('runs', 5);
const USER = opt('user', 'demo_admin');
const HOST = opt('host', 'merchant.tikipay.test');
const LIST_PATH = opt('list-path', '/payment/collections');
const LIST_ROWS = `[data-testid="pane-${LIST_PATH}"] tr.ant-table-row`;
/** The API the list asks for its rows (`/payment/collections` -> `/api/collections`). */
const LIST_API = opt('list-api', '/api/collections');

interface ResourceEntry {
  name: string;
  startTime: number;
  responseEnd: number;
  initiatorType: string;
  encodedBodySize: number;
}

interface Figures {
  lcp: number;
  jsBytes: number;
  scripts: string[];
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', `--host-resolver-rules=MAP *.test 127.0.0.1`],
  });
}

/** The final LCP of the current document and the script bytes it fetched before that moment. */
async function lcpOf(page: Page): Promise<Figures> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<Figures>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const last = entries[entries.length - 1];
          const lcp = last ? last.startTime : NaN;
          // Typed by hand: the bench compiles without the DOM library.
          const scripts = (performance.getEntriesByType('resource') as unknown as ResourceEntry[])
            .filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
            .filter((r) => r.startTime <= lcp);
          resolve({ lcp, jsBytes: scripts.reduce((s, r) => s + r.encodedBodySize, 0), scripts: scripts.map((r) => r.name) });
        }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true });
      }),
  );
}

/**
 * Runs in the list's page before its scripts: the time (from the navigation's start, as LCP) of the first animation
 * frame after a row of the list is in the document with a box, i.e. the frame that paints it. Measured in the page
 * because the test driver's own wait sees a row late: it polls at growing intervals, up to 500 ms apart, which
 * put 0-500 ms of the driver's latency into this figure until 2026-11-28 (docs/benchmarks.md).
 */
function FIRST_ROW_CLOCK(selector: string): void {
  const g = globalThis as unknown as { __firstRowAt?: number; document: { querySelector(s: string): { getBoundingClientRect(): { height: number } } | null } };
  const raf = (globalThis as unknown as { requestAnimationFrame(cb: (t: number) => void): void }).requestAnimationFrame;
  const Observer = (globalThis as unknown as { MutationObserver: new (cb: () => void) => { observe(t: unknown, o: unknown): void; disconnect(): void } }).MutationObserver;
  const observer = new Observer(() => {
    const row = g.document.querySelector(selector);
    if (!row || row.getBoundingClientRect().height === 0) return;
    observer.disconnect();
    raf(() => {
      g.__firstRowAt = performance.now();
    });
  });
  observer.observe(g.document, { subtree: true, childList: true });
}

function staticServer(): Promise<{ url: string; close: () => void }> {
  const html = '<!doctype html><html><head><meta charset="utf-8"><title>static</title></head><body><h1>Sign in</h1></body></html>';
  const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(html));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    }),
  );
}

async function signInThroughForm(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByTestId('login-username').fill(USER);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-captcha').fill('abcd');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('side-menu').waitFor({ timeout: 60_000 });
}

/**
 * What the same scripts weigh gzipped (the issue's unit), whatever the server sends: fetched plain, gzipped here.
 * Per file too, so a growing sign-in bundle names its cause.
 */
async function gzippedBytes(urls: string[]): Promise<{ total: number; files: { name: string; bytes: number }[] }> {
  const files: { name: string; bytes: number }[] = [];
  for (const url of urls) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    files.push({ name: new URL(url).pathname, bytes: zlib.gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length });
  }
  return { total: files.reduce((s, f) => s + f.bytes, 0), files: files.sort((a, b) => b.bytes - a.bytes) };
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const range = (v: number[]) => `${ms(Math.min(...v))}-${ms(Math.max(...v))}`;

async function main(): Promise<void> {
  const base = new URL(baseUrl());
  const origin = `http://${HOST}:${base.port || 80}`;
  const browser = await launch();
  const stat = await staticServer();
  const samples: Record<string, number[]> = { static: [], signIn: [], signInJs: [], home: [], list: [], listSeen: [], listRequestStart: [], listAnswered: [] };
  let signInScripts: string[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await ctx.newPage();
      await page.goto(stat.url);
      samples.static!.push((await lcpOf(page)).lcp);

      await page.goto(`${origin}/login`);
      const signIn = await lcpOf(page);
      samples.signIn!.push(signIn.lcp);
      samples.signInJs!.push(signIn.jsBytes);
      signInScripts = signIn.scripts;

      await signInThroughForm(page, origin);
      await page.goto(`${origin}/dashboard/home`);
      samples.home!.push((await lcpOf(page)).lcp);

      await page.addInitScript(FIRST_ROW_CLOCK, LIST_ROWS);
      const started = Date.now();
      await page.goto(`${origin}${LIST_PATH}`, { waitUntil: 'commit' });
      await page.locator(LIST_ROWS).first().waitFor({ timeout: 60_000 });
      samples.listSeen!.push(Date.now() - started);
      // The clock records on the frame after the row, which may come after the driver saw the row.
      const painted = await page.waitForFunction(() => (globalThis as unknown as { __firstRowAt?: number }).__firstRowAt);
      samples.list!.push((await painted.jsonValue()) as number);
      // Where the list's own request sat in that time (from the navigation's start): the rest is the page's work.
      const request = await page.evaluate(
        (api) => (performance.getEntriesByType('resource') as unknown as ResourceEntry[]).find((r) => new URL(r.name).pathname === api),
        LIST_API,
      );
      samples.listRequestStart!.push(request ? request.startTime : NaN);
      samples.listAnswered!.push(request ? request.responseEnd : NaN);
      await ctx.close();
    }
  } finally {
    stat.close();
    await browser.close();
  }

  const kib = (v: number) => `${(v / 1024).toFixed(0)} KiB`;
  console.log(`bench:paint  ${origin}  user ${USER}  runs ${RUNS}  cores ${os.cpus().length}  load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  printTable([
    ['case', 'median ms', 'range ms', 'target ms'],
    ['static page LCP (baseline)', ms(median(samples.static!)), range(samples.static!), '-'],
    ['sign-in LCP', ms(median(samples.signIn!)), range(samples.signIn!), '1000'],
    ['home LCP after sign-in', ms(median(samples.home!)), range(samples.home!), '1500'],
    [`first rows of ${LIST_PATH}`, ms(median(samples.list!)), range(samples.list!), '1500'],
    [`  ${LIST_API} asked at`, ms(median(samples.listRequestStart!)), range(samples.listRequestStart!), '-'],
    [`  ${LIST_API} answered at`, ms(median(samples.listAnswered!)), range(samples.listAnswered!), '-'],
    ['  the rows as the test driver saw them', ms(median(samples.listSeen!)), range(samples.listSeen!), '-'],
  ]);
  console.log(`per run, first rows / answered (ms): ${samples.list!.map((v, i) => `${ms(v)}/${ms(samples.listAnswered![i]!)}`).join('  ')}`);
  const gz = await gzippedBytes(signInScripts.map((u) => u.replace(/^http:\/\/[^/]+/, base.origin)));
  console.log(
    `sign-in JavaScript before LCP: ${signInScripts.length} files, ${kib(median(samples.signInJs!))} as sent, ${kib(gz.total)} gzipped (target 250 KiB gzipped); the largest:`,
  );
  for (const f of gz.files.slice(0, 8)) console.log(`  ${kib(f.bytes).padStart(8)}  ${f.name}`);
  console.log(`sign-in LCP / static LCP: ${(median(samples.signIn!) / median(samples.static!)).toFixed(1)}x`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
