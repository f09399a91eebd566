/** Account calls of docs/identity-api.md: e-mail code, registration, forgotten password, Google Authenticator. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { requireAuth } from '../auth/index';
import { forgePassword, register, sendEmailCode, twoFactorConfirm, twoFactorDisable, twoFactorEnrol, twoFactorStatus } from './service';

const tags = ['account'];
const opt = (max: number) => z.string().max(max).optional();
const email = z.email('validation.email.invalid').max(191);

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/account/sms',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Send a 6-digit e-mail code (register or reset); captcha required; one per minute per address',
        body: z.object({
          email,
          purpose: z.enum(['register', 'reset']),
          captcha: opt(16),
          checkKey: opt(64),
          brand: opt(32),
          paymentBrand: opt(32),
        }),
      },
    },
    async (req) => {
      await sendEmailCode(app, req, req.body);
      return ok(null, t(req.lang, 'auth.emailCodeSent'));
    },
  );

  app.post(
    '/auth/register',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Register a merchant (onboarding) and its admin user; brands with registerSwitch only',
        body: z.object({
          username: z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_.@-]+$/, 'validation.invalid'),
          password: opt(128),
          confirmpassword: opt(128),
          email,
          phone: z.string().trim().max(32).regex(/^\+?[0-9 -]{5,32}$/, 'validation.invalid').optional().or(z.literal('')),
          emailCode: z.string().trim().min(1).max(16),
          companyName: z.string().trim().min(1).max(128),
          countryCurrency: opt(8),
          brand: opt(32),
          paymentBrand: opt(32),
        }),
      },
    },
    async (req) => ok(await register(app, req, req.body), t(req.lang, 'auth.registered')),
  );

  app.post(
    '/auth/forge-password',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Set a new password with an e-mail code (every session of the user is revoked)',
        body: z.object({ email, emailCode: z.string().trim().min(1).max(16), password: opt(128), confirmpassword: opt(128) }),
      },
    },
    async (req) => {
      await forgePassword(app, req, req.body);
      return ok(null, t(req.lang, 'auth.passwordChanged'));
    },
  );

  app.get(
    '/sys/user/2fa',
    { config: { authenticated: true }, schema: { tags, summary: 'Google Authenticator state of the caller' } },
    async (req) => ok(await twoFactorStatus(app, requireAuth(req))),
  );

  app.post(
    '/sys/user/2fa/enrol',
    { config: { authenticated: true }, schema: { tags, summary: 'New secret (inactive until confirmed)' } },
    async (req) => ok(await twoFactorEnrol(app, requireAuth(req))),
  );

  app.post(
    '/sys/user/2fa/confirm',
    {
      config: { authenticated: true },
      schema: { tags, summary: 'Activate with a code; answers 10 recovery codes, shown once', body: z.object({ code: z.string().trim().min(1).max(32) }) },
    },
    async (req) => ok(await twoFactorConfirm(app, req, requireAuth(req), req.body.code)),
  );

  app.post(
    '/sys/user/2fa/disable',
    {
      config: { authenticated: true },
      schema: { tags, summary: 'Turn 2FA off with a valid code (or a recovery code)', body: z.object({ code: z.string().trim().min(1).max(32) }) },
    },
    async (req) => {
      await twoFactorDisable(app, req, requireAuth(req), req.body.code);
      return ok(null, t(req.lang, 'error.operationSucceeded'));
    },
  );
};
