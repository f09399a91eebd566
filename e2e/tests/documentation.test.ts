/**
 * Issue 15 developer documentation (spec §2: /document redirects to /document/document), as a merchant's developer
 * uses it: the page shows the merchant's own id, the chosen key fills the examples, the call reference lists each
 * call's fields; and the Node example, copied from the page with the key's secret pasted in, runs against the server
 * and does what the page says (creates, pays, refunds, settles, and shows a refused request).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { OPEN_API_EXAMPLE_PLACEHOLDER } from '@mg/domain';
import { launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { DEMO_KEY_ID, DEMO_KEY_SECRET } from '../lib/open-api';
import { signIn, toEnglish } from '../lib/session';

const port = inject('port');
const base = `http://127.0.0.1:${port}`;
const run = promisify(execFile);

let browser: Browser;
let page: Page;
let dir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await (await newContext(browser)).newPage();
  dir = mkdtempSync(path.join(tmpdir(), 'mg-doc-example-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('developer documentation', () => {
  it("shows the merchant's values and each call's fields, and its Node example runs as shown", async () => {
    await withScreenshot(page, 'documentation-1', async () => {
      await signIn(page, port, 'demo_admin');
      await toEnglish(page);
      await page.goto(`${new URL(page.url()).origin}/document`);
      await page.getByTestId('developer-documentation').waitFor();
      expect(new URL(page.url()).pathname).toBe('/document/document');
      expect(await page.getByTestId('doc-merchant-id').textContent()).toBe('10001');

      // The demo key fills the examples (earlier files may have made other keys).
      await page.getByTestId('doc-key').click();
      await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: DEMO_KEY_ID }).click();
      await page.getByRole('tab', { name: 'Node 18 or later' }).click();
      const code = (await page.getByTestId('doc-example-node').locator('pre').textContent()) ?? '';
      expect(code).toContain(`const KEY_ID = '${DEMO_KEY_ID}';`);
      expect(code).toContain(`const KEY_SECRET = '${OPEN_API_EXAMPLE_PLACEHOLDER.KEY_SECRET}';`);
      expect(code).not.toContain(DEMO_KEY_SECRET);

      // The reference: a call opens on its fields, read from the server's request schema.
      await page.getByTestId('doc-call-createCollection').click();
      const fields = page.locator('#doc-calls .ant-collapse-content-active');
      await fields.getByText('merchantOrderId', { exact: true }).waitFor();
      expect(await fields.textContent()).toContain('Required');

      // The example as a developer would use it: copied, the secret pasted in, run.
      const file = path.join(dir, 'open-api-demo.mjs');
      writeFileSync(file, code.replace(OPEN_API_EXAMPLE_PLACEHOLDER.KEY_SECRET, DEMO_KEY_SECRET));
      const { stdout } = await run(process.execPath, [file], { env: { ...process.env, BASE: base }, timeout: 30_000 });
      expect(stdout).toMatch(/^created \S+ pending pay at /m);
      expect(stdout).toMatch(/^paid success \S+ fee \S+/m);
      expect(stdout).toMatch(/^refund \S+ /m);
      expect(stdout).toMatch(/^settled /m);
      expect(stdout).toMatch(/^as expected: 400 VALIDATION_FAILED/m);
    });
  });
});
