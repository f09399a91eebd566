/** Refunds: every refund of the merchant's collections, newest first (docs/payments-api.md "Refunds"). */
import { z } from 'zod';
import { NOTIFY_STATUS_COLORS } from '../callbacks/vocabulary';
import { QUERY_RANGE_MONTHS } from '../constants';
import { ColumnKind, ColumnRule, FilterKind, defineList } from '../lists/define';
import { REFUND_FUND_STATUS } from '../statuses';
import { REFUNDS_PERM } from './perm';

const money = z.string().describe('decimal string in the currency units');
const instant = z.string().describe('ISO-8601 UTC');

export const REFUND_STATUS_COLORS: Readonly<Record<string, string>> = { initialised: 'processing', returned_success: 'green', returned_failed: 'red' };

export const refundsList = defineList({
  name: 'refunds',
  api: '/refunds',
  permission: REFUNDS_PERM.REFUND_MENU,
  record: z.object({
    id: z.string(),
    merchantId: z.number(),
    collectionId: z.string(),
    merchantOrderId: z.string().nullable(),
    merchantRefundId: z.string().nullable(),
    currency: z.string(),
    refundType: z.string(),
    refundWay: z.string(),
    requestedAmount: money,
    actualAmount: money.nullable(),
    reason: z.string(),
    status: z.string().describe('RefundFundStatus'),
    failureReason: z.string().nullable(),
    notifyStatus: z.string().nullable(),
    createdBy: z.string(),
    createdAt: instant,
    completedAt: instant.nullable(),
  }),
  // What fits at 1440 px: which refund of which payment, its type, amount, status and time; the rest in the chooser.
  columns: [
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, rule: ColumnRule.PLATFORM, width: 10 },
    { key: 'id', header: 'refunds.id', kind: ColumnKind.ID },
    { key: 'collectionId', header: 'refunds.collectionId', kind: ColumnKind.ID },
    { key: 'merchantOrderId', header: 'collections.fields.merchantOrderId', kind: ColumnKind.TEXT, width: 24 },
    { key: 'merchantRefundId', header: 'refunds.merchantRefundId', kind: ColumnKind.TEXT, optional: true },
    { key: 'refundType', header: 'refunds.refundType', kind: ColumnKind.ENUM, labels: 'status.refundType', width: 12 },
    { key: 'refundWay', header: 'refunds.refundWay', kind: ColumnKind.ENUM, labels: 'status.refundWay', width: 14, optional: true },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    { key: 'requestedAmount', header: 'refunds.requestedAmount', kind: ColumnKind.MONEY },
    { key: 'actualAmount', header: 'refunds.actualAmount', kind: ColumnKind.MONEY, optional: true },
    { key: 'status', header: 'common.fields.status', kind: ColumnKind.STATUS, labels: 'status.refundFund', colors: REFUND_STATUS_COLORS, width: 16 },
    { key: 'reason', header: 'refunds.reason', kind: ColumnKind.TEXT, width: 30, optional: true },
    { key: 'failureReason', header: 'collections.fields.failureReason', kind: ColumnKind.TEXT, optional: true },
    { key: 'notifyStatus', header: 'collections.fields.notifyStatus', kind: ColumnKind.STATUS, labels: 'status.notify', colors: NOTIFY_STATUS_COLORS, optional: true },
    { key: 'createdBy', header: 'refunds.createdBy', kind: ColumnKind.TEXT, width: 14, optional: true },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true },
    { key: 'completedAt', header: 'refunds.completedAt', kind: ColumnKind.DATE, optional: true },
  ],
  filters: [
    { key: 'id', label: 'refunds.id', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'collectionId', label: 'refunds.collectionId', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'merchantOrderId', label: 'collections.fields.merchantOrderId', kind: FilterKind.TEXT, maxLength: 64, identifies: true },
    { key: 'status', label: 'common.fields.status', kind: FilterKind.SELECT, options: REFUND_FUND_STATUS.states, labels: 'status.refundFund' },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
  currency: true,
});
