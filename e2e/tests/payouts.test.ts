/**
 * Issue 11, a single payout as a newcomer does it: the operator fills the payout form (a wrong wallet phone is
 * refused on its field), sees the fee and total debit before confirming, and the payout waits for review with its
 * money held; the operator cannot approve; the admin approves it with the Google code; the sandbox channel pays it
 * out and the list, the details and the balance agree. Then the batch journey: the template, a 50-row file with three
 * bad rows, one fixed and two excluded, submitted, approved by the admin with the Google code, paid out, and the
 * result file agreeing with the balance.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generate, generateSecret } from 'otplib';
import { formatAmount, parseAmount, translate, type CurrencyCode } from '@mg/domain';
import { clickUntilResponse, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { openApi } from '../lib/open-api';
import { brandOf, dbClient, originOf, signIn, toEnglish } from '../lib/session';

const port = inject('port');
const dataDir = inject('dataDir');
const base = `http://127.0.0.1:${port}`;
const tikipay = brandOf('tikipay');
const IDR: CurrencyCode = 'IDR';
const AMOUNT = '150000';
const PHONE = '081234567890';

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });
const minor = (v: string) => {
  const r = parseAmount(v, IDR, { allowZero: true });
  if (!r.ok) throw new Error(`not an amount: ${v}`);
  return r.minor;
};
const shown = (m: bigint) => formatAmount(m, IDR, { locale: 'en-US' });
const en = (key: string, params?: Record<string, string | number>) => translate('en-US', key, params);

async function idrBalance(): Promise<{ available: bigint; frozen: bigint }> {
  const r = await openApi<{ balances: { currency: string; available: string; frozen: string }[] }>(base, 'GET', '/api/open/v1/balance?currency=IDR');
  const b = r.body.result.balances.find((x) => x.currency === IDR);
  if (!b) throw new Error('no IDR balance line');
  return { available: minor(b.available), frozen: minor(b.frozen) };
}

/** Turns Google Authenticator on for a signed-in user, as if enrolled elsewhere: the next approval must ask the code. */
async function turnOnTotp(username: string, secret: string): Promise<void> {
  const db = await dbClient(dataDir);
  await db.query(`update app_user set totp_secret = $1, totp_enabled = true, totp_last_step = null where username = $2`, [secret, username]);
  await db.end();
}
async function turnOffTotp(username: string): Promise<void> {
  const db = await dbClient(dataDir);
  await db.query(`update app_user set totp_enabled = false, totp_secret = null, totp_last_step = null where username = $1`, [username]);
  await db.end();
}

