/** Callback attempts and manual resend (dashboard), and the delivery job. */
import { CALLBACK_ENDPOINT, CALLBACK_POLL_MS, callbackCalls, collectionCalls, developerCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { audit, merchantScope } from '../auth';
import { managedMerchant } from '../auth/scope';
import { disableFailingEndpoints, enableEndpointAgain, endpointHealth, replayFailed, sendTestEvent } from './endpoints';
import { isSuccess } from './send';
import { deliveriesForOrder, deliveryViews } from './service';
import { deliverDue, resendDelivery } from './worker';

const tags = ['callbacks'];

export const callbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, secretBox: app.secretBox, allowPrivate: app.allowPrivateCallbacks });

  app.jobs.every('callbacks.deliver', CALLBACK_POLL_MS, () => deliverDue(deps()));
  app.jobs.every('callbacks.disable-failing', CALLBACK_ENDPOINT.DISABLE_CHECK_MS, () => disableFailingEndpoints(app.db, { mailer: app.mailer, log: app.log }, new Date()));

  app.get(collectionCalls.callbacks.path, callRoute(collectionCalls.callbacks, { tags }),
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

  app.post(callbackCalls.resend.path, callRoute(callbackCalls.resend, { tags }),
    async (req) => {
      const { row, outcome } = await resendDelivery(deps(), req.params.id, merchantScope(req));
      await audit(app.db, req, 'callback_resent', {
        success: isSuccess(outcome),
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

  app.get(developerCalls.callbackEndpoints.path, callRoute(developerCalls.callbackEndpoints, { tags }),
    async (req) => ok(await endpointHealth(app.db, managedMerchant(req, req.query.merchantId), new Date())),
  );

  app.post(developerCalls.callbackTest.path, callRoute(developerCalls.callbackTest, { tags }),
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      const { row, outcome } = await sendTestEvent(deps(), merchantId, req.body.target);
      await audit(app.db, req, 'callback_test_sent', { success: isSuccess(outcome), merchantId, detail: { deliveryId: row.id, responseStatus: outcome.responseStatus, error: outcome.error } });
      const [view] = await deliveryViews(app.db, [row]);
      return ok(view!);
    },
  );

  app.post(callbackCalls.replay.path, callRoute(callbackCalls.replay, { tags }),
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      const replayed = await replayFailed(app.db, { merchantId, from: new Date(req.body.from), to: new Date(req.body.to), url: req.body.url, now: new Date() });
      await audit(app.db, req, 'callbacks_replayed', { success: true, merchantId, detail: { from: req.body.from, to: req.body.to, replayed } });
      return ok({ replayed }, t(req.lang, 'developer.endpoints.replayed', { count: replayed }));
    },
  );

  app.post(developerCalls.enableCallbackEndpoint.path, callRoute(developerCalls.enableCallbackEndpoint, { tags }),
    async (req) => {
      const merchantId = managedMerchant(req, req.body.merchantId);
      const released = await enableEndpointAgain(app.db, merchantId, req.body.url, new Date());
      await audit(app.db, req, 'callback_endpoint_enabled', { success: true, merchantId, detail: { after: req.body.url, replayed: released } });
      return ok({ released }, t(req.lang, 'developer.endpoints.enabled', { count: released }));
    },
  );
};
