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
import { insertFeeRules, insertProducts, merchantRowExists, type Queryable } from './queries';

/** Products of every currency (seeded rows left as they are). */
export async function seedProducts(db: Queryable): Promise<number> {
  return insertProducts(db, productChannels().map(({ currency, channel }) => ({ currency, channel, limits: productLimitsMinor(currency) })));
}

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

export interface ProductSeedResult {
  products: number;
  feeRules: number;
}

/** Products and the platform's default fees always; the demo override when `demo` and merchant 10001 exists. */
export async function seedProductsAndFees(db: Queryable, opts: { demo: boolean }): Promise<ProductSeedResult> {
  const products = await seedProducts(db);
  let feeRules = await insertFeeRules(db, PLATFORM_MERCHANT_ID, DEFAULT_FEE_RULES.map((r) => ({ ...r, ...feeRuleMinor(r) })));
  if (opts.demo && (await merchantRowExists(db, DEMO_FEE_OVERRIDE.merchantId))) {
    feeRules += await insertFeeRules(db, DEMO_FEE_OVERRIDE.merchantId, [{ ...DEMO_FEE_OVERRIDE, ...feeRuleMinor(DEMO_FEE_OVERRIDE) }]);
  }
  return { products, feeRules };
}
