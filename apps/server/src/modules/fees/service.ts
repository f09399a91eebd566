/**
 * Fee of a collection: the merchant's rule for (currency, payment type, channel), else its rule for any channel,
 * else the platform default (merchant 10000) in the same order. fee = fixed (admin fee) + amount * bps / 10000
 * rounded half up (service fee), raised to the rule's minimum (the service fee absorbs the difference), never above
 * the amount. No rule at all: no fee.
 */
import { FEE_ANY_CHANNEL, type CurrencyCode } from '@mg/domain';
import { readConfig, type ConfigRead } from '../../db/config-cache';
import type { DbLike } from '../../db/pool';
import { selectBestRule } from './queries';

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

/** A rule for every channel of its payment type (domain FEE_ANY_CHANNEL). */
export const ANY_CHANNEL = FEE_ANY_CHANNEL;
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

export async function quoteFee(db: DbLike, input: FeeQuoteInput, config?: ConfigRead): Promise<FeeQuote> {
  const channels = input.channel != null && input.channel !== ANY_CHANNEL ? [input.channel, ANY_CHANNEL] : [ANY_CHANNEL];
  const q = { merchantId: input.merchantId, currency: input.currency, paymentType: input.paymentType, channels };
  const rule = await readConfig(config, `fee_rule:${q.merchantId}:${q.currency}:${q.paymentType}:${channels.join(',')}`, () => selectBestRule(db, q));
  if (!rule) return { adminFee: 0n, serviceFee: 0n, total: 0n, rule: null };
  const { adminFee, serviceFee } = feeOf(input.amount, rule);
  return { adminFee, serviceFee, total: adminFee + serviceFee, rule };
}
