/** Settlement records (docs/payments-api.md "Settlements"): the list, "run settlement now", and the settlement job. */
import { DomainError, Perm, SETTLEMENT_JOB_MS, settlementDetailSchema } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope';
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

  app.get(
    '/settlements/:id',
    {
      config: { permission: Perm.SETTLEMENT_MENU },
      schema: {
        tags,
        summary: 'One settlement batch with the sums of its collections and the refunds taken from it while pending',
        params: z.object({ id: z.string().max(32) }),
        response: { 200: envelopeOf(settlementDetailSchema) },
      },
    },
    async (req) => {
      const detail = await settlementDetail(app.db, ownScope(req), req.params.id);
      if (!detail) throw new DomainError('NOT_FOUND');
      return ok(detail);
    },
  );

  app.post(
    '/settlements/run',
    {
      config: { permission: Perm.SETTLEMENT_RUN },
      schema: {
        tags,
        summary: 'Settle pending batches now (provider staff): all of them, or only those already due',
        body: z
          .object({
            merchantId: z.coerce.number().int().positive().optional(),
            dueOnly: z.boolean().optional().describe('default false: every pending batch'),
          })
          .default({}),
        response: { 200: envelopeOf(z.object({ settled: z.number().int(), amounts: z.record(z.string(), z.string().describe('decimal string')) })) },
      },
    },
    async (req) => {
      const { merchantId, dueOnly } = req.body;
      const result = await runSettlements(app.db, { merchantId, dueOnly: dueOnly ?? false });
      await audit(app.db, req, 'settlement_run', { success: true, detail: { merchantId: merchantId ?? null, dueOnly: dueOnly ?? false, ...result } });
      return ok(result, t(req.lang, 'error.operationSucceeded'));
    },
  );
};
