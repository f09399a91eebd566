/** The users of the caller's merchant and its sub-merchants (platform staff: every merchant), newest first. */
import { z } from 'zod';
import { ColumnKind, FilterKind, defineList } from '../lists/define';
import { USERS_PERM } from './perm';

/** A user signs in (1) or is frozen (2). */
export const UserStatus = { NORMAL: 1, FROZEN: 2 } as const;
export type UserStatusValue = (typeof UserStatus)[keyof typeof UserStatus];
export const USER_STATUSES = [UserStatus.NORMAL, UserStatus.FROZEN] as const;
export const USER_STATUS_COLORS: Readonly<Record<string, string>> = { 1: 'green', 2: 'red' };
export const USER_REALNAME_MAX_LENGTH = 128;
const USERNAME_FILTER_MAX_LENGTH = 64;

export const usersList = defineList({
  name: 'users',
  api: '/sys/user/list',
  permission: USERS_PERM.USER_MENU,
  record: z.object({
    id: z.number(),
    username: z.string(),
    realname: z.string(),
    avatar: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    merchantId: z.number(),
    orgCode: z.string().nullable(),
    status: z.number().describe('1 normal, 2 frozen'),
    twoFactorEnabled: z.boolean(),
    createdBy: z.string().nullable(),
    createdAt: z.string().describe('ISO-8601 UTC'),
    roles: z.array(z.object({ id: z.number(), roleCode: z.string(), roleName: z.string().describe('in the reader language') })),
    roleNames: z.array(z.string()).describe('the names of roles, in the reader language'),
    roleIds: z.array(z.number()),
    departs: z.array(z.object({ id: z.number(), departName: z.string(), orgCode: z.string() })),
    departIds: z.array(z.number()),
  }),
  columns: [
    { key: 'username', header: 'users.username', kind: ColumnKind.TEXT, sortable: true, width: 18 },
    { key: 'realname', header: 'users.realname', kind: ColumnKind.TEXT, sortable: true, width: 20 },
    { key: 'email', header: 'users.email', kind: ColumnKind.TEXT, sortable: true, width: 28 },
    { key: 'phone', header: 'users.phone', kind: ColumnKind.TEXT, width: 16 },
    { key: 'roleNames', header: 'users.roles', kind: ColumnKind.TAGS, width: 30 },
    { key: 'status', header: 'users.status', kind: ColumnKind.STATUS, labels: 'users.statuses', colors: USER_STATUS_COLORS, sortable: true, width: 10 },
    { key: 'twoFactorEnabled', header: 'users.twoFactor', kind: ColumnKind.BOOLEAN },
    { key: 'merchantId', header: 'common.fields.merchantId', kind: ColumnKind.ID, sortable: true, optional: true },
    { key: 'createdAt', header: 'common.fields.createdAt', kind: ColumnKind.DATE, sortable: true },
  ],
  filters: [
    { key: 'username', label: 'users.username', kind: FilterKind.CONTAINS, maxLength: USERNAME_FILTER_MAX_LENGTH },
    { key: 'realname', label: 'users.realname', kind: FilterKind.CONTAINS, maxLength: USER_REALNAME_MAX_LENGTH },
    { key: 'status', label: 'users.status', kind: FilterKind.SELECT, options: USER_STATUSES, labels: 'users.statuses' },
    { key: 'merchantId', label: 'common.fields.merchantId', kind: FilterKind.MERCHANT },
  ],
});
