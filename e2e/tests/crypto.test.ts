/**
 * Issue 13, crypto as the coinrail merchant does it: the crypto admin opens Crypto assets (balances agreeing with the
 * ledger, the networks), adds a withdrawal address (an address of the other network refused on its field, then one
 * accepted and counting down its cooling period); the crypto operator pays out USDT to the demo book's TRON address
 * (past its cooling), chosen from the book, with the network fee shown before confirming; the crypto admin approves
 * it; the sandbox chain broadcasts and confirms it, and the details show the address paid and the chain transaction.
 * Then a pay-in: a USDT collection made with a key of the merchant, paid at the cashier from the sandbox wallet, counted
 * only once its network's confirmations are in.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { NETWORKS, PaymentType, formatAmount, parseAmount, translate } from '@mg/domain';
import { clickUntilResponse, launchBrowser, newContext, withScreenshot } from '../lib/browser';
import { newSandboxKey, openApi } from '../lib/open-api';
import { brandOf, dbClient, DEMO_PASSWORD, originOf, signIn, toEnglish } from '../lib/session';

const port = inject('port');
const dataDir = inject('dataDir');
const coinrail = brandOf('coinrail');
const MERCHANT = 10010;
const AMOUNT = '120.5';
/** The demo book's TRON address (apps/server/src/modules/crypto/demo.ts), usable from the start. */
const TRON_ADDRESS = 'TZCNXo6FtFWyueakqJ1nYQpJSitD3XHN3g';
const NEW_ETH_ADDRESS = '0x7AB3f1ec1902E80dF04BdCB58729c92ed867f324';

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout });
const en = (key: string, params?: Record<string, string | number>) => translate('en-US', key, params);
const minor = (v: string) => {
  const r = parseAmount(v, 'USDT', { allowZero: true });
  if (!r.ok) throw new Error(`not an amount: ${v}`);
  return r.minor;
};
const shown = (m: bigint) => `${formatAmount(m, 'USDT', { locale: 'en-US' })} USDT`;

