/**
 * GET /api/docs/open-api.json: the integrator's document (./open-document.ts). The whole document is
 * /api/docs/json and its page /api/docs (@fastify/swagger, options in ./document.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { openApiOnly } from './open-document';
import type { Doc } from './prune';

export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  let cached: Doc | null = null;
  app.get('/docs/open-api.json', { config: { public: true }, schema: { hide: true } }, async () => {
    cached ??= openApiOnly(app.swagger() as unknown as Doc);
    return cached;
  });
};
