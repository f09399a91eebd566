/** Balance records: the entries of the merchant's own ledger accounts, newest first (its statement). */
import { z } from 'zod';
import { QUERY_RANGE_MONTHS } from '../constants';
import { ACTION_TYPES } from '../enums';
import { MERCHANT_ACCOUNT_KINDS } from '../ledger';
import { ColumnKind, ColumnRule, FilterKind, defineList } from '../lists/define';
import { BALANCE_RECORDS_PERM } from './perm';

const money = z.string().describe('decimal string in the currency units');

export const ACCOUNT_COLORS: Readonly<Record<string, string>> = { available: 'green', pending: 'gold', frozen: 'blue' };

export const balanceRecordsList = defineList({
  name: 'balance-records',
  api: '/balance-records',
  permission: BALANCE_RECORDS_PERM.BALANCE_RECORD_MENU,
  record: z.object({
    id: z.number(),
    merchantId: z.number(),
    transferId: z.number(),
    actionType: z.number().describe('spec §3 ActionType 1-7'),
    flow: z.string(),
    account: z.string().describe('available, pending, frozen'),
    reference: z.string(),
    counterparty: z.string().nullable().describe('the other merchant of a balance transfer, "name (id)"'),
    amount: money.describe('signed movement of the account'),
    fee: money.describe('fee of the business operation this merchant paid (0 on the receiving side of a balance transfer)'),
    balanceBefore: money,
    balanceAfter: money,
    currency: z.string(),
    createdAt: z.string().describe('ISO-8601 UTC'),
  }),
  columns: [
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, rule: ColumnRule.PLATFORM, width: 10 },
    { key: 'createdAt', header: 'balance-records.time', kind: ColumnKind.DATE },
    { key: 'actionType', header: 'balance-records.actionType', kind: ColumnKind.ENUM, labels: 'enum.actionType', width: 14 },
    { key: 'account', header: 'balance-records.account', kind: ColumnKind.STATUS, labels: 'ledger.account', colors: ACCOUNT_COLORS, width: 12 },
    { key: 'reference', header: 'balance-records.reference', kind: ColumnKind.ID },
    { key: 'counterparty', header: 'balance-records.counterparty', kind: ColumnKind.TEXT, width: 22 },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    { key: 'amount', header: 'balance-records.amount', kind: ColumnKind.MONEY },
    { key: 'fee', header: 'balance-records.fee', kind: ColumnKind.MONEY, rule: ColumnRule.FEE, width: 14 },
    { key: 'balanceBefore', header: 'balance-records.balanceBefore', kind: ColumnKind.MONEY, width: 18 },
    { key: 'balanceAfter', header: 'balance-records.balanceAfter', kind: ColumnKind.MONEY, width: 18 },
  ],
  filters: [
    { key: 'actionType', label: 'balance-records.actionType', kind: FilterKind.SELECT, options: ACTION_TYPES.map((a) => a.value), labels: 'enum.actionType' },
    { key: 'account', label: 'balance-records.account', kind: FilterKind.SELECT, options: MERCHANT_ACCOUNT_KINDS, labels: 'ledger.account' },
    { key: 'reference', label: 'balance-records.reference', kind: FilterKind.TEXT, maxLength: 64, identifies: true },
    { key: 'currency', label: 'common.fields.currency', kind: FilterKind.CURRENCY },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
  currency: true,
});
