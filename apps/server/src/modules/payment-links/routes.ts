/** Payment links (docs/payments-api.md "Payment links"): the list, a new link, voiding one. */
import { ApiKeyMode, paymentLinkCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { amountOf } from '../../lib/amounts';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { notFound } from '../../lib/admin';
import { requireAuth } from '../auth';
import { currencyOf, ownMerchant, requestScope } from '../auth/scope';
import { paymentLinksSource, scopedLinkMerchant } from './queries';
import { createPaymentLink, linkView, voidPaymentLink } from './service';

const tags = ['payment-links'];

export const paymentLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, paymentLinksSource(app.publicUrl), { tags, summary: 'Payment links, newest first' });

  /* Payment links ---------------------------------------------------------------------------------------- */

  app.post(paymentLinkCalls.create.path, callRoute(paymentLinkCalls.create, { tags }),
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

  app.post(paymentLinkCalls.void.path, callRoute(paymentLinkCalls.void, { tags }),
    async (req) => {
      const merchantId = await scopedLinkMerchant(app.db, req, req.params.id);
      if (merchantId === undefined) throw notFound();
      const row = await voidPaymentLink(app.db, merchantId, req.params.id);
      return ok(linkView(row, app.publicUrl), t(req.lang, 'error.operationSucceeded'));
    },
  );
};
