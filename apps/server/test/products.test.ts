/** Products per currency, the product summary, the public list and fee rule administration. */
import { channelsForCurrency, PaymentType } from '@mg/domain';
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
interface Product {
  currency: string;
  paymentType: number;
  channel: number;
  channelName: string;
  minAmount: string;
  maxAmount: string;
  status: number;
  fee?: Fee | null;
}
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
    expect(bca).toMatchObject({ currency: 'IDR', paymentType: PaymentType.VA, channelName: 'BCA Virtual Account', minAmount: '10000', maxAmount: '50000000', status: 1 });
    // Demo merchant 10001 has its own VA rule (3 500) instead of the platform's 4 000.
    expect(bca.fee).toEqual({ rateBps: 0, fixedFee: '3500', minFee: '0', own: true });
    // E-wallets: the platform default; QRIS has a channel rule of its own.
    expect(body.result.find((p) => p.channel === 6)!.fee).toEqual({ rateBps: 150, fixedFee: '0', minFee: '1000', own: false });
    expect(body.result.find((p) => p.channel === 11)!.fee).toMatchObject({ rateBps: 70, own: false });
  });

  it('uses the currency decimals and the country channels', async () => {
    const thb = await get<Product[]>('/products?currency=thb', merchant);
    expect(thb.status).toBe(200);
    expect(thb.body.result.map((p) => p.channelName)).toEqual(
      expect.arrayContaining(['PromptPay', 'TrueMoney Wallet', 'KBank Internet Banking', 'SCB Easy', 'Credit card']),
    );
    expect(thb.body.result.every((p) => p.minAmount === '20.00' && p.maxAmount === '500000.00')).toBe(true);
    const brl = await get<Product[]>('/products?currency=BRL', merchant);
    expect(brl.body.result.find((p) => p.channelName === 'PIX')!.fee).toMatchObject({ rateBps: 99, fixedFee: '0.00' });
    expect(brl.body.result.find((p) => p.channelName === 'Boleto')!.fee).toMatchObject({ rateBps: 0, fixedFee: '3.49' });
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

  it('translates generic channel names', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products?currency=THB', headers: authHeaders(merchant, { 'x-lang': 'pt-BR' }) });
    const rows = (res.json() as Envelope<Product[]>).result;
    expect(rows.find((p) => p.channel === 90)!.channelName).toBe('Cartão de crédito');
    expect(rows.find((p) => p.channel === 20)!.channelName).toBe('PromptPay');
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
    expect(body.result.map((p) => p.channelName)).toEqual(expect.arrayContaining(['GCash', 'Maya', 'InstaPay']));
    expect(body.result.every((p) => !('fee' in p))).toBe(true);
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
    expect(body.result.find((p) => p.channel === 11)!.fee).toEqual({ rateBps: 50, fixedFee: '0', minFee: '200', own: true });
    expect(body.result.find((p) => p.channel === 6)!.fee).toMatchObject({ rateBps: 150, own: false });

    // Saving again replaces it; disabling it falls back to the platform's QRIS rule.
    await put('/fee-rules', platform, { merchantId: 10001, currency: 'IDR', paymentType: PaymentType.WALLET, channel: 11, rateBps: 50, status: 0 });
    const after = await get<Product[]>('/products?currency=IDR', merchant);
    expect(after.body.result.find((p) => p.channel === 11)!.fee).toMatchObject({ rateBps: 70, own: false });
    const { rows } = await tdb.pool.query(`select count(*)::int as n from fee_rule where merchant_id = 10001 and channel = 11`);
    expect(rows[0].n).toBe(1);
    const audit = await tdb.pool.query<{ detail: { after: { rateBps: number } } }>(`select detail from audit_log where action = 'fee_rule_changed' order by id`);
    expect(audit.rows).toHaveLength(2);
  });

  it('changes the platform default for every merchant without an own rule', async () => {
    await put('/fee-rules', platform, { currency: 'THB', paymentType: PaymentType.WALLET, rateBps: 175 });
    const lumi = await signIn(app, 'demo_business');
    const { body } = await get<Product[]>('/products?currency=THB', lumi);
    expect(body.result.find((p) => p.channelName === 'TrueMoney Wallet')!.fee).toMatchObject({ rateBps: 175, own: false });
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
