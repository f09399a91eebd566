/** Calls and shapes of the product screens (docs/payments-api.md "Products"; domain productCalls). */
import { productCalls, type CallAnswer, type CurrencyCode, type ListRecord, type ProductFeeView, type productsList } from '@mg/domain';
import { callApi } from '../../api';

/** A record of the declared products list; the public list carries no fee (every fee field null). */
export type Product = ListRecord<typeof productsList>;
/** One row of the merchant's summary (domain productCalls.summary). */
export type ProductSummary = CallAnswer<typeof productCalls.summary>[number];
/** A fee rule as the product screens show it; the public pages have none. */
export type ProductFee = Omit<ProductFeeView, 'own'> & Partial<Pick<ProductFeeView, 'own'>>;
/** A summary row as the page shows it: the merchant's (with its fee) or the one derived from the public list (without). */
export type ProductSummaryRow = Omit<ProductSummary, 'fee'> & { fee?: ProductFee | null };

/** Basis points in a whole (100 % = 10 000 bps). */
export const BPS_PER_UNIT = 10_000;

/** The fee of a product record as a rule (null when none applies or on the public list). */
export function feeOf(p: Product): ProductFee | null {
  if (p.feeRate === null || p.fixedFee === null || p.minFee === null) return null;
  return { rateBps: Math.round(p.feeRate * BPS_PER_UNIT), fixedFee: p.fixedFee, minFee: p.minFee, own: p.feeOwn ?? false };
}

export const productsApi = {
  summary: (currency: CurrencyCode) => callApi(productCalls.summary, { query: { currency } }),
  /** Public (legacy brands, signed out): the enabled products without fees. */
  publicList: (currency: CurrencyCode) => callApi(productCalls.publicList, { query: { currency } }),
};
