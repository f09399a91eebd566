/** Payout records: the merchant's payouts, newest first (docs/payments-api.md "Payouts"). */
import { z } from 'zod';
import { NOTIFY_STATUS_COLORS } from '../callbacks/vocabulary';
import { QUERY_RANGE_MONTHS } from '../constants';
import { CRYPTO_TOKEN } from '../crypto/networks';
import { ColumnKind, ColumnRule, FilterKind, defineList } from '../lists/define';
import { PAYOUTS_PERM } from './perm';
import { PAYOUT_STATUS, PAYOUT_STATUS_COLORS } from './vocabulary';

const money = z.string().describe('decimal string in the currency units');
const instant = z.string().describe('ISO-8601 UTC');

export const payoutsList = defineList({
  name: 'payouts',
  api: '/payouts',
  permission: PAYOUTS_PERM.PAYOUT_MENU,
  record: z.object({
    id: z.string(),
    merchantId: z.number(),
    merchantOrderId: z.string(),
    batchId: z.string().nullable().describe('the batch it came in (reviewed with it), or null for a single payout'),
    mode: z.string().describe('sandbox | live'),
    currency: z.string(),
    bankCode: z.string(),
    destinationKind: z.string().describe('bank | ewallet | crypto'),
    accountName: z.string(),
    accountNumber: z.string(),
    accountType: z.string().nullable(),
    documentId: z.string().nullable(),
    bankAgency: z.string().nullable(),
    pixKeyType: z.string().nullable(),
    network: z.string().nullable().describe('crypto: TRON | ETH'),
    token: z.string().nullable().describe('crypto: USDT'),
    payeeAddress: z.string().nullable().describe('crypto: the whitelisted address paid'),
    chainTradeNo: z.string().nullable().describe('crypto: the transaction id on the chain, once broadcast'),
    amount: money,
    fee: money,
    totalDebit: money.describe('amount + fee: what the balance gives'),
    status: z.string().describe('PayoutStatus'),
    failureCode: z.string().nullable().describe('payout failure reason code (failed, or rejected by expiry)'),
    failureReason: z.string().nullable().describe('i18n key of the failure reason'),
    rejectReason: z.string().nullable(),
    description: z.string().nullable(),
    createdBy: z.string(),
    reviewedBy: z.string().nullable(),
    reviewedAt: instant.nullable(),
    notifyStatus: z.string().nullable(),
    createdAt: instant,
    completedAt: instant.nullable(),
  }),
  // What fits at 1440 px: which payout, to whom, how much, where it stands; the rest in the chooser and the drawer.
  columns: [
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, rule: ColumnRule.PLATFORM, width: 10 },
    { key: 'id', header: 'payouts.fields.id', kind: ColumnKind.ID },
    // USDT gives its room to the chain's transaction id (a dashboard payout's order id is its payout id unless given).
    { key: 'merchantOrderId', header: 'collections.fields.merchantOrderId', kind: ColumnKind.TEXT, width: 22, optional: { only: [CRYPTO_TOKEN] } },
    // A batch's payouts are reviewed with it (issue 40): their Actions say so and open the review queue; the batch id
    // waits in the chooser (and is in the export and the drawer): shown always, it pushed Status and Created under
    // the Actions column at 1440 px.
    { key: 'batchId', header: 'payouts.batch.id', kind: ColumnKind.ID, width: 22, optional: true },
    { key: 'bankCode', header: 'payouts.fields.bankCode', kind: ColumnKind.DESTINATION, width: 14 },
    { key: 'accountNumber', header: 'payouts.fields.accountNumber', kind: ColumnKind.TEXT, width: 20 },
    { key: 'accountName', header: 'payouts.fields.accountName', kind: ColumnKind.TEXT, width: 20, optional: true },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    // A crypto payout's proof on the chain: shown in USDT, waiting in the chooser elsewhere (always empty there).
    { key: 'chainTradeNo', header: 'crypto.fields.chainTradeNo', kind: ColumnKind.TEXT, optional: { except: [CRYPTO_TOKEN] }, width: 24 },
    { key: 'amount', header: 'payouts.fields.amount', kind: ColumnKind.MONEY, sortable: true },
    { key: 'fee', header: 'payouts.fields.fee', kind: ColumnKind.MONEY },
    { key: 'totalDebit', header: 'payouts.fields.totalDebit', kind: ColumnKind.MONEY, optional: true },
    { key: 'status', header: 'common.fields.status', kind: ColumnKind.STATUS, labels: 'status.payout', colors: PAYOUT_STATUS_COLORS, width: 14 },
    { key: 'failureReason', header: 'collections.fields.failureReason', kind: ColumnKind.TEXT_KEY, optional: true },
    { key: 'rejectReason', header: 'payouts.fields.rejectReason', kind: ColumnKind.TEXT, optional: true },
    { key: 'description', header: 'payouts.fields.description', kind: ColumnKind.TEXT, optional: true },
    { key: 'notifyStatus', header: 'collections.fields.notifyStatus', kind: ColumnKind.STATUS, labels: 'status.notify', colors: NOTIFY_STATUS_COLORS, optional: true },
    { key: 'createdBy', header: 'payouts.fields.createdBy', kind: ColumnKind.TEXT, width: 14, optional: true },
    { key: 'reviewedBy', header: 'payouts.fields.reviewedBy', kind: ColumnKind.TEXT, width: 14, optional: true },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true },
    { key: 'completedAt', header: 'payouts.fields.completedAt', kind: ColumnKind.DATE, optional: true },
  ],
  filters: [
    { key: 'id', label: 'payouts.fields.id', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'merchantOrderId', label: 'collections.fields.merchantOrderId', kind: FilterKind.TEXT, maxLength: 64, identifies: true },
    { key: 'batchId', label: 'payouts.batch.id', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'status', label: 'common.fields.status', kind: FilterKind.SELECT, options: PAYOUT_STATUS.states, labels: 'status.payout' },
    { key: 'bankCode', label: 'payouts.fields.bankCode', kind: FilterKind.TEXT, maxLength: 32 },
    { key: 'amountMin', label: 'collections.fields.amountMin', kind: FilterKind.AMOUNT },
    { key: 'amountMax', label: 'collections.fields.amountMax', kind: FilterKind.AMOUNT },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
  currency: true,
});
