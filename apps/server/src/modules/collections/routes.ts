/**
 * Dashboard calls of collections, refunds, settlements, payment links and statistics (docs/payments-api.md);
 * balances and balance records live in modules/balances/routes.ts and are registered from here. Every list reads
 * through ./filters.ts (shared with the exports) and ./queries.ts; every call is scoped to the caller's merchant
 * (platform staff: every merchant, or the one `merchantId` names).
 */
import {
  ApiKeyMode,
  MONEY_ERROR_KEYS,
  Perm,
  REFUND_WAY,
  decimalsOf,
  pagingSchema,
  parseAmount,
  toMajorString,
  type CurrencyCode,
  type RefundWayValue,
  CallbackOrderKind,
  currencySchema,
  PAYMENT_LINK_EXPIRY_HOURS_MAX,
} from '@mg/domain';
import { and, eq, type AnyColumn } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collection, paymentLink, settlement } from '../../db/schema';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { notFound } from '../admin/shared';
import { ownScope, scopeWhere } from '../auth/scope';
import { audit, requireAuth } from '../auth';
import { balanceRoutes } from '../balances/routes';
import { deliverySchema } from '../callbacks/service';
import { createPaymentLink, linkView, voidPaymentLink, type PaymentLinkView } from '../payment-links/service';
import { createRefund } from '../refunds/service';
import {
  collectionFilterSchema,
  collectionFilters,
  filterContext,
  merchantOf,
  paymentLinkFilterSchema,
  paymentLinkFilters,
  refundFilterSchema,
  refundFilters,
  resolveRange,
} from './filters';
import { registerCollectionJobs } from './jobs';
import { readListPage, type ListSource } from './list-page';
import { refundableOf } from './service';
import {
  collectionsCountFrom,
  deliveriesOf,
  listPageSchema,
  listCollections,
  listPaymentLinkRows,
  listRefunds,
  paymentLinksCountFrom,
  refundsCountFrom,
  refundsOfCollection,
  toCollectionRecord,
  toRefundRecord,
  type CollectionRecord,
  type RefundRecord,
} from './queries';
import { computeStatistics, startOfLocalDay } from './statistics';

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

const statisticsSchema = z.object({
  currency: z.string(),
  range: z.object({ begin: isoTime, end: isoTime }),
  collected: z.object({ amount: money, count: z.number() }),
  successRate: z.number().nullable().describe('0..1; null when no collection of the range is decided yet'),
  refunds: z.object({ amount: money, count: z.number() }),
  fees: money,
  balance: z.object({ available: money, pending: money }),
  byDay: z.array(z.object({ date: z.string(), amount: money, count: z.number() })),
  byPaymentType: z.array(z.object({ paymentType: z.number(), amount: money, count: z.number() })),
  today: z.object({ collected: z.object({ amount: money, count: z.number() }), successRate: z.number().nullable() }),
});

/* ---------------------------------------------------------------------------------------------------------- */
/* Helpers                                                                                                      */

const COLLECTION_LIST: ListSource<typeof collectionFilterSchema, CollectionRecord> = {
  filter: collectionFilters,
  sort: { createdAt: collection.createdAt, createTime: collection.createdAt, amount: collection.amount, paidAt: collection.paidAt },
  read: listCollections,
  countFrom: collectionsCountFrom,
};
const REFUND_LIST: ListSource<typeof refundFilterSchema, RefundRecord> = {
  filter: refundFilters,
  sort: { createdAt: refundFilters.orderColumns[0], createTime: refundFilters.orderColumns[0] },
  read: listRefunds,
  countFrom: refundsCountFrom,
};
const LINK_SORT: Record<string, AnyColumn> = {
  createdAt: paymentLink.createdAt,
  createTime: paymentLink.createdAt,
  amount: paymentLink.amount,
  expiresAt: paymentLink.expiresAt,
};

/** A decimal amount of `currency` from a body, 400 naming `field` when malformed. */
function amountOf(value: string, currency: CurrencyCode, field: string): bigint {
  const r = parseAmount(value, currency);
  if (!r.ok) throw fieldError(field, MONEY_ERROR_KEYS[r.error], { labelOf: 'amount', params: { digits: decimalsOf(currency) } });
  return r.minor;
}

/** A collection the caller may see, by id (another merchant's id: 404). */
async function scopedCollection(app: FastifyInstance, req: FastifyRequest, id: string) {
  const [row] = await app.db
    .select({ c: collection, settlementStatus: settlement.status })
    .from(collection)
    .leftJoin(settlement, and(eq(settlement.merchantId, collection.merchantId), eq(settlement.id, collection.settlementId)))
    .where(and(eq(collection.id, id), scopeWhere(collection.merchantId, ownScope(req))));
  if (!row) throw notFound();
  return row;
}

