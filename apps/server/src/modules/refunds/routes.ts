/** Refunds (docs/payments-api.md "Refunds"): the list and the refund of a collection from the dashboard. */
import { Perm, REFUND_WAY, answerRecordOf, refundsList, type CurrencyCode, type RefundWayValue } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { googleCodeField } from '../auth/second-factor';
import { amountOf } from '../../lib/amounts';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { notFound } from '../../lib/admin';
import { audit, requireAuth } from '../auth';
import { findScopedCollection, refundsSource, toRefundRecord } from './queries';
import { createRefund } from './service';

const tags = ['refunds'];

export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, refundsSource, { tags, summary: 'Refunds, newest first' });

  app.post(
    '/collections/:id/refunds',
    {
      config: { permission: Perm.REFUND_ADD },
      schema: {
        tags,
        summary: 'Refund (part of) a collection; the ledger moves at once (sandbox)',
        params: z.object({ id: z.string().min(1).max(32) }),
        body: z.object({
          amount: z.string().max(32).describe('decimal string in the collection currency'),
          refundWay: z.enum(REFUND_WAY.values as [RefundWayValue, ...RefundWayValue[]]),
          reason: z.string().trim().min(1).max(255),
          merchantRefundId: z.string().trim().min(1).max(64).optional(),
          googleCode: googleCodeField,
        }),
        response: { 200: envelopeOf(answerRecordOf(refundsList)) },
      },
    },
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
