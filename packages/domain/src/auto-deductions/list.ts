/** Auto-deduction mandates of the merchant, newest first (spec §3 fields). */
import { z } from 'zod';
import { QUERY_RANGE_MONTHS_LONG } from '../constants';
import { ColumnKind, FilterKind, ColumnRule, defineList } from '../lists/define';
import { AUTO_DEDUCTIONS_PERM } from './perm';
import { MANDATE_STATUSES, MANDATE_STATUS_COLORS } from './vocabulary';

const money = z.string().describe('decimal string in the currency units');
const instant = z.string().describe('ISO-8601 UTC');

export const autoDeductionsList = defineList({
  name: 'auto-deductions',
  api: '/auto-deductions',
  permission: AUTO_DEDUCTIONS_PERM.AUTO_DEDUCTION_MENU,
  record: z.object({
    id: z.string(),
    merchantId: z.number(),
    merchantMandateId: z.string().nullable(),
    currency: z.string(),
    amount: money.describe('each charge'),
    paymentType: z.number(),
    intervalPeriod: z.number(),
    intervalUnit: z.string().describe('day | week | month'),
    repetitions: z.number().nullable().describe('null: until stopped'),
    chargesDone: z.number(),
    deductedAmount: money,
    nextChargeAt: instant.nullable(),
    lastFailureReason: z.string().nullable(),
    status: z.string().describe('INIT | ACTIVE | PAUSED | STOPPED | FAIL'),
    payerEmail: z.string(),
    authorizationUrl: z.string().describe('where the payer authorises it (cashier)'),
    createdBy: z.string(),
    createdAt: instant,
  }),
  columns: [
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, rule: ColumnRule.PLATFORM, width: 10 },
    { key: 'id', header: 'auto-deductions.fields.id', kind: ColumnKind.ID },
    { key: 'status', header: 'common.fields.status', kind: ColumnKind.STATUS, labels: 'auto-deductions.status', colors: MANDATE_STATUS_COLORS, width: 16 },
    { key: 'payerEmail', header: 'auto-deductions.fields.payerEmail', kind: ColumnKind.TEXT, width: 22 },
    { key: 'amount', header: 'auto-deductions.fields.amount', kind: ColumnKind.MONEY, sortable: true },
    { key: 'intervalPeriod', header: 'auto-deductions.fields.intervalPeriod', kind: ColumnKind.NUMBER, width: 10 },
    { key: 'intervalUnit', header: 'auto-deductions.fields.intervalUnit', kind: ColumnKind.STATUS, labels: 'auto-deductions.unit', width: 10 },
    { key: 'repetitions', header: 'auto-deductions.fields.repetitions', kind: ColumnKind.NUMBER, width: 10 },
    { key: 'chargesDone', header: 'auto-deductions.fields.chargesDone', kind: ColumnKind.NUMBER, width: 10 },
    { key: 'deductedAmount', header: 'auto-deductions.fields.deductedAmount', kind: ColumnKind.MONEY },
    { key: 'nextChargeAt', header: 'auto-deductions.fields.nextChargeAt', kind: ColumnKind.DATE },
    { key: 'lastFailureReason', header: 'auto-deductions.fields.lastFailureReason', kind: ColumnKind.TEXT, optional: true },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true },
  ],
  filters: [
    { key: 'id', label: 'auto-deductions.fields.id', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'status', label: 'common.fields.status', kind: FilterKind.SELECT, options: MANDATE_STATUSES, labels: 'auto-deductions.status' },
    { key: 'currency', label: 'common.fields.currency', kind: FilterKind.CURRENCY },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS_LONG, initial: 'month' },
  currency: true,
});
