/** What a merchant pays for each product: the fee rule that applies (quoteFee's precedence) and the list records. */
import { ChannelState, PLATFORM_MERCHANT_ID, toMajorString, type CurrencyCode, type ListRecord, type productsList } from '@mg/domain';
import { ANY_CHANNEL } from '../fees/service';

/** A product row and a fee rule as the products SQL reads them (queries.ts). */
export interface ProductRow {
  paymentType: number;
  channel: number;
  minAmount: bigint;
  maxAmount: bigint;
  status: number;
}
export interface RuleRow {
  merchantId: number;
  paymentType: number;
  channel: number;
  rateBps: number;
  fixedFee: bigint;
  minFee: bigint;
}

export type ProductRecord = ListRecord<typeof productsList>;

/** Basis points in a whole (10 000 bps = 100 %). */
const BPS_PER_UNIT = 10_000;

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

export const isOwn = (rule: RuleRow, merchantId: number) => rule.merchantId === merchantId && merchantId !== PLATFORM_MERCHANT_ID;

/** A channel staff marked degraded or down (channel health); the others are operational. */
export interface MarkRow {
  channel: number;
  state: string;
  message: string;
}

/** The products as the list answers them; without `pricing` (the public list) every fee field is null. */
export function productRecords(
  rows: readonly ProductRow[],
  currency: CurrencyCode,
  marks: readonly MarkRow[],
  pricing?: { rules: readonly RuleRow[]; merchantId: number },
): ProductRecord[] {
  const major = (v: bigint) => toMajorString(v, currency);
  const markOf = new Map(marks.map((m) => [m.channel, m]));
  return rows.map((r) => {
    const rule = pricing && effectiveRule(pricing.rules, pricing.merchantId, r.paymentType, r.channel);
    const mark = markOf.get(r.channel);
    return {
      id: `${r.paymentType}-${r.channel}`,
      currency,
      paymentType: r.paymentType,
      channel: r.channel,
      minAmount: major(r.minAmount),
      maxAmount: major(r.maxAmount),
      status: r.status,
      feeRate: rule ? rule.rateBps / BPS_PER_UNIT : null,
      fixedFee: rule ? major(rule.fixedFee) : null,
      minFee: rule ? major(rule.minFee) : null,
      feeOwn: rule && pricing ? isOwn(rule, pricing.merchantId) : null,
      channelState: mark?.state ?? ChannelState.OPERATIONAL,
      channelNotice: mark?.message ?? null,
    };
  });
}

