/**
 * Products (payment methods per currency, docs/payments-api.md "Products") with the fee a merchant pays for each:
 * the same precedence as fees/service.ts quoteFee (the merchant's own rule before the platform default, a channel
 * rule before the any-channel rule of the payment type).
 */
import type { ProductFeeView, ProductSummaryView, ProductView } from '@mg/domain';
import { findChannel, PLATFORM_MERCHANT_ID, toMajorString, type CurrencyCode, type Language } from '@mg/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { feeRule, product, STATUS_ENABLED } from '../../db/schema';
import { t } from '../../lib/i18n';
import { ANY_CHANNEL } from '../fees/service';

interface RuleRow {
  merchantId: number;
  paymentType: number;
  channel: number;
  rateBps: number;
  fixedFee: bigint;
  minFee: bigint;
}

export async function listProducts(db: DbLike, lang: Language, currency: CurrencyCode, opts: { enabledOnly: boolean }): Promise<ProductView[]> {
  const rows = await db
    .select()
    .from(product)
    .where(opts.enabledOnly ? and(eq(product.currency, currency), eq(product.status, STATUS_ENABLED)) : eq(product.currency, currency))
    .orderBy(asc(product.paymentType), asc(product.channel));
  return rows.map((r) => {
    const ch = findChannel(r.channel);
    return {
      currency,
      paymentType: r.paymentType,
      channel: r.channel,
      channelName: ch ? t(lang, ch.i18nKey) : String(r.channel),
      minAmount: toMajorString(r.minAmount, currency),
      maxAmount: toMajorString(r.maxAmount, currency),
      status: r.status,
    };
  });
}

/** The enabled fee rules of a merchant and the platform in one currency. */
async function rulesOf(db: DbLike, merchantId: number, currency: CurrencyCode): Promise<RuleRow[]> {
  return db
    .select({
      merchantId: feeRule.merchantId,
      paymentType: feeRule.paymentType,
      channel: feeRule.channel,
      rateBps: feeRule.rateBps,
      fixedFee: feeRule.fixedFee,
      minFee: feeRule.minFee,
    })
    .from(feeRule)
    .where(and(inArray(feeRule.merchantId, [merchantId, PLATFORM_MERCHANT_ID]), eq(feeRule.currency, currency), eq(feeRule.status, STATUS_ENABLED)));
}

/** The rule that applies to (paymentType, channel) for `merchantId`: quoteFee's precedence. */
export function effectiveRule(rules: readonly RuleRow[], merchantId: number, paymentType: number, channel: number): RuleRow | undefined {
  const order = [
    (r: RuleRow) => r.merchantId === merchantId && r.channel === channel,
    (r: RuleRow) => r.merchantId === merchantId && r.channel === ANY_CHANNEL,
    (r: RuleRow) => r.merchantId === PLATFORM_MERCHANT_ID && r.channel === channel,
    (r: RuleRow) => r.merchantId === PLATFORM_MERCHANT_ID && r.channel === ANY_CHANNEL,
  ];
  const ofType = rules.filter((r) => r.paymentType === paymentType);
  for (const test of order) {
    const hit = ofType.find(test);
    if (hit) return hit;
  }
  return undefined;
}

function feeView(rule: RuleRow | undefined, merchantId: number, currency: CurrencyCode): ProductFeeView | null {
  if (!rule) return null;
  return {
    rateBps: rule.rateBps,
    fixedFee: toMajorString(rule.fixedFee, currency),
    minFee: toMajorString(rule.minFee, currency),
    own: rule.merchantId === merchantId && merchantId !== PLATFORM_MERCHANT_ID,
  };
}

export async function listProductsWithFees(
  db: DbLike,
  lang: Language,
  merchantId: number,
  currency: CurrencyCode,
): Promise<(ProductView & { fee: ProductFeeView | null })[]> {
  const [products, rules] = await Promise.all([listProducts(db, lang, currency, { enabledOnly: false }), rulesOf(db, merchantId, currency)]);
  return products.map((p) => ({ ...p, fee: feeView(effectiveRule(rules, merchantId, p.paymentType, p.channel), merchantId, currency) }));
}

/** Per payment type: enabled channels, the widest limits, and the any-channel fee. */
export async function productSummary(db: DbLike, merchantId: number, currency: CurrencyCode): Promise<ProductSummaryView[]> {
  const [rows, rules] = await Promise.all([
    db
      .select({ paymentType: product.paymentType, min: product.minAmount, max: product.maxAmount })
      .from(product)
      .where(and(eq(product.currency, currency), eq(product.status, STATUS_ENABLED)))
      .orderBy(asc(product.paymentType), asc(product.channel)),
    rulesOf(db, merchantId, currency),
  ]);
  const byType = new Map<number, { channels: number; min: bigint; max: bigint }>();
  for (const r of rows) {
    const cur = byType.get(r.paymentType);
    if (!cur) byType.set(r.paymentType, { channels: 1, min: r.min, max: r.max });
    else byType.set(r.paymentType, { channels: cur.channels + 1, min: r.min < cur.min ? r.min : cur.min, max: r.max > cur.max ? r.max : cur.max });
  }
  return [...byType].map(([paymentType, agg]) => ({
    paymentType,
    channels: agg.channels,
    minAmount: toMajorString(agg.min, currency),
    maxAmount: toMajorString(agg.max, currency),
    fee: feeView(effectiveRule(rules, merchantId, paymentType, ANY_CHANNEL), merchantId, currency),
  }));
}
