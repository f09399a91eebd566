/**
 * Account calls of docs/identity-api.md: e-mail code, registration, forgotten password, Google Authenticator
 * (declared in the domain: accountCalls).
 */
import { accountCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { requireAuth } from '../auth/index';
import { forgePassword, register, sendEmailCode, twoFactorConfirm, twoFactorDisable, twoFactorEnrol, twoFactorStatus } from './service';

const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(accountCalls.emailCode.path, callRoute(accountCalls.emailCode, { tags }), async (req) => {
    await sendEmailCode(app, req, req.body);
    return ok(null, t(req.lang, 'auth.emailCodeSent'));
  });

  app.post(accountCalls.register.path, callRoute(accountCalls.register, { tags }), async (req) => ok(await register(app, req, req.body), t(req.lang, 'auth.registered')));

  app.post(accountCalls.forgePassword.path, callRoute(accountCalls.forgePassword, { tags }), async (req) => {
    await forgePassword(app, req, req.body);
    return ok(null, t(req.lang, 'auth.passwordChanged'));
  });

  app.get(accountCalls.twoFactor.path, callRoute(accountCalls.twoFactor, { tags }), async (req) => ok(await twoFactorStatus(app, requireAuth(req))));

  app.post(accountCalls.twoFactorEnrol.path, callRoute(accountCalls.twoFactorEnrol, { tags }), async (req) => ok(await twoFactorEnrol(app, requireAuth(req))));

  app.post(accountCalls.twoFactorConfirm.path, callRoute(accountCalls.twoFactorConfirm, { tags }), async (req) => ok(await twoFactorConfirm(app, req, requireAuth(req), req.body.code)));

  app.post(accountCalls.twoFactorDisable.path, callRoute(accountCalls.twoFactorDisable, { tags }), async (req) => {
    await twoFactorDisable(app, req, requireAuth(req), req.body.code);
    return ok(null, t(req.lang, 'error.operationSucceeded'));
  });
};
