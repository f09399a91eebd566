/**
 * Sales (spec §2 "sales"): collections grouped by local day (session zone), payment type and channel, with the
 * collected amount, fees and net, and the success rate. Counted as the home statistics count: collected = statuses
 * whose money arrived (COLLECTED_STATUSES), amount = paid amount (else ordered), fees = admin + service fee.
 */
import { z } from 'zod';
import { defineArea, GrantTier, MenuGroup } from '../areas/define';
import { QUERY_RANGE_MONTHS } from '../constants';
import { ColumnKind, ColumnRule, FilterKind, defineList } from '../lists/define';

export const SALES_PERM = { SALES_MENU: 'sales:menu' } as const;

const money = z.string().describe('decimal string in the currency units');

export const salesList = defineList({
  name: 'sales',
  api: '/sales',
  permission: SALES_PERM.SALES_MENU,
  // One small summary per month (days x payment types x channels): answered whole, exported whole.
  paged: false,
  record: z.object({
    id: z.string().describe('date|paymentType|channel'),
    date: z.string().describe('YYYY-MM-DD in the session zone'),
    currency: z.string(),
    paymentType: z.number(),
    channel: z.number().nullable(),
    orders: z.number().describe('collections created'),
    collected: z.number().describe('collections whose money arrived'),
    successRate: z.number().nullable().describe('0..1 of the decided ones; null when none is decided'),
    amount: money.describe('collected amount'),
    fees: money,
    net: money,
  }),
  columns: [
    { key: 'date', header: 'sales.fields.date', kind: ColumnKind.TEXT, width: 12 },
    { key: 'paymentType', header: 'sales.fields.paymentType', kind: ColumnKind.ENUM, labels: 'enum.paymentType' },
    { key: 'channel', header: 'sales.fields.channel', kind: ColumnKind.CHANNEL },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    { key: 'orders', header: 'sales.fields.orders', kind: ColumnKind.NUMBER },
    { key: 'collected', header: 'sales.fields.collected', kind: ColumnKind.NUMBER },
    { key: 'successRate', header: 'sales.fields.successRate', kind: ColumnKind.PERCENT },
    { key: 'amount', header: 'sales.fields.amount', kind: ColumnKind.MONEY },
    { key: 'fees', header: 'sales.fields.fees', kind: ColumnKind.MONEY, rule: ColumnRule.FEE },
    { key: 'net', header: 'sales.fields.net', kind: ColumnKind.MONEY },
  ],
  filters: [
    { key: 'paymentType', label: 'sales.fields.paymentType', kind: FilterKind.PAYMENT_TYPE },
    { key: 'channel', label: 'sales.fields.channel', kind: FilterKind.CHANNEL },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
  currency: true,
});

export const salesArea = defineArea({
  name: 'sales',
  perm: SALES_PERM,
  pages: [{ group: MenuGroup.PAYMENT, order: 40, path: '/payment/sales', name: 'payment-sales', component: 'sales/Sales', titleKey: 'sales.menu', icon: 'BarChartOutlined', perm: SALES_PERM.SALES_MENU, tiers: [GrantTier.READ], keepAlive: true }],
  lists: [salesList],
});
