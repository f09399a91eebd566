/** Calls and shapes of the product screens (docs/payments-api.md "Products"). */
import type { CurrencyCode, ListRecord, ProductFeeView, ProductSummaryView, productsList } from '@mg/domain';
import { api } from '../../api';

/** A record of the declared products list; the public list carries no fee (every fee field null). */
export type Product = ListRecord<typeof productsList>;
/** A fee rule as the product screens show it; the public pages have none. */
export type ProductFee = Omit<ProductFeeView, 'own'> & Partial<Pick<ProductFeeView, 'own'>>;
export type ProductSummaryRow = Omit<ProductSummaryView, 'fee'> & { fee?: ProductFee | null };

/** Basis points in a whole (100 % = 10 000 bps). */
export const BPS_PER_UNIT = 10_000;

/** The fee of a product record as a rule (null when none applies or on the public list). */
export function feeOf(p: Product): ProductFee | null {
  if (p.feeRate === null || p.fixedFee === null || p.minFee === null) return null;
  return { rateBps: Math.round(p.feeRate * BPS_PER_UNIT), fixedFee: p.fixedFee, minFee: p.minFee, own: p.feeOwn ?? false };
}

export const productsApi = {
  summary: (currency: CurrencyCode) => api.get<ProductSummaryRow[]>('/products/summary', { currency }),
  /** Public (legacy brands, signed out): the enabled products without fees. */
  publicList: (currency: CurrencyCode) => api.get<Product[]>('/common/products', { currency }),
};