/** Types the current code into the open code dialog, cell by cell (the dialog may still be opening), all six checked. */
async function typeGoogleCode(page: Page, secret: string): Promise<void> {
  await page.getByTestId('google-code').first().waitFor();
  const code = await generate({ secret });
  const cells = page.locator('.ant-modal-wrap:visible .ant-otp input');
  for (let i = 0; i < code.length; i++) await cells.nth(i).fill(code[i]!);
  await poll(() => cells.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).join(''))).toBe(code);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.sequential('a single payout: make, confirm, review with the Google code, paid out', () => {
  let operator: Page;
  let admin: Page;
  let payoutId = '';
  let before: { available: bigint; frozen: bigint };
  let total = 0n;
  const secret = generateSecret();

  beforeAll(async () => {
    operator = await (await newContext(browser)).newPage();
    admin = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await turnOffTotp('demo_admin');
    await operator?.context().close();
    await admin?.context().close();
  });

  it('1. the operator fills the form; a wrong wallet phone is refused on its field; the confirmation shows fee and total', async () => {
    before = await idrBalance();
    await withScreenshot(operator, 'payouts-1-form', async () => {
      await signIn(operator, port, 'demo_operator', { depart: 'Finance' });
      await toEnglish(operator);
      await operator.goto(`${originOf(tikipay, port)}/payment/payouts`);
      await operator.getByTestId('create-payout').click();
      await operator.getByTestId('payout-bank').click();
      await operator.locator('.ant-select-item-option', { hasText: 'OVO' }).click();
      await operator.getByTestId('payout-accountNumber').fill('0712345678');
      await operator.getByTestId('payout-accountName').fill('Budi Santoso');
      await operator.getByTestId('payout-amount').fill(AMOUNT);
      await operator.getByTestId('payout-continue').click();
      await operator.locator('.ant-form-item-explain-error', { hasText: en('payouts.validation.phonePrefix', { field: en('payouts.fields.walletPhone'), prefix: '08' }) }).waitFor();

      await operator.getByTestId('payout-accountNumber').fill(PHONE);
      await operator.getByTestId('payout-continue').click();
      await operator.getByTestId('payout-confirmation').waitFor();
      const fee = minor(((await operator.getByTestId('payout-quote-fee').textContent()) ?? '').replace(/[^\d.]/g, ''));
      expect(fee).toBeGreaterThan(0n);
      total = minor(AMOUNT) + fee;
      expect(await operator.getByTestId('payout-quote-total').textContent()).toBe(`${shown(total)} IDR`);

      const created = await clickUntilResponse(operator, operator.getByTestId('payout-confirm'), (r) => r.url().endsWith('/api/payouts') && r.request().method() === 'POST');
      const body = (await created.json()) as { result: { id: string; status: string } };
      payoutId = body.result.id;
      expect(body.result.status).toBe('pending_review');
      const row = operator.locator(`tr[data-row-key="${payoutId}"]`);
      await poll(() => row.textContent()).toContain(en('status.payout.pending_review'));
      // the operator makes payouts but never checks them
      expect(await operator.getByTestId(`approve-${payoutId}`).count()).toBe(0);
    });
    // held at once: available gave the total, frozen holds it
    const after = await idrBalance();
    expect(before.available - after.available).toBe(total);
    expect(after.frozen - before.frozen).toBe(total);
  });

  it('2. the admin approves it with the Google code; the sandbox channel pays it out', async () => {
    await withScreenshot(admin, 'payouts-2-review', async () => {
      await signIn(admin, port, 'demo_admin');
      await toEnglish(admin);
      // 2FA turned on after the sign-in: the approval must ask the code
      await turnOnTotp('demo_admin', secret);
      await admin.goto(`${originOf(tikipay, port)}/payment/payouts`);
      // The reviewer's queue: what waits for them is counted, and one click filters the list to it.
      const count = admin.getByTestId('review-waiting').locator('.ant-badge-count');
      await count.waitFor();
      expect(Number(await count.getAttribute('title'))).toBeGreaterThanOrEqual(1);
      await clickUntilResponse(admin, admin.getByTestId('review-queue'), (r) => r.url().includes('/api/payouts?') && r.url().includes('status=pending_review') && r.status() === 200);
      await admin.getByTestId(`approve-${payoutId}`).click();
      await admin.getByTestId('review-summary').waitFor();
      expect(await admin.getByTestId('review-summary').textContent()).toContain(shown(minor(AMOUNT)));
      await admin.getByTestId('review-ok').click();
      await typeGoogleCode(admin, secret);
      await clickUntilResponse(admin, admin.getByTestId('google-code-ok'), (r) => r.url().endsWith('/api/payouts/review') && r.status() === 200);
      // reviewed: it leaves the queue; the whole list again
      await poll(() => admin.getByTestId('review-waiting').locator('.ant-badge-count').count()).toBe(0);
      await clickUntilResponse(admin, admin.getByRole('button', { name: 'Reset' }), (r) => r.url().includes('/api/payouts?') && !r.url().includes('status=') && r.status() === 200);

      const row = admin.locator(`tr[data-row-key="${payoutId}"]`);
      // sent by the job, answered by the sandbox channel a few seconds later: reload until the list says so
      await poll(async () => {
        await admin.reload();
        await row.waitFor();
        return row.textContent();
      }, 30_000).toContain(en('status.payout.success'));
      await row.click();
      const timeline = admin.getByTestId('payout-timeline');
      await timeline.waitFor();
      await poll(() => timeline.textContent()).toContain(en('payouts.event.approved'));
      expect(await timeline.textContent()).toContain('demo_admin');
      expect(await timeline.textContent()).toContain(en('payouts.event.ended'));
      expect(await admin.getByTestId('payout-total').textContent()).toBe(`${shown(total)} IDR`);
    });
    const after = await idrBalance();
    expect(before.available - after.available).toBe(total);
    expect(after.frozen).toBe(before.frozen);
  });
});

