/**
 * Fee quotes on the seeded rules (domain DEFAULT_FEE_RULES, demo override of 10001): precedence, minimum fee, the
 * fee never above the amount, and the same answer as the product list shows.
 */
import { DEFAULT_FEE_RULES, PaymentType, PLATFORM_MERCHANT_ID } from '@mg/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANY_CHANNEL, feeOf, quoteFee } from '../src/modules/fees/service';
import { effectiveRule } from '../src/modules/products/service';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});

afterAll(async () => {
  await tdb?.drop();
});

const setRule = (merchantId: number, currency: string, paymentType: number, channel: number, rateBps: number, fixedFee: bigint, minFee: bigint, status = 1) =>
  tdb.pool.query(
    `insert into fee_rule (merchant_id, currency, payment_type, channel, rate_bps, fixed_fee, min_fee, status) values ($1,$2,$3,$4,$5,$6,$7,$8)
     on conflict (merchant_id, currency, payment_type, channel) do update set rate_bps = excluded.rate_bps, fixed_fee = excluded.fixed_fee,
       min_fee = excluded.min_fee, status = excluded.status`,
    [merchantId, currency, paymentType, channel, rateBps, fixedFee.toString(), minFee.toString(), status],
  );

describe('quoteFee on the seeded rules', () => {
  it('the merchant override beats the platform default', async () => {
    const demo = await quoteFee(tdb.db, { merchantId: 10001, currency: 'IDR', paymentType: PaymentType.VA, channel: 1, amount: 250_000n });
    expect(demo).toMatchObject({ adminFee: 3_500n, serviceFee: 0n, total: 3_500n });
    expect(demo.rule).toMatchObject({ merchantId: 10001, channel: ANY_CHANNEL });
    const other = await quoteFee(tdb.db, { merchantId: 10030, currency: 'IDR', paymentType: PaymentType.VA, channel: 1, amount: 250_000n });
    expect(other).toMatchObject({ adminFee: 4_000n, serviceFee: 0n, total: 4_000n });
    expect(other.rule?.merchantId).toBe(PLATFORM_MERCHANT_ID);
  });

  it('a channel rule beats the any-channel rule of the payment type', async () => {
    const qris = await quoteFee(tdb.db, { merchantId: 10030, currency: 'IDR', paymentType: PaymentType.WALLET, channel: 11, amount: 1_000_000n });
    expect(qris.total).toBe(7_000n); // 0.7 %
    const ovo = await quoteFee(tdb.db, { merchantId: 10030, currency: 'IDR', paymentType: PaymentType.WALLET, channel: 6, amount: 1_000_000n });
    expect(ovo.total).toBe(15_000n); // 1.5 %
    const unknownChannel = await quoteFee(tdb.db, { merchantId: 10030, currency: 'IDR', paymentType: PaymentType.WALLET, amount: 1_000_000n });
    expect(unknownChannel.total).toBe(15_000n);
  });

  it('raises a small fee to the minimum (service fee absorbs the difference)', async () => {
    // IDR e-wallets: 1.5 %, at least 1 000.
    const small = await quoteFee(tdb.db, { merchantId: 10030, currency: 'IDR', paymentType: PaymentType.WALLET, channel: 6, amount: 20_000n });
    expect(small).toMatchObject({ adminFee: 0n, serviceFee: 1_000n, total: 1_000n });
    const big = await quoteFee(tdb.db, { merchantId: 10030, currency: 'IDR', paymentType: PaymentType.WALLET, channel: 6, amount: 100_000n });
    expect(big.total).toBe(1_500n);
  });

  it('rounds the percentage half up in minor units (BRL PIX 0.99 %)', async () => {
    // 0.99 % of 10.50 BRL = 10.395 cents -> 10; of 50.50 = 49.995 -> 50.
    expect((await quoteFee(tdb.db, { merchantId: 10020, currency: 'BRL', paymentType: PaymentType.BANK_TRANSFER, channel: 53, amount: 1_050n })).total).toBe(10n);
    expect((await quoteFee(tdb.db, { merchantId: 10020, currency: 'BRL', paymentType: PaymentType.BANK_TRANSFER, channel: 53, amount: 5_050n })).total).toBe(50n);
  });

  it('full precedence: merchant channel > merchant any > platform channel > platform any; disabled rules do not count', async () => {
    const q = () => quoteFee(tdb.db, { merchantId: 10002, currency: 'IDR', paymentType: PaymentType.WALLET, channel: 11, amount: 1_000_000n });
    expect((await q()).total).toBe(7_000n); // platform channel
    await setRule(10002, 'IDR', PaymentType.WALLET, ANY_CHANNEL, 100, 0n, 0n);
    expect((await q()).total).toBe(10_000n); // merchant any beats platform channel
    await setRule(10002, 'IDR', PaymentType.WALLET, 11, 40, 100n, 0n);
    expect(await q()).toMatchObject({ adminFee: 100n, serviceFee: 4_000n, total: 4_100n }); // merchant channel
    await setRule(10002, 'IDR', PaymentType.WALLET, 11, 40, 100n, 0n, 0);
    expect((await q()).total).toBe(10_000n); // disabled: back to merchant any
  });

  it('no rule at all: no fee', async () => {
    const none = await quoteFee(tdb.db, { merchantId: 10001, currency: 'IDR', paymentType: PaymentType.CRYPTO, amount: 1_000n });
    expect(none).toEqual({ adminFee: 0n, serviceFee: 0n, total: 0n, rule: null });
  });

  it('the product list precedence (effectiveRule) agrees with quoteFee for every seeded platform rule', async () => {
    const { rows } = await tdb.pool.query<{ merchant_id: number; payment_type: number; channel: number; rate_bps: number; fixed_fee: string; min_fee: string }>(
      `select merchant_id, payment_type, channel, rate_bps, fixed_fee, min_fee from fee_rule where currency = 'IDR' and status = 1 and merchant_id in (10000, 10001)`,
    );
    const rules = rows.map((r) => ({ merchantId: r.merchant_id, paymentType: r.payment_type, channel: r.channel, rateBps: r.rate_bps, fixedFee: BigInt(r.fixed_fee), minFee: BigInt(r.min_fee) }));
    for (const channel of [1, 2, 6, 11, 12]) {
      for (const paymentType of [PaymentType.VA, PaymentType.WALLET, PaymentType.OTC]) {
        const q = await quoteFee(tdb.db, { merchantId: 10001, currency: 'IDR', paymentType, channel, amount: 777_777n });
        const e = effectiveRule(rules, 10001, paymentType, channel);
        expect(q.rule ? { m: q.rule.merchantId, c: q.rule.channel, r: q.rule.rateBps } : null).toEqual(e ? { m: e.merchantId, c: e.channel, r: e.rateBps } : null);
      }
    }
  });
});

