/**
 * Open API /api/open/v1 (docs/open-api.md): signed merchant integrations. Every route declares
 * `config: { openApi: true }`; ./auth.ts (registered first, inside this encapsulated plugin) verifies the signature,
 * the IP whitelist, the nonce and the Idempotency-Key and sets `req.openApi` (merchant, key, mode). Every query is
 * scoped to that merchant: another merchant's id is a 404 like an unknown one.
 */
import {
  ApiKeyMode,
  COLLECTION_EXPIRY_HOURS_MAX,
  COLLECTION_FAILURE_REASONS,
  CollectionSource,
  CURRENCY_CODES,
  isCurrencyCode,
  MERCHANT_ORDER_ID_PATTERN,
  MERCHANT_REFUND_ID_PATTERN,
  PAYMENT_LINK_DESCRIPTION_MAX_LENGTH,
  PAYMENT_LINK_EXPIRY_HOURS_MAX,
  PAYMENT_LINK_EXPIRY_HOURS_MIN,
  REFUND_REASON_MAX_LENGTH,
  RefundWay,
  toMajorString as toMajor,
  type CurrencyCode,
} from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { KeyedError, notFound } from '../../lib/admin';
import { balancesOf } from '../ledger/service';
import {
  collectionInsert,
  collectionInsertError,
  getCollection,
  getCollectionByOrderId,
  markCollectionFailed,
  prepareCollection,
  markCollectionPaid,
  type CollectionRow,
} from '../collections/service';
import { createRefund, getRefund } from '../refunds/service';
import { runSettlements } from '../settlements/service';
import { createPaymentLink, linkView } from '../payment-links/service';
import { carriedAnswer, idempotentInsert, idempotently } from './answer';
import { openApiAuth, openApiStateOf, sandboxOnly } from './auth';
import { captureApiRequests } from '../api-logs/capture';
import { openPayoutRoutes } from './payout-routes';
import { openMandateRoutes } from './mandate-routes';
import { openCryptoRoutes } from './crypto-routes';
import { merchantCurrencies } from './queries';
import { amountField, currencyField } from '../../lib/fields';
import { callDoc,
  balanceSchema,
  collectionSchema,
  createdEnvelope,
  openCollectionView,
  openRefundView,
  paymentLinkSchema,
  refundSchema,
  settlementRunSchema,
} from './schemas';

const openApi = { openApi: true } as const;
const idParams = z.object({ id: z.string().min(1).max(32) });
const url512 = z.url({ protocol: /^https?$/ }).max(512);
const createCollectionBody = z.object({
  merchantOrderId: z
    .string()
    .regex(MERCHANT_ORDER_ID_PATTERN)
    .describe('unique per merchant: letters, digits and - _ . :'),
  amount: z
    .string()
    .min(1)
    .max(40)
    .describe('decimal string in major units, at most the currency\'s decimals ("150000", "12.50")'),
  currency: z
    .string()
    .min(1)
    .max(8)
    .describe(`one of the merchant's currencies (${CURRENCY_CODES.join(', ')})`),
  paymentType: z
    .number()
    .int()
    .positive()
    .describe('domain PaymentType (1 VA, 2 OTC, 4 e-wallet, 16 bank transfer ...)'),
  channel: z
    .number()
    .int()
    .positive()
    .nullish()
    .describe('channel code; default: the first channel of the payment type'),
  payerName: z.string().trim().max(128).optional(),
  payerEmail: z.email().max(191).optional(),
  payerPhone: z.string().trim().max(32).optional(),
  orderDescription: z.string().trim().max(255).optional(),
  expiryHours: z.number().int().min(1).max(COLLECTION_EXPIRY_HOURS_MAX).optional(),
  notifyUrl: url512
    .nullish()
    .describe("callback address of this order; default: the merchant's collection callback address"),
  returnUrl: url512.nullish().describe('where the cashier sends the payer back after paying'),
});

const createRefundBody = z.object({
  collectionId: z.string().min(1).max(32),
  amount: z.string().min(1).max(40).describe('decimal string; at most what is left to refund'),
  refundWay: z
    .enum([RefundWay.ORIGINAL, RefundWay.OFFLINE])
    .describe('original (back the way it came) or offline'),
  reason: z.string().trim().min(1).max(REFUND_REASON_MAX_LENGTH),
  merchantRefundId: z.string().regex(MERCHANT_REFUND_ID_PATTERN).nullish().describe('unique per merchant'),
});

