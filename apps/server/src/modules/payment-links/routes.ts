/** Payment links (docs/payments-api.md "Payment links"): the list, a new link, voiding one. */
import { ApiKeyMode, Perm, currencySchema, pagingSchema, PAYMENT_LINK_EXPIRY_HOURS_MAX } from '@mg/domain';
import { and, eq, type AnyColumn } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentLink } from '../../db/schema';
import { amountOf } from '../../lib/amounts';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { notFound } from '../admin/shared';
import { ownScope, scopeWhere } from '../auth/scope';
import { requireAuth } from '../auth';
import { filterContext, merchantOf, paymentLinkFilterSchema, paymentLinkFilters } from '../collections/filters';
import { readListPage, type ListSource } from '../collections/list-page';
import { listPageSchema, listPaymentLinkRows, paymentLinksCountFrom } from '../collections/queries';
import { idParam, paymentLinkRecordSchema } from '../collections/routes';
import { createPaymentLink, linkView, voidPaymentLink, type PaymentLinkView } from './service';

const LINK_SORT: Record<string, AnyColumn> = {
  createdAt: paymentLink.createdAt,
  createTime: paymentLink.createdAt,
  amount: paymentLink.amount,
  expiresAt: paymentLink.expiresAt,
};

export const paymentLinkRoutes: FastifyPluginAsyncZod = async (app) => {
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

};
