/** Products and their fees as the dashboard reads them (answer shapes; amounts are decimal strings). */
import type { CurrencyCode } from '../currencies';

/** A fee rule: rate in basis points plus a fixed part (decimal string), raised to a minimum (decimal string). */
export interface ProductFeeView {
  rateBps: number;
  fixedFee: string;
  minFee: string;
  /** True: the merchant's own (negotiated) rule; false: the platform default. */
  own: boolean;
}

/** One payment method of a country: a channel of a payment type and its limits. */
export interface ProductView {
  currency: CurrencyCode;
  paymentType: number;
  channel: number;
  channelName: string;
  minAmount: string;
  maxAmount: string;
  status: number;
}

/** Per payment type: enabled channels, the widest limits and the fee of the payment type. */
export interface ProductSummaryView {
  paymentType: number;
  channels: number;
  minAmount: string;
  maxAmount: string;
  fee: ProductFeeView | null;
}