async function usdt(kind: 'available' | 'frozen'): Promise<bigint> {
  const db = await dbClient(dataDir);
  const { rows } = await db.query<{ b: string }>(`select balance::text as b from ledger_account where merchant_id = $1 and currency = 'USDT' and kind = $2`, [MERCHANT, kind]);
  await db.end();
  return rows[0] ? BigInt(rows[0].b) : 0n;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.sequential('crypto assets, the address book and a USDT payout', () => {
  let admin: Page;
  let operator: Page;
  let payoutId = '';
  let before = 0n;
  let frozenBefore = 0n;
  const total = minor(AMOUNT) + minor(NETWORKS.TRON.payoutFee);

  beforeAll(async () => {
    admin = await (await newContext(browser)).newPage();
    operator = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await admin?.context().close();
    await operator?.context().close();
  });

  it('1. the crypto admin sees the balances and networks, and adds an address checked against its network', async () => {
    await withScreenshot(admin, 'crypto-1-assets', async () => {
      await signIn(admin, port, 'crypto_admin');
      await toEnglish(admin);
      await admin.goto(`${originOf(coinrail, port)}/funds/crypto`);
      const available = admin.getByTestId('crypto-available');
      await available.waitFor({ state: 'attached' });
      expect(minor((await available.textContent()) ?? '')).toBe(await usdt('available'));
      await admin.locator('tr', { hasText: NETWORKS.TRON.name }).filter({ hasText: '20' }).first().waitFor();
      await admin.getByTestId(`address-book`).locator('tr', { hasText: TRON_ADDRESS }).filter({ hasText: en('crypto.addresses.usable') }).waitFor();

      await admin.getByTestId('address-add').click();
      await admin.getByTestId('address-network').click();
      await admin.locator('.ant-select-item-option', { hasText: NETWORKS.ETH.name }).click();
      await admin.getByTestId('address-input').fill(TRON_ADDRESS);
      await admin.getByTestId('address-label').fill('Payroll wallet');
      await admin.getByTestId('address-save').click();
      const otherNetwork = en('crypto.address.otherNetwork', { network: NETWORKS.ETH.name, other: NETWORKS.TRON.name });
      await admin.locator('.ant-form-item-explain-error', { hasText: otherNetwork }).waitFor();

      await admin.getByTestId('address-input').fill(NEW_ETH_ADDRESS);
      await clickUntilResponse(admin, admin.getByTestId('address-save'), (r) => r.url().endsWith('/api/crypto/addresses') && r.request().method() === 'POST' && r.status() === 200);
      const row = admin.getByTestId('address-book').locator('tr', { hasText: NEW_ETH_ADDRESS });
      await poll(() => row.textContent()).toMatch(/Usable in 23:59:\d\d/);
      // Every admin is told: the notice is in the bell (read here, so no other test finds it unread).
      const title = en('crypto.notice.addressAddedTitle', { network: NETWORKS.ETH.name });
      const bell = admin.getByTestId('announcement-bell');
      await poll(async () => {
        await admin.reload();
        await bell.waitFor();
        return bell.locator('.ant-badge-count').count();
      }).toBeGreaterThan(0);
      await bell.click();
      await clickUntilResponse(admin, admin.getByTestId('announcement-list').getByText(title).first(), (r) => r.url().includes('/annountCement/read') && r.request().method() === 'PUT');
      await admin.locator('.ant-modal').getByText(NEW_ETH_ADDRESS).waitFor();
      await admin.locator('.ant-modal-close').click();
    });
  });

  it('2. the operator pays out to the TRON address of the book; the network fee and total shown before; held at once', async () => {
    before = await usdt('available');
    frozenBefore = await usdt('frozen');
    await withScreenshot(operator, 'crypto-2-payout', async () => {
      await signIn(operator, port, 'crypto_operator');
      await toEnglish(operator);
      await operator.goto(`${originOf(coinrail, port)}/payment/payouts`);
      await operator.getByTestId('create-payout').click();
      await operator.getByTestId('payout-bank').click();
      await operator.locator('.ant-select-item-option', { hasText: NETWORKS.TRON.name }).click();
      await operator.getByTestId('payout-crypto-address').click();
      await operator.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: TRON_ADDRESS }).click();
      await operator.getByTestId('payout-amount').fill(AMOUNT);
      await operator.getByTestId('payout-continue').click();
      await operator.getByTestId('payout-confirmation').waitFor();
      expect(await operator.getByTestId('payout-quote-fee').textContent()).toBe(shown(minor(NETWORKS.TRON.payoutFee)));
      expect(await operator.getByTestId('payout-quote-total').textContent()).toBe(shown(total));
      const created = await clickUntilResponse(operator, operator.getByTestId('payout-confirm'), (r) => r.url().endsWith('/api/payouts') && r.request().method() === 'POST');
      const body = (await created.json()) as { result: { id: string; status: string; payeeAddress: string } };
      payoutId = body.result.id;
      expect(body.result).toMatchObject({ status: 'pending_review', payeeAddress: TRON_ADDRESS });
      await poll(() => operator.locator(`tr[data-row-key="${payoutId}"]`).textContent()).toContain(en('status.payout.pending_review'));
    });
    expect(before - (await usdt('available'))).toBe(total);
  });

  it('3. the crypto admin approves it; the sandbox chain broadcasts and confirms; the details show the chain transaction', async () => {
    await withScreenshot(admin, 'crypto-3-approved', async () => {
      await admin.goto(`${originOf(coinrail, port)}/payment/payouts`);
      await admin.getByTestId(`approve-${payoutId}`).click();
      await admin.getByTestId('review-confirmation').waitFor();
      expect(await admin.getByTestId('review-total').textContent()).toBe(shown(total));
      await clickUntilResponse(admin, admin.getByTestId('review-confirm'), (r) => r.url().endsWith('/api/payouts/review') && r.status() === 200);
      const row = admin.locator(`tr[data-row-key="${payoutId}"]`);
      await poll(async () => {
        await admin.reload();
        await row.waitFor();
        return row.textContent();
      }, 30_000).toContain(en('status.payout.success'));
      await row.click();
      expect(await admin.getByTestId('payout-payee-address').textContent()).toBe(TRON_ADDRESS);
      expect(await admin.getByTestId('payout-chain-trade-no').textContent()).toMatch(/^[0-9a-f]{64}$/);
    });
    expect(before - (await usdt('available'))).toBe(total);
    // Released whole: what other files' payouts hold (none once they clean up) is all that is left frozen.
    expect(await usdt('frozen')).toBe(frozenBefore);
  });
});

