/**
 * Transaction records (collections) of the dashboard (docs/payments-api.md "Collections"): the list and one
 * collection's details. Every call is scoped to the caller's merchant (platform staff: every merchant, or the one
 * `merchantId` names).
 */
import { CallbackOrderKind, Perm, pagingSchema, toMajorString, type CurrencyCode } from '@mg/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collection, settlement } from '../../db/schema';
import { envelopeOf, ok } from '../../lib/envelope';
import { notFound } from '../admin/shared';
import { ownScope, scopeWhere } from '../auth/scope';
import { deliverySchema } from '../callbacks/service';
import { collectionFilterSchema, collectionFilters } from './filters';
import { registerCollectionJobs } from './jobs';
import { readListPage, type ListSource } from './list-page';
import { refundableOf } from './service';
import {
  collectionsCountFrom,
  deliveriesOf,
  listPageSchema,
  listCollections,
  refundsOfCollection,
  toCollectionRecord,
  type CollectionRecord,
} from './queries';

/* ---------------------------------------------------------------------------------------------------------- */
/* Response schemas                                                                                             */

const money = z.string().describe('decimal string in the currency units');
const isoTime = z.string().describe('ISO-8601 UTC');

export const collectionRecordSchema = z.object({
  id: z.string(),
  merchantId: z.number(),
  merchantOrderId: z.string(),
  currency: z.string(),
  paymentType: z.number(),
  channel: z.number().nullable(),
  paymentCode: z.string().nullable(),
  status: z.string().describe('PaymentStatus'),
  amount: money,
  adminFee: money,
  serviceFee: money,
  paidAmount: money.nullable(),
  refundedAmount: money,
  paidAt: isoTime.nullable(),
  payerName: z.string().nullable(),
  payerEmail: z.string().nullable(),
  payerPhone: z.string().nullable(),
  orderDescription: z.string().nullable(),
  expiryHours: z.number(),
  expiresAt: isoTime,
  notifyStatus: z.string().nullable().describe('NotifyStatus; null: nothing to notify'),
  settlementId: z.string().nullable(),
  settlementStatus: z.string().nullable().describe('pending, settled; null before success'),
  source: z.string(),
  mode: z.string(),
  failureReason: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

export const refundRecordSchema = z.object({
  id: z.string(),
  merchantId: z.number(),
  collectionId: z.string(),
  merchantOrderId: z.string().nullable(),
  merchantRefundId: z.string().nullable(),
  currency: z.string(),
  refundType: z.string(),
  refundWay: z.string(),
  requestedAmount: money,
  actualAmount: money.nullable(),
  reason: z.string(),
  status: z.string().describe('RefundFundStatus'),
  failureReason: z.string().nullable(),
  notifyStatus: z.string().nullable(),
  createdBy: z.string(),
  createdAt: isoTime,
  completedAt: isoTime.nullable(),
});

export const paymentLinkRecordSchema = z.object({
  id: z.string(),
  currency: z.string(),
  amount: money,
  description: z.string(),
  paymentType: z.number(),
  expiryHours: z.number(),
  expiresAt: isoTime,
  status: z.string().describe('PaymentLinkStatus (an active link past its expiry shows expired)'),
  url: z.string(),
  collectionId: z.string().nullable(),
  mode: z.string(),
  createdBy: z.string(),
  createdAt: isoTime,
});

/* ---------------------------------------------------------------------------------------------------------- */
/* Helpers                                                                                                      */

const COLLECTION_LIST: ListSource<typeof collectionFilterSchema, CollectionRecord> = {
  filter: collectionFilters,
  sort: { createdAt: collection.createdAt, createTime: collection.createdAt, amount: collection.amount, paidAt: collection.paidAt },
  read: listCollections,
  countFrom: collectionsCountFrom,
};

/** A collection the caller may see, by id (another merchant's id: 404). */
export async function scopedCollection(app: FastifyInstance, req: FastifyRequest, id: string) {
  const [row] = await app.db
    .select({ c: collection, settlementStatus: settlement.status })
    .from(collection)
    .leftJoin(settlement, and(eq(settlement.merchantId, collection.merchantId), eq(settlement.id, collection.settlementId)))
    .where(and(eq(collection.id, id), scopeWhere(collection.merchantId, ownScope(req))));
  if (!row) throw notFound();
  return row;
}

export const idParam = z.object({ id: z.string().min(1).max(32) });

/* ---------------------------------------------------------------------------------------------------------- */
/* Routes                                                                                                       */

export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCollectionJobs(app);

  /* Collections ------------------------------------------------------------------------------------------ */

  app.get(
    '/collections',
    {
      config: { permission: Perm.COLLECTION_MENU },
      schema: {
        tags: ['payments'],
        summary: 'Transaction records (collections), newest first; dates in the session zone, at most one month',
        querystring: pagingSchema.extend(collectionFilterSchema.shape),
        response: { 200: envelopeOf(listPageSchema(collectionRecordSchema)) },
      },
    },
    async (req) => ok(await readListPage(app.db, req, req.query, COLLECTION_LIST)),
  );

  app.get(
    '/collections/:id',
    {
      config: { permission: Perm.COLLECTION_MENU },
      schema: {
        tags: ['payments'],
        summary: 'One collection with its refunds, callback deliveries, cashier link and what is left to refund',
        params: idParam,
        response: {
          200: envelopeOf(
            collectionRecordSchema.extend({
              refunds: z.array(refundRecordSchema),
              callbacks: z.array(deliverySchema),
              cashierUrl: z.string(),
              notifyUrl: z.string().nullable(),
              returnUrl: z.string().nullable(),
              refundable: money.describe('paid (else ordered) amount - refunded; 0 unless success or partial'),
            }),
          ),
        },
      },
    },
    async (req) => {
      const { c, settlementStatus } = await scopedCollection(app, req, req.params.id);
      const refunds = await refundsOfCollection(app.db, c.merchantId, c.id);
      const callbacks = await deliveriesOf(app.db, c.merchantId, [
        { kind: CallbackOrderKind.COLLECTION, ids: [c.id] },
        { kind: CallbackOrderKind.REFUND, ids: refunds.map((r) => r.id) },
      ]);
      const currency = c.currency as CurrencyCode;
      return ok({
        ...toCollectionRecord(c, settlementStatus),
        refunds,
        callbacks,
        cashierUrl: `${app.publicUrl}/pay/${c.cashierToken}`,
        notifyUrl: c.notifyUrl,
        returnUrl: c.returnUrl,
        refundable: toMajorString(refundableOf(c), currency),
      });
    },
  );

};
