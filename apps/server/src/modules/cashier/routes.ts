/** Public cashier API behind /pay/{token}. */
import type { FastifyInstance } from 'fastify';

// eslint-disable-next-line @typescript-eslint/require-await
export async function cashierRoutes(_app: FastifyInstance): Promise<void> {}
