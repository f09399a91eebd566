/** Products (payment methods per country) and fee rules (docs/payments-api.md "Products"). */
import { Perm, productsList } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { requestCurrency } from '../../lib/fields';
import { registerList } from '../../lib/list/route';
import { managedMerchant } from '../auth/scope';
import { feeRoutes } from '../fees/routes';
import { productsSource } from './queries';
import { productSummary, publicProducts } from './service';

const tags = ['products'];

const feeView = z
  .object({
    rateBps: z.number().describe('basis points: 150 = 1.5 %'),
    fixedFee: z.string(),
    minFee: z.string(),
    own: z.boolean().describe("true: the merchant's own rule; false: the platform default"),
  })
  .nullable();


const query = z.object({
  currency: z.string().max(8).optional().describe('default: the session currency (X-Currency)'),
  merchantId: z.coerce.number().int().positive().optional().describe('platform staff: another merchant'),
});

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, productsSource, { tags, summary: "Payment methods of a currency with their limits and the caller's fee (own rule, else the platform default)" });

  app.get(
    '/products/summary',
    {
      config: { permission: Perm.PRODUCT_SUMMARY_MENU },
      schema: {
        tags,
        summary: 'Per payment type: enabled channels, the widest limits and the fee of the payment type',
        querystring: query,
        response: {
          200: envelopeOf(
            z.array(z.object({ paymentType: z.number(), channels: z.number(), minAmount: z.string(), maxAmount: z.string(), fee: feeView })),
          ),
        },
      },
    },
    async (req) => {
      const currency = requestCurrency(req, req.query.currency);
      return ok(await productSummary(app.db, managedMerchant(req, req.query.merchantId), currency));
    },
  );

  app.get(
    '/common/products',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Enabled payment methods of a currency with their limits, without fees (public, for legacy brands)',
        querystring: z.object({ currency: z.string().max(8).optional() }),
        response: { 200: envelopeOf(z.array(productsList.record)) },
      },
    },
    async (req) => ok(await publicProducts(app.db, requestCurrency(req, req.query.currency))),
  );

  await app.register(feeRoutes);
};
