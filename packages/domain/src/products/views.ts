/** Products and their fees as the dashboard reads them (answer shapes; amounts are decimal strings). */
import type { z } from 'zod';
import type { CurrencyCode } from '../currencies';
import type { productFeeSchema, productSummarySchema } from './calls';

/** A fee rule: rate in basis points plus a fixed part (decimal string), raised to a minimum (decimal string). */
export type ProductFeeView = z.output<typeof productFeeSchema>;

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

/** Per payment type: enabled channels, the widest limits and the fee of the payment type (productCalls.summary). */
export type ProductSummaryView = z.output<typeof productSummarySchema>;