describe('feeOf (pure)', () => {
  it('property: never above the amount, at least the minimum when the amount allows, fixed part kept first', () => {
    let seed = 42;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 5_000; i++) {
      const amount = BigInt(1 + rnd(10_000_000));
      const rule = { rateBps: rnd(10_001), fixedFee: BigInt(rnd(20_000)), minFee: BigInt(rnd(50_000)) };
      const { adminFee, serviceFee } = feeOf(amount, rule);
      const total = adminFee + serviceFee;
      expect(adminFee >= 0n && serviceFee >= 0n).toBe(true);
      expect(total <= amount).toBe(true);
      if (amount >= rule.minFee) expect(total >= rule.minFee).toBe(true);
      if (amount >= rule.fixedFee) expect(adminFee).toBe(rule.fixedFee);
      const pct = (amount * BigInt(rule.rateBps) * 2n + 10_000n) / 20_000n; // half up
      if (rule.fixedFee + pct >= rule.minFee && rule.fixedFee + pct <= amount) expect(serviceFee).toBe(pct);
    }
  });

  it('every domain default rule is in range and parses in its currency', () => {
    for (const r of DEFAULT_FEE_RULES) {
      expect(r.rateBps >= 0 && r.rateBps <= 10_000, `${r.currency}/${r.paymentType}`).toBe(true);
    }
    // One any-channel default per (currency, payment type).
    const keys = DEFAULT_FEE_RULES.filter((r) => r.channel === ANY_CHANNEL).map((r) => `${r.currency}/${r.paymentType}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
