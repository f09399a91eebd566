/**
 * Fee of a collection: the merchant's rule for (currency, payment type, channel), else its rule for any channel,
 * else the platform default (merchant 10000) in the same order. fee = fixed (admin fee) + amount * bps / 10000
 * rounded half up (service fee), raised to the rule's minimum (the service fee absorbs the difference), never above
 * the amount. No rule at all: no fee.
 */
import { PLATFORM_MERCHANT_ID, type CurrencyCode } from '@mg/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbLike } from '../../db/pool';
import { feeRule, STATUS_ENABLED } from '../../db/schema';

export interface FeeQuoteInput {
  merchantId: number;
  currency: CurrencyCode;
  paymentType: number;
  channel?: number | null;
  amount: bigint;
}

export interface FeeRuleValues {
  rateBps: number;
  fixedFee: bigint;
  minFee: bigint;
}

export interface FeeQuote {
  adminFee: bigint;
  serviceFee: bigint;
  total: bigint;
  /** The rule that applied; null when none did. */
  rule: (FeeRuleValues & { merchantId: number; channel: number }) | null;
}

export const ANY_CHANNEL = -1;
const BPS = 10_000n;

/** Pure: the fee of an amount under a rule. */
export function feeOf(amount: bigint, rule: FeeRuleValues): { adminFee: bigint; serviceFee: bigint } {
  const adminFee = rule.fixedFee;
  let serviceFee = (amount * BigInt(rule.rateBps) + BPS / 2n) / BPS;
  if (adminFee + serviceFee < rule.minFee) serviceFee = rule.minFee - adminFee;
  // A fee never exceeds the amount collected: the service part gives way first, then the admin part.
  if (adminFee + serviceFee > amount) {
    serviceFee = amount > adminFee ? amount - adminFee : 0n;
    return { adminFee: adminFee > amount ? amount : adminFee, serviceFee };
  }
  return { adminFee, serviceFee };
}

export async function quoteFee(db: DbLike, input: FeeQuoteInput): Promise<FeeQuote> {
  const channels = input.channel != null && input.channel !== ANY_CHANNEL ? [input.channel, ANY_CHANNEL] : [ANY_CHANNEL];
  const rows = await db
    .select({
      merchantId: feeRule.merchantId,
      channel: feeRule.channel,
      rateBps: feeRule.rateBps,
      fixedFee: feeRule.fixedFee,
      minFee: feeRule.minFee,
    })
    .from(feeRule)
    .where(
      and(
        inArray(feeRule.merchantId, [input.merchantId, PLATFORM_MERCHANT_ID]),
        eq(feeRule.currency, input.currency),
        eq(feeRule.paymentType, input.paymentType),
        inArray(feeRule.channel, channels),
        eq(feeRule.status, STATUS_ENABLED),
      ),
    )
    // Most specific first: the merchant's own before the platform's, a channel rule before an any-channel rule.
    .orderBy(sql`(${feeRule.merchantId} = ${input.merchantId}) desc`, sql`(${feeRule.channel} = ${ANY_CHANNEL}) asc`)
    .limit(1);
  const rule = rows[0];
  if (!rule) return { adminFee: 0n, serviceFee: 0n, total: 0n, rule: null };
  const { adminFee, serviceFee } = feeOf(input.amount, rule);
  return { adminFee, serviceFee, total: adminFee + serviceFee, rule };
}
