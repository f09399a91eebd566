/**
 * Weeks of demo history for the demo merchants whose dashboards would otherwise open empty (Lumi Traders THB,
 * Loja Verde BRL, CoinRail USDT). A profile says what a merchant sells and how busy it is; the plan is drawn from a
 * seeded PRNG, so every demo database gets the same orders relative to its "now" and a test can count them. The
 * orders themselves are made by demo.ts through the real services.
 */
import { CollectionFailureReason, getCurrency, PaymentType, type CollectionFailureReasonValue, type CurrencyCode } from '@mg/domain';
import { mulberry32 } from '../../lib/random';

export type Outcome = 'paid' | 'pending' | 'failed' | 'expired' | 'closed';

export interface DemoOrder {
  /** Days before `now` the order was created (fractions allowed). */
  daysAgo: number;
  amount: bigint;
  paymentType: number;
  channel?: number;
  outcome: Outcome;
  failureReason?: CollectionFailureReasonValue;
  payer: string;
}

interface Product {
  paymentType: number;
  channel: number;
  /** Relative share of the orders. */
  weight: number;
  /** Amount range in major units (whole units; cents are drawn apart). */
  min: number;
  max: number;
}

export interface HistoryProfile {
  merchantId: number;
  currency: CurrencyCode;
  seed: number;
  /** Days of history before today. */
  days: number;
  /** Orders on a weekday at the start of the history and at its end: the business grows, so the home shows a trend. */
  perDay: readonly [number, number];
  products: readonly Product[];
  payers: readonly string[];
  /** Paid orders to refund (some in full, some in part), taken from the last days (a refund follows soon after a sale). */
  refunds: number;
}

/** Orders created this close to now are still open (the payer has not paid yet). */
const OPEN_WINDOW_DAYS = 0.15;
/** Weekend days see this share of a weekday's orders. */
const WEEKEND_SHARE = 0.6;
const FAILURE_REASONS: readonly CollectionFailureReasonValue[] = [
  CollectionFailureReason.INSUFFICIENT_FUNDS,
  CollectionFailureReason.PAYER_DECLINED,
  CollectionFailureReason.CHANNEL_DECLINED,
  CollectionFailureReason.CHANNEL_TIMEOUT,
  CollectionFailureReason.RISK_REJECTED,
];
/** Cumulative outcome shares of a finished order: paid, failed, expired, closed (the rest). */
const PAID_SHARE = 0.82;
const FAILED_SHARE = 0.89;
const EXPIRED_SHARE = 0.96;
/** Cents a price ends in (shop prices, not random noise). */
const PRICE_ENDINGS = [0, 0, 0, 50, 90, 99] as const;
const CENTS_DECIMALS = 2;

const P = PaymentType;

export const HISTORY_PROFILES: readonly HistoryProfile[] = [
  {
    merchantId: 10030,
    currency: 'THB',
    seed: 10030,
    days: 27,
    perDay: [3, 7],
    products: [
      { paymentType: P.BANK_TRANSFER, channel: 20, weight: 5, min: 90, max: 4_500 },
      { paymentType: P.WALLET, channel: 21, weight: 3, min: 50, max: 1_500 },
      { paymentType: P.MOBILE_BANKING, channel: 23, weight: 2, min: 200, max: 6_000 },
      { paymentType: P.CREDIT_CARD, channel: 90, weight: 1, min: 500, max: 12_000 },
    ],
    payers: ['Somchai Jaidee', 'Malee Suksan', 'Niran Thongdee', 'Kanya Srisuk', 'Arthit Chaiyaporn', 'Ploy Rattanakul', 'Wichai Boonmee', 'Siriporn Kaewmanee'],
    refunds: 3,
  },
  {
    merchantId: 10020,
    currency: 'BRL',
    seed: 10020,
    days: 27,
    perDay: [3, 8],
    products: [
      { paymentType: P.BANK_TRANSFER, channel: 53, weight: 6, min: 15, max: 900 },
      { paymentType: P.INVOICE, channel: 54, weight: 2, min: 50, max: 2_500 },
      { paymentType: P.CREDIT_CARD, channel: 90, weight: 2, min: 30, max: 1_800 },
    ],
    payers: ['Ana Souza', 'Bruno Oliveira', 'Carla Mendes', 'Diego Santos', 'Fernanda Lima', 'Gustavo Pereira', 'Juliana Costa', 'Rafael Almeida'],
    refunds: 3,
  },
  {
    merchantId: 10010,
    currency: 'USDT',
    seed: 10010,
    days: 27,
    perDay: [2, 5],
    products: [
      { paymentType: P.CRYPTO, channel: 60, weight: 4, min: 20, max: 5_000 },
      { paymentType: P.CRYPTO, channel: 61, weight: 1, min: 100, max: 12_000 },
    ],
    payers: ['Nova Games Ltd', 'Atlas Trading', 'Kestrel Labs', 'Blue Harbor OTC', 'Mira Studio', 'Orbit Exchange'],
    refunds: 2,
  },
];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)]!;
}

