/** Payment links, newest first (docs/payments-api.md "Payment links"). */
import { z } from 'zod';
import { QUERY_RANGE_MONTHS } from '../constants';
import { ColumnKind, FilterKind, defineList } from '../lists/define';
import { PAYMENT_LINKS_PERM } from './perm';
import { PAYMENT_LINK_STATUSES } from './vocabulary';

const instant = z.string().describe('ISO-8601 UTC');

export const PAYMENT_LINK_STATUS_COLORS: Readonly<Record<string, string>> = { active: 'processing', paid: 'green', expired: 'default', void: 'red' };

export const paymentLinksList = defineList({
  name: 'payment-links',
  api: '/payment-links',
  permission: PAYMENT_LINKS_PERM.PAYMENT_LINK_MENU,
  record: z.object({
    id: z.string(),
    currency: z.string(),
    amount: z.string().describe('decimal string in the currency units'),
    description: z.string(),
    paymentType: z.number(),
    expiryHours: z.number(),
    expiresAt: instant,
    status: z.string().describe('PaymentLinkStatus (an active link past its expiry shows expired)'),
    url: z.string(),
    collectionId: z.string().nullable(),
    mode: z.string(),
    createdBy: z.string(),
    createdAt: instant,
  }),
  columns: [
    { key: 'id', header: 'payment-links.id', kind: ColumnKind.ID, optional: true },
    { key: 'status', header: 'common.fields.status', kind: ColumnKind.STATUS, labels: 'payment-links.status', colors: PAYMENT_LINK_STATUS_COLORS, width: 12 },
    { key: 'currency', header: 'common.fields.currency', kind: ColumnKind.TEXT, optional: true, width: 9 },
    { key: 'amount', header: 'common.fields.amount', kind: ColumnKind.MONEY, sortable: true },
    { key: 'description', header: 'payment-links.description', kind: ColumnKind.TEXT, width: 30 },
    { key: 'expiresAt', header: 'payment-links.expiry', kind: ColumnKind.DATE, sortable: true },
    { key: 'expiryHours', header: 'payment-links.expiryHours', kind: ColumnKind.NUMBER, optional: true, width: 12 },
    { key: 'url', header: 'payment-links.link', kind: ColumnKind.TEXT, width: 40 },
    { key: 'collectionId', header: 'payment-links.collectionId', kind: ColumnKind.ID },
    { key: 'createdBy', header: 'payment-links.createdBy', kind: ColumnKind.TEXT, width: 14 },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true },
  ],
  filters: [
    { key: 'status', label: 'common.fields.status', kind: FilterKind.SELECT, options: PAYMENT_LINK_STATUSES, labels: 'payment-links.status' },
    { key: 'id', label: 'payment-links.id', kind: FilterKind.TEXT, maxLength: 32, identifies: true },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS, initial: 'month' },
  currency: true,
});
