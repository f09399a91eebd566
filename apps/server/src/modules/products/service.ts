/**
 * Products (payment methods per currency, docs/payments-api.md "Products") with the fee a merchant pays for each:
 * the same precedence as fees/service.ts quoteFee (the merchant's own rule before the platform default, a channel
 * rule before the any-channel rule of the payment type).
 */
import type { ProductFeeView, ProductSummaryView } from '@mg/domain';
import { toMajorString, type CurrencyCode } from '@mg/domain';
import type { DbLike } from '../../db/pool';
import { ANY_CHANNEL } from '../fees/service';
import { effectiveRule, isOwn, productRecords, type ProductRecord } from './pricing';
import type { RuleRow } from './pricing';
import { selectMarks } from '../channel-health/queries';
import { selectFeeRules, selectProducts } from './queries';

export { effectiveRule } from './pricing';

/** The enabled products of a currency without fees (the public pages of legacy brands). */
export async function publicProducts(db: DbLike, currency: CurrencyCode): Promise<ProductRecord[]> {
  const [rows, marks] = await Promise.all([selectProducts(db, currency, { enabledOnly: true }), selectMarks(db, currency)]);
  return productRecords(rows, currency, marks);
}

function feeView(rule: RuleRow | undefined, merchantId: number, currency: CurrencyCode): ProductFeeView | null {
  if (!rule) return null;
  return { rateBps: rule.rateBps, fixedFee: toMajorString(rule.fixedFee, currency), minFee: toMajorString(rule.minFee, currency), own: isOwn(rule, merchantId) };
}

/** Per payment type: enabled channels, the widest limits, and the any-channel fee. */
export async function productSummary(db: DbLike, merchantId: number, currency: CurrencyCode): Promise<ProductSummaryView[]> {
  const [rows, rules] = await Promise.all([selectProducts(db, currency, { enabledOnly: true }), selectFeeRules(db, merchantId, currency)]);
  const byType = new Map<number, { channels: number; min: bigint; max: bigint }>();
  for (const r of rows) {
    const cur = byType.get(r.paymentType);
    if (!cur) byType.set(r.paymentType, { channels: 1, min: r.minAmount, max: r.maxAmount });
    else byType.set(r.paymentType, { channels: cur.channels + 1, min: r.minAmount < cur.min ? r.minAmount : cur.min, max: r.maxAmount > cur.max ? r.maxAmount : cur.max });
  }
  return [...byType].map(([paymentType, agg]) => ({
    paymentType,
    channels: agg.channels,
    minAmount: toMajorString(agg.min, currency),
    maxAmount: toMajorString(agg.max, currency),
    fee: feeView(effectiveRule(rules, merchantId, paymentType, ANY_CHANNEL), merchantId, currency),
  }));
}