const idParam = z.object({ id: z.string().min(1).max(32) });

/* ---------------------------------------------------------------------------------------------------------- */
/* Routes                                                                                                       */

export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCollectionJobs(app);
  await app.register(balanceRoutes);

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

  /* Payment links ---------------------------------------------------------------------------------------- */

  app.get(
    '/payment-links',
    {
      config: { permission: Perm.PAYMENT_LINK_MENU },
      schema: {
        tags: ['payments'],
        summary: 'Payment links, newest first',
        querystring: pagingSchema.extend(paymentLinkFilterSchema.shape),
        response: { 200: envelopeOf(listPageSchema(paymentLinkRecordSchema)) },
      },
    },
    async (req) => {
      const now = new Date();
      const links: ListSource<typeof paymentLinkFilterSchema, PaymentLinkView> = {
        filter: paymentLinkFilters,
        sort: LINK_SORT,
        read: async (db, where, o) => (await listPaymentLinkRows(db, where, o)).map((r) => linkView(r, app.publicUrl, now)),
        countFrom: paymentLinksCountFrom,
      };
      return ok(await readListPage(app.db, req, req.query, links));
    },
  );

  app.post(
    '/payment-links',
    {
      config: { permission: Perm.PAYMENT_LINK_ADD },
      schema: {
        tags: ['payments'],
        summary: 'Create a payment link (sandbox) in the session currency',
        body: z.object({
          amount: z.string().max(32).describe('decimal string'),
          description: z.string().max(255),
          expiryHours: z.coerce.number().int().min(1).max(PAYMENT_LINK_EXPIRY_HOURS_MAX).optional(),
          paymentType: z.coerce.number().int().positive().optional(),
          currency: currencySchema.optional().describe('default: the session currency'),
          merchantId: z.coerce.number().int().positive().optional().describe('platform staff: for this merchant'),
        }),
        response: { 200: envelopeOf(paymentLinkRecordSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const b = req.body;
      const merchantId = merchantOf(req, b.merchantId);
      const currency = b.currency ?? filterContext(req, b.merchantId).currency;
      if (!currency) throw fieldError('currency', 'validation.currency.invalid', { params: { value: '' } });
      const row = await createPaymentLink(
        { db: app.db, publicUrl: app.publicUrl },
        {
          merchantId,
          mode: ApiKeyMode.SANDBOX,
          amount: amountOf(b.amount, currency, 'amount'),
          currency,
          description: b.description,
          paymentType: b.paymentType,
          expiryHours: b.expiryHours,
          createdBy: auth.username,
        },
      );
      return ok(linkView(row, app.publicUrl), t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.post(
    '/payment-links/:id/void',
    {
      config: { permission: Perm.PAYMENT_LINK_VOID },
      schema: {
        tags: ['payments'],
        summary: 'Void an active payment link',
        params: idParam,
        response: { 200: envelopeOf(paymentLinkRecordSchema) },
      },
    },
    async (req) => {
      const [link] = await app.db
        .select({ merchantId: paymentLink.merchantId })
        .from(paymentLink)
        .where(and(eq(paymentLink.id, req.params.id), scopeWhere(paymentLink.merchantId, ownScope(req))));
      if (!link) throw notFound();
      const row = await voidPaymentLink(app.db, link.merchantId, req.params.id);
      return ok(linkView(row, app.publicUrl), t(req.lang, 'error.operationSucceeded'));
    },
  );

  /* Statistics ------------------------------------------------------------------------------------------- */

  app.get(
    '/statistics',
    {
      config: { permission: Perm.HOME },
      schema: {
        tags: ['payments'],
        summary: 'Home statistics of a range (default today) in the session zone and currency',
        querystring: z.object({
          createTime_begin: collectionFilterSchema.shape.createTime_begin,
          createTime_end: collectionFilterSchema.shape.createTime_end,
          currency: currencySchema.optional().describe('default: the session currency'),
          merchantId: z.coerce.number().int().positive().optional().describe('platform staff: only this merchant'),
        }),
        response: { 200: envelopeOf(statisticsSchema) },
      },
    },
    async (req) => {
      const q = req.query;
      const ctx = filterContext(req, q.merchantId);
      const currency = q.currency ?? ctx.currency;
      if (!currency) throw fieldError('currency', 'validation.currency.invalid', { params: { value: '' } });
      const now = new Date();
      const range = resolveRange(q, { ...ctx, now }, { defaultBegin: (end) => startOfLocalDay(end, ctx.timeZone) });
      return ok(await computeStatistics(app.db, { scope: ctx.scope, currency, timeZone: ctx.timeZone, range, now }));
    },
  );
};

