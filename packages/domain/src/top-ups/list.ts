/** Top-up records: the merchant's top-up orders, newest first. */
import { z } from 'zod';
import { PAYMENT_STATUS_COLORS } from '../collections/list';
import { QUERY_RANGE_MONTHS } from '../constants';
import { ColumnKind, ColumnRule, FilterKind, defineList } from '../lists/define';
import { TOP_UPS_PERM } from './perm';
import { TOP_UP_STATUSES } from './vocabulary';

const money = z.string().describe('decimal string in the currency units');
const instant = z.string().describe('ISO-8601 UTC');

export const topUpsList = defineList({
  name: 'top-ups',
  api: '/top-ups',
  permission: TOP_UPS_PERM.TOP_UP_MENU,
  record: z.object({
    id: z.string(),
    merchantId: z.number(),
    currency: z.string(),
    amount: money.describe('what the payer pays'),
    fee: money.describe('the top-up fee (payment type 20 fee rules; 0 without one); charged on success'),
    credited: money.describe('what reaches the available balance: amount - fee on success, else 0'),
    paymentType: z.number(),
    channel: z.number(),
    status: z.string().describe('pending | success | failed | closed'),
    failureReason: z.string().nullable().describe('collection failure reason code'),
    cashierUrl: z.string().describe('where the top-up is paid'),
    createdBy: z.string(),
    createdAt: instant,
    expiresAt: instant,
    paidAt: instant.nullable(),
  }),
  columns: [
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, rule: ColumnRule.PLATFORM, width: 10 },
    { key: 'id', header: 'top-ups.fields.id', kind: ColumnKind.ID },
    { key: 'paymentType', header: 'top-ups.fields.paymentType', kind: ColumnKind.ENUM, labels: 'enum.paymentType', width: 16 },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    { key: 'amount', header: 'top-ups.fields.amount', kind: ColumnKind.MONEY, sortable: true },
    { key: 'fee', header: 'top-ups.fields.fee', kind: ColumnKind.MONEY, rule: ColumnRule.FEE, width: 12 },
    { key: 'credited', header: 'top-ups.fields.credited', kind: ColumnKind.MONEY },
    { key: 'status', header: 'common.fields.status', kind: ColumnKind.STATUS, labels: 'status.payment', colors: PAYMENT_STATUS_COLORS, width: 12 },
    { key: 'createdBy', header: 'top-ups.fields.createdBy', kind: ColumnKind.TEXT, width: 14, optional: true },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true },
    { key: 'paidAt', header: 'top-ups.fields.paidAt', kind: ColumnKind.DATE, optional: true },
  ],
  filters: [
    { key: 'id', label: 'top-ups.fields.id', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'status', label: 'common.fields.status', kind: FilterKind.SELECT, options: TOP_UP_STATUSES, labels: 'status.payment' },
    { key: 'currency', label: 'common.fields.currency', kind: FilterKind.CURRENCY },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
  currency: true,
});
