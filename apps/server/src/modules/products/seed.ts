/**
 * Products and platform fee defaults, seeded on every start (idempotent, like the permission seed): one product per
 * (currency, channel) of the domain CHANNELS (payout, cashier and "all" entries are not products) with the
 * currency's PRODUCT_LIMITS, and the platform's DEFAULT_FEE_RULES (merchant 10000). Rows that exist are left as
 * they are (operators may have edited limits or fees); new domain entries appear on the next start.
 * Demo mode also gives merchant 10001 one negotiated override (IDR virtual accounts), so the product list shows both kinds.
 */
import {
  DEFAULT_FEE_RULES,
  FEE_ANY_CHANNEL,
  feeRuleMinor,
  PaymentType,
  PLATFORM_MERCHANT_ID,
  productChannels,
  productLimitsMinor,
  type DefaultFeeRule,
} from '@mg/domain';
import type pg from 'pg';

type Queryable = Pick<pg.PoolClient, 'query'>;

/** The demo merchant's own rule: IDR virtual accounts at a fixed 3 500 instead of the platform's 4 000. */
export const DEMO_FEE_OVERRIDE: DefaultFeeRule & { merchantId: number } = {
  merchantId: 10001,
  currency: 'IDR',
  paymentType: PaymentType.VA,
  channel: FEE_ANY_CHANNEL,
  rateBps: 0,
  fixedFee: '3500',
  minFee: '0',
};

export async function seedProducts(db: Queryable): Promise<number> {
  const rows = productChannels().map(({ currency, channel }) => ({ currency, channel, limits: productLimitsMinor(currency) }));
  const res = await db.query(
    `insert into product (currency, payment_type, channel, min_amount, max_amount)
     select * from unnest($1::text[], $2::smallint[], $3::smallint[], $4::bigint[], $5::bigint[])
     on conflict (currency, payment_type, channel) do nothing`,
    [
      rows.map((r) => r.currency),
      rows.map((r) => r.channel.paymentType),
      rows.map((r) => r.channel.code),
      rows.map((r) => r.limits.min.toString()),
      rows.map((r) => r.limits.max.toString()),
    ],
  );
  return res.rowCount ?? 0;
}

async function insertFeeRules(db: Queryable, merchantId: number, rules: readonly DefaultFeeRule[]): Promise<number> {
  const minor = rules.map(feeRuleMinor);
  const res = await db.query(
    `insert into fee_rule (merchant_id, currency, payment_type, channel, rate_bps, fixed_fee, min_fee)
     select $1, * from unnest($2::text[], $3::smallint[], $4::smallint[], $5::int[], $6::bigint[], $7::bigint[])
     on conflict (merchant_id, currency, payment_type, channel) do nothing`,
    [
      merchantId,
      rules.map((r) => r.currency),
      rules.map((r) => r.paymentType),
      rules.map((r) => r.channel),
      rules.map((r) => r.rateBps),
      minor.map((m) => m.fixedFee.toString()),
      minor.map((m) => m.minFee.toString()),
    ],
  );
  return res.rowCount ?? 0;
}

export interface ProductSeedResult {
  products: number;
  feeRules: number;
}

/** Products and the platform's default fees always; the demo override when `demo` and merchant 10001 exists. */
export async function seedProductsAndFees(db: Queryable, opts: { demo: boolean }): Promise<ProductSeedResult> {
  const products = await seedProducts(db);
  let feeRules = await insertFeeRules(db, PLATFORM_MERCHANT_ID, DEFAULT_FEE_RULES);
  if (opts.demo) {
    const demo = await db.query('select 1 from merchant where id = $1', [DEMO_FEE_OVERRIDE.merchantId]);
    if ((demo.rowCount ?? 0) > 0) feeRules += await insertFeeRules(db, DEMO_FEE_OVERRIDE.merchantId, [DEMO_FEE_OVERRIDE]);
  }
  return { products, feeRules };
}
