/**
 * Issue 11, a single payout as a newcomer does it: the operator fills the payout form (a wrong wallet phone is
 * refused on its field), sees the fee and total debit before confirming, and the payout waits for review with its
 * money held; the operator cannot approve; the admin approves it from the review queue with the Google code; the
 * sandbox channel pays it out and the list, the details and the balance agree. Then the batch journey: the template
 * (with its sheet of banks), a 50-row file with three bad rows, one fixed and two excluded, the submit confirmed with
 * the server's fee and total debit; the admin's queue shows the batch as one decision (its count is the list's
 * length, none of its payouts on their own), the approval confirmed with its fee and total debit and the Google code,
 * paid out, and the result file listing every row of the upload and agreeing with the balance (issue 40).
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

/** Types the current code into the open code field, cell by cell (the dialog may still be opening), all six checked. */
async function typeGoogleCode(page: Page, secret: string, testId = 'google-code'): Promise<void> {
  await page.getByTestId(testId).first().waitFor();
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
      // The reviewer's queue: what waits for them is counted, and one click opens the list of it.
      const count = admin.getByTestId('review-waiting').locator('.ant-badge-count');
      await count.waitFor();
      expect(Number(await count.getAttribute('title'))).toBeGreaterThanOrEqual(1);
      await clickUntilResponse(admin, admin.getByTestId('review-queue'), (r) => r.url().includes('/api/payouts/review/queue') && r.status() === 200);
      await admin.locator(`[data-testid="review-queue-drawer"] tr[data-row-key="payout-${payoutId}"]`).waitFor();
      await admin.getByTestId(`queue-approve-${payoutId}`).click();
      // One confirmation names what moves: the amount, the fee, the total debit, from the held balance, to whom.
      const confirmation = admin.getByTestId('review-confirmation');
      await confirmation.waitFor();
      expect(await confirmation.textContent()).toContain(shown(minor(AMOUNT)));
      expect(await confirmation.textContent()).toContain(en('payouts.review.fromHeld'));
      expect(await admin.getByTestId('review-total').textContent()).toBe(`${shown(total)} IDR`);
      // 2FA was turned on after the sign-in: the first confirm is answered by the server asking the code, on its field.
      await clickUntilResponse(admin, admin.getByTestId('review-confirm'), (r) => r.url().endsWith('/api/payouts/review') && r.status() === 400);
      await typeGoogleCode(admin, secret, 'review-google-code');
      await clickUntilResponse(admin, admin.getByTestId('review-confirm'), (r) => r.url().endsWith('/api/payouts/review') && r.status() === 200);
      // reviewed: it leaves the queue and its count
      await poll(() => admin.locator(`[data-testid="review-queue-drawer"] tr[data-row-key="payout-${payoutId}"]`).count()).toBe(0);
      await poll(() => admin.getByTestId('review-waiting').locator('.ant-badge-count').count()).toBe(0);
      await admin.locator('[data-testid="review-queue-drawer"] .ant-drawer-close').click();

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
      // The banks and their rules come with it: a sheet of them, and in the dialog.
      expect(template.worksheets[1]?.name).toBe('Banks');
      await operator.getByTestId('batch-rules').getByText(en('payouts.batch.rulesTitle')).click();
      await operator.getByTestId('batch-rules').getByText('Account number: exactly 13 digits').waitFor();

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

      // The confirmation names the amount, the server's fee, the total debit, the balance and the payees.
      const quoted = await clickUntilResponse(operator, operator.getByTestId('batch-submit'), (r) => r.url().endsWith('/api/payouts/batches/quote') && r.status() === 200);
      const quote = ((await quoted.json()) as { result: { fee: string; totalDebit: string; available: string } }).result;
      const confirmation = operator.getByTestId('batch-submit-confirmation');
      await confirmation.waitFor();
      expect(minor(quote.fee)).toBeGreaterThan(0n);
      expect(await confirmation.textContent()).toContain(`${shown(48n * EACH)} IDR`);
      expect(await operator.getByTestId('batch-submit-quote-fee').textContent()).toBe(`${shown(minor(quote.fee))} IDR`);
      expect(await operator.getByTestId('batch-submit-quote-total').textContent()).toBe(`${shown(48n * EACH + minor(quote.fee))} IDR`);
      expect(await operator.getByTestId('batch-submit-quote-balance').textContent()).toBe(en('payouts.batch.fromAvailable', { currency: IDR, amount: `${shown(minor(quote.available))} IDR` }));
      expect(await operator.getByTestId('batch-submit-quote-payees').textContent()).toBe(en('payouts.batch.payeeCount', { count: 10 }));
      const submitted = await clickUntilResponse(operator, operator.getByTestId('batch-submit-confirm'), (r) => r.url().endsWith('/api/payouts/batches') && r.request().method() === 'POST');
      const body = (await submitted.json()) as { result: { id: string; rowCount: number; uploadedCount: number; totalAmount: string; totalFee: string } };
      batchId = body.result.id;
      expect(body.result).toMatchObject({ rowCount: 48, uploadedCount: 50, totalAmount: String(48n * EACH), totalFee: quote.fee });
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

  it('2. the queue shows the batch as one decision, its count the length of the list; its payouts are read-only in the list', async () => {
    await withScreenshot(admin, 'payouts-4-batch-queue', async () => {
      await signIn(admin, port, 'demo_admin');
      await toEnglish(admin);
      await turnOnTotp('demo_admin', secret);
      await admin.goto(`${originOf(tikipay, port)}/payment/payouts`);
      // "Waiting for my review N" opens a list of N: the batch one line, none of its 48 payouts on their own.
      const count = admin.getByTestId('review-waiting').locator('.ant-badge-count');
      await count.waitFor();
      const waiting = Number(await count.getAttribute('title'));
      expect(waiting).toBeGreaterThanOrEqual(1);
      await clickUntilResponse(admin, admin.getByTestId('review-queue'), (r) => r.url().includes('/api/payouts/review/queue') && r.status() === 200);
      const drawer = admin.getByTestId('review-queue-drawer');
      await drawer.locator(`tr[data-row-key="batch-${batchId}"]`).waitFor();
      await poll(() => drawer.locator('tbody tr.ant-table-row').count()).toBe(waiting);
      expect(await drawer.locator('tr[data-row-key^="payout-"]').count()).toBe(waiting - 1);
      expect(await drawer.locator(`tr[data-row-key="batch-${batchId}"]`).textContent()).toContain(en('payouts.review.kind.batch', { count: 48 }));

      // Its payouts are in the list, and offer no review of their own: their Actions send the reviewer to the batch.
      const listed = await clickUntilResponse(admin, drawer.getByTestId(`queue-batch-payouts-${batchId}`), (r) => r.url().includes(`batchId=${batchId}`) && r.status() === 200);
      const members = ((await listed.json()) as { result: { records: { id: string; batchId: string }[]; total: number } }).result;
      expect(members.total).toBe(48);
      expect(new Set(members.records.map((r) => r.batchId))).toEqual(new Set([batchId]));
      const member = admin.locator(`tr[data-row-key="${members.records[0]!.id}"]`);
      await poll(() => member.textContent()).toContain(en('payouts.review.withBatch'));
      expect(await admin.getByTestId(`approve-${members.records[0]!.id}`).count()).toBe(0);
      expect(await admin.getByTestId(`with-batch-${members.records[0]!.id}`).getAttribute('title')).toBe(batchId);
    });
  }, 60_000);

  it('3. the admin approves the batch from the queue with the Google code; it is paid out; the result file agrees', async () => {
    await withScreenshot(admin, 'payouts-5-batch-review', async () => {
      await clickUntilResponse(admin, admin.getByTestId('review-queue'), (r) => r.url().includes('/api/payouts/review/queue') && r.status() === 200);
      const quoted = await clickUntilResponse(admin, admin.getByTestId(`queue-approve-${batchId}`), (r) => r.url().includes(`/api/payouts/batches/${batchId}/quote`) && r.status() === 200);
      const quote = ((await quoted.json()) as { result: { count: number; amount: string; fee: string; totalDebit: string } }).result;
      expect(quote).toMatchObject({ count: 48, amount: String(48n * EACH), totalDebit: String(48n * EACH + minor(quote.fee)) });
      await admin.getByTestId('batch-review-confirmation').waitFor();
      expect(await admin.getByTestId('batch-review-quote-fee').textContent()).toBe(`${shown(minor(quote.fee))} IDR`);
      expect(await admin.getByTestId('batch-review-quote-total').textContent()).toBe(`${shown(minor(quote.totalDebit))} IDR`);
      expect(await admin.getByTestId('batch-review-quote-balance').textContent()).toContain(`${shown(minor(quote.totalDebit))} IDR`);
      expect(minor(quote.totalDebit)).toBe(await openApiTotal());
      // 2FA was turned on after the sign-in: the first confirm is answered by the server asking the code, on its field.
      await clickUntilResponse(admin, admin.getByTestId('batch-review-confirm'), (r) => r.url().includes(`/api/payouts/batches/${batchId}/review`) && r.status() === 400);
      await typeGoogleCode(admin, secret, 'batch-review-google-code');
      await clickUntilResponse(admin, admin.getByTestId('batch-review-confirm'), (r) => r.url().includes(`/api/payouts/batches/${batchId}/review`) && r.status() === 200);
      // decided: the batch leaves the queue
      await poll(() => admin.locator(`[data-testid="review-queue-drawer"] tr[data-row-key="batch-${batchId}"]`).count()).toBe(0);
      await admin.locator('[data-testid="review-queue-drawer"] .ant-drawer-close').click();
      await admin.getByTestId('batches').click();
      // sent, answered by the sandbox channel, then processed: the open list refreshes by itself
      const row = admin.locator(`[data-testid="batches-drawer"] tr[data-row-key="${batchId}"]`);
      await poll(() => row.textContent(), 45_000).toContain(en('status.payoutBatch.processed'));
      const book = await downloaded(admin, () => admin.getByTestId(`result-${batchId}`).click());
      const sheet = book.worksheets[0]!;
      // Every row of the upload: 48 paid, rows 10 and 20 excluded with the problems they had.
      expect(sheet.rowCount).toBe(51);
      let paid = 0n;
      const left: string[] = [];
      sheet.eachRow((r, n) => {
        if (n === 1) return;
        if (String(r.getCell(2).value) !== en('payouts.batch.fate.submitted')) {
          left.push(`${r.getCell(1).value} ${r.getCell(2).value}`);
          return;
        }
        expect(String(r.getCell(4).value)).toBe(en('status.payout.success'));
        paid += BigInt(String(r.getCell(10).value)) + BigInt(String(r.getCell(11).value));
      });
      expect(left).toEqual([`10 ${en('payouts.batch.fate.failedCheck')}`, `20 ${en('payouts.batch.fate.failedCheck')}`]);
      const after = await idrBalance();
      expect(before.available - after.available).toBe(paid);
      expect(after.frozen).toBe(before.frozen);
    }, 100_000);
  }, 120_000);
});

