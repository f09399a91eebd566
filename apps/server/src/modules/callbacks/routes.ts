/** Callback attempts and manual resend (dashboard), and the delivery job. */
import { CALLBACK_POLL_MS, Perm } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { idSchema } from '../../lib/admin';
import { audit, merchantScope } from '../auth';
import { deliveriesForOrder, deliverySchema, deliveryViews, orderKindSchema } from './service';
import { deliverDue, resendDelivery } from './worker';

const tags = ['callbacks'];

export const callbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, secretBox: app.secretBox, allowPrivate: app.allowPrivateCallbacks });

  app.jobs.every('callbacks.deliver', CALLBACK_POLL_MS, () => deliverDue(deps()));

  app.get(
    '/callbacks',
    {
      config: { permission: Perm.COLLECTION_MENU },
      schema: {
        tags,
        summary: 'The callback deliveries of one order (collection or refund), newest first, with every attempt',
        querystring: z.object({
          orderKind: orderKindSchema,
          orderId: z.string().trim().min(1).max(32),
          merchantId: z.coerce.number().int().positive().optional().describe('platform staff: that merchant'),
        }),
        response: { 200: envelopeOf(z.array(deliverySchema)) },
      },
    },
    async (req) => {
      const q = req.query;
      return ok(
        await deliveriesForOrder(app.db, {
          merchantIds: merchantScope(req, q.merchantId),
          orderKind: q.orderKind,
          orderId: q.orderId,
        }),
      );
    },
  );

  app.post(
    '/callbacks/:id/resend',
    {
      config: { permission: Perm.CALLBACK_RESEND },
      schema: {
        tags,
        summary: 'Send a callback once more, now (trigger manual); a failed one that gets a 2xx becomes notified',
        params: z.object({ id: idSchema }),
        response: { 200: envelopeOf(deliverySchema) },
      },
    },
    async (req) => {
      const { row, outcome } = await resendDelivery(deps(), req.params.id, merchantScope(req));
      await audit(app.db, req, 'callback_resent', {
        success: outcome.responseStatus !== null && outcome.responseStatus >= 200 && outcome.responseStatus < 300,
        merchantId: row.merchantId,
        detail: {
          deliveryId: row.id,
          eventId: row.eventId,
          orderKind: row.orderKind,
          orderId: row.orderId,
          responseStatus: outcome.responseStatus,
          error: outcome.error,
          status: row.status,
        },
      });
      const [view] = await deliveryViews(app.db, [row]);
      return ok(view!, t(req.lang, 'error.operationSucceeded'));
    },
  );
};
