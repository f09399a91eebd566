/**
 * The payment methods of a currency (docs/payments-api.md "Products"): each channel of a payment type with the
 * amount limits of one payment and the fee the reader's merchant pays (its own rule, else the platform default).
 * A small set: answered and exported whole.
 */
import { z } from 'zod';
import { ColumnKind, ColumnRule, FilterKind, defineList } from '../lists/define';
import { CHANNEL_STATE_COLORS, CHANNEL_STATES } from '../channel-health/vocabulary';
import { PRODUCTS_PERM } from './perm';

export const PRODUCT_STATUS_COLORS: Readonly<Record<string, string>> = { 1: 'green', 0: 'default' };

const money = z.string().describe('decimal string in the currency units');

export const productsList = defineList({
  name: 'products',
  api: '/products',
  permission: PRODUCTS_PERM.PRODUCT_MENU,
  paged: false,
  record: z.object({
    id: z.string().describe('paymentType-channel'),
    currency: z.string(),
    paymentType: z.number(),
    channel: z.number(),
    minAmount: money,
    maxAmount: money,
    status: z.number().describe('1 available, 0 unavailable'),
    feeRate: z.number().nullable().describe('0..1 of the amount; null: no fee rule applies (or the public list)'),
    fixedFee: money.nullable(),
    minFee: money.nullable(),
    feeOwn: z.boolean().nullable().describe("true: the merchant's own rule; false: the platform default"),
    channelState: z.enum(CHANNEL_STATES as [string, ...string[]]).describe('what the platform marked the channel as (channel health): a down channel takes no payment'),
    channelNotice: z.string().nullable().describe("the platform's message on a degraded or down channel"),
  }),
  columns: [
    { key: 'paymentType', header: 'products.paymentType', kind: ColumnKind.ENUM, labels: 'enum.paymentType', width: 18 },
    { key: 'channel', header: 'products.channel', kind: ColumnKind.CHANNEL, width: 24 },
    { key: 'minAmount', header: 'products.fields.minAmount', kind: ColumnKind.MONEY },
    { key: 'maxAmount', header: 'products.fields.maxAmount', kind: ColumnKind.MONEY },
    { key: 'feeRate', header: 'products.fields.feeRate', kind: ColumnKind.PERCENT, rule: ColumnRule.FEE },
    { key: 'fixedFee', header: 'products.fields.fixedFee', kind: ColumnKind.MONEY, rule: ColumnRule.FEE },
    { key: 'minFee', header: 'products.fields.minFee', kind: ColumnKind.MONEY, rule: ColumnRule.FEE },
    { key: 'status', header: 'products.status', kind: ColumnKind.STATUS, labels: 'products.statuses', colors: PRODUCT_STATUS_COLORS, width: 12 },
    { key: 'channelState', header: 'products.fields.channelState', kind: ColumnKind.STATUS, labels: 'channel-health.states', colors: CHANNEL_STATE_COLORS, width: 14 },
    { key: 'channelNotice', header: 'products.fields.channelNotice', kind: ColumnKind.TEXT, width: 40, optional: true },
  ],
  filters: [
    { key: 'paymentType', label: 'products.paymentType', kind: FilterKind.PAYMENT_TYPE },
    { key: 'currency', label: 'common.fields.currency', kind: FilterKind.CURRENCY },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  currency: true,
});
