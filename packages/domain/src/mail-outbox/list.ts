/** The mail outbox, newest first (docs/identity-api.md "Mail outbox"). */
import { z } from 'zod';
import { ColumnKind, FilterKind, defineList } from '../lists/define';
import { MAIL_OUTBOX_PERM } from './perm';
import { MAIL_ADDRESS_MAX_LENGTH, MAIL_STATUS_COLORS, MAIL_STATUSES } from './vocabulary';

const instant = z.string().describe('ISO-8601 UTC');

export const mailOutboxList = defineList({
  name: 'mail-outbox',
  api: '/sys/mail/outbox',
  permission: MAIL_OUTBOX_PERM.MAIL_OUTBOX_MENU,
  record: z.object({
    id: z.number(),
    merchantId: z.number().nullable(),
    toAddress: z.string(),
    subject: z.string(),
    textBody: z.string(),
    status: z.string().describe('outbox, sent, failed'),
    error: z.string().nullable(),
    createdAt: instant,
    sentAt: instant.nullable(),
  }),
  columns: [
    { key: 'createdAt', header: 'mail-outbox.time', kind: ColumnKind.DATE, sortable: true },
    { key: 'toAddress', header: 'mail-outbox.to', kind: ColumnKind.TEXT, sortable: true, width: 28 },
    { key: 'subject', header: 'mail-outbox.subject', kind: ColumnKind.TEXT, width: 40 },
    { key: 'status', header: 'mail-outbox.status', kind: ColumnKind.STATUS, labels: 'mail-outbox.statuses', colors: MAIL_STATUS_COLORS, sortable: true },
    { key: 'sentAt', header: 'mail-outbox.sentAt', kind: ColumnKind.DATE },
    { key: 'error', header: 'mail-outbox.error', kind: ColumnKind.TEXT, optional: true, width: 40 },
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, optional: true },
  ],
  filters: [
    { key: 'toAddress', label: 'mail-outbox.to', kind: FilterKind.CONTAINS, maxLength: MAIL_ADDRESS_MAX_LENGTH },
    { key: 'status', label: 'mail-outbox.status', kind: FilterKind.SELECT, options: MAIL_STATUSES, labels: 'mail-outbox.statuses' },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
});
