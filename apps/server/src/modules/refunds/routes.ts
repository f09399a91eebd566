/** Refunds (docs/payments-api.md "Refunds"): the list and the refund of a collection from the dashboard. */
import { refundCalls, type CurrencyCode } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { amountOf } from '../../lib/amounts';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { notFound } from '../../lib/admin';
import { audit, requireAuth } from '../auth';
import { findScopedCollection, refundsSource, toRefundRecord } from './queries';
import { createRefund } from './service';

const tags = ['refunds'];

export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, refundsSource, { tags, summary: 'Refunds, newest first' });

  app.post(refundCalls.create.path, callRoute(refundCalls.create, { tags }),
    async (req) => {
      const auth = requireAuth(req);
      const c = await findScopedCollection(app.db, req, req.params.id);
      if (!c) throw notFound();
      const amount = amountOf(req.body.amount, c.currency as CurrencyCode, 'amount');
      const detail = { collectionId: c.id, amount: req.body.amount, currency: c.currency, refundWay: req.body.refundWay };
      try {
        const row = await createRefund(app.db, {
          merchantId: c.merchantId,
          collectionId: c.id,
          amount,
          refundWay: req.body.refundWay,
          reason: req.body.reason,
          merchantRefundId: req.body.merchantRefundId ?? null,
          createdBy: auth.username,
          notifier: { mailer: app.mailer, log: req.log },
        });
        await audit(app.db, req, 'refund_created', { success: true, merchantId: c.merchantId, detail: { ...detail, refundId: row.id } });
        return ok(toRefundRecord(row, c.merchantOrderId), t(req.lang, 'error.operationSucceeded'));
      } catch (e) {
        await audit(app.db, req, 'refund_created', { success: false, merchantId: c.merchantId, detail });
        throw e;
      }
    },
  );
};
