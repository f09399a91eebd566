/**
 * Open API auto-deduction (docs/open-api.md "Mandates"): create (idempotent; answers the authorisation page), read,
 * pause, resume, stop. Registered inside openApiRoutes, so the signature, nonce, IP and Idempotency-Key checks run
 * first. Each charge is a collection: its `collection.*` callbacks go to the mandate's `notifyUrl`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/admin';
import { envelopeOf, ok } from '../../lib/envelope';
import { selectMandate, toMandateRecord } from '../auto-deductions/queries';
import { mandateBody, mandateInput } from '../auto-deductions/schemas';
import { changeMandate, createMandate } from '../auto-deductions/service';
import { idempotently } from './answer';
import { callDoc, createdEnvelope, mandateSchema } from './schemas';

const openApi = { openApi: true } as const;
const idParams = z.object({ id: z.string().min(1).max(32) });

export const openMandateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/mandates',
    {
      config: openApi,
      schema: { ...callDoc('createMandate'), body: mandateBody, response: { 201: createdEnvelope(mandateSchema) } },
    },
    async (req, reply) =>
      idempotently(app, req, reply, 201, async (tx) => {
        const row = await createMandate(tx, mandateInput(req.body, req.openApi.merchantId, `api:${req.openApi.keyId}`));
        return { ...ok(toMandateRecord(row, app.publicUrl)), code: 201 };
      }),
  );

  app.get(
    '/mandates/:id',
    { config: openApi, schema: { ...callDoc('getMandate'), params: idParams, response: { 200: envelopeOf(mandateSchema) } } },
    async (req) => {
      const m = await selectMandate(app.db, req.params.id);
      if (!m || m.merchantId !== req.openApi.merchantId) throw notFound();
      return ok(toMandateRecord(m, app.publicUrl));
    },
  );

  for (const action of ['pause', 'resume', 'stop'] as const) {
    app.post(
      `/mandates/:id/${action}`,
      { config: openApi, schema: { ...callDoc(`${action}Mandate`), params: idParams, response: { 200: envelopeOf(mandateSchema) } } },
      async (req) => ok(toMandateRecord(await changeMandate({ db: app.db, publicUrl: app.publicUrl }, req.openApi.merchantId, req.params.id, action), app.publicUrl)),
    );
  }
};
