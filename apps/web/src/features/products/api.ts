/** Calls and shapes of the product screens (docs/payments-api.md "Products"). */
import type { CurrencyCode, ProductFeeView, ProductSummaryView, ProductView } from '@mg/domain';
import { api } from '../../api';

/**
 * The server's answer shapes (domain payments-api.ts). The screen also builds rows from the public list, which
 * carries no fee: here the fee (and whether it is the merchant's own) may be absent.
 */
export type ProductFee = Omit<ProductFeeView, 'own'> & Partial<Pick<ProductFeeView, 'own'>>;
export type Product = ProductView & { fee?: ProductFee | null };
export type ProductSummaryRow = Omit<ProductSummaryView, 'fee'> & { fee?: ProductFee | null };

export const productsApi = {
  list: (currency: CurrencyCode) => api.get<Product[]>('/products', { currency }),
  summary: (currency: CurrencyCode) => api.get<ProductSummaryRow[]>('/products/summary', { currency }),
  /** Public (legacy brands, signed out): the same list without fees. */
  publicList: (currency: CurrencyCode) => api.get<Product[]>('/common/products', { currency }),
};
