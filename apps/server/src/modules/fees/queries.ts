/** SQL of the fee rules: the rule that prices a payment, and the rules' administration. */
import { FEE_ANY_CHANNEL, PLATFORM_MERCHANT_ID, type CurrencyCode } from '@mg/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { feeRule, merchant, product, STATUS_ENABLED } from '../../db/schema';

export type FeeRuleRow = typeof feeRule.$inferSelect;

/**
 * The most specific enabled rule of (merchant, currency, payment type, channel): the merchant's own before the
 * platform's, a channel rule before an any-channel rule.
 */
export async function selectBestRule(db: DbLike, q: { merchantId: number; currency: CurrencyCode; paymentType: number; channels: readonly number[] }) {
  const rows = await db
    .select({ merchantId: feeRule.merchantId, channel: feeRule.channel, rateBps: feeRule.rateBps, fixedFee: feeRule.fixedFee, minFee: feeRule.minFee })
    .from(feeRule)
    .where(
      and(
        inArray(feeRule.merchantId, [q.merchantId, PLATFORM_MERCHANT_ID]),
        eq(feeRule.currency, q.currency),
        eq(feeRule.paymentType, q.paymentType),
        inArray(feeRule.channel, [...q.channels]),
        eq(feeRule.status, STATUS_ENABLED),
      ),
    )
    .orderBy(sql`(${feeRule.merchantId} = ${q.merchantId}) desc`, sql`(${feeRule.channel} = ${FEE_ANY_CHANNEL}) asc`)
    .limit(1);
  return rows[0];
}

export async function selectRulesOf(db: DbLike, merchantId: number, currency?: CurrencyCode): Promise<FeeRuleRow[]> {
  return db
    .select()
    .from(feeRule)
    .where(currency ? and(eq(feeRule.merchantId, merchantId), eq(feeRule.currency, currency)) : eq(feeRule.merchantId, merchantId))
    .orderBy(asc(feeRule.currency), asc(feeRule.paymentType), asc(feeRule.channel));
}

export async function merchantExists(db: DbLike, id: number): Promise<boolean> {
  const rows = await db.select({ id: merchant.id }).from(merchant).where(eq(merchant.id, id)).limit(1);
  return rows.length > 0;
}

/** The channels a currency offers for a payment type (the products). */
export async function productChannels(db: DbLike, currency: CurrencyCode, paymentType: number): Promise<number[]> {
  const rows = await db.select({ channel: product.channel }).from(product).where(and(eq(product.currency, currency), eq(product.paymentType, paymentType)));
  return rows.map((r) => r.channel);
}

export interface RuleKey {
  merchantId: number;
  currency: CurrencyCode;
  paymentType: number;
  channel: number;
}

const keyOf = (k: RuleKey) => and(eq(feeRule.merchantId, k.merchantId), eq(feeRule.currency, k.currency), eq(feeRule.paymentType, k.paymentType), eq(feeRule.channel, k.channel));

export async function selectRule(db: DbLike, k: RuleKey): Promise<FeeRuleRow | undefined> {
  const [row] = await db.select().from(feeRule).where(keyOf(k)).limit(1);
  return row;
}

/** Creates or replaces the rule of a key. */
export async function upsertRule(db: DbLike, k: RuleKey, v: { rateBps: number; fixedFee: bigint; minFee: bigint; status: number }): Promise<FeeRuleRow> {
  const values = { ...v, updatedAt: sql`now()` as unknown as Date };
  const [saved] = await db
    .insert(feeRule)
    .values({ ...k, ...values })
    .onConflictDoUpdate({ target: [feeRule.merchantId, feeRule.currency, feeRule.paymentType, feeRule.channel], set: values })
    .returning();
  return saved!;
}
