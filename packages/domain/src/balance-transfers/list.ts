/** Balance transfer records: each side of each transfer of the merchant, newest first. */
import { z } from 'zod';
import { QUERY_RANGE_MONTHS } from '../constants';
import { ColumnKind, ColumnRule, FilterKind, defineList } from '../lists/define';
import { BALANCE_TRANSFERS_PERM } from './perm';
import { TRANSFER_DIRECTIONS, TRANSFER_DIRECTION_COLORS } from './vocabulary';

const money = z.string().describe('decimal string in the currency units');

export const balanceTransfersList = defineList({
  name: 'balance-transfers',
  api: '/balance-transfers',
  permission: BALANCE_TRANSFERS_PERM.BALANCE_TRANSFER_MENU,
  // Both sides of a transfer share its id: the row's own key continues an export.
  rowKey: 'rowId',
  record: z.object({
    rowId: z.number().describe('this side of the transfer'),
    id: z.string().describe('the transfer id, the same on both sides and in the balance records'),
    merchantId: z.number().describe('whose side this record is'),
    direction: z.string().describe('out: this merchant sent; in: it received'),
    counterpartyId: z.number(),
    counterpartyName: z.string(),
    fromMerchantId: z.number(),
    toMerchantId: z.number(),
    currency: z.string(),
    amount: money.describe('what the receiver got'),
    fee: money.describe("the sender's transfer fee; 0 on the receiving side"),
    balanceChange: money.describe("signed change of this merchant's available balance"),
    remark: z.string().nullable(),
    createdBy: z.string(),
    createdAt: z.string().describe('ISO-8601 UTC'),
  }),
  columns: [
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, rule: ColumnRule.PLATFORM, width: 10 },
    { key: 'id', header: 'balance-transfers.fields.id', kind: ColumnKind.ID },
    { key: 'direction', header: 'balance-transfers.fields.direction', kind: ColumnKind.STATUS, labels: 'balance-transfers.direction', colors: TRANSFER_DIRECTION_COLORS, width: 12 },
    { key: 'counterpartyId', header: 'balance-transfers.fields.counterpartyId', kind: ColumnKind.TEXT, width: 12 },
    { key: 'counterpartyName', header: 'balance-transfers.fields.counterpartyName', kind: ColumnKind.TEXT, width: 20 },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    { key: 'amount', header: 'balance-transfers.fields.amount', kind: ColumnKind.MONEY, sortable: true },
    { key: 'fee', header: 'balance-transfers.fields.fee', kind: ColumnKind.MONEY, rule: ColumnRule.FEE, width: 14 },
    { key: 'balanceChange', header: 'balance-transfers.fields.balanceChange', kind: ColumnKind.MONEY, width: 18 },
    { key: 'remark', header: 'balance-transfers.fields.remark', kind: ColumnKind.TEXT, width: 20 },
    { key: 'createdBy', header: 'balance-transfers.fields.createdBy', kind: ColumnKind.TEXT, width: 14, optional: true },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true },
  ],
  filters: [
    { key: 'id', label: 'balance-transfers.fields.id', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'direction', label: 'balance-transfers.fields.direction', kind: FilterKind.SELECT, options: TRANSFER_DIRECTIONS, labels: 'balance-transfers.direction' },
    { key: 'counterpartyId', label: 'balance-transfers.fields.counterpartyId', kind: FilterKind.NUMBER },
    { key: 'currency', label: 'common.fields.currency', kind: FilterKind.CURRENCY },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
  currency: true,
});
