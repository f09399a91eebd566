/** Public cashier API behind /pay/{token}. */
import type { FastifyInstance } from 'fastify';

export async function cashierRoutes(_app: FastifyInstance): Promise<void> {}
