/**
 * Balance transfers from the dashboard (docs/payments-api.md "Balance transfers"): the records of each side, the
 * merchants the session's merchant may send to, the quote of the confirmation step, and the transfer itself (the
 * Google code when 2FA is on; the request id makes a retried submit answer the first transfer).
 */
import {
  BALANCE_TRANSFER_REMARK_MAX_LENGTH,
  BALANCE_TRANSFER_REQUEST_ID_MAX_LENGTH,
  BALANCE_TRANSFER_REQUEST_ID_PATTERN,
  Perm,
  answerRecordOf,
  balanceTransfersList,
  parseAmount,
  transferPartySchema,
  balanceTransferCalls,
  transferQuoteBodySchema,
  type CurrencyCode,
} from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
import { fieldError } from '../../lib/errors';
import { currencyField } from '../../lib/fields';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { googleCodeField } from '../auth/second-factor';
import { balanceTransfersSource } from './queries';
import { quoteView } from './quote-view';
import { callRoute } from '../../lib/call-route';
import { createTransfer, quoteTransfer, transferParties } from './service';

const tags = ['balance-transfers'];
const record = answerRecordOf(balanceTransfersList);

const transferBody = transferQuoteBodySchema.extend({
  remark: z.string().max(BALANCE_TRANSFER_REMARK_MAX_LENGTH).optional(),
  requestId: z.string().max(BALANCE_TRANSFER_REQUEST_ID_MAX_LENGTH).describe('the client’s key of this transfer: the same id again answers the first transfer'),
  googleCode: googleCodeField,
});

/** The amount as typed: spec §5 "an invalid transfer amount has its own message". */
function transferAmount(value: string, currency: CurrencyCode): bigint {
  const r = parseAmount(value, currency);
  if (!r.ok) throw fieldError('amount', 'balance-transfers.amountInvalid');
  return r.minor;
}

export const balanceTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, balanceTransfersSource, { tags, summary: "Each side of the merchant's balance transfers (sent and received), newest first" });

  app.get(
    '/balance-transfers/parties',
    {
      config: { permission: Perm.BALANCE_TRANSFER_ADD },
      schema: { tags, summary: "Who the session's merchant may send to: its parent, its sub-merchants, its parent's other sub-merchants", response: { 200: envelopeOf(z.array(transferPartySchema)) } },
    },
    async (req) => ok(await transferParties(app.db, ownMerchant(req))),
  );

  app.post(balanceTransferCalls.quote.path, callRoute(balanceTransferCalls.quote, { tags }), async (req) => {
    const currency = currencyField(req.body.currency);
    const amount = transferAmount(req.body.amount, currency);
    return ok(quoteView({ currency, amount }, await quoteTransfer(app.db, { merchantId: ownMerchant(req), toMerchantId: req.body.toMerchantId, currency, amount })));
  });

  app.post(
    '/balance-transfers',
    {
      config: { permission: Perm.BALANCE_TRANSFER_ADD },
      schema: {
        tags,
        summary: 'Transfer at once: amount + fee leave the available balance, the amount reaches the other merchant (400 naming the field, 422 INSUFFICIENT_BALANCE)',
        body: transferBody,
        response: { 200: envelopeOf(record.extend({ replayed: z.boolean() })) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const b = req.body;
      if (!BALANCE_TRANSFER_REQUEST_ID_PATTERN.test(b.requestId)) throw fieldError('requestId', 'error.fieldInvalid', { params: { value: b.requestId.slice(0, 64) } });
      const currency = currencyField(b.currency);
      const amount = transferAmount(b.amount, currency);
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
