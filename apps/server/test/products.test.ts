/** Products per currency, the product summary, the public list and fee rule administration. */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { channelsForCurrency, findChannel, PaymentType } from '@mg/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIdentity } from '../src/db/seed';
import { buildTestApp } from './helpers/app';
import { authHeaders, signIn } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let app: FastifyInstance;
let merchant: string;
let platform: string;

interface Fee {
  rateBps: number;
  fixedFee: string;
  minFee: string;
  own: boolean;
}
/** A record of the declared products list (domain products/list.ts). */
interface Product {
  id: string;
  currency: string;
  paymentType: number;
  channel: number;
  minAmount: string;
  maxAmount: string;
  status: number;
  feeRate: number | null;
  fixedFee: string | null;
  minFee: string | null;
  feeOwn: boolean | null;
}
const nameOf = (p: Product) => findChannel(p.channel)?.name;
interface Envelope<T> {
  result: T;
  errorCode?: string;
  errors?: { field: string; message: string }[];
  message: string;
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  app = await buildTestApp(tdb);
  await app.ready();
  merchant = await signIn(app, 'demo_admin');
  platform = await signIn(app, 'admin');
});

afterAll(async () => {
  await app?.close();
  await tdb?.drop();
});

async function get<T>(url: string, token?: string) {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: token ? authHeaders(token) : {} });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}
async function put<T>(url: string, token: string, payload: object) {
  const res = await app.inject({ method: 'PUT', url: `/api${url}`, headers: authHeaders(token), payload });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

describe('GET /api/products', () => {
  it('lists every payment method of the currency with its limits and the fee the merchant pays', async () => {
    const { status, body } = await get<Product[]>('/products?currency=IDR', merchant);
    expect(status).toBe(200);
    const expected = channelsForCurrency('IDR').filter((c) => c.paymentType !== PaymentType.CASHIER && c.paymentType !== PaymentType.PAYOUT);
    expect(body.result.map((p) => p.channel).sort((a, b) => a - b)).toEqual(expected.map((c) => c.code).sort((a, b) => a - b));
    const bca = body.result.find((p) => p.channel === 1)!;
    expect(bca).toMatchObject({ id: `${PaymentType.VA}-1`, currency: 'IDR', paymentType: PaymentType.VA, minAmount: '10000', maxAmount: '50000000', status: 1 });
    expect(nameOf(bca)).toBe('BCA Virtual Account');
    // Demo merchant 10001 has its own VA rule (3 500) instead of the platform's 4 000.
    expect(bca).toMatchObject({ feeRate: 0, fixedFee: '3500', minFee: '0', feeOwn: true });
    // E-wallets: the platform default; QRIS has a channel rule of its own.
    expect(body.result.find((p) => p.channel === 6)).toMatchObject({ feeRate: 0.015, fixedFee: '0', minFee: '1000', feeOwn: false });
    expect(body.result.find((p) => p.channel === 11)).toMatchObject({ feeRate: 0.007, feeOwn: false });
  });

  it('uses the currency decimals and the country channels', async () => {
    const thb = await get<Product[]>('/products?currency=thb', merchant);
    expect(thb.status).toBe(200);
    expect(thb.body.result.map(nameOf)).toEqual(
      expect.arrayContaining(['PromptPay', 'TrueMoney Wallet', 'KBank Internet Banking', 'SCB Easy', 'Credit card']),
    );
    expect(thb.body.result.every((p) => p.minAmount === '20.00' && p.maxAmount === '500000.00')).toBe(true);
    const brl = await get<Product[]>('/products?currency=BRL', merchant);
    expect(brl.body.result.find((p) => nameOf(p) === 'PIX')).toMatchObject({ feeRate: 0.0099, fixedFee: '0.00' });
    expect(brl.body.result.find((p) => nameOf(p) === 'Boleto')).toMatchObject({ feeRate: 0, fixedFee: '3.49' });
  });

  it('never lists cashier or payout entries', async () => {
    const { body } = await get<Product[]>('/products?currency=IDR', merchant);
    expect(body.result.some((p) => p.paymentType === PaymentType.CASHIER || p.paymentType === PaymentType.PAYOUT)).toBe(false);
  });

  it('defaults to the session currency and refuses an unknown one naming the field', async () => {
    const dflt = await get<Product[]>('/products', merchant);
    expect(dflt.body.result.every((p) => p.currency === 'IDR')).toBe(true);
    expect(dflt.body.result.length).toBeGreaterThan(0);
    const bad = await get<Product[]>('/products?currency=XXX', merchant);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('currency');
  });

  it('needs a session and the product permission', async () => {
    expect((await get('/products?currency=IDR')).status).toBe(401);
  });

  it('exports the same rows, generic channel names in the language of the export', async () => {
    const headers = authHeaders(merchant, { 'x-lang': 'pt-BR' });
    const start = await app.inject({ method: 'POST', url: '/api/exports', headers, payload: { kind: 'products', filters: { currency: 'THB' } } });
    expect(start.statusCode, start.body).toBe(200);
    const { url, rows } = start.json().result;
    const list = await get<Product[]>('/products?currency=THB', merchant);
    expect(rows).toBe(list.body.result.length);
    const file = await app.inject({ method: 'GET', url: new URL(url).pathname, headers });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.read(Readable.from(file.rawPayload));
    const cells = wb.worksheets[0]!.getColumn(2).values.map(String);
    expect(cells).toEqual(expect.arrayContaining(['Cartão de crédito', 'PromptPay']));
  });
});

describe('GET /api/products/summary', () => {
  it('answers per payment type the channels, the widest limits and the payment type fee', async () => {
    const { status, body } = await get<{ paymentType: number; channels: number; minAmount: string; maxAmount: string; fee: Fee | null }[]>(
      '/products/summary?currency=IDR',
      merchant,
    );
    expect(status).toBe(200);
    const va = body.result.find((r) => r.paymentType === PaymentType.VA)!;
    expect(va).toEqual({ paymentType: PaymentType.VA, channels: 5, minAmount: '10000', maxAmount: '50000000', fee: { rateBps: 0, fixedFee: '3500', minFee: '0', own: true } });
    const wallet = body.result.find((r) => r.paymentType === PaymentType.WALLET)!;
    expect(wallet.channels).toBe(6);
    expect(wallet.fee).toMatchObject({ rateBps: 150, own: false });
  });

  it('leaves out disabled products and widens limits per type', async () => {
    await tdb.pool.query(`update product set status = 0 where currency = 'IDR' and channel = 5`);
    await tdb.pool.query(`update product set max_amount = 90000000 where currency = 'IDR' and channel = 2`);
    const { body } = await get<{ paymentType: number; channels: number; maxAmount: string }[]>('/products/summary?currency=IDR', merchant);
    expect(body.result.find((r) => r.paymentType === PaymentType.VA)).toMatchObject({ channels: 4, maxAmount: '90000000' });
    // The full list still shows the disabled row with its status.
    const list = await get<Product[]>('/products?currency=IDR', merchant);
    expect(list.body.result.find((p) => p.channel === 5)!.status).toBe(0);
    const pub = await get<Product[]>('/common/products?currency=IDR');
    expect(pub.body.result.some((p) => p.channel === 5)).toBe(false);
    await tdb.pool.query(`update product set status = 1 where currency = 'IDR' and channel = 5`);
  });
});

describe('GET /api/common/products (public)', () => {
  it('answers without a session and without fees', async () => {
    const { status, body } = await get<Product[]>('/common/products?currency=PHP');
    expect(status).toBe(200);
    expect(body.result.map(nameOf)).toEqual(expect.arrayContaining(['GCash', 'Maya', 'InstaPay']));
    expect(body.result.every((p) => p.feeRate === null && p.fixedFee === null && p.minFee === null && p.feeOwn === null)).toBe(true);
  });
});

describe('PUT /api/fee-rules', () => {
  it('is for platform staff only', async () => {
    const res = await put('/fee-rules', merchant, { merchantId: 10001, currency: 'IDR', paymentType: PaymentType.VA, rateBps: 0, fixedFee: '1' });
    expect(res.status).toBe(403);
  });

  it('sets a merchant channel rule that the product list then shows', async () => {
    const res = await put<{ merchantId: number; channel: number; rateBps: number; fixedFee: string }>('/fee-rules', platform, {
      merchantId: 10001,
      currency: 'IDR',
      paymentType: PaymentType.WALLET,
      channel: 11,
      rateBps: 50,
      fixedFee: '0',
      minFee: '200',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ merchantId: 10001, channel: 11, rateBps: 50, fixedFee: '0', minFee: '200', status: 1 });
    const { body } = await get<Product[]>('/products?currency=IDR', merchant);
    expect(body.result.find((p) => p.channel === 11)).toMatchObject({ feeRate: 0.005, fixedFee: '0', minFee: '200', feeOwn: true });
    expect(body.result.find((p) => p.channel === 6)).toMatchObject({ feeRate: 0.015, feeOwn: false });

    // Saving again replaces it; disabling it falls back to the platform's QRIS rule.
    await put('/fee-rules', platform, { merchantId: 10001, currency: 'IDR', paymentType: PaymentType.WALLET, channel: 11, rateBps: 50, status: 0 });
    const after = await get<Product[]>('/products?currency=IDR', merchant);
    expect(after.body.result.find((p) => p.channel === 11)).toMatchObject({ feeRate: 0.007, feeOwn: false });
    const { rows } = await tdb.pool.query(`select count(*)::int as n from fee_rule where merchant_id = 10001 and channel = 11`);
    expect(rows[0].n).toBe(1);
    const audit = await tdb.pool.query<{ detail: { after: { rateBps: number } } }>(`select detail from audit_log where action = 'fee_rule_changed' order by id`);
    expect(audit.rows).toHaveLength(2);
  });

  it('changes the platform default for every merchant without an own rule', async () => {
    await put('/fee-rules', platform, { currency: 'THB', paymentType: PaymentType.WALLET, rateBps: 175 });
    const lumi = await signIn(app, 'demo_business');
    const { body } = await get<Product[]>('/products?currency=THB', lumi);
    expect(body.result.find((p) => nameOf(p) === 'TrueMoney Wallet')).toMatchObject({ feeRate: 0.0175, feeOwn: false });
    const rules = await get<{ currency: string; paymentType: number; rateBps: number }[]>('/fee-rules?currency=THB', platform);
    expect(rules.body.result).toContainEqual(expect.objectContaining({ paymentType: PaymentType.WALLET, rateBps: 175 }));
  });

  it('validates the rate, the amounts, the channel and the merchant', async () => {
    const base = { merchantId: 10001, currency: 'IDR', paymentType: PaymentType.WALLET, rateBps: 100 };
    for (const rateBps of [-1, 10_001, 1.5]) {
      const res = await put('/fee-rules', platform, { ...base, rateBps });
      expect(res.status, String(rateBps)).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('rateBps');
    }
    expect((await put('/fee-rules', platform, { ...base, rateBps: 10_000 })).status).toBe(200);
    const fixed = await put('/fee-rules', platform, { ...base, fixedFee: '12.5' }); // IDR has no decimals
    expect(fixed.status).toBe(400);
    expect(fixed.body.errors?.[0]?.field).toBe('fixedFee');
    const minFee = await put('/fee-rules', platform, { ...base, minFee: 'abc' });
    expect(minFee.body.errors?.[0]?.field).toBe('minFee');
    const channel = await put('/fee-rules', platform, { ...base, channel: 20 }); // PromptPay is THB
    expect(channel.status).toBe(400);
    expect(channel.body.errors?.[0]?.field).toBe('channel');
    const type = await put('/fee-rules', platform, { ...base, paymentType: PaymentType.CRYPTO });
    expect(type.status).toBe(400);
    expect((await put('/fee-rules', platform, { ...base, merchantId: 99999 })).status).toBe(404);
  });
});

describe('seeding', () => {
  it('is idempotent and keeps operator edits', async () => {
    const count = async () => (await tdb.pool.query<{ p: number; f: number }>('select (select count(*)::int from product) as p, (select count(*)::int from fee_rule) as f')).rows[0]!;
    await tdb.pool.query(`update product set min_amount = 12345 where currency = 'IDR' and channel = 1`);
    const before = await count();
    await seedIdentity(tdb.pool, { demo: true, demoPayments: false });
    expect(await count()).toEqual(before);
    const { rows } = await tdb.pool.query(`select min_amount from product where currency = 'IDR' and channel = 1`);
    expect(rows[0].min_amount).toBe('12345');
  });
});
