/** Public cashier API behind /pay/{token} (docs/open-api.md "Cashier"): view, pay (sandbox), cancel. */
import { cashierCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { cashierCancel, cashierCryptoAddress, cashierPay, cashierSendCrypto, cashierView } from './service';

const tags = ['cashier'];

export const cashierRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, publicUrl: app.publicUrl });

  app.get(cashierCalls.view.path, callRoute(cashierCalls.view, { tags }), async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await cashierView(app.db, req.params.token));
  });

  app.post(cashierCalls.pay.path, callRoute(cashierCalls.pay, { tags }), async (req) => ok(await cashierPay(deps(), req.params.token, req.body)));

  app.post(cashierCalls.cryptoAddress.path, callRoute(cashierCalls.cryptoAddress, { tags }), async (req) => ok(await cashierCryptoAddress(deps(), req.params.token)));

  app.post(cashierCalls.sendCrypto.path, callRoute(cashierCalls.sendCrypto, { tags }), async (req) => ok(await cashierSendCrypto(deps(), req.params.token, req.body.outcome)));

  app.post(cashierCalls.cancel.path, callRoute(cashierCalls.cancel, { tags }), async (req) => ok(await cashierCancel(deps(), req.params.token)));
};
