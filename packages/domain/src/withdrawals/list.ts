/** Withdrawal records: the merchant's withdrawals to its own accounts, newest first. */
import { z } from 'zod';
import { QUERY_RANGE_MONTHS } from '../constants';
import { ColumnKind, ColumnRule, FilterKind, defineList } from '../lists/define';
import { PAYOUT_STATUS_COLORS } from '../payouts/vocabulary';
import { WITHDRAWALS_PERM } from './perm';
import { WITHDRAWAL_STATUSES } from './vocabulary';

const money = z.string().describe('decimal string in the currency units');
const instant = z.string().describe('ISO-8601 UTC');

export const withdrawalsList = defineList({
  name: 'withdrawals',
  api: '/withdrawals',
  permission: WITHDRAWALS_PERM.WITHDRAWAL_MENU,
  record: z.object({
    id: z.string(),
    merchantId: z.number(),
    accountId: z.number(),
    bankCode: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    currency: z.string(),
    amount: money,
    fee: money.describe('held with the amount while open, charged on success; 0 once failed or rejected (released)'),
    totalDebit: money.describe('amount + fee: what the balance gives (held until the end)'),
    status: z.string().describe('pending_review | processing | success | failed | rejected'),
    resultCode: z.string().nullable().describe("spec §4: '00' succeeded, '99' failed"),
    rejectReason: z.string().nullable(),
    expectedArrival: z.string().describe('YYYY-MM-DD: 3 working days of the country after the request'),
    createdBy: z.string(),
    reviewedBy: z.string().nullable(),
    createdAt: instant,
    completedAt: instant.nullable(),
  }),
  columns: [
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, rule: ColumnRule.PLATFORM, width: 10 },
    { key: 'id', header: 'withdrawals.fields.id', kind: ColumnKind.ID },
    { key: 'bankCode', header: 'payouts.fields.bankCode', kind: ColumnKind.TEXT, width: 12 },
    { key: 'accountNumber', header: 'payouts.fields.accountNumber', kind: ColumnKind.TEXT, width: 18 },
    { key: 'accountName', header: 'payouts.fields.accountName', kind: ColumnKind.TEXT, width: 18, optional: true },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    { key: 'amount', header: 'withdrawals.fields.amount', kind: ColumnKind.MONEY, sortable: true },
    { key: 'fee', header: 'withdrawals.fields.fee', kind: ColumnKind.MONEY, rule: ColumnRule.FEE, width: 12 },
    { key: 'status', header: 'common.fields.status', kind: ColumnKind.STATUS, labels: 'status.payout', colors: PAYOUT_STATUS_COLORS, width: 14 },
    { key: 'resultCode', header: 'withdrawals.fields.resultCode', kind: ColumnKind.TEXT, width: 10, optional: true },
    { key: 'expectedArrival', header: 'withdrawals.fields.expectedArrival', kind: ColumnKind.TEXT, width: 14 },
    { key: 'rejectReason', header: 'payouts.fields.rejectReason', kind: ColumnKind.TEXT, optional: true },
    { key: 'createdBy', header: 'payouts.fields.createdBy', kind: ColumnKind.TEXT, width: 14, optional: true },
    { key: 'reviewedBy', header: 'payouts.fields.reviewedBy', kind: ColumnKind.TEXT, width: 14, optional: true },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true },
    { key: 'completedAt', header: 'payouts.fields.completedAt', kind: ColumnKind.DATE, optional: true },
  ],
  filters: [
    { key: 'id', label: 'withdrawals.fields.id', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'status', label: 'common.fields.status', kind: FilterKind.SELECT, options: WITHDRAWAL_STATUSES, labels: 'status.payout' },
    { key: 'currency', label: 'common.fields.currency', kind: FilterKind.CURRENCY },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
  currency: true,
});
