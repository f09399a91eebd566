/**
 * A route's options from its call declaration (domain calls/define.ts): the permission it checks, the params, body
 * and query it validates, the answer it serialises (in the success envelope), all from the one declaration the
 * web's call is typed by.
 *
 *   app.post(payoutCalls.quote.path, callRoute(payoutCalls.quote, { tags }), async (req) => ok(await quotePayout(...)));
 */
import type { CallDecl } from '@mg/domain';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RouteDeclarationError } from '../modules/auth/plugin';
import { envelopeOf } from './envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `METHOD /path` of the domain call the route was made from (callRoute); app.ts checks the route agrees. */
    declaredCall?: string;
    /** The name of the domain list the route answers (registerList). */
    declaredList?: string;
  }
}

/** What the app checks a route's method and URL against (`/api` + the declared path). */
export function declaredCallOf(call: Pick<CallDecl, 'method' | 'path'>): string {
  return `${call.method} /api${call.path}`;
}

/**
 * The call's path as a plugin registered under a prefix (modules/index.ts `at`, e.g. `/sys/dict`) registers it:
 * `app.post(callPathUnder(app, dictCalls.add), callRoute(dictCalls.add, { tags }), ...)`.
 */
export function callPathUnder(app: { prefix: string }, call: Pick<CallDecl, 'method' | 'path'>): string {
  const full = `/api${call.path}`;
  if (!full.startsWith(`${app.prefix}/`)) throw new Error(`call ${call.method} ${full} is not under this instance's prefix ${app.prefix || '""'}`);
  return full.slice(app.prefix.length);
}

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
  return { config: { ...doc.config, ...access, declaredCall: declaredCallOf(call) } as FastifyContextConfig, schema };
}

/**
 * The app's route table (fuzz and declaration tests read it): each route with what it was made from. A call's
 * route registered under another method or path than its declaration says would type the web's call against a
 * route that does not answer it: the app refuses to start.
 */
export function recordRoutes(app: FastifyInstance): void {
  const routeTable: FastifyInstance['routeTable'][number][] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    const config = r.config;
    const declared = config?.declaredCall ? 'call' : config?.declaredList ? 'list' : config?.openApi ? 'open-api' : null;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      if (config?.declaredCall && config.declaredCall !== `${method} ${r.url}`) throw new RouteDeclarationError(`${method} ${r.url}: made from the call declared as ${config.declaredCall}`);
      routeTable.push({ method, url: r.url, declared });
    }
  });
}
