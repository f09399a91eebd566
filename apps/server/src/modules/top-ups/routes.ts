/**
 * Top-ups from the dashboard (docs/payments-api.md "Top-ups"): the records list, and a new top-up answered with the
 * cashier address where it is paid (the public cashier of collections; `kind: topUp`). Its expiry job.
 */
import { topUpCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { amountOf } from '../../lib/amounts';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { currencyField } from '../../lib/fields';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { toTopUpRecord, topUpsSource } from './queries';
import { registerTopUpJobs } from './jobs';
import { createTopUp } from './service';

const tags = ['top-ups'];

export const topUpRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, topUpsSource(app.publicUrl), { tags, summary: "The merchant's top-ups, newest first" });
  registerTopUpJobs(app);

  app.post(topUpCalls.create.path, callRoute(topUpCalls.create, { tags }),
    async (req) => {
      const auth = requireAuth(req);
      const currency = currencyField(req.body.currency);
      const merchantId = ownMerchant(req);
      const row = await createTopUp(app.db, { merchantId, currency, amount: amountOf(req.body.amount, currency, 'amount'), paymentType: req.body.paymentType, createdBy: auth.username });
      await audit(app.db, req, 'top_up_created', { success: true, merchantId, detail: { topUpId: row.id, amount: req.body.amount, currency, paymentType: row.paymentType } });
      return ok(toTopUpRecord(row, app.publicUrl), t(req.lang, 'error.operationSucceeded'));
    },
  );
};
