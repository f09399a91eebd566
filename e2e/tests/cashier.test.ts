/**
 * Issue 40, the payer's cashier as a payer sees it. A partial payment is not a success: the IDR sandbox magic amount
 * 100 077 (half arrives) and a USDT order sent half from the sandbox wallet each say what arrived, what is still due
 * and what happens to the rest, and never "Payment successful". A virtual-account top-up's cashier shows what to pay
 * to: the VA number, the bank and the amount. Each screen is kept at 1440 and 390 px in two languages.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NETWORKS, PAYMENT_TYPES, PaymentType, findChannel, findEnumEntry, formatAmount, translate, type CurrencyCode, type Language } from '@mg/domain';
import { clickUntilResponse, launchBrowser, newContext, shoot, withScreenshot } from '../lib/browser';
import { newSandboxKey, openApi, type OpenApiKey } from '../lib/open-api';
import { brandOf, dbClient, DEMO_PASSWORD, originOf, signIn, switchLanguage, toEnglish } from '../lib/session';

const port = inject('port');
const dataDir = inject('dataDir');
const base = `http://127.0.0.1:${port}`;
const tikipay = brandOf('tikipay');
const coinrail = brandOf('coinrail');
const CRYPTO_MERCHANT = 10010;
const WIDTHS = [1440, 390] as const;

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s+/g, ' ').trim();
/** An amount as the cashier shows it in a language: "IDR 50,038", "IDR 50.038". */
const money = (minor: bigint, currency: CurrencyCode, lang: Language) => `${currency} ${formatAmount(minor, currency, { locale: lang })}`;

interface Order {
  id: string;
  cashierUrl: string;
  paymentCode: string;
}
interface CashierAnswer {
  status: string;
  paidAmount: string | null;
  dueAmount: string | null;
}

/** The partial result in `lang`: title, what arrived, what is still due, the rest; and no success anywhere. */
async function expectPartial(page: Page, lang: Language, a: { paid: string; due: string; merchant: string; crypto: boolean }): Promise<void> {
  const t = (key: string, params?: Record<string, string>) => translate(lang, key, params);
  await poll(() => text(page, 'cashier-result')).toBe(t('cashier.partial.title'));
  expect(await text(page, 'cashier-arrived')).toBe(t('cashier.partial.arrived', { amount: a.paid }));
  expect(await text(page, 'cashier-due')).toBe(t('cashier.partial.due', { amount: a.due }));
  expect(await text(page, 'cashier-rest')).toBe(
    `${t('cashier.partial.merchantContacts', { merchant: a.merchant })} ${t(a.crypto ? 'cashier.partial.cryptoNoResend' : 'cashier.partial.noSecondPayment')}`,
  );
  // A warning, not the success state: neither its title nor antd's success result is on the page.
  expect(await page.locator('.ant-result-warning').count()).toBe(1);
  expect(await page.locator('.ant-result-success').count()).toBe(0);
  expect(await page.locator('body').innerText()).not.toContain(t('cashier.paidTitle'));
}

