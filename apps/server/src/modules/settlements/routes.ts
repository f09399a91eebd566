/** Settlement records (docs/payments-api.md "Settlements"): the list, "run settlement now", and the settlement job. */
import { DomainError, SETTLEMENT_JOB_MS, settlementCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { t } from '../../lib/i18n';
import { registerList } from '../../lib/list/route';
import { audit } from '../auth';
import { ownScope } from '../auth/scope';
import { settlementsSource } from './queries';
import { runSettlements, settlementDetail } from './service';

const tags = ['settlements'];

export const settlementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.every('settlements.run', SETTLEMENT_JOB_MS, () => runSettlements(app.db, { dueOnly: true }));

  registerList(app, settlementsSource, { tags, summary: 'Settlement batches, newest first (dates on creation)' });

  app.get(settlementCalls.detail.path, callRoute(settlementCalls.detail, { tags }), async (req) => {
    const detail = await settlementDetail(app.db, ownScope(req), req.params.id);
    if (!detail) throw new DomainError('NOT_FOUND');
    return ok(detail);
  });

  app.post(settlementCalls.run.path, callRoute(settlementCalls.run, { tags }), async (req) => {
    const { merchantId, dueOnly } = req.body;
    const result = await runSettlements(app.db, { merchantId, dueOnly: dueOnly ?? false });
    await audit(app.db, req, 'settlement_run', { success: true, detail: { merchantId: merchantId ?? null, dueOnly: dueOnly ?? false, ...result } });
    return ok(result, t(req.lang, 'error.operationSucceeded'));
  });
};