/** A sandbox key of the crypto merchant, made as its admin would in Developer parameters. */
const cryptoKey = () => newSandboxKey(`http://127.0.0.1:${port}`, { username: 'crypto_admin', password: DEMO_PASSWORD, brand: 'coinrail', merchantId: MERCHANT, name: 'e2e pay-in' });

describe.sequential('a USDT pay-in through the cashier and the sandbox chain', () => {
  let payer: Page;
  beforeAll(async () => {
    payer = await (await newContext(browser)).newPage();
  });
  afterAll(async () => {
    await payer?.context().close();
  });

  it('4. the payer sends the exact amount from the sandbox wallet; confirmations count up; paid once all 12 are in', async () => {
    const key = await cryptoKey();
    const created = await openApi<{ id: string; cashierUrl: string; paymentCode: string }>(
      `http://127.0.0.1:${port}`,
      'POST',
      '/api/open/v1/collections',
      { merchantOrderId: `E2E-USDT-${Date.now()}`, amount: '42.5', currency: 'USDT', paymentType: PaymentType.CRYPTO, channel: NETWORKS.ETH.channel },
      key,
    );
    expect(created.status).toBe(201);
    const { id, cashierUrl, paymentCode } = created.body.result;
    await withScreenshot(payer, 'crypto-4-pay-in', async () => {
      await payer.goto(`${originOf(coinrail, port)}${new URL(cashierUrl).pathname}`);
      await payer.getByTestId('cashier-crypto-send-to').waitFor();
      expect(await payer.getByTestId('cashier-code').textContent()).toBe(paymentCode);
      await clickUntilResponse(payer, payer.getByTestId('cashier-send-exact'), (r) => r.url().endsWith('/crypto/send') && r.status() === 200);
      // Sent, not yet paid: the order waits for its network's confirmations (12 blocks of a second).
      const db = await dbClient(dataDir);
      const early = await db.query<{ status: string }>('select status from collection where merchant_id = $1 and id = $2', [MERCHANT, id]);
      await db.end();
      expect(early.rows[0]?.status).toBe('processing');
      await payer.getByTestId('cashier-deposit').waitFor();
      await poll(() => payer.getByTestId('cashier-confirmations').textContent()).toMatch(/Confirmations: ([1-9]|1[01]) of 12/);
      await payer.getByTestId('cashier-result').waitFor({ timeout: 45_000 });
      expect(await payer.getByTestId('cashier-confirmations').textContent()).toBe('Confirmations: 12 of 12');
      // The transaction opens on the sandbox explorer, confirmed, sent to the order's address.
      const href = await payer.getByTestId('cashier-chain-trade-no').getAttribute('href');
      await payer.goto(`${originOf(coinrail, port)}${href}`);
      await poll(() => payer.getByTestId('explorer-status').textContent()).toBe(en('crypto.explorer.status.confirmed'));
      expect(await payer.getByTestId('explorer-tx').textContent()).toContain(paymentCode);
      expect(await payer.getByTestId('explorer-amount').textContent()).toBe('42.500000 USDT');
    });
    const paid = await openApi<{ status: string; paidAmount: string }>(`http://127.0.0.1:${port}`, 'GET', `/api/open/v1/collections/${id}`, undefined, key);
    expect(paid.body.result).toMatchObject({ status: 'success', paidAmount: '42.500000' });
  });
});
