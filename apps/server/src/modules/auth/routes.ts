/** Session calls of spec §7 / docs/identity-api.md, paths kept exactly. Mounted under /api. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { CHECK_KEY_RE } from './captcha';
import { requireAuth } from './index';
import { AuthError } from './errors';
import { login, loginSecondStep, phoneLogin } from './login';
import { userPermissions } from './menu';
import { currentDeparts, currentUserInfo, logout, selectDepart, switchCountry, switchSubMerchant, updatePassword } from './service';

const opt = (max: number) => z.string().max(max).optional();

/** What every sign-in sends besides the identifier (username or phone). */
const signInFields = z.object({
  password: z.string().min(1).max(128),
  captcha: opt(16),
  checkKey: opt(64),
  countryCurrency: opt(8),
  brand: opt(32),
  paymentBrand: opt(32),
});

const tags = ['session'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/randomImage/:key',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Captcha image for a client-made checkKey (2 minutes, one use)',
        params: z.object({ key: z.string().regex(CHECK_KEY_RE, 'validation.invalid') }),
      },
    },
    async (req) => ok(await app.captcha.issue(app.db, req.params.key)),
  );

  app.post(
    '/sys/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in: LoginResult, or a TwoFactorChallenge when 2FA is on',
        body: signInFields.extend({ username: z.string().trim().min(1).max(64) }),
      },
    },
    async (req) => ok(await login(app, req, req.body), t(req.lang, 'auth.loginSucceeded')),
  );

  app.post(
    '/sys/phoneLogin',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with the phone number instead of the username (same checks, same answers as /sys/login)',
        body: signInFields.extend({ phone: z.string().trim().min(1).max(32) }),
      },
    },
    async (req) => ok(await phoneLogin(app, req, req.body), t(req.lang, 'auth.loginSucceeded')),
  );

  // Third-party (OAuth) and CAS single sign-on need an external identity provider; none is configured in this
  // product, so these spec §7 calls answer "operation temporarily unsupported" rather than pretend.
  for (const url of ['/thirdLogin/getLoginUser/:token', '/cas/client/validateLogin']) {
    app.get(url, { config: { public: true }, schema: { tags, summary: 'Single sign-on: no identity provider is configured (422)' } }, async () => {
      throw new AuthError('OPERATION_UNSUPPORTED');
    });
  }

  app.post(
    '/sys/login/2fa',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Second sign-in step: the Google code (or a recovery code) for a loginTicket',
        body: z.object({ loginTicket: z.string().min(1).max(128), code: z.string().trim().min(1).max(32) }),
      },
    },
    async (req) => ok(await loginSecondStep(app, req, req.body), t(req.lang, 'auth.loginSucceeded')),
  );

  app.post(
    '/sys/logout',
    { config: { public: true }, schema: { tags, summary: 'Revokes the session of X-Access-Token at once' } },
    async (req) => {
      await logout(app, req);
      return ok(null, t(req.lang, 'auth.loggedOut'));
    },
  );

  app.get(
    '/user/info',
    { config: { authenticated: true }, schema: { tags, summary: 'UserInfo of the session' } },
    async (req) => ok(await currentUserInfo(app, requireAuth(req))),
  );

  app.get(
    '/sys/permission/getUserPermissionByToken',
    { config: { authenticated: true }, schema: { tags, summary: 'Menu, granted codes (auth) and every configured code (allAuth)' } },
    async (req) => ok(await userPermissions(app, req, requireAuth(req))),
  );

  app.put(
    '/sys/switchSubMId',
    {
      config: { authenticated: true },
      schema: {
        tags,
        summary: 'Switch to a sub-merchant (or back to the own merchant): new token, the old one dies',
        body: z.object({ merchantId: z.coerce.number().int().positive(), username: opt(64) }),
      },
    },
    async (req) => ok(await switchSubMerchant(app, req, requireAuth(req), req.body)),
  );

  app.put(
    '/sys/switchCountry',
    {
      config: { authenticated: true },
      schema: {
        tags,
        summary: 'Switch the session country (currency): new token bound to it, the old one dies',
        body: z.object({ countryCurrency: z.string().trim().min(3).max(8) }),
      },
    },
    async (req) => ok(await switchCountry(app, req, requireAuth(req), req.body)),
  );

  app.get(
    '/sys/user/getCurrentUserDeparts',
    { config: { authenticated: true }, schema: { tags, summary: "The user's departments and the session's choice" } },
    async (req) => ok(await currentDeparts(app, requireAuth(req))),
  );

  // PUT per the contract; POST as the spec's old client sent it.
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/selectDepart',
    config: { authenticated: true },
    schema: { tags, summary: 'Choose the department of this session', body: z.object({ orgCode: z.string().trim().min(1).max(64), username: opt(64) }) },
    handler: async (req) => ok(await selectDepart(app, req, requireAuth(req), req.body)),
  });

  app.post(
    '/sys/user/updatePassword',
    {
      config: { authenticated: true },
      schema: {
        tags,
        summary: 'Change the own password (other sessions of the user are revoked)',
        body: z.object({ username: opt(64), oldpassword: opt(128), password: opt(128), confirmpassword: opt(128) }),
      },
    },
    async (req) => {
      await updatePassword(app, req, requireAuth(req), req.body);
      return ok(null, t(req.lang, 'auth.passwordChanged'));
    },
  );
};
