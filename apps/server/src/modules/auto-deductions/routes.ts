/**
 * Auto-deduction from the dashboard (docs/payments-api.md "Auto-deductions"): the mandates list, a new mandate
 * (answered with its authorisation page), pause, resume, stop, charge now, its charges; the charging and notice job.
 */
import { Perm, answerRecordOf, autoDeductionsList } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { googleCodeField } from '../auth/second-factor';
import { envelopeOf, ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { notFound } from '../../lib/admin';
import { audit, requireAuth } from '../auth';
import { ownMerchant, ownScope, inScope } from '../auth/scope';
import { mandatesSource, selectCharges, selectMandate, toMandateRecord } from './queries';
import { chargeSchema, mandateBody, mandateInput } from './schemas';
import { registerMandateJobs } from './jobs';
import { changeMandate, chargeNow, createMandate } from './service';

const tags = ['auto-deductions'];
const record = answerRecordOf(autoDeductionsList);
const idParams = z.object({ id: z.string().min(1).max(32) });
const chargeBody = z.object({
  charge: z.number().int().positive().describe('the charge this takes: chargesDone + 1, as the screen shows it; one already taken is 409'),
  googleCode: googleCodeField,
});

export const autoDeductionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMandateJobs(app);
  registerList(app, mandatesSource(app.publicUrl), { tags, summary: "The merchant's auto-deduction mandates, newest first" });
  const deps = () => ({ db: app.db, publicUrl: app.publicUrl });

  app.post(
    '/auto-deductions',
    {
      config: { permission: Perm.AUTO_DEDUCTION_MANAGE },
      schema: { tags, summary: 'A new mandate, waiting for the payer: answered with `authorizationUrl` (400 naming the field)', body: mandateBody, response: { 200: envelopeOf(record) } },
    },
    async (req) => {
      const merchantId = ownMerchant(req);
      const row = await createMandate(app.db, mandateInput(req.body, merchantId, requireAuth(req).username));
      await audit(app.db, req, 'mandate_created', { success: true, merchantId, detail: { mandateId: row.id, amount: req.body.amount, currency: row.currency } });
      return ok(toMandateRecord(row, app.publicUrl), t(req.lang, 'error.operationSucceeded'));
    },
  );

  app.get(
    '/auto-deductions/:id/charges',
    { config: { permission: Perm.AUTO_DEDUCTION_MENU }, schema: { tags, summary: 'The charges of a mandate, each with its collection', params: idParams, response: { 200: envelopeOf(z.array(chargeSchema)) } } },
    async (req) => {
      const m = await selectMandate(app.db, req.params.id);
      if (!m || !inScope(ownScope(req), m.merchantId)) throw notFound();
      const rows = await selectCharges(app.db, m.id);
      return ok(rows.map((c) => ({ seq: c.seq, collectionId: c.collectionId, status: c.status, failureReason: c.failureReason, createdAt: c.createdAt.toISOString() })));
    },
  );

  for (const action of ['pause', 'resume', 'stop', 'charge'] as const) {
    app.post(
      `/auto-deductions/:id/${action}`,
      {
        config: { permission: Perm.AUTO_DEDUCTION_MANAGE },
        schema: {
          tags,
          summary: action === 'charge' ? 'Charge now: the next charge of an active mandate, taken at once (409 when that charge was taken already, or while another change of the mandate is in progress)' : `${action} the mandate`,
          params: idParams,
          ...(action === 'charge' ? { body: chargeBody } : {}),
          response: { 200: envelopeOf(record) },
        },
      },
      async (req) => {
        const merchantId = ownMerchant(req);
        const row = action === 'charge' ? await chargeNow(deps(), merchantId, req.params.id, (req.body as z.infer<typeof chargeBody>).charge) : await changeMandate(deps(), merchantId, req.params.id, action);
        await audit(app.db, req, 'mandate_changed', { success: true, merchantId, detail: { mandateId: row.id, op: action, status: row.status } });
        return ok(toMandateRecord(row, app.publicUrl), t(req.lang, 'error.operationSucceeded'));
      },
    );
  }
};
