/** Fee rules (platform staff): `GET /api/fee-rules`, `PUT /api/fee-rules`. Registered by products/routes.ts. */
import { CURRENCY_CODES, FEE_ANY_CHANNEL, FEE_RATE_BPS_MAX, Perm, PLATFORM_MERCHANT_ID } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { forbidden } from '../../lib/admin';
import { requireAuth } from '../auth';
import { listFeeRules, saveFeeRule } from './rules';

const tags = ['products'];

const ruleView = z.object({
  merchantId: z.number(),
  currency: z.enum(CURRENCY_CODES),
  paymentType: z.number(),
  channel: z.number().describe('-1: every channel of the payment type'),
  rateBps: z.number(),
  fixedFee: z.string(),
  minFee: z.string(),
  status: z.number(),
  updatedAt: z.string(),
});

const currencyEnum = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(CURRENCY_CODES));

function platformOnly(req: FastifyRequest): void {
  if (!requireAuth(req).isPlatform) throw forbidden('fees.platformOnly');
}

export const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fee-rules',
    {
      config: { permission: Perm.FEE_EDIT },
      schema: {
        tags,
        summary: "A merchant's fee rules (default: the platform defaults of merchant 10000)",
        querystring: z.object({
          merchantId: z.coerce.number().int().positive().default(PLATFORM_MERCHANT_ID),
          currency: currencyEnum.optional(),
        }),
        response: { 200: envelopeOf(z.array(ruleView)) },
      },
    },
    async (req) => {
      platformOnly(req);
      return ok(await listFeeRules(app, req.query.merchantId, req.query.currency));
    },
  );

  app.put(
    '/fee-rules',
    {
      config: { permission: Perm.FEE_EDIT },
      schema: {
        tags,
        summary: 'Create or replace the fee rule of (merchant, currency, payment type, channel); platform staff only',
        body: z.object({
          merchantId: z.number().int().positive().default(PLATFORM_MERCHANT_ID).describe('10000: the platform default'),
          currency: currencyEnum,
          paymentType: z.number().int().min(0).max(999),
          channel: z.number().int().min(FEE_ANY_CHANNEL).max(9999).default(FEE_ANY_CHANNEL),
          rateBps: z.number().int().min(0).max(FEE_RATE_BPS_MAX).describe('percentage in basis points: 150 = 1.5 %'),
          fixedFee: z.string().max(32).default('0').describe('admin fee per payment, major units'),
          minFee: z.string().max(32).default('0').describe('the fee is raised to at least this, major units'),
          status: z.union([z.literal(0), z.literal(1)]).default(1),
        }),
        response: { 200: envelopeOf(ruleView) },
      },
    },
    async (req) => {
      platformOnly(req);
      return ok(await saveFeeRule(app, req, req.body));
    },
  );
};
