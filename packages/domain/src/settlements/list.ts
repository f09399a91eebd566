/** Settlement records: one row per batch (merchant, currency, local day), newest first. */
import { z } from 'zod';
import { QUERY_RANGE_MONTHS } from '../constants';
import { ColumnKind, ColumnRule, FilterKind, defineList } from '../lists/define';
import { SETTLEMENT_STATUS } from '../statuses';
import { SETTLEMENTS_PERM } from './perm';

const money = z.string().describe('decimal string in the currency units');
const instant = z.string().describe('ISO-8601 UTC');

export const SETTLEMENT_STATUS_COLORS: Readonly<Record<string, string>> = { pending: 'gold', settled: 'success' };

export const settlementsList = defineList({
  name: 'settlements',
  api: '/settlements',
  permission: SETTLEMENTS_PERM.SETTLEMENT_MENU,
  record: z.object({
    id: z.string(),
    merchantId: z.number(),
    currency: z.string(),
    settleDate: z.string().describe('YYYY-MM-DD, merchant zone'),
    dueAt: instant,
    status: z.string().describe('pending, settled'),
    collectionCount: z.number(),
    grossAmount: money,
    feeAmount: money,
    refundedAmount: money,
    netAmount: money,
    settledAt: instant.nullable(),
    createdAt: instant,
  }),
  columns: [
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, rule: ColumnRule.PLATFORM, width: 10 },
    { key: 'id', header: 'settlements.fields.id', kind: ColumnKind.ID, optional: true },
    { key: 'settleDate', header: 'settlements.fields.settleDate', kind: ColumnKind.TEXT, sortable: true, width: 12 },
    { key: 'dueAt', header: 'settlements.fields.dueAt', kind: ColumnKind.DATE },
    { key: 'status', header: 'common.fields.status', kind: ColumnKind.STATUS, labels: 'status.settlement', colors: SETTLEMENT_STATUS_COLORS, width: 12 },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    { key: 'collectionCount', header: 'settlements.fields.collectionCount', kind: ColumnKind.NUMBER },
    { key: 'grossAmount', header: 'settlements.fields.grossAmount', kind: ColumnKind.MONEY },
    { key: 'feeAmount', header: 'settlements.fields.feeAmount', kind: ColumnKind.MONEY, rule: ColumnRule.FEE, width: 14 },
    { key: 'refundedAmount', header: 'settlements.fields.refundedAmount', kind: ColumnKind.MONEY },
    { key: 'netAmount', header: 'settlements.fields.netAmount', kind: ColumnKind.MONEY, sortable: true },
    { key: 'settledAt', header: 'settlements.fields.settledAt', kind: ColumnKind.DATE },
  ],
  filters: [
    { key: 'id', label: 'settlements.fields.id', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'status', label: 'common.fields.status', kind: FilterKind.SELECT, options: SETTLEMENT_STATUS.states, labels: 'status.settlement' },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
  currency: true,
});
