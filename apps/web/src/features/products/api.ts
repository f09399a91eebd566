/** Calls and shapes of the product screens (docs/payments-api.md "Products"). */
import type { CurrencyCode } from '@mg/domain';
import { api } from '../../api';

/** A fee rule: rate in basis points plus a fixed part (decimal string), raised to a minimum (decimal string). */
export interface ProductFee {
  rateBps: number;
  fixedFee: string;
  minFee: string;
  /** True: the merchant's own (negotiated) rule; false: the platform default. */
  own?: boolean;
}

/** One payment method of a country: a channel of a payment type, its limits and (signed in) the merchant's fee. */
export interface Product {
  currency: CurrencyCode;
  paymentType: number;
  channel: number;
  channelName: string;
  minAmount: string;
  maxAmount: string;
  status: number;
  /** The caller's effective rule (merchant override, else platform default); absent on the public list. */
  fee?: ProductFee | null;
}

export interface ProductSummaryRow {
  paymentType: number;
  channels: number;
  minAmount: string;
  maxAmount: string;
  fee?: ProductFee | null;
}

export const productsApi = {
  list: (currency: CurrencyCode) => api.get<Product[]>('/products', { currency }),
  summary: (currency: CurrencyCode) => api.get<ProductSummaryRow[]>('/products/summary', { currency }),
  /** Public (legacy brands, signed out): the same list without fees. */
  publicList: (currency: CurrencyCode) => api.get<Product[]>('/common/products', { currency }),
};
