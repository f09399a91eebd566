/** Open API /api/open/v1 (docs/open-api.md): signed merchant integrations. */
import type { FastifyInstance } from 'fastify';

export async function openApiRoutes(_app: FastifyInstance): Promise<void> {}
