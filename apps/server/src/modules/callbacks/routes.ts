/** Callback attempts and manual resend (dashboard), and the delivery job. */
import { CALLBACK_ENDPOINT, CALLBACK_POLL_MS, Perm } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { idSchema } from '../../lib/admin';
import { audit, merchantScope } from '../auth';
import { managedMerchant } from '../auth/scope';
import { disableFailingEndpoints, enableEndpointAgain, endpointHealth, endpointHealthSchema, replayFailed, sendTestEvent, TestTarget } from './endpoints';
import { deliveriesForOrder, deliverySchema, deliveryViews, orderKindSchema } from './service';
import { deliverDue, resendDelivery } from './worker';

const tags = ['callbacks'];

export const callbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, secretBox: app.secretBox, allowPrivate: app.allowPrivateCallbacks });

  app.jobs.every('callbacks.deliver', CALLBACK_POLL_MS, () => deliverDue(deps()));
  app.jobs.every('callbacks.disable-failing', CALLBACK_ENDPOINT.DISABLE_CHECK_MS, () => disableFailingEndpoints(app.db, { mailer: app.mailer, log: app.log }, new Date()));

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

  /* Endpoint health (issue 15) ---------------------------------------------------------------------------- */

  const merchantIdField = z.coerce.number().int().positive().optional().describe('platform staff: that merchant');

  app.get(
    '/callbacks/endpoints',
    {
      config: { permission: Perm.DEVELOPER_MENU },
      schema: { tags, summary: "Each address the merchant's callbacks go to: success rate of the last days' attempts, last success, deliveries given up, latest errors", querystring: z.object({ merchantId: merchantIdField }), response: { 200: envelopeOf(endpointHealthSchema) } },
    },
    async (req) => ok(await endpointHealth(app.db, managedMerchant(req, req.query.merchantId), new Date())),
  );

  app.post(
    '/callbacks/test',
    {
      config: { permission: Perm.DEVELOPER_CALLBACK_EDIT },
      schema: {
        tags,
        summary: 'Send a webhook.test event to the collection or payout callback address now; answers the attempt',
        body: z.object({ target: z.enum([TestTarget.COLLECTION, TestTarget.PAYOUT]), merchantId: merchantIdField }),
        response: { 200: envelopeOf(deliverySchema) },
      },
    },
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      const { row, outcome } = await sendTestEvent(deps(), merchantId, req.body.target);
      await audit(app.db, req, 'callback_test_sent', { success: outcome.responseStatus !== null && outcome.responseStatus >= 200 && outcome.responseStatus < 300, merchantId, detail: { deliveryId: row.id, responseStatus: outcome.responseStatus, error: outcome.error } });
      const [view] = await deliveryViews(app.db, [row]);
      return ok(view!);
    },
  );

  app.post(
    '/callbacks/replay',
    {
      config: { permission: Perm.CALLBACK_RESEND },
      schema: {
        tags,
        summary: 'Send again the failed deliveries created in a time range (to one address, or all): each gets one more attempt',
        body: z.object({ from: z.string().datetime(), to: z.string().datetime(), url: z.string().max(512).nullable().default(null), merchantId: merchantIdField }),
        response: { 200: envelopeOf(z.object({ replayed: z.number() })) },
      },
    },
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      const replayed = await replayFailed(app.db, { merchantId, from: new Date(req.body.from), to: new Date(req.body.to), url: req.body.url, now: new Date() });
      await audit(app.db, req, 'callbacks_replayed', { success: true, merchantId, detail: { from: req.body.from, to: req.body.to, replayed } });
      return ok({ replayed }, t(req.lang, 'developer.endpoints.replayed', { count: replayed }));
    },
  );

  app.post(
    '/callbacks/endpoints/enable',
    {
      config: { permission: Perm.DEVELOPER_CALLBACK_EDIT },
      schema: {
        tags,
        summary: 'Enable an address disabled after failing for a day: its held callbacks are sent by the next worker run',
        body: z.object({ url: z.string().min(1).max(512), merchantId: merchantIdField }),
        response: { 200: envelopeOf(z.object({ released: z.number() })) },
      },
    },
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      const released = await enableEndpointAgain(app.db, merchantId, req.body.url, new Date());
      await audit(app.db, req, 'callback_endpoint_enabled', { success: true, merchantId, detail: { after: req.body.url, replayed: released } });
      return ok({ released }, t(req.lang, 'developer.endpoints.enabled', { count: released }));
    },
  );
};