/** Saves what a click downloads and reads it as a workbook. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<ExcelJS.Workbook> {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), click()]);
  const file = path.join(tmpdir(), `mg-e2e-${Date.now()}-${d.suggestedFilename()}`);
  await d.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  return book;
}

describe.sequential('a batch payout: template, 50 rows with three bad, fix one, exclude two, approve, results', () => {
  let operator: Page;
  let admin: Page;
  let before: { available: bigint; frozen: bigint };
  let batchId = '';
  const secret = generateSecret();
  const ROWS = 50;
  const EACH = 100_000n;

  beforeAll(async () => {
    operator = await (await newContext(browser)).newPage();
    admin = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await turnOffTotp('demo_admin');
    await operator?.context().close();
    await admin?.context().close();
  });

  it('1. the operator downloads the template, uploads 50 rows, fixes one bad row, excludes two, submits 48', async () => {
    // Money to pay out: a collection paid and settled through the sandbox (the demo balance alone may not cover it).
    const funded = await openApi<{ id: string }>(base, 'POST', '/api/open/v1/collections', { merchantOrderId: `E2E-FUND-${Date.now()}`, amount: '8000000', currency: IDR, paymentType: 1 });
    expect(funded.status, JSON.stringify(funded.body)).toBe(201);
    expect((await openApi(base, 'POST', `/api/open/v1/sandbox/collections/${funded.body.result.id}/pay`, {})).status).toBe(200);
    expect((await openApi(base, 'POST', '/api/open/v1/sandbox/settlements/run', {})).status).toBe(200);
    before = await idrBalance();
    await withScreenshot(operator, 'payouts-3-batch', async () => {
      await signIn(operator, port, 'demo_operator', { depart: 'Finance' });
      await toEnglish(operator);
      await operator.goto(`${originOf(tikipay, port)}/payment/payouts`);
      await operator.getByTestId('batch-payout').click();
      const template = await downloaded(operator, () => operator.getByTestId('batch-template-xlsx').click());
      const header = (template.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map(String);
      expect(header).toEqual(['Merchant order ID', 'Bank code', 'Account number', 'Account name', 'Amount', 'Description']);

      const stamp = Date.now();
      const lines = Array.from({ length: ROWS }, (_, i) => [`E2E-B-${stamp}-${i + 1}`, 'BCA', `123456780${i % 10}`, `Payee ${i + 1}`, String(EACH), `Invoice ${i + 1}`]);
      lines[4]![2] = '123'; // row 5: a BCA account has 10 digits (fixed below)
      lines[9]![0] = lines[8]![0]!; // row 10: the order id of row 9 again (excluded)
      lines[19]![4] = '100000.5'; // row 20: IDR has no decimals (excluded)
      const csv = [header.join(','), ...lines.map((l) => l.join(','))].join('\r\n');
      await operator.locator('.ant-modal-wrap:visible input[type=file]').setInputFiles({ name: 'batch.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await poll(() => operator.getByTestId('batch-invalid').textContent()).toBe(en('payouts.batch.invalidCount', { count: 3 }));
      expect(await operator.getByTestId('batch-submit').isDisabled()).toBe(true);

      await operator.getByTestId('batch-only-invalid').click();
      await operator.getByTestId('cell-5-accountNumber').fill('1234567805');
      await operator.getByTestId('exclude-10').click();
      await operator.getByTestId('exclude-20').click();
      await poll(() => operator.getByTestId('batch-invalid').textContent()).toBe(en('payouts.batch.invalidCount', { count: 0 }));
      expect(await operator.getByTestId('batch-submitting').textContent()).toBe(en('payouts.batch.submitting', { count: 48, total: `${shown(48n * EACH)} IDR` }));
      expect(await operator.getByTestId('batch-excluded').textContent()).toBe(en('payouts.batch.excluded', { count: 2, total: `${shown(EACH)} IDR` }));
      // uploaded = submitted + excluded (row 20's "100000.5" is no IDR amount, so it counts in no total)
      expect(await operator.getByTestId('batch-uploaded').textContent()).toBe(en('payouts.batch.uploaded', { count: ROWS, total: `${shown(49n * EACH)} IDR` }));

      await operator.getByTestId('batch-submit').click();
      const submitted = await clickUntilResponse(operator, operator.getByTestId('batch-submit-confirm'), (r) => r.url().endsWith('/api/payouts/batches') && r.request().method() === 'POST');
      const body = (await submitted.json()) as { result: { id: string; rowCount: number; uploadedCount: number; totalAmount: string; totalFee: string } };
      batchId = body.result.id;
      expect(body.result).toMatchObject({ rowCount: 48, uploadedCount: 50, totalAmount: String(48n * EACH) });
      await operator.getByTestId('batch-result').waitFor();
    });
    const after = await idrBalance();
    const batchTotal = await openApiTotal();
    expect(before.available - after.available).toBe(batchTotal);
  }, 90_000);

  async function openApiTotal(): Promise<bigint> {
    const db = await dbClient(dataDir);
    const { rows } = await db.query<{ t: string }>(`select (total_amount + total_fee)::text as t from payout_batch where id = $1`, [batchId]);
    await db.end();
    return BigInt(rows[0]!.t);
  }

  it('2. the admin approves the batch with the Google code; it is paid out; the result file agrees with the balance', async () => {
    await withScreenshot(admin, 'payouts-4-batch-review', async () => {
      await signIn(admin, port, 'demo_admin');
      await toEnglish(admin);
      await turnOnTotp('demo_admin', secret);
      await admin.goto(`${originOf(tikipay, port)}/payment/payouts`);
      await admin.getByTestId('batches').click();
      await admin.getByTestId(`approve-batch-${batchId}`).click();
      await typeGoogleCode(admin, secret);
      await clickUntilResponse(admin, admin.getByTestId('google-code-ok'), (r) => r.url().includes(`/api/payouts/batches/${batchId}/review`) && r.status() === 200);
      // sent, answered by the sandbox channel, then processed: the open list refreshes by itself
      const row = admin.locator(`[data-testid="batches-drawer"] tr[data-row-key="${batchId}"]`);
      await poll(() => row.textContent(), 45_000).toContain(en('status.payoutBatch.processed'));
      const book = await downloaded(admin, () => admin.getByTestId(`result-${batchId}`).click());
      const sheet = book.worksheets[0]!;
      expect(sheet.rowCount).toBe(49);
      let paid = 0n;
      sheet.eachRow((r, n) => {
        if (n === 1) return;
        expect(String(r.getCell(8).value)).toBe(en('status.payout.success'));
        paid += BigInt(String(r.getCell(6).value)) + BigInt(String(r.getCell(7).value));
      });
      const after = await idrBalance();
      expect(before.available - after.available).toBe(paid);
      expect(after.frozen).toBe(before.frozen);
    }, 100_000);
  }, 120_000);
});

