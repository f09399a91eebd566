/**
 * A route's options from its call declaration (domain calls/define.ts): the permission it checks, the params, body
 * and query it validates, the answer it serialises (in the success envelope), all from the one declaration the
 * web's call is typed by.
 *
 *   app.post(payoutCalls.quote.path, callRoute(payoutCalls.quote, { tags }), async (req) => ok(await quotePayout(...)));
 */
import type { CallDecl } from '@mg/domain';
import type { FastifyContextConfig } from 'fastify';
import { z } from 'zod';
import { envelopeOf } from './envelope';

export function callRoute<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, A extends z.ZodType, P extends z.ZodType | undefined>(
  call: CallDecl<B, Q, A, P>,
  doc: { tags: string[]; config?: FastifyContextConfig },
) {
  const schema = { tags: doc.tags, summary: call.summary, params: call.params as P, body: call.body as B, querystring: call.query as Q, response: { 200: envelopeOf(call.answer) } };
  // A key with no schema is a schema fastify warns about: only what the call declares.
  if (!call.params) delete (schema as { params?: unknown }).params;
  if (!call.body) delete (schema as { body?: unknown }).body;
  if (!call.query) delete (schema as { querystring?: unknown }).querystring;
  const access = call.public ? { public: true } : call.permission ? { permission: call.permission } : { authenticated: true };
  return { config: { ...doc.config, ...access } as FastifyContextConfig, schema };
}