/** The page at both widths in `lang`, kept as `<name>-<lang>-<width>.png`. */
async function shootWidths(page: Page, name: string, lang: Language): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `${name}-${lang}-${width}`);
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.sequential('a partial payment at the payer’s cashier', () => {
  let payer: Page;
  beforeAll(async () => {
    payer = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await payer?.context().close();
  });

  it('IDR magic amount 100 077: the payer pays, half arrives; the page says what arrived and what is still due, in English and Indonesian', async () => {
    const created = await openApi<Order>(base, 'POST', '/api/open/v1/collections', {
      merchantOrderId: `E2E-PARTIAL-${Date.now()}`,
      amount: '100077',
      currency: 'IDR',
      paymentType: PaymentType.VA,
      payerName: 'Budi Santoso',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const order = created.body.result;
    await withScreenshot(payer, 'cashier-1-partial-idr', async () => {
      await payer.goto(`${originOf(tikipay, port)}${new URL(order.cashierUrl).pathname}`);
      await switchLanguage(payer, 'en-US');
      await poll(() => text(payer, 'cashier-amount')).toBe('IDR 100,077');
      const answer = await clickUntilResponse(payer, payer.getByTestId('cashier-pay'), (r) => r.url().endsWith('/pay') && r.request().method() === 'POST');
      expect(answer.status()).toBe(200);
      // The server's figures: half (rounded down) arrived, the rest is due.
      expect(((await answer.json()) as { result: CashierAnswer }).result).toMatchObject({ status: 'partial', paidAmount: '50038', dueAmount: '50039' });
      for (const lang of ['en-US', 'id-ID'] as const) {
        await switchLanguage(payer, lang);
        await expectPartial(payer, lang, { paid: money(50038n, 'IDR', lang), due: money(50039n, 'IDR', lang), merchant: 'Demo Store', crypto: false });
        await shootWidths(payer, 'cashier-partial-idr', lang);
      }
      // A reload shows the same: the state is the order's, not the page's.
      await payer.reload();
      await expectPartial(payer, 'id-ID', { paid: money(50038n, 'IDR', 'id-ID'), due: money(50039n, 'IDR', 'id-ID'), merchant: 'Demo Store', crypto: false });
    });
    const record = await openApi<{ status: string; paidAmount: string }>(base, 'GET', `/api/open/v1/collections/${order.id}`);
    expect(record.body.result).toMatchObject({ status: 'partial', paidAmount: '50038' });
  });

  it('a USDT order sent half: once the confirmations are in, the page says what arrived and what is still due, in English and Chinese', async () => {
    const key: OpenApiKey = await newSandboxKey(base, { username: 'crypto_admin', password: DEMO_PASSWORD, brand: 'coinrail', merchantId: CRYPTO_MERCHANT, name: 'e2e cashier partial' });
    const created = await openApi<Order>(
      base,
      'POST',
      '/api/open/v1/collections',
      { merchantOrderId: `E2E-USDT-HALF-${Date.now()}`, amount: '42.5', currency: 'USDT', paymentType: PaymentType.CRYPTO, channel: NETWORKS.ETH.channel },
      key,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const order = created.body.result;
    await withScreenshot(payer, 'cashier-2-partial-usdt', async () => {
      await payer.setViewportSize({ width: 1280, height: 800 });
      await payer.goto(`${originOf(coinrail, port)}${new URL(order.cashierUrl).pathname}`);
      await switchLanguage(payer, 'en-US');
      await payer.getByTestId('cashier-crypto-send-to').waitFor();
      await clickUntilResponse(payer, payer.getByTestId('cashier-send-under'), (r) => r.url().endsWith('/crypto/send') && r.status() === 200);
      // Paid (in part) once the network's 12 confirmations are in and the chain job has run.
      await payer.getByTestId('cashier-result').waitFor({ timeout: 45_000 });
      for (const lang of ['en-US', 'zh-CN'] as const) {
        await switchLanguage(payer, lang);
        await expectPartial(payer, lang, { paid: money(21_250000n, 'USDT', lang), due: money(21_250000n, 'USDT', lang), merchant: 'CoinRail Demo', crypto: true });
        // What reached the address stays on the page.
        expect(await text(payer, 'cashier-deposit-amount')).toBe(`${formatAmount(21_250000n, 'USDT', { locale: lang })} USDT`);
        await shootWidths(payer, 'cashier-partial-usdt', lang);
      }
    });
    const record = await openApi<{ status: string; paidAmount: string }>(base, 'GET', `/api/open/v1/collections/${order.id}`, undefined, key);
    expect(record.body.result).toMatchObject({ status: 'partial', paidAmount: '21.250000' });
  });
});

describe.sequential('a virtual-account top-up’s cashier', () => {
  let page: Page;
  beforeAll(async () => {
    page = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('shows what to pay to: the VA number the top-up was given, the bank and the amount', async () => {
    await withScreenshot(page, 'cashier-3-top-up-va', async () => {
      await signIn(page, port, 'demo_operator', { depart: 'Finance' });
      await toEnglish(page);
      await page.goto(`${originOf(tikipay, port)}/funds/top-ups?new=1`);
      await page.getByTestId('top-up-form').waitFor();
      await page.getByTestId('top-up-amount').fill('250000');
      const answer = await clickUntilResponse(page, page.getByTestId('top-up-create'), (r) => r.url().endsWith('/api/top-ups') && r.request().method() === 'POST');
      const created = ((await answer.json()) as { result: { id: string; cashierUrl: string; paymentType: number; channel: number } }).result;
      // The form's first method for IDR is the virtual account.
      expect(created.paymentType).toBe(PaymentType.VA);
      const db = await dbClient(dataDir);
      const { rows } = await db.query<{ payment_code: string | null }>('select payment_code from top_up where id = $1', [created.id]);
      await db.end();
      const va = rows[0]?.payment_code ?? '';
      expect(va).toMatch(/^88\d{14}$/);

      const cashier = await page.context().newPage();
      await cashier.goto(`${originOf(tikipay, port)}${new URL(created.cashierUrl).pathname}`);
      const type = findEnumEntry(PAYMENT_TYPES, PaymentType.VA)!;
      const channel = findChannel(created.channel)!;
      for (const lang of ['en-US', 'id-ID'] as const) {
        await switchLanguage(cashier, lang);
        const t = (k: string) => translate(lang, k);
        await poll(() => text(cashier, 'cashier-code')).toBe(va);
        expect(await cashier.getByTestId('cashier-method').textContent()).toContain(t('cashier.code.va'));
        expect(await text(cashier, 'cashier-method')).toContain(`${t(type.i18nKey)} · ${t(channel.i18nKey)}`);
        expect(await text(cashier, 'cashier-amount')).toBe(money(250000n, 'IDR', lang));
        await cashier.getByTestId('copy-code').waitFor();
        await shootWidths(cashier, 'cashier-top-up-va', lang);
      }
      await cashier.close();
    });
  });
});
