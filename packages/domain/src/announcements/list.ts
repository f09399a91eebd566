/** Announcements of the provider and the merchant, newest first (docs/identity-api.md "Announcements"). */
import { z } from 'zod';
import { ColumnKind, FilterKind, defineList } from '../lists/define';
import { ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_STATUSES } from '../statuses';
import { ANNOUNCEMENTS_PERM } from './perm';

export const ANNOUNCEMENT_STATUS_COLORS: Readonly<Record<string, string>> = { draft: 'default', released: 'green', revoked: 'orange' };
export const ANNOUNCEMENT_PRIORITY_COLORS: Readonly<Record<string, string>> = { H: 'red', M: 'blue', L: 'default' };
/** The priority a new announcement starts with. */
export const ANNOUNCEMENT_DEFAULT_PRIORITY = 'M';
export const ANNOUNCEMENT_TITLE_MAX_LENGTH = 255;
export const ANNOUNCEMENT_CONTENT_MAX_LENGTH = 10_000;

const instant = z.string().describe('ISO-8601 UTC');

export const announcementsList = defineList({
  name: 'announcements',
  api: '/sys/annountCement/list',
  permission: ANNOUNCEMENTS_PERM.ANNOUNCEMENT_MENU,
  record: z.object({
    id: z.number(),
    merchantId: z.number().nullable().describe('null: every merchant'),
    title: z.string(),
    content: z.string(),
    priority: z.string().describe('L, M, H'),
    status: z.string().describe('draft, released, revoked'),
    releasedAt: instant.nullable(),
    revokedAt: instant.nullable(),
    createdBy: z.string().nullable(),
    createdAt: instant,
  }),
  columns: [
    { key: 'title', header: 'announcements.titleLabel', kind: ColumnKind.TEXT, sortable: true, width: 40 },
    { key: 'priority', header: 'announcements.priorityLabel', kind: ColumnKind.STATUS, labels: 'announcements.priority', colors: ANNOUNCEMENT_PRIORITY_COLORS, sortable: true, width: 10 },
    { key: 'status', header: 'announcements.statusLabel', kind: ColumnKind.STATUS, labels: 'status.announcement', colors: ANNOUNCEMENT_STATUS_COLORS, sortable: true, width: 12 },
    { key: 'merchantId', header: 'announcements.audience', kind: ColumnKind.ID, width: 12 },
    { key: 'releasedAt', header: 'announcements.releasedAt', kind: ColumnKind.DATE, sortable: true },
    { key: 'createdBy', header: 'announcements.createdBy', kind: ColumnKind.TEXT, optional: true, width: 16 },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true },
  ],
  filters: [
    { key: 'title', label: 'announcements.titleLabel', kind: FilterKind.CONTAINS, maxLength: ANNOUNCEMENT_TITLE_MAX_LENGTH },
    { key: 'status', label: 'announcements.statusLabel', kind: FilterKind.SELECT, options: ANNOUNCEMENT_STATUSES, labels: 'status.announcement' },
    { key: 'priority', label: 'announcements.priorityLabel', kind: FilterKind.SELECT, options: ANNOUNCEMENT_PRIORITIES, labels: 'announcements.priority' },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
});
