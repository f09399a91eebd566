/** The security history, newest first, over at most three months (docs/identity-api.md "Audit"). */
import { z } from 'zod';
import { QUERY_RANGE_MONTHS_LONG } from '../constants';
import { ColumnKind, FilterKind, defineList } from '../lists/define';
import { AUDIT_ACTIONS } from './actions';
import { AUDIT_PERM } from './perm';

/** Sign-ins the home page shows. */
export const AUDIT_RECENT_SIGN_INS = 5;
/** Days the screen's range starts with. */
export const AUDIT_DEFAULT_DAYS = 7;
export const AuditResult = { SUCCESS: 'success', FAILURE: 'failure' } as const;
export const AUDIT_RESULT_COLORS: Readonly<Record<string, string>> = { success: 'green', failure: 'red' };
const USERNAME_MAX_LENGTH = 64;

export const auditList = defineList({
  name: 'audit',
  api: '/sys/audit/list',
  permission: AUDIT_PERM.AUDIT_MENU,
  record: z.object({
    id: z.number(),
    merchantId: z.number().nullable(),
    userId: z.number().nullable(),
    username: z.string().nullable(),
    action: z.string().describe('one of AUDIT_ACTIONS'),
    success: z.boolean(),
    result: z.string().describe('success, failure'),
    detail: z.record(z.string(), z.unknown()).nullable().describe('facts of the entry, keys of AUDIT_DETAIL_KEYS'),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    createdAt: z.string().describe('ISO-8601 UTC'),
  }),
  columns: [
    { key: 'createdAt', header: 'audit.time', kind: ColumnKind.DATE, sortable: true },
    { key: 'username', header: 'audit.username', kind: ColumnKind.TEXT, sortable: true, width: 18 },
    { key: 'action', header: 'audit.actionLabel', kind: ColumnKind.ENUM, labels: 'audit.action', sortable: true, width: 22 },
    { key: 'result', header: 'audit.result', kind: ColumnKind.STATUS, labels: 'audit.results', colors: AUDIT_RESULT_COLORS, width: 10 },
    { key: 'ip', header: 'audit.ip', kind: ColumnKind.TEXT, width: 16 },
    { key: 'detail', header: 'audit.details', kind: ColumnKind.DETAIL, width: 50 },
    { key: 'userAgent', header: 'audit.userAgent', kind: ColumnKind.TEXT, optional: true, width: 40 },
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, optional: true },
  ],
  filters: [
    { key: 'username', label: 'audit.username', kind: FilterKind.CONTAINS, maxLength: USERNAME_MAX_LENGTH },
    { key: 'action', label: 'audit.actionLabel', kind: FilterKind.SELECT, options: AUDIT_ACTIONS, labels: 'audit.action' },
    { key: 'success', label: 'audit.result', kind: FilterKind.BOOLEAN },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
  range: { months: QUERY_RANGE_MONTHS_LONG, initial: AUDIT_DEFAULT_DAYS, required: true },
});
