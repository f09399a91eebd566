/**
 * Auto-deduction from the dashboard (docs/payments-api.md "Auto-deductions"): the mandates list, a new mandate
 * (answered with its authorisation page), pause, resume, stop, charge now, its charges; the charging and notice job.
 */
import { autoDeductionCalls } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/admin';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { audit, requireAuth } from '../auth';
import { inScope, ownMerchant, ownScope } from '../auth/scope';
import { registerMandateJobs } from './jobs';
import { mandatesSource, selectCharges, selectMandate, toMandateRecord, type MandateRow } from './queries';
import { mandateInput } from './schemas';
import { changeMandate, chargeNow, createMandate } from './service';

const tags = ['auto-deductions'];

export const autoDeductionRoutes: FastifyPluginAsyncZod = async (app) => {
  registerMandateJobs(app);
  registerList(app, mandatesSource(app.publicUrl), { tags, summary: "The merchant's auto-deduction mandates, newest first" });
  const deps = () => ({ db: app.db, publicUrl: app.publicUrl });

  app.post(autoDeductionCalls.create.path, callRoute(autoDeductionCalls.create, { tags }), async (req) => {
    const merchantId = ownMerchant(req);
    const row = await createMandate(app.db, mandateInput(req.body, merchantId, requireAuth(req).username));
    await audit(app.db, req, 'mandate_created', { success: true, merchantId, detail: { mandateId: row.id, amount: req.body.amount, currency: row.currency } });
    return ok(toMandateRecord(row, app.publicUrl), t(req.lang, 'error.operationSucceeded'));
  });

  app.get(autoDeductionCalls.charges.path, callRoute(autoDeductionCalls.charges, { tags }), async (req) => {
    const m = await selectMandate(app.db, req.params.id);
    if (!m || !inScope(ownScope(req), m.merchantId)) throw notFound();
    const rows = await selectCharges(app.db, m.id);
    return ok(rows.map((c) => ({ seq: c.seq, collectionId: c.collectionId, status: c.status, failureReason: c.failureReason, createdAt: c.createdAt.toISOString() })));
  });

  /** The mandate changed by `op`, audited, answered as its record. */
  const changed = async (req: FastifyRequest, merchantId: number, op: 'pause' | 'resume' | 'stop' | 'charge', row: MandateRow) => {
    await audit(app.db, req, 'mandate_changed', { success: true, merchantId, detail: { mandateId: row.id, op, status: row.status } });
    return ok(toMandateRecord(row, app.publicUrl), t(req.lang, 'error.operationSucceeded'));
  };

  for (const action of ['pause', 'resume', 'stop'] as const) {
    const call = autoDeductionCalls[action];
    app.post(call.path, callRoute(call, { tags }), async (req) => {
      const merchantId = ownMerchant(req);
      return changed(req, merchantId, action, await changeMandate(deps(), merchantId, req.params.id, action));
    });
  }

  app.post(autoDeductionCalls.charge.path, callRoute(autoDeductionCalls.charge, { tags }), async (req) => {
    const merchantId = ownMerchant(req);
    return changed(req, merchantId, 'charge', await chargeNow(deps(), merchantId, req.params.id, req.body.charge));
  });
};
