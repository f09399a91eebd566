/** Session calls of spec §7 / docs/identity-api.md, paths kept exactly. Mounted under /api. */
import { authCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { requireAuth } from './index';
import { AuthError } from './errors';
import { login, loginSecondStep, phoneLogin } from './login';
import { userPermissions } from './menu';
import { currentDeparts, currentUserInfo, logout, selectDepart, switchCountry, switchSubMerchant, updatePassword } from './service';

const tags = ['session'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(authCalls.captcha.path, callRoute(authCalls.captcha, { tags }), async (req) => ok(await app.captcha.issue(app.db, req.params.key)));

  app.post(authCalls.login.path, callRoute(authCalls.login, { tags }), async (req) => ok(await login(app, req, req.body), t(req.lang, 'auth.loginSucceeded')));

  app.post(authCalls.phoneLogin.path, callRoute(authCalls.phoneLogin, { tags }), async (req) => ok(await phoneLogin(app, req, req.body), t(req.lang, 'auth.loginSucceeded')));

  // Third-party (OAuth) and CAS single sign-on need an external identity provider; none is configured in this
  // product, so these spec §7 calls answer "operation temporarily unsupported" rather than pretend. No answer to
  // declare: they are no calls of the domain.
  for (const url of ['/thirdLogin/getLoginUser/:token', '/cas/client/validateLogin']) {
    app.get(url, { config: { public: true }, schema: { tags, summary: 'Single sign-on: no identity provider is configured (422)' } }, async () => {
      throw new AuthError('OPERATION_UNSUPPORTED');
    });
  }

  app.post(authCalls.login2fa.path, callRoute(authCalls.login2fa, { tags }), async (req) => ok(await loginSecondStep(app, req, req.body), t(req.lang, 'auth.loginSucceeded')));

  app.post(authCalls.logout.path, callRoute(authCalls.logout, { tags }), async (req) => {
    await logout(app, req);
    return ok(null, t(req.lang, 'auth.loggedOut'));
  });

  app.get(authCalls.userInfo.path, callRoute(authCalls.userInfo, { tags }), async (req) => ok(await currentUserInfo(app, requireAuth(req))));

  app.get(authCalls.permissions.path, callRoute(authCalls.permissions, { tags }), async (req) => ok(await userPermissions(app, req, requireAuth(req))));

  app.put(authCalls.switchSubMerchant.path, callRoute(authCalls.switchSubMerchant, { tags }), async (req) => ok(await switchSubMerchant(app, req, requireAuth(req), req.body)));

  app.put(authCalls.switchCountry.path, callRoute(authCalls.switchCountry, { tags }), async (req) => ok(await switchCountry(app, req, requireAuth(req), req.body)));

  app.get(authCalls.departs.path, callRoute(authCalls.departs, { tags }), async (req) => ok(await currentDeparts(app, requireAuth(req))));

  // PUT per the contract; POST as the spec's old client sent it.
  for (const call of [authCalls.selectDepart, authCalls.selectDepartPost]) {
    app.route({ method: call.method, url: call.path, ...callRoute(call, { tags }), handler: async (req) => ok(await selectDepart(app, req, requireAuth(req), req.body)) });
  }

  app.post(authCalls.updatePassword.path, callRoute(authCalls.updatePassword, { tags }), async (req) => {
    await updatePassword(app, req, requireAuth(req), req.body);
    return ok(null, t(req.lang, 'auth.passwordChanged'));
  });
};
