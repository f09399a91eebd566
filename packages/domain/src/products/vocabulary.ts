/** Products: the payment methods of a country and their default limits. */
import { CHANNELS, type Channel } from '../channels';
import type { CurrencyCode } from '../currencies';
import { PaymentType } from '../enums';
import { parseAmount } from '../money';

/** Products: the payment methods of a country. Cashier, payout and "all" entries of CHANNELS are not products. */
const NOT_PRODUCT_TYPES: readonly number[] = [PaymentType.CASHIER, PaymentType.PAYOUT, PaymentType.BATCH_PAYOUT, PaymentType.REFUND];

export function isProductChannel(c: Channel): boolean {
  return c.code >= 0 && !NOT_PRODUCT_TYPES.includes(c.paymentType);
}

/** One (currency, channel) product per country of each product channel. */
export function productChannels(): { currency: CurrencyCode; channel: Channel }[] {
  return CHANNELS.filter(isProductChannel).flatMap((channel) => channel.countries.map((currency) => ({ currency, channel })));
}

/** Default limits of one payment of a product, in major units (a product row may be edited afterwards). */
export const PRODUCT_LIMITS: Readonly<Record<CurrencyCode, { min: string; max: string }>> = {
  IDR: { min: '10000', max: '50000000' },
  THB: { min: '20', max: '500000' },
  PHP: { min: '20', max: '500000' },
  MYR: { min: '1', max: '50000' },
  VND: { min: '10000', max: '300000000' },
  MMK: { min: '1000', max: '10000000' },
  MXN: { min: '10', max: '200000' },
  BRL: { min: '1', max: '100000' },
  PKR: { min: '100', max: '1000000' },
  USDT: { min: '1', max: '100000' },
  INR: { min: '100', max: '500000' },
  COP: { min: '5000', max: '20000000' },
  BND: { min: '1', max: '20000' },
  SGD: { min: '1', max: '20000' },
  JPY: { min: '100', max: '1000000' },
  KRW: { min: '1000', max: '10000000' },
};

/** A major-unit amount of domain data in minor units (a bad literal is a programming error). */
export function productMinorOf(major: string, currency: CurrencyCode): bigint {
  const r = parseAmount(major, currency, { allowZero: true });
  if (!r.ok) throw new RangeError(`bad ${currency} amount in domain data: ${major}`);
  return r.minor;
}

/** PRODUCT_LIMITS of a currency in minor units. */
export function productLimitsMinor(currency: CurrencyCode): { min: bigint; max: bigint } {
  const l = PRODUCT_LIMITS[currency];
  return { min: productMinorOf(l.min, currency), max: productMinorOf(l.max, currency) };
}

/** Status of a product (payment method of a country) row: only enabled ones can be used for new collections. */
export const ProductStatus = { DISABLED: 0, ENABLED: 1 } as const;
export type ProductStatusValue = (typeof ProductStatus)[keyof typeof ProductStatus];
