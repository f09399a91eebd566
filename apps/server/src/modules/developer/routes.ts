/** Developer parameters: API keys, callback addresses, IP whitelist, webhook secret. */
import type { FastifyInstance } from 'fastify';

// eslint-disable-next-line @typescript-eslint/require-await
export async function developerRoutes(_app: FastifyInstance): Promise<void> {}
