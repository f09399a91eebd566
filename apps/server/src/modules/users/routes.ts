/** User administration calls (spec §7 "Users", docs/identity-api.md "Administration"). */
import { emailSchema, passwordSchema, Perm, phoneSchema, usernameSchema, usersList } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { idListSchema, idSchema, parseIds } from '../../lib/admin';
import { registerList } from '../../lib/list/route';
import { usersSource } from './queries';
import * as users from './service';

const tags = ['users'];

/** A user as every user call answers it: the record of the users list. */
export const userViewSchema = usersList.record;

/** '' (a cleared form field) means "none". */
const optionalEmail = z.union([z.literal(''), emailSchema]).nullish();
const optionalPhone = z.union([z.literal(''), phoneSchema]).nullish();
const realname = z.string().trim().max(128);
const orgCode = z.string().max(64).nullish();

const addBody = z.object({
  username: usernameSchema,
  realname: realname.optional(),
  email: optionalEmail,
  phone: optionalPhone,
  password: passwordSchema,
  confirmpassword: z.string().optional(),
  roleIds: idListSchema.optional(),
  departIds: idListSchema.optional(),
  /** Platform staff or a parent merchant: create the user in this (sub-)merchant. */
  merchantId: z.coerce.number().int().positive().optional(),
  orgCode,
});

const editBody = z.object({
  id: idSchema,
  realname: realname.optional(),
  email: optionalEmail,
  phone: optionalPhone,
  roleIds: idListSchema.optional(),
  departIds: idListSchema.optional(),
  orgCode,
});

const statusSchema = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]));

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, usersSource, { tags, summary: 'Users of the caller scope, paged' });

  app.post(
    '/add',
    {
      config: { permission: Perm.USER_ADD },
      schema: {
        tags,
        summary: 'Create a sub-account',
        body: addBody,
        response: { 200: envelopeOf(userViewSchema) },
      },
    },
    async (req) => {
      const b = req.body;
      users.assertPasswordsMatch(b.password, b.confirmpassword);
      const view = await users.addUser(app.db, req, {
        ...b,
        roleIds: parseIds(b.roleIds, 'roleIds'),
        departIds: parseIds(b.departIds, 'departIds'),
      });
      return ok(view, t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.put(
    '/edit',
    {
      config: { permission: Perm.USER_EDIT },
      schema: { tags, summary: 'Edit a user', body: editBody, response: { 200: envelopeOf(userViewSchema) } },
    },
    async (req) => {
      const b = req.body;
      const view = await users.editUser(app.db, req, {
        ...b,
        roleIds: b.roleIds === undefined ? undefined : parseIds(b.roleIds, 'roleIds'),
        departIds: b.departIds === undefined ? undefined : parseIds(b.departIds, 'departIds'),
      });
      return ok(view, t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.put(
    '/frozenBatch',
    {
      config: { permission: Perm.USER_FREEZE },
      schema: {
        tags,
        summary: 'Freeze (2) or unfreeze (1) users; freezing ends their sessions; never yourself',
        body: z.object({ ids: idListSchema, status: statusSchema }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await users.freezeUsers(app.db, req, parseIds(req.body.ids, 'ids'), req.body.status);
      return ok(null, t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.get(
    '/checkOnlyUser',
    {
      config: { authenticated: true },
      schema: {
        tags,
        summary:
          'Is this username / e-mail / phone free? Taken: success false, result false, message says so (HTTP 200)',
        querystring: z.object({
          username: z.string().max(64).optional(),
          email: z.string().max(254).optional(),
          phone: z.string().max(32).optional(),
          id: idSchema.optional().describe('the user being edited (excluded)'),
        }),
        response: { 200: envelopeOf(z.boolean()) },
      },
    },
    async (req) => {
      const taken = await users.checkOnlyUser(app.db, req.lang, req.query);
      return taken === null ? ok(true) : { ...ok(false, taken), success: false };
    },
  );

  app.put(
    '/changePassword',
    {
      config: { permission: Perm.USER_RESET_PASSWORD },
      schema: {
        tags,
        summary: "Reset a user's password (ends the user's sessions)",
        body: z.object({
          username: usernameSchema,
          password: passwordSchema,
          confirmpassword: z.string().optional(),
        }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      users.assertPasswordsMatch(req.body.password, req.body.confirmpassword);
      await users.resetPassword(app.db, req, req.body.username, req.body.password);
      return ok(null, t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.get(
    '/queryUserRole',
    {
      config: { permission: Perm.USER_MENU },
      schema: {
        tags,
        summary: 'Role ids of a user',
        querystring: z.object({ userid: idSchema }),
        response: { 200: envelopeOf(z.array(z.number())) },
      },
    },
    async (req) => ok(await users.userRoleIds(app.db, req, req.query.userid)),
  );

  app.get(
    '/queryUserByDepId',
    {
      config: { permission: Perm.DEPART_MENU },
      schema: {
        tags,
        summary: 'Users of a department',
        querystring: z.object({ id: idSchema }),
        response: { 200: envelopeOf(z.array(userViewSchema)) },
      },
    },
    async (req) => ok(await users.usersOfDepartment(app.db, req, req.query.id)),
  );
};
