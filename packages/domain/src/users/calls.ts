/**
 * The users calls declared once (calls/define.ts): a sub-account's add and edit (answered as the record of the users
 * list), freezing, the live uniqueness check, a password reset, a user's roles and a department's users (/sys/user).
 */
import { z } from 'zod';
import { defineCall } from '../calls/define';
import { DEPARTMENTS_PERM } from '../departments/perm';
import { adminIdListSchema, adminIdSchema, emailSchema, passwordSchema, phoneSchema, staffMerchantIdField, usernameSchema } from '../validation';
import { USER_REALNAME_MAX_LENGTH, usersList } from './list';
import { USERS_PERM } from './perm';

/** A user as every user call answers it: the record of the users list. */
export const userViewSchema = usersList.record;

/** '' (a cleared form field) means "none". */
const optionalEmail = z.union([z.literal(''), emailSchema]).nullish();
const optionalPhone = z.union([z.literal(''), phoneSchema]).nullish();
const realname = z.string().trim().max(USER_REALNAME_MAX_LENGTH);
const orgCode = z.string().max(64).nullish();

/** A new sub-account. */
export const userAddBodySchema = z.object({
  username: usernameSchema,
  realname: realname.optional(),
  email: optionalEmail,
  phone: optionalPhone,
  password: passwordSchema,
  confirmpassword: z.string().optional(),
  roleIds: adminIdListSchema.optional(),
  departIds: adminIdListSchema.optional(),
  /** Platform staff or a parent merchant: create the user in this (sub-)merchant. */
  merchantId: staffMerchantIdField,
  orgCode,
});

/** A user's edit: roles and departments absent stay as they are. */
export const userEditBodySchema = z.object({
  id: adminIdSchema,
  realname: realname.optional(),
  email: optionalEmail,
  phone: optionalPhone,
  roleIds: adminIdListSchema.optional(),
  departIds: adminIdListSchema.optional(),
  orgCode,
});

const userStatusField = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]));

export const userCalls = {
  add: defineCall({
    method: 'POST',
    path: '/sys/user/add',
    permission: USERS_PERM.USER_ADD,
    summary: 'Create a sub-account',
    body: userAddBodySchema,
    answer: userViewSchema,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/sys/user/edit',
    permission: USERS_PERM.USER_EDIT,
    summary: 'Edit a user',
    body: userEditBodySchema,
    answer: userViewSchema,
  }),
  freeze: defineCall({
    method: 'PUT',
    path: '/sys/user/frozenBatch',
    permission: USERS_PERM.USER_FREEZE,
    summary: 'Freeze (2) or unfreeze (1) users; freezing ends their sessions; never yourself',
    body: z.object({ ids: adminIdListSchema, status: userStatusField }),
    answer: z.null(),
  }),
  checkUnique: defineCall({
    method: 'GET',
    path: '/sys/user/checkOnlyUser',
    summary: 'Is this username / e-mail / phone free? Taken: success false, result false, message says so (HTTP 200)',
    query: z.object({
      username: z.string().max(64).optional(),
      email: z.string().max(254).optional(),
      phone: z.string().max(32).optional(),
      id: adminIdSchema.optional().describe('the user being edited (excluded)'),
    }),
    answer: z.boolean(),
  }),
  resetPassword: defineCall({
    method: 'PUT',
    path: '/sys/user/changePassword',
    permission: USERS_PERM.USER_RESET_PASSWORD,
    summary: "Reset a user's password (ends the user's sessions)",
    body: z.object({
      username: usernameSchema,
      password: passwordSchema,
      confirmpassword: z.string().optional(),
    }),
    answer: z.null(),
  }),
  roleIds: defineCall({
    method: 'GET',
    path: '/sys/user/queryUserRole',
    permission: USERS_PERM.USER_MENU,
    summary: 'Role ids of a user',
    query: z.object({ userid: adminIdSchema }),
    answer: z.array(z.number()),
  }),
  ofDepartment: defineCall({
    method: 'GET',
    path: '/sys/user/queryUserByDepId',
    permission: DEPARTMENTS_PERM.DEPART_MENU,
    summary: 'Users of a department',
    query: z.object({ id: adminIdSchema }),
    answer: z.array(userViewSchema),
  }),
};
