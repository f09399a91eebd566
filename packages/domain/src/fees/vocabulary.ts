/** Fee rules: a rate in basis points plus a fixed part, at least a minimum; the platform defaults. */
import type { CurrencyCode } from '../currencies';
import { NETWORKS } from '../crypto/networks';
import { PAYABLE_NETWORKS } from '../crypto/vocabulary';
import { PaymentType } from '../enums';
import { productChannels, productMinorOf } from '../products/vocabulary';

/** Fee rules: percentage in basis points (0..FEE_RATE_BPS_MAX) plus a fixed part, at least a minimum. */
export const FEE_RATE_BPS_MAX = 10_000;
/** Channel value of a rule that applies to every channel of its payment type. */
export const FEE_ANY_CHANNEL = -1;

export interface DefaultFeeRule {
  currency: CurrencyCode;
  paymentType: number;
  /** FEE_ANY_CHANNEL (default) or one channel: a channel rule beats the any-channel rule. */
  channel: number;
  rateBps: number;
  /** Major units. */
  fixedFee: string;
  minFee: string;
}

/** Platform default rate per payment type, where a currency has no explicit default below. */
const DEFAULT_RATE_BPS: Readonly<Record<number, number>> = {
  [PaymentType.VA]: 100,
  [PaymentType.OTC]: 150,
  [PaymentType.CREDIT_CARD]: 290,
  [PaymentType.WALLET]: 150,
  [PaymentType.ONLINE_BANKING]: 120,
  [PaymentType.UPI]: 100,
  [PaymentType.MOBILE_BANKING]: 120,
  [PaymentType.BANK_TRANSFER]: 80,
  [PaymentType.INVOICE]: 150,
  [PaymentType.CRYPTO]: 50,
};

const rule = (currency: CurrencyCode, paymentType: number, rateBps: number, fixedFee = '0', minFee = '0', channel = FEE_ANY_CHANNEL): DefaultFeeRule => ({
  currency, paymentType, channel, rateBps, fixedFee, minFee,
});

/** Platform default payout fees per currency: [single payout, batch row], major units. */
const PAYOUT_FIXED_FEES: Readonly<Partial<Record<CurrencyCode, readonly [string, string]>>> = {
  IDR: ['4000', '3000'],
  THB: ['10', '8'],
  PHP: ['15', '12'],
  MYR: ['1', '0.8'],
  VND: ['5000', '4000'],
  MMK: ['1000', '800'],
  MXN: ['6', '5'],
  BRL: ['1.5', '1.2'],
  PKR: ['100', '80'],
  INR: ['5', '4'],
  COP: ['2000', '1600'],
  BND: ['1', '0.8'],
  SGD: ['0.5', '0.4'],
  JPY: ['100', '80'],
  KRW: ['500', '400'],
};

/** Explicit platform defaults (the usual market prices); every other product pair gets DEFAULT_RATE_BPS. */
const EXPLICIT_FEE_RULES: readonly DefaultFeeRule[] = [
  rule('IDR', PaymentType.VA, 0, '4000'),
  rule('IDR', PaymentType.WALLET, 150, '0', '1000'),
  rule('IDR', PaymentType.WALLET, 70, '0', '0', 11), // QRIS
  rule('IDR', PaymentType.OTC, 0, '5000'),
  rule('THB', PaymentType.BANK_TRANSFER, 80, '0', '5'), // PromptPay
  rule('THB', PaymentType.CREDIT_CARD, 290, '0', '10'),
  rule('PHP', PaymentType.WALLET, 200),
  rule('PHP', PaymentType.OTC, 0, '15'),
  rule('MYR', PaymentType.ONLINE_BANKING, 0, '1'), // FPX
  rule('VND', PaymentType.WALLET, 180, '0', '2000'),
  rule('MXN', PaymentType.BANK_TRANSFER, 0, '8'), // SPEI
  rule('MXN', PaymentType.OTC, 250, '0', '10'), // OXXO
  rule('BRL', PaymentType.BANK_TRANSFER, 99), // PIX
  rule('BRL', PaymentType.INVOICE, 0, '3.49'), // Boleto
  rule('BRL', PaymentType.CREDIT_CARD, 399, '0.39'),
  rule('INR', PaymentType.UPI, 100, '0', '2'),
  rule('USDT', PaymentType.CRYPTO, 50, '0', '1'),
  // A crypto payout costs its network's fee (issue 13), per network's channel.
  ...PAYABLE_NETWORKS.map((n) => rule('USDT', PaymentType.PAYOUT, 0, NETWORKS[n].payoutFee, '0', NETWORKS[n].channel)),
  // Payouts: a flat fee per transfer, single (8) and in a batch (9), as the local rails charge. A balance transfer
  // (19) moves money inside the platform: the batch price, no rail behind it.
  ...Object.entries(PAYOUT_FIXED_FEES).flatMap(([currency, [single, batch]]) => [
    rule(currency as CurrencyCode, PaymentType.PAYOUT, 0, single),
    rule(currency as CurrencyCode, PaymentType.BATCH_PAYOUT, 0, batch),
    rule(currency as CurrencyCode, PaymentType.BALANCE_TRANSFER, 0, batch),
  ]),
];

/** The platform's default fee rules (merchant 10000), seeded on every start where missing. */
export const DEFAULT_FEE_RULES: readonly DefaultFeeRule[] = (() => {
  const out = [...EXPLICIT_FEE_RULES];
  const has = new Set(out.filter((r) => r.channel === FEE_ANY_CHANNEL).map((r) => `${r.currency}/${r.paymentType}`));
  for (const { currency, channel } of productChannels()) {
    const k = `${currency}/${channel.paymentType}`;
    if (has.has(k)) continue;
    has.add(k);
    out.push(rule(currency, channel.paymentType, DEFAULT_RATE_BPS[channel.paymentType] ?? 0));
  }
  return out;
})();

/** Fee amounts of a default rule in minor units. */
export function feeRuleMinor(r: DefaultFeeRule): { fixedFee: bigint; minFee: bigint } {
  return { fixedFee: productMinorOf(r.fixedFee, r.currency), minFee: productMinorOf(r.minFee, r.currency) };
}
