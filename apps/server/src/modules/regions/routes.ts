/**
 * The regional map (docs/operations.md "Regional servers"): GET /api/sys/apiBases?brand= answers the brand's part of
 * this deployment's API_BASES, which the web app reads at start to send each call to the base of the session's
 * country. Public: the sign-in page needs it before anyone signs in; it names hosts, nothing of anyone's data.
 */
import { BRAND_API_BASES_PATH, CURRENCY_CODES, findBrand } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiBasesAnswer } from '../../lib/api-bases';
import { envelopeOf, ok } from '../../lib/envelope';

const answer = z.object({
  default: z.string(),
  brand: z.object({
    default: z.string().optional(),
    currencies: z.partialRecord(z.enum(CURRENCY_CODES), z.string()),
  }),
});

export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    BRAND_API_BASES_PATH,
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: "API bases of a brand's countries in this deployment (API_BASES); without a map every base is /api",
        querystring: z.object({
          brand: z.string().max(32).refine((v) => Boolean(findBrand(v)), 'unknown brand').describe('a brand value, e.g. tikipay'),
        }),
        response: { 200: envelopeOf(answer) },
      },
    },
    async (req) => ok(apiBasesAnswer(app.apiBases, req.query.brand)),
  );
};