const createLinkBody = z.object({
  amount: z.string().min(1).max(40),
  currency: z.string().min(1).max(8),
  description: z.string().trim().min(1).max(PAYMENT_LINK_DESCRIPTION_MAX_LENGTH),
  expiryHours: z
    .number()
    .int()
    .min(PAYMENT_LINK_EXPIRY_HOURS_MIN)
    .max(PAYMENT_LINK_EXPIRY_HOURS_MAX)
    .optional(),
  paymentType: z.number().int().positive().optional(),
});

export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  await openApiAuth(app);
  captureApiRequests(app, app.apiLog, openApiStateOf);
  for (const routes of [openPayoutRoutes, openMandateRoutes, openCryptoRoutes]) await app.register(routes);

  const collectionOf = async (req: FastifyRequest, id: string) => {
    const row = await getCollection(app.db, req.openApi.merchantId, id);
    if (!row) throw notFound();
    return row;
  };
  /** The sandbox helpers drive only the caller's collections created in sandbox mode. */
  const assertSandboxOrder = (row: { mode: string }) => {
    if (row.mode !== ApiKeyMode.SANDBOX) throw new KeyedError('BUSINESS_RULE', 'open-api.sandboxOrderOnly');
  };
  const sandboxCollectionOf = async (req: FastifyRequest, id: string) => {
    sandboxOnly(req);
    const row = await collectionOf(req, id);
    assertSandboxOrder(row);
    return row;
  };

  app.post(
    '/collections',
    {
      config: openApi,
      schema: {
        ...callDoc('createCollection'),
        body: createCollectionBody,
        response: { 201: createdEnvelope(collectionSchema) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const currency = currencyField(b.currency);
      const input = {
        merchantId: req.openApi.merchantId,
        mode: req.openApi.mode,
        source: CollectionSource.API,
        merchantOrderId: b.merchantOrderId,
        amount: amountField(b.amount, currency),
        currency,
        paymentType: b.paymentType,
        channel: b.channel ?? null,
        payerName: b.payerName,
        payerEmail: b.payerEmail,
        payerPhone: b.payerPhone,
        orderDescription: b.orderDescription,
        expiryHours: b.expiryHours,
        notifyUrl: b.notifyUrl ?? null,
        returnUrl: b.returnUrl ?? null,
      };
      const config = { cache: app.configCache, version: req.openApi.configVersion };
      const row = await prepareCollection({ db: app.db, publicUrl: app.publicUrl, config }, input);
      const answer = { ...ok(openCollectionView(row, app.publicUrl)), code: 201 };
      try {
        return await idempotentInsert(app, req, reply, 201, answer, collectionInsert(row));
      } catch (e) {
        throw collectionInsertError(e, input.merchantOrderId);
      }
    },
  );

  app.get(
    '/collections/:id',
    {
      config: openApi,
      schema: {
        ...callDoc('getCollection'),
        params: idParams,
        response: { 200: envelopeOf(collectionSchema) },
      },
    },
    async (req) => ok(openCollectionView(await collectionOf(req, req.params.id), app.publicUrl)),
  );

  app.get(
    '/collections',
    {
      config: openApi,
      schema: {
        ...callDoc('findCollection'),
        querystring: z.object({ merchantOrderId: z.string().regex(MERCHANT_ORDER_ID_PATTERN) }),
        response: { 200: envelopeOf(collectionSchema) },
      },
    },
    async (req) => {
      const row = await getCollectionByOrderId(app.db, req.openApi.merchantId, req.query.merchantOrderId);
      if (!row) throw notFound();
      return ok(openCollectionView(row, app.publicUrl));
    },
  );

  app.post(
    '/refunds',
    {
      config: openApi,
      schema: {
        ...callDoc('createRefund'),
        body: createRefundBody,
        response: { 201: createdEnvelope(refundSchema) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const col = await collectionOf(req, b.collectionId);
      return idempotently(app, req, reply, 201, async (tx) => {
        const row = await createRefund(tx, {
          merchantId: req.openApi.merchantId,
          collectionId: col.id,
          amount: amountField(b.amount, col.currency as CurrencyCode),
          refundWay: b.refundWay,
          reason: b.reason,
          merchantRefundId: b.merchantRefundId ?? null,
          createdBy: 'api',
          notifier: { mailer: app.mailer, log: app.log },
        });
        return { ...ok(openRefundView(row)), code: 201 };
      });
    },
  );

  app.get(
    '/refunds/:id',
    {
      config: openApi,
      schema: {
        ...callDoc('getRefund'),
        params: idParams,
        response: { 200: envelopeOf(refundSchema) },
      },
    },
    async (req) => {
      const row = await getRefund(app.db, req.openApi.merchantId, req.params.id);
      if (!row) throw notFound();
      return ok(openRefundView(row));
    },
  );

  app.get(
    '/balance',
    {
      config: openApi,
      schema: {
        ...callDoc('getBalance'),
        querystring: z.object({ currency: z.string().max(8).optional() }),
        response: { 200: envelopeOf(balanceSchema) },
      },
    },
    async (req) => {
      const merchantId = req.openApi.merchantId;
      const only = req.query.currency === undefined ? undefined : currencyField(req.query.currency);
      const merchantOwn = await merchantCurrencies(app.db, merchantId);
      const rows = await balancesOf(app.db, merchantId);
      const currencies = new Set<string>([...merchantOwn, ...rows.map((r) => r.currency)]);
      const balances = [...currencies]
        .filter((c): c is CurrencyCode => isCurrencyCode(c) && (only === undefined || c === only))
        .map((currency) => {
          const of = (kind: string) =>
            rows.find((r) => r.currency === currency && r.kind === kind)?.balance ?? 0n;
          return { currency, available: of('available'), pending: of('pending'), frozen: of('frozen') };
        });
      return ok({ merchantId, balances: balances.map((b) => balanceLine(b)) });
    },
  );

  app.post(
    '/payment-links',
    {
      config: openApi,
      schema: {
        ...callDoc('createPaymentLink'),
        body: createLinkBody,
        response: { 201: createdEnvelope(paymentLinkSchema) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const currency = currencyField(b.currency);
      return idempotently(app, req, reply, 201, async (tx) => {
        const row = await createPaymentLink(
          { db: tx, publicUrl: app.publicUrl },
          {
            merchantId: req.openApi.merchantId,
            mode: req.openApi.mode,
            amount: amountField(b.amount, currency),
            currency,
            description: b.description,
            expiryHours: b.expiryHours,
            paymentType: b.paymentType,
            createdBy: 'api',
          },
        );
        return { ...ok(linkView(row, app.publicUrl)), code: 201 };
      });
    },
  );

  /* Sandbox helpers: sandbox keys only ---------------------------------------------------------------------- */

  app.post(
    '/sandbox/collections/:id/pay',
    {
      config: openApi,
      schema: {
        ...callDoc('sandboxPayCollection'),
        params: idParams,
        response: { 200: envelopeOf(collectionSchema) },
      },
    },
    async (req, reply) => {
      sandboxOnly(req);
      // The order is read once, locked, by the payment itself (an unknown id: 404 from there). The answer is stored
      // by the order's update, with the payment.
      const answer = carriedAnswer(req, reply, 200);
      const view = (row: CollectionRow) => ok(openCollectionView(row, app.publicUrl));
      const row = await markCollectionPaid(app.db, {
        merchantId: req.openApi.merchantId,
        id: req.params.id,
        check: assertSandboxOrder,
        carry: (paid) => answer.carry(view(paid)),
      });
      return answer.sent() ?? view(row);
    },
  );

  app.post(
    '/sandbox/collections/:id/fail',
    {
      config: openApi,
      schema: {
        ...callDoc('sandboxFailCollection'),
        params: idParams,
        body: z.object({
          reason: z.enum(COLLECTION_FAILURE_REASONS).describe('collection failure reason code'),
        }),
        response: { 200: envelopeOf(collectionSchema) },
      },
    },
    async (req) => {
      const col = await sandboxCollectionOf(req, req.params.id);
      const row = await markCollectionFailed(app.db, {
        merchantId: col.merchantId,
        id: col.id,
        reason: req.body.reason,
      });
      return ok(openCollectionView(row, app.publicUrl));
    },
  );

  app.post(
    '/sandbox/settlements/run',
    {
      config: openApi,
      schema: {
        ...callDoc('sandboxRunSettlements'),
        response: { 200: envelopeOf(settlementRunSchema) },
      },
    },
    async (req) => {
      sandboxOnly(req);
      return ok(await runSettlements(app.db, { merchantId: req.openApi.merchantId, dueOnly: false }));
    },
  );
};

function balanceLine(b: { currency: CurrencyCode; available: bigint; pending: bigint; frozen: bigint }) {
  return {
    currency: b.currency,
    available: toMajor(b.available, b.currency),
    pending: toMajor(b.pending, b.currency),
    frozen: toMajor(b.frozen, b.currency),
  };
}
