/**
 * Top-ups from the dashboard (docs/payments-api.md "Top-ups"): the records list, and a new top-up answered with the
 * cashier address where it is paid (the public cashier of collections; `kind: topUp`). Its expiry job.
 */
import { Perm, answerRecordOf, topUpsList } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { googleCodeField } from '../auth/second-factor';
import { amountOf } from '../../lib/amounts';
import { envelopeOf, ok } from '../../lib/envelope';
import { currencyField } from '../../lib/fields';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { audit, requireAuth } from '../auth';
import { ownMerchant } from '../auth/scope';
import { toTopUpRecord, topUpsSource } from './queries';
import { registerTopUpJobs } from './jobs';
import { createTopUp } from './service';

const tags = ['top-ups'];
const record = answerRecordOf(topUpsList);

export const topUpRoutes: FastifyPluginAsyncZod = async (app) => {
  registerList(app, topUpsSource(app.publicUrl), { tags, summary: "The merchant's top-ups, newest first" });
  registerTopUpJobs(app);

  app.post(
    '/top-ups',
    {
      config: { permission: Perm.TOP_UP_ADD },
      schema: {
        tags,
        summary: 'A new top-up of the session currency: answers it with `cashierUrl`, where it is paid (400 naming amount or paymentType)',
        body: z.object({ amount: z.string().max(40), currency: z.string().min(1).max(8), paymentType: z.coerce.number().int().positive(), googleCode: googleCodeField }),
        response: { 200: envelopeOf(record) },
      },
    },
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
