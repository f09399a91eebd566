/** Products (payment methods per country) and fee rules. */
import type { FastifyInstance } from 'fastify';

export async function productRoutes(_app: FastifyInstance): Promise<void> {}
