/** Payment links (docs/payments-api.md "Payment links"): the list, a new link, voiding one. */
import { ApiKeyMode, PAYMENT_LINK_EXPIRY_HOURS_MAX, PAYMENT_LINK_EXPIRY_HOURS_MIN, Perm, answerRecordOf, currencySchema, paymentLinksList } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountOf } from '../../lib/amounts';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { notFound } from '../../lib/admin';
import { requireAuth } from '../auth';
import { currencyOf, ownMerchant, requestScope } from '../auth/scope';
import { paymentLinksSource, scopedLinkMerchant } from './queries';
import { createPaymentLink, linkView, voidPaymentLink } from './service';

const tags = ['payment-links'];
const idParam = z.object({ id: z.string().min(1).max(32) });

export const paymentLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, paymentLinksSource(app.publicUrl), { tags, summary: 'Payment links, newest first' });

  /* Payment links ---------------------------------------------------------------------------------------- */

  app.post(
    '/payment-links',
    {
      config: { permission: Perm.PAYMENT_LINK_ADD },
      schema: {
        tags,
        summary: 'Create a payment link (sandbox) in the session currency',
        body: z.object({
          amount: z.string().max(32).describe('decimal string'),
          description: z.string().max(255),
          expiryHours: z.coerce.number().int().min(PAYMENT_LINK_EXPIRY_HOURS_MIN).max(PAYMENT_LINK_EXPIRY_HOURS_MAX).optional(),
          paymentType: z.coerce.number().int().positive().optional(),
          currency: currencySchema.optional().describe('default: the session currency'),
          merchantId: z.coerce.number().int().positive().optional().describe('platform staff: for this merchant'),
        }),
        response: { 200: envelopeOf(answerRecordOf(paymentLinksList)) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const b = req.body;
      const merchantId = ownMerchant(req, b.merchantId);
      const currency = currencyOf(requestScope(req, b.merchantId), b.currency);
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
        tags,
        summary: 'Void an active payment link',
        params: idParam,
        response: { 200: envelopeOf(answerRecordOf(paymentLinksList)) },
      },
    },
    async (req) => {
      const merchantId = await scopedLinkMerchant(app.db, req, req.params.id);
      if (merchantId === undefined) throw notFound();
      const row = await voidPaymentLink(app.db, merchantId, req.params.id);
      return ok(linkView(row, app.publicUrl), t(req.lang, 'error.operationSucceeded'));
    },
  );

};
