/** Public cashier API behind /pay/{token} (docs/open-api.md "Cashier"): view, pay (sandbox), cancel. */
import { CASHIER_OUTCOMES, CashierOutcome, COLLECTION_FAILURE_REASONS, DEPOSIT_OUTCOMES, DepositOutcome, cryptoDepositSchema } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { cashierCancel, cashierCryptoAddress, cashierPay, cashierSendCrypto, cashierView } from './service';

const tags = ['cashier'];

const params = z.object({ token: z.string().min(1).max(128).describe('cashier token of a collection, a payment link or a top-up') });

export const cashierViewSchema = z.object({
  kind: z.enum(['collection', 'link', 'topUp', 'mandate']).describe('topUp: the merchant funding its own balance; mandate: authorising an auto-deduction (its first charge)'),
  merchantName: z.string(),
  brand: z.string(),
  amount: z.string().describe('decimal string in major units'),
  currency: z.string(),
  description: z.string().nullable(),
  paymentType: z.number().int(),
  channel: z.number().int().nullable(),
  paymentCode: z.string().nullable(),
  status: z.string().describe('PaymentStatus as the payer reads it (closed once expired)'),
  expired: z.boolean(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  paidAmount: z.string().nullable(),
  dueAmount: z.string().nullable().describe('a partial payment: what is still due (amount less paidAmount); null otherwise'),
  returnUrl: z.string().nullable(),
  failureReason: z.string().nullable().describe('collection failure reason code'),
  payable: z.boolean(),
  cancellable: z.boolean(),
  sandbox: z.boolean(),
  recurring: z
    .object({ intervalPeriod: z.number(), intervalUnit: z.string(), repetitions: z.number().nullable() })
    .nullish()
    .describe('a mandate: the charges the payer authorises after this first one'),
  deposit: cryptoDepositSchema.nullish().describe('a crypto order: what arrived at its deposit address, with its confirmations'),
});

export const cashierRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, publicUrl: app.publicUrl });

  app.get(
    '/cashier/:token',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'What the payer sees: merchant name and brand, amount, method, payment code, status, expiry',
        params,
        response: { 200: envelopeOf(cashierViewSchema) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await cashierView(app.db, req.params.token));
    },
  );

  app.post(
    '/cashier/:token/pay',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sandbox: the payer pays (magic amounts decide) or chooses to fail; answers the updated view',
        params,
        body: z.object({
          outcome: z.enum(CASHIER_OUTCOMES).default(CashierOutcome.SUCCESS),
          failureReason: z.enum(COLLECTION_FAILURE_REASONS).optional(),
        }),
        response: { 200: envelopeOf(cashierViewSchema) },
      },
    },
    async (req) => ok(await cashierPay(deps(), req.params.token, req.body)),
  );

  app.post(
    '/cashier/:token/crypto/address',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "A crypto payment link's payer asks where to send: the link's attempt and its deposit address (made once)",
        params,
        response: { 200: envelopeOf(cashierViewSchema) },
      },
    },
    async (req) => ok(await cashierCryptoAddress(deps(), req.params.token)),
  );

  app.post(
    '/cashier/:token/crypto/send',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Sandbox: the payer's wallet sends to a crypto order's deposit address (exact, under or over the amount); paid once the network's confirmations are in",
        params,
        body: z.object({ outcome: z.enum(DEPOSIT_OUTCOMES).default(DepositOutcome.EXACT) }),
        response: { 200: envelopeOf(cashierViewSchema) },
      },
    },
    async (req) => ok(await cashierSendCrypto(deps(), req.params.token, req.body.outcome)),
  );

  app.post(
    '/cashier/:token/cancel',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'The payer cancels an open collection: closed',
        params,
        response: { 200: envelopeOf(cashierViewSchema) },
      },
    },
    async (req) => ok(await cashierCancel(deps(), req.params.token)),
  );
};
