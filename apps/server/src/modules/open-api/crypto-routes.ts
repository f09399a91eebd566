/**
 * Open API crypto (docs/open-api.md "Crypto pay-in"): the sandbox chain's helper that sends to a crypto collection's
 * deposit address. Registered inside openApiRoutes, so the signature, nonce, IP and Idempotency-Key checks run first.
 */
import { CRYPTO_TOKEN, cryptoDepositSchema } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { callDoc } from './schemas';
import { notFound } from '../../lib/admin';
import { amountField } from '../../lib/fields';
import { getCollection } from '../collections/service';
import { depositView, sendDeposit } from '../crypto/deposits';
import { sandboxOnly } from './auth';

const openApi = { openApi: true } as const;

export const openCryptoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sandbox/crypto/:id/send',
    {
      config: openApi,
      schema: {
        ...callDoc('sandboxSendCrypto'),
        params: z.object({ id: z.string().min(1).max(32) }),
        body: z.object({ amount: z.string().min(1).max(40).optional().describe('decimal string in USDT; default the order amount') }),
        response: { 200: envelopeOf(cryptoDepositSchema) },
      },
    },
    async (req) => {
      sandboxOnly(req);
      const order = await getCollection(app.db, req.openApi.merchantId, req.params.id);
      if (!order) throw notFound();
      const amount = req.body.amount === undefined ? order.amount : amountField(req.body.amount, CRYPTO_TOKEN);
      const { deposit } = await sendDeposit(app.db, { merchantId: order.merchantId, collectionId: order.id, amount });
      return ok(depositView(deposit, order.amount));
    },
  );
};
