/** Transaction records: the merchant's collections, newest first (docs/payments-api.md "Collections"). */
import { NOTIFY_STATUS_COLORS } from '../callbacks/vocabulary';
import { z } from 'zod';
import { QUERY_RANGE_MONTHS } from '../constants';
import { ColumnKind, ColumnRule, FilterKind, defineList } from '../lists/define';
import { NOTIFY_STATUS, PAYMENT_STATUS } from '../statuses';
import { COLLECTIONS_PERM } from './perm';

const money = z.string().describe('decimal string in the currency units');
const instant = z.string().describe('ISO-8601 UTC');

/** Tag colours of the payment and notify statuses (shared by the list, the drawer and the refunds). */
export const PAYMENT_STATUS_COLORS: Readonly<Record<string, string>> = {
  pending: 'gold',
  processing: 'processing',
  success: 'green',
  failed: 'red',
  closed: 'default',
  partial: 'orange',
  rejected: 'volcano',
  refunded: 'purple',
  returned: 'magenta',
  unknown: 'default',
};

export const collectionsList = defineList({
  name: 'collections',
  api: '/collections',
  permission: COLLECTIONS_PERM.COLLECTION_MENU,
  record: z.object({
    id: z.string(),
    merchantId: z.number(),
    merchantOrderId: z.string(),
    currency: z.string(),
    paymentType: z.number(),
    channel: z.number().nullable(),
    paymentCode: z.string().nullable(),
    status: z.string().describe('PaymentStatus'),
    amount: money,
    adminFee: money,
    serviceFee: money,
    paidAmount: money.nullable(),
    refundedAmount: money,
    paidAt: instant.nullable(),
    payerName: z.string().nullable(),
    payerEmail: z.string().nullable(),
    payerPhone: z.string().nullable(),
    payerAddress: z.string().nullable().describe('crypto: the address the payer sent from'),
    chainTradeNo: z.string().nullable().describe('crypto: the transaction id on the chain'),
    orderDescription: z.string().nullable(),
    expiryHours: z.number(),
    expiresAt: instant,
    notifyStatus: z.string().nullable().describe('NotifyStatus; null: nothing to notify'),
    settlementId: z.string().nullable(),
    settlementStatus: z.string().nullable().describe('pending, settled; null before success'),
    source: z.string(),
    mode: z.string(),
    failureReason: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
  }),
  // At 1440 px the table shows who paid what and when without sideways scrolling: the order ids, status, amount,
  // channel and created time; the rest are secondary (column chooser, and all of them in the details drawer).
  columns: [
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, rule: ColumnRule.PLATFORM, width: 10 },
    { key: 'merchantOrderId', header: 'collections.fields.merchantOrderId', kind: ColumnKind.ID, width: 24 },
    { key: 'id', header: 'collections.fields.transactionId', kind: ColumnKind.ID },
    { key: 'status', header: 'common.fields.status', kind: ColumnKind.STATUS, labels: 'status.payment', colors: PAYMENT_STATUS_COLORS },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    { key: 'amount', header: 'common.fields.amount', kind: ColumnKind.MONEY, sortable: true },
    { key: 'channel', header: 'collections.fields.channel', kind: ColumnKind.CHANNEL },
    { key: 'paymentType', header: 'collections.fields.paymentType', kind: ColumnKind.ENUM, labels: 'enum.paymentType', optional: true },
    { key: 'paymentCode', header: 'collections.fields.paymentCode', kind: ColumnKind.TEXT, optional: true },
    { key: 'payerAddress', header: 'crypto.fields.payerAddress', kind: ColumnKind.TEXT, optional: true, width: 24 },
    { key: 'chainTradeNo', header: 'crypto.fields.chainTradeNo', kind: ColumnKind.TEXT, optional: true, width: 24 },
    { key: 'adminFee', header: 'collections.fields.adminFee', kind: ColumnKind.MONEY, rule: ColumnRule.FEE, width: 14, optional: true },
    { key: 'serviceFee', header: 'collections.fields.serviceFee', kind: ColumnKind.MONEY, rule: ColumnRule.FEE, width: 14, optional: true },
    { key: 'paidAmount', header: 'collections.fields.paidAmount', kind: ColumnKind.MONEY, rule: ColumnRule.PAID_AMOUNT, optional: true },
    { key: 'refundedAmount', header: 'collections.fields.refundedAmount', kind: ColumnKind.MONEY, optional: true },
    { key: 'paidAt', header: 'collections.fields.paidAt', kind: ColumnKind.DATE, sortable: true, optional: true },
    { key: 'payerName', header: 'collections.fields.payer', kind: ColumnKind.TEXT, width: 18, optional: true },
    { key: 'payerEmail', header: 'collections.fields.payerEmail', kind: ColumnKind.TEXT, optional: true, width: 24 },
    { key: 'payerPhone', header: 'collections.fields.payerPhone', kind: ColumnKind.TEXT, optional: true, width: 16 },
    { key: 'orderDescription', header: 'collections.fields.orderDescription', kind: ColumnKind.TEXT, optional: true, width: 28 },
    { key: 'notifyStatus', header: 'collections.fields.notifyStatus', kind: ColumnKind.STATUS, labels: 'status.notify', colors: NOTIFY_STATUS_COLORS, optional: true },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true },
  ],
  filters: [
    { key: 'status', label: 'common.fields.status', kind: FilterKind.SELECT, options: PAYMENT_STATUS.states, labels: 'status.payment' },
    { key: 'merchantOrderId', label: 'collections.fields.merchantOrderId', kind: FilterKind.TEXT, maxLength: 64, identifies: true },
    { key: 'id', label: 'collections.fields.transactionId', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    // A settlement batch's collections (opened from the batch); any date, like an id.
    { key: 'settlementId', label: 'settlements.fields.id', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'channel', label: 'collections.fields.channel', kind: FilterKind.CHANNEL },
    { key: 'paymentType', label: 'collections.fields.paymentType', kind: FilterKind.PAYMENT_TYPE },
    { key: 'amountMin', label: 'collections.fields.amountMin', kind: FilterKind.AMOUNT },
    { key: 'amountMax', label: 'collections.fields.amountMax', kind: FilterKind.AMOUNT },
    { key: 'notifyStatus', label: 'collections.fields.notifyStatus', kind: FilterKind.SELECT, options: NOTIFY_STATUS.states, labels: 'status.notify' },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
  currency: true,
});
