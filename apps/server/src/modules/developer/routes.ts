/** Developer parameters: API keys, callback addresses, IP whitelist, webhook secret. */
import type { FastifyInstance } from 'fastify';

export async function developerRoutes(_app: FastifyInstance): Promise<void> {}
