/**
 * Balance transfers from the dashboard (docs/payments-api.md "Balance transfers"): the records of each side, the
 * merchants the session's merchant may send to, the quote of the confirmation step, and the transfer itself (the
 * Google code when 2FA is on; the request id makes a retried submit answer the first transfer).
 */
import { balanceTransferCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { currencyField } from '../../lib/fields';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { balanceTransfersSource } from './queries';
import { quoteView } from './quote-view';
import { checkTransferRequestId, createTransfer, quoteTransfer, transferAmountOf, transferParties } from './service';

const tags = ['balance-transfers'];

export const balanceTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, balanceTransfersSource, { tags, summary: "Each side of the merchant's balance transfers (sent and received), newest first" });

  app.get(balanceTransferCalls.parties.path, callRoute(balanceTransferCalls.parties, { tags }), async (req) => ok(await transferParties(app.db, ownMerchant(req))));

  app.post(balanceTransferCalls.quote.path, callRoute(balanceTransferCalls.quote, { tags }), async (req) => {
    const currency = currencyField(req.body.currency);
    const amount = transferAmountOf(req.body.amount, currency);
    return ok(quoteView({ currency, amount }, await quoteTransfer(app.db, { merchantId: ownMerchant(req), toMerchantId: req.body.toMerchantId, currency, amount })));
  });

  app.post(balanceTransferCalls.create.path, callRoute(balanceTransferCalls.create, { tags }),
    async (req) => {
      const auth = requireAuth(req);
      const b = req.body;
      checkTransferRequestId(b.requestId);
      const currency = currencyField(b.currency);
      const amount = transferAmountOf(b.amount, currency);
      const merchantId = ownMerchant(req);
      const detail = { amount: b.amount, currency, toMerchantId: b.toMerchantId };
      try {
        const { record: sent, replayed } = await createTransfer(
          app.db,
          { merchantId, toMerchantId: b.toMerchantId, currency, amount, remark: b.remark, requestId: b.requestId, createdBy: auth.username },
          { mailer: app.mailer, log: req.log },
        );
        if (!replayed) await audit(app.db, req, 'balance_transferred', { success: true, merchantId, detail: { ...detail, transferId: sent.id, fee: sent.fee } });
        return ok({ ...sent, replayed }, t(req.lang, 'error.operationSucceeded'));
      } catch (e) {
        await audit(app.db, req, 'balance_transferred', { success: false, merchantId, detail });
        throw e;
      }
    },
  );
};
