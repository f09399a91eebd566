/** Products (payment methods per country) and fee rules (docs/payments-api.md "Products"). */
import { productCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { requestCurrency } from '../../lib/fields';
import { registerList } from '../../lib/list/route';
import { managedMerchant } from '../auth/scope';
import { feeRoutes } from '../fees/routes';
import { productsSource } from './queries';
import { productSummary, publicProducts } from './service';

const tags = ['products'];

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, productsSource, { tags, summary: "Payment methods of a currency with their limits and the caller's fee (own rule, else the platform default)" });

  app.get(productCalls.summary.path, callRoute(productCalls.summary, { tags }), async (req) => {
    const currency = requestCurrency(req, req.query.currency);
    return ok(await productSummary(app.db, managedMerchant(req, req.query.merchantId), currency));
  });

  app.get(productCalls.publicList.path, callRoute(productCalls.publicList, { tags }), async (req) => ok(await publicProducts(app.db, requestCurrency(req, req.query.currency))));

  await app.register(feeRoutes);
};
