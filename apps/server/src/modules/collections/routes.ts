/**
 * Transaction records (collections) of the dashboard (docs/payments-api.md "Collections"): the list and one
 * collection's details with its refunds and callback deliveries. Scoped to the caller's merchant (platform staff:
 * every merchant, or the one `merchantId` names).
 */
import { CallbackOrderKind, Perm, answerRecordOf, collectionsList, refundableMinor, refundsList, toMajorString, type CurrencyCode } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { registerList } from '../../lib/list/route';
import { notFound } from '../../lib/admin';
import { deliveriesOf } from '../callbacks/queries';
import { deliverySchema } from '../callbacks/service';
import { refundsOfCollection } from '../refunds/queries';
import { registerCollectionJobs } from './jobs';
import { cashierUrl } from '../../lib/cashier-url';
import { collectionsSource, findScopedCollection, toCollectionRecord } from './queries';

const tags = ['collections'];

export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCollectionJobs(app);

  registerList(app, collectionsSource, { tags, summary: 'Transaction records (collections), newest first; dates in the session zone, at most one month' });

  app.get(
    '/collections/:id',
    {
      config: { permission: Perm.COLLECTION_MENU },
      schema: {
        tags,
        summary: 'One collection with its refunds, callback deliveries, cashier link and what is left to refund',
        params: z.object({ id: z.string().min(1).max(32) }),
        response: {
          200: envelopeOf(
            collectionsList.record.extend({
              refunds: z.array(answerRecordOf(refundsList)),
              callbacks: z.array(deliverySchema),
              cashierUrl: z.string(),
              notifyUrl: z.string().nullable(),
              returnUrl: z.string().nullable(),
              refundable: z.string().describe('paid (else ordered) amount - refunded; 0 unless success or partial'),
            }),
          ),
        },
      },
    },
    async (req) => {
      const found = await findScopedCollection(app.db, req, req.params.id);
      if (!found) throw notFound();
      const { c, settlementStatus } = found;
      const refunds = await refundsOfCollection(app.db, c.merchantId, c.id);
      const callbacks = await deliveriesOf(app.db, c.merchantId, [
        { kind: CallbackOrderKind.COLLECTION, ids: [c.id] },
        { kind: CallbackOrderKind.REFUND, ids: refunds.map((r) => r.id) },
      ]);
      return ok({
        ...toCollectionRecord(c, settlementStatus),
        refunds,
        callbacks,
        cashierUrl: cashierUrl(app.publicUrl, c.cashierToken),
        notifyUrl: c.notifyUrl,
        returnUrl: c.returnUrl,
        refundable: toMajorString(refundableMinor(c), c.currency as CurrencyCode),
      });
    },
  );
};
