/** Refunds (docs/payments-api.md "Refunds"): the list and the refund of a collection from the dashboard. */
import { Perm, REFUND_WAY, pagingSchema, type CurrencyCode, type RefundWayValue } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountOf } from '../../lib/amounts';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { audit, requireAuth } from '../auth';
import { refundFilterSchema, refundFilters } from '../collections/filters';
import { readListPage, type ListSource } from '../collections/list-page';
import { listPageSchema, listRefunds, refundsCountFrom, toRefundRecord, type RefundRecord } from '../collections/queries';
import { idParam, refundRecordSchema, scopedCollection } from '../collections/routes';
import { createRefund } from './service';

const REFUND_LIST: ListSource<typeof refundFilterSchema, RefundRecord> = {
  filter: refundFilters,
  sort: { createdAt: refundFilters.orderColumns[0], createTime: refundFilters.orderColumns[0] },
  read: listRefunds,
  countFrom: refundsCountFrom,
};

export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/collections/:id/refunds',
    {
      config: { permission: Perm.REFUND_ADD },
      schema: {
        tags: ['payments'],
        summary: 'Refund (part of) a collection; the ledger moves at once (sandbox)',
        params: idParam,
        body: z.object({
          amount: z.string().max(32).describe('decimal string in the collection currency'),
          refundWay: z.enum(REFUND_WAY.values as [RefundWayValue, ...RefundWayValue[]]),
          reason: z.string().trim().min(1).max(255),
          merchantRefundId: z.string().trim().min(1).max(64).optional(),
        }),
        response: { 200: envelopeOf(refundRecordSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { c } = await scopedCollection(app, req, req.params.id);
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

  /* Refunds ---------------------------------------------------------------------------------------------- */

  app.get(
    '/refunds',
    {
      config: { permission: Perm.REFUND_MENU },
      schema: {
        tags: ['payments'],
        summary: 'Refunds, newest first',
        querystring: pagingSchema.extend(refundFilterSchema.shape),
        response: { 200: envelopeOf(listPageSchema(refundRecordSchema)) },
      },
    },
    async (req) => ok(await readListPage(app.db, req, req.query, REFUND_LIST)),
  );

};