function pickWeighted(rnd: () => number, products: readonly Product[]): Product {
  const total = products.reduce((s, p) => s + p.weight, 0);
  let r = rnd() * total;
  for (const p of products) {
    r -= p.weight;
    if (r < 0) return p;
  }
  return products[products.length - 1]!;
}

/** A shop price in minor units: small amounts are more common than large ones. */
function priceMinor(rnd: () => number, p: Product, currency: CurrencyCode): bigint {
  const major = Math.round(p.min + (p.max - p.min) * rnd() ** 2);
  const decimals = getCurrency(currency).decimals;
  const scale = 10n ** BigInt(decimals);
  const cents = decimals >= CENTS_DECIMALS ? BigInt(pick(rnd, PRICE_ENDINGS)) * 10n ** BigInt(decimals - CENTS_DECIMALS) : 0n;
  // a price ending below the minimum is kept at the minimum
  return BigInt(major) * scale + (major > p.min ? cents : 0n);
}

/** The weekday of a day `daysAgo` before `now` (0 Sunday), good enough for a demo's weekend dip. */
function weekday(now: Date, daysAgo: number): number {
  return new Date(now.getTime() - daysAgo * 86_400_000).getUTCDay();
}

/** The orders of a profile, oldest first. */
export function historyPlan(profile: HistoryProfile, now: Date): DemoOrder[] {
  const rnd = mulberry32(profile.seed);
  const out: DemoOrder[] = [];
  const [first, last] = profile.perDay;
  // The draws in this order for every order (product, outcome, amount, reason, payer): the plan stays what it was.
  const draw = (daysAgo: number, outcomeOf: (r: number) => Outcome): DemoOrder => {
    const product = pickWeighted(rnd, profile.products);
    const outcome = outcomeOf(rnd());
    return {
      daysAgo,
      amount: priceMinor(rnd, product, profile.currency),
      paymentType: product.paymentType,
      channel: product.channel,
      outcome,
      ...(outcome === 'failed' ? { failureReason: pick(rnd, FAILURE_REASONS) } : {}),
      payer: pick(rnd, profile.payers),
    };
  };
  for (let day = profile.days; day >= 0; day--) {
    const progress = 1 - day / profile.days;
    const weekend = [0, 6].includes(weekday(now, day));
    const expected = (first + (last - first) * progress) * (weekend ? WEEKEND_SHARE : 1);
    const count = Math.max(1, Math.round(expected * (0.75 + rnd() * 0.5)));
    // days counted back from now, so "day 0" is the last 24 hours and nothing lies in the future
    const times = Array.from({ length: count }, () => day + rnd()).sort((a, b) => b - a);
    for (const daysAgo of times) {
      const open = daysAgo < OPEN_WINDOW_DAYS;
      out.push(draw(daysAgo, (r) => (open ? 'pending' : r < PAID_SHARE ? 'paid' : r < FAILED_SHARE ? 'failed' : r < EXPIRED_SHARE ? 'expired' : 'closed')));
    }
  }
  // Whatever the day's draw, the dashboard always has an order still waiting for its payer (the order times move with
  // the weekday of "now": on some days none fell in the open window).
  if (!out.some((o) => o.outcome === 'pending')) out.push(draw(OPEN_WINDOW_DAYS * rnd(), () => 'pending'));
  return out;
}
